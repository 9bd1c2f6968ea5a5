// In-register DFTs of small radices: y[k] = sum_j v[j] * exp(Sign*2*pi*i*j*k/R).
// Sign = -1 is the forward transform. Each butterfly transforms v in place.
//  - 2 and 4 are written out;
//  - composite radices (6, 8, 9, 10, 16) take one Cooley-Tukey step in registers;
//  - odd radices (3, 5, 7, 11, 13) pair j with R-j, so cos/sin products are shared.
#pragma once
#include "complex.hpp"
#include "constants.hpp"

namespace pysyclfft::kernels {

template <int R, int Sign> struct Butterfly;

template <int Sign> struct Butterfly<1, Sign> {  // length-1 transforms
  template <typename T> PYSYCLFFT_INLINE static void apply(cplx<T>*) {}
};

template <int Sign> struct Butterfly<2, Sign> {
  template <typename T> PYSYCLFFT_INLINE static void apply(cplx<T>* v) {
    const cplx<T> a = v[0];
    v[0] = a + v[1];
    v[1] = a - v[1];
  }
};

template <int Sign> struct Butterfly<4, Sign> {
  template <typename T> PYSYCLFFT_INLINE static void apply(cplx<T>* v) {
    const cplx<T> t0 = v[0] + v[2], t1 = v[0] - v[2];
    const cplx<T> t2 = v[1] + v[3], t3 = mul_sign_i<Sign>(v[1] - v[3]);
    v[0] = t0 + t2;
    v[1] = t1 + t3;
    v[2] = t0 - t2;
    v[3] = t1 - t3;
  }
};

// cos and Sign*sin of 2*pi*m/R for m in [0, R), evaluated at compile time.
template <typename T, int R, int Sign> struct RootTable {
  T c[R], s[R];
  constexpr RootTable() : c{}, s{} {
    for (int m = 0; m < R; ++m) {
      c[m] = RootOfUnity<T, Sign>::re(m, R);
      s[m] = RootOfUnity<T, Sign>::im(m, R);
    }
  }
};

// The largest factor of r not above its square root (1 for primes).
constexpr int balanced_factor(int r) {
  int p = 1;
  for (int q = 2; q * q <= r; ++q)
    if (r % q == 0) p = q;
  return p;
}

// Composite radix R = P*M (P its largest factor up to sqrt(R)), one Cooley-Tukey
// step in registers: M-point DFTs of the P decimated sequences v[P*j + q],
// twiddles w^(q*k) with w = exp(Sign*2*pi*i/R), then P-point DFTs; output k + M*p.
// 8 = 2*4, 9 = 3*3, 16 = 4*4: in the balanced split each point passes through
// one non-trivial twiddle, in 16 = 2*(2*4) through up to two, so it rounds less
// (the generic kernels' radix-16 stages: complex128 L2 error 10% lower at 2^20).
template <int R, int Sign> struct CompositeButterfly {
  static constexpr int P = balanced_factor(R);
  static constexpr int M = R / P;
  static_assert(M > 1, "prime radices need their own butterfly");
  template <typename T> static cplx<T> twiddle(cplx<T> a, int m) {
    constexpr RootTable<T, R, Sign> w{};  // constexpr: evaluated by the compiler, never at run time
    if (m == 0) return a;
    if (2 * m == R) return {-a.re, -a.im};
    if (4 * m == R) return mul_sign_i<Sign>(a);
    if (4 * m == 3 * R) return mul_sign_i<-Sign>(a);
    return a * cplx<T>{w.c[m], w.s[m]};
  }
  template <typename T> PYSYCLFFT_INLINE static void apply(cplx<T>* v) {
    cplx<T> sub[P][M];
#pragma unroll
    for (int q = 0; q < P; ++q) {
#pragma unroll
      for (int j = 0; j < M; ++j) sub[q][j] = v[P * j + q];
      Butterfly<M, Sign>::apply(sub[q]);
    }
#pragma unroll
    for (int k = 0; k < M; ++k) {
      cplx<T> t[P];
#pragma unroll
      for (int q = 0; q < P; ++q) t[q] = twiddle(sub[q][k], q * k);
      Butterfly<P, Sign>::apply(t);
#pragma unroll
      for (int p = 0; p < P; ++p) v[k + M * p] = t[p];
    }
  }
};
template <int Sign> struct Butterfly<8, Sign> : CompositeButterfly<8, Sign> {};
template <int Sign> struct Butterfly<9, Sign> : CompositeButterfly<9, Sign> {};
template <int Sign> struct Butterfly<16, Sign> : CompositeButterfly<16, Sign> {};
template <int Sign> struct Butterfly<6, Sign> : CompositeButterfly<6, Sign> {};
template <int Sign> struct Butterfly<10, Sign> : CompositeButterfly<10, Sign> {};

template <int R, int Sign> struct OddButterfly {
  static constexpr int H = (R - 1) / 2;
  template <typename T> PYSYCLFFT_INLINE static void apply(cplx<T>* v) {
    constexpr RootTable<T, R, Sign> w{};
    cplx<T> sum[H + 1], diff[H + 1];  // v[j] + v[R-j], v[j] - v[R-j]
    cplx<T> y0 = v[0];
#pragma unroll
    for (int j = 1; j <= H; ++j) {
      sum[j] = v[j] + v[R - j];
      diff[j] = v[j] - v[R - j];
      y0 = y0 + sum[j];
    }
#pragma unroll
    for (int k = 1; k <= H; ++k) {
      cplx<T> a = v[0], b = {T(0), T(0)};  // a: cosine part, b: sine part
#pragma unroll
      for (int j = 1; j <= H; ++j) {
        const int m = (j * k) % R;
        a = mul_add(a, sum[j], w.c[m]);
        b = mul_add(b, diff[j], w.s[m]);
      }
      // exp(Sign*i*t) = cos t + i*Sign*sin t; b already holds Sign*sin.
      const cplx<T> ib = {-b.im, b.re};
      v[k] = a + ib;
      v[R - k] = a - ib;
    }
    v[0] = y0;
  }
};
template <int Sign> struct Butterfly<3, Sign> : OddButterfly<3, Sign> {};
template <int Sign> struct Butterfly<5, Sign> : OddButterfly<5, Sign> {};
template <int Sign> struct Butterfly<7, Sign> : OddButterfly<7, Sign> {};
template <int Sign> struct Butterfly<11, Sign> : OddButterfly<11, Sign> {};
template <int Sign> struct Butterfly<13, Sign> : OddButterfly<13, Sign> {};

}  // namespace pysyclfft::kernels
