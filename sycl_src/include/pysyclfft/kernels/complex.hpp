// A minimal complex type for device code.
// Kernel sources are compiled by run-time compilers (SYCL-RTC, NVRTC) that cannot
// include std headers, so this replaces std::complex. The layout (re, im) matches
// numpy's complex64/complex128 interleaved storage.
#pragma once

// Functions the kernels are built from (a Stockham stage, a pass body): inlined
// whatever their size. The NVPTX backend otherwise keeps a stage as a call whose
// loader and storer objects live on the stack and are re-read for every point
// (the H100's multi-pass kernels moved 2-3x their data, benchmarks/results/gpu_h100_notes_runs_4-11.md).
#define PYSYCLFFT_INLINE __attribute__((always_inline)) inline

namespace pysyclfft::kernels {

template <typename T> struct cplx {
  T re, im;
};

template <typename T> inline cplx<T> operator+(cplx<T> a, cplx<T> b) { return {a.re + b.re, a.im + b.im}; }
template <typename T> inline cplx<T> operator-(cplx<T> a, cplx<T> b) { return {a.re - b.re, a.im - b.im}; }
template <typename T> inline cplx<T> operator*(cplx<T> a, T s) { return {a.re * s, a.im * s}; }
template <typename T> inline cplx<T> operator*(cplx<T> a, cplx<T> b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
template <typename T> inline cplx<T> conj(cplx<T> a) { return {a.re, -a.im}; }

// a + x*s, each component allowed to fuse into one multiply-add. SYCL-RTC fuses
// none unless allowed (-ffp-contract=fast allowed it everywhere: the odd radices
// 4-11% faster on an H200, the multi-pass kernels 8-11% slower), so the butterflies
// that are mostly such sums allow it here; NVRTC fuses by default. Allowed, not
// forced: __builtin_fma made this CPU's 1331- and 2197-point kernels 1.6x slower.
template <typename T> inline cplx<T> mul_add(cplx<T> a, cplx<T> x, T s) {
#if defined(__clang__)
#pragma clang fp contract(fast)
#endif
  return {x.re * s + a.re, x.im * s + a.im};
}

// a * w for Sign = -1, a * conj(w) for Sign = +1: one twiddle table serves both directions.
template <int Sign, typename T> inline cplx<T> mul_dir(cplx<T> a, cplx<T> w) {
  if constexpr (Sign < 0) return a * w;
  else return a * conj(w);
}

// Multiplication by Sign*i (exactly, without multiplying by zeros).
template <int Sign, typename T> inline cplx<T> mul_sign_i(cplx<T> a) {
  if constexpr (Sign < 0) return {a.im, -a.re};
  else return {-a.im, a.re};
}

// One point from/to memory. A complex<float> moves as one 64-bit word: across
// work-items the CPU vectoriser then emits one vector load of whole points (or
// one gather of 64-bit words) instead of separate strided loads of re and im.
template <typename T> inline cplx<T> load_cplx(const cplx<T>* p) {
  if constexpr (sizeof(T) == 4) {
    const unsigned long long w = *reinterpret_cast<const unsigned long long*>(p);
    return {__builtin_bit_cast(T, unsigned(w)), __builtin_bit_cast(T, unsigned(w >> 32))};
  } else {
    return *p;
  }
}
template <typename T> inline void store_cplx(cplx<T>* p, cplx<T> v) {
  if constexpr (sizeof(T) == 4) {
    *reinterpret_cast<unsigned long long*>(p) =
        (unsigned long long)__builtin_bit_cast(unsigned, v.im) << 32 | __builtin_bit_cast(unsigned, v.re);
  } else {
    *p = v;
  }
}

}  // namespace pysyclfft::kernels
