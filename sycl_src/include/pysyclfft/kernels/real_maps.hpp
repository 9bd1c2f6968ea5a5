// Maps between real data and a complex FFT of length L (see map_kind.hpp): the
// template parameter FixedL, or the run-time MapIO::length where FixedL = 0.
// A map is the FFT's source, operator()(i) giving FFT input point i, and its
// destination, operator()(k, v) taking FFT output point k. Every point is read
// and written exactly once, so pre/post-processing costs no extra memory pass.
//
// Packed maps (even n = 2L) use z[m] = x[2m] + i*x[2m+1] with Z = FFT_L(z):
//   X[k] = E[k] + w^k O[k],  E[k] = (Z[k] + conj Z[L-k]) / 2,  O[k] = (Z[k] - conj Z[L-k]) / 2i,
// w = exp(-2*pi*i/n); the table holds w^k for k = 0..L.
#pragma once
#include "complex.hpp"
#include "map_io.hpp"

namespace pysyclfft::kernels {

// Outputs X[k] and X[L-k] (0 <= k <= L/2) of the packed real FFT, from z(i) = Z[i]
// and w^k, as emit(j, X[j]) (once where k = L-k). They share Z[k] and Z[L-k], so
// each is loaded once: E[L-k] = conj E[k], O[L-k] = conj O[k] and w^(L-k) = -conj w^k
// give X[L-k] = conj(E[k] - w^k O[k]).
template <typename T> struct SplitOutputs {
  cplx<T> low, high;  // X[k], X[L-k]
};
template <typename T> PYSYCLFFT_INLINE SplitOutputs<T> split_outputs(cplx<T> zk, cplx<T> zlk, cplx<T> wk) {
  const cplx<T> b = conj(zlk);
  const T half = T(0.5);
  const cplx<T> even = (zk + b) * half, odd_w = mul_sign_i<-1>(zk - b) * half * wk;
  return {even + odd_w, conj(even - odd_w)};
}
template <typename T, class Z, class Emit>
PYSYCLFFT_INLINE void packed_split(int k, index_t L, const Z& z, cplx<T> wk, const Emit& emit) {
  const SplitOutputs<T> x = split_outputs(z(k), z(k == 0 ? 0 : L - k), wk);
  emit(index_t(k), x.low);
  if (2 * k != L) emit(L - k, x.high);
}

// The same outputs for a SIMD vector of Lanes work-items, lane l taking k = k0 + l
// (1 <= k <= L/2; lanes past L/2 store nothing), with every access at ascending
// addresses: lanes load Z[L-k0-(Lanes-1)+l], which reverse(v) (lane l gets the v of
// lane Lanes-1-l) turns into Z[L-k], and X[L-k] is reversed back before its store.
// Descending per-lane addresses became gathers and scatters on the OpenCL CPU
// device, where the split then cost half as much as the FFT (docs/real-transforms.md).
// emit(j, X[j], valid) is called by every lane alike (it may shuffle too), valid
// where j belongs to this vector's outputs; X[L/2] (even L) is emitted twice, the
// same value last.
template <typename T, int Lanes, class Z, class Reverse, class Emit>
PYSYCLFFT_INLINE void packed_split_vector(int k0, int lane, index_t L, const Z& z, const cplx<T>* table,
                                          const Reverse& reverse, const Emit& emit) {
  const int k = k0 + lane;
  const auto reversed = [&](cplx<T> v) { return cplx<T>{reverse(v.re), reverse(v.im)}; };
  const SplitOutputs<T> x = split_outputs(z(k), reversed(z(int(L) - k0 - (Lanes - 1) + lane)), table[k]);
  emit(L - k0 - (Lanes - 1) + lane, reversed(x.high), 2 * (k0 + Lanes - 1 - lane) <= L);  // X[L-k] of lane Lanes-1-l
  emit(index_t(k), x.low, 2 * k <= L);
}

// Split maps (map_kind.hpp, map_splits_after) store output j of the packed real
// FFT by split_emit(j, X[j]). Where one of a split map's stores for X[j] lies at
// descending addresses (j and n-j), it has split_emit_lanes too, which a SIMD
// vector calls (packed_split_vector's emit).
template <class Map> constexpr auto mirrors_split(int) -> decltype(Map::kMirroredSplit) { return true; }
template <class Map> constexpr bool mirrors_split(long) { return false; }

// Outputs k and L-k (0 <= k <= L/2) of a split map.
template <class Map, class Z> PYSYCLFFT_INLINE void split_pair(const Map& map, int k, const Z& z) {
  using T = decltype(map.io.scale);
  packed_split<T>(k, map.len(), z, map.io.table[k], [&](index_t j, cplx<T> x) { map.split_emit(j, x); });
}

// The inverse: FFT input m of the packed backward transform from X[m], X[L-m]
// and w^m; X[0] and X[L] only count with their real parts (they are real for a real result).
template <typename T> PYSYCLFFT_INLINE cplx<T> packed_merge(int m, cplx<T> xm, cplx<T> xlm, cplx<T> wm) {
  cplx<T> a = xm, b = conj(xlm);
  if (m == 0) a.im = T(0), b.im = T(0);
  return (a + b) + mul_sign_i<+1>(mul_dir<+1>(a - b, wm));
}

// Odd (or any) n: FFT of the real input as complex; keeps k <= n/2.
template <typename T, int FixedL, int Stride = 0> struct R2CFullMap {
  index_t len() const { return io.template fft_length<FixedL>(); }
  MapIO<T, Stride> io;
  PYSYCLFFT_INLINE cplx<T> operator()(int i) const { return {io.real_in(i), T(0)}; }
  PYSYCLFFT_INLINE void operator()(int k, cplx<T> v) const {
    if (2 * k <= len()) io.cplx_out(k, v * io.scale);
  }
};

// Even n = 2L: output k needs Z[k] and Z[L-k], which other work-items compute,
// so the split runs after the FFT (split_pair above, from any z(i) giving Z[i]:
// local memory in the fused kernel, global otherwise).
template <typename T, int FixedL, int Stride = 0> struct R2CPackedMap {
  index_t len() const { return io.template fft_length<FixedL>(); }
  MapIO<T, Stride> io;
  PYSYCLFFT_INLINE cplx<T> operator()(int i) const { return io.real_pair_in(i); }
  PYSYCLFFT_INLINE cplx<T> split_value(cplx<T> x) const { return io.outgoing(x * io.scale); }
  PYSYCLFFT_INLINE void split_emit(index_t j, cplx<T> x) const { io.cplx_out(j, x * io.scale); }
};

// Hermitian extension of the half spectrum; imaginary parts that must be zero
// for a real result (X[0]) are ignored, as numpy does.
template <typename T, int FixedL, int Stride = 0> struct C2RFullMap {
  index_t len() const { return io.template fft_length<FixedL>(); }
  MapIO<T, Stride> io;
  PYSYCLFFT_INLINE cplx<T> operator()(int i) const {
    if (i == 0) return {io.cplx_in(0).re, T(0)};
    return 2 * i <= len() ? io.cplx_in(i) : conj(io.cplx_in(len() - i));
  }
  PYSYCLFFT_INLINE void operator()(int k, cplx<T> v) const { io.real_out(k, v.re * io.scale); }
};

// Even n = 2L, the inverse of the split: Z[m] = (X[m] + conj X[L-m]) + i conj(w^m) (X[m] - conj X[L-m]),
// whose backward FFT_L is z[j] = n/2 * (x[2j] + i x[2j+1]) for the unnormalised x.
template <typename T, int FixedL, int Stride = 0> struct C2RPackedMap {
  index_t len() const { return io.template fft_length<FixedL>(); }
  MapIO<T, Stride> io;
  PYSYCLFFT_INLINE cplx<T> operator()(int m) const {
    return packed_merge(m, io.cplx_in(m), io.cplx_in(len() - m), io.table[m]);
  }
  PYSYCLFFT_INLINE void operator()(int j, cplx<T> v) const { io.real_pair_out(j, v * io.scale); }
};

}  // namespace pysyclfft::kernels
