// Bluestein's float table computed on the device (plan/generic_c2c_plan.hpp,
// bluestein_table_on_device): the chirp c[k] = exp(-pi*i*k^2/N) = W_2N^(k^2 mod 2N)
// from the two-level roots of W_2N (two_level_roots.hpp: one rounding in the
// working precision T, double), the padded sequence whose FFT is the spectrum,
// and the table the plans read (bluestein_tables.hpp's layout), rounded to R.
// On a GPU this replaces the host's chirp, the copies of tens of MB both ways
// and the table file: the whole table in milliseconds.
#pragma once
#include "complex.hpp"
#include "layout.hpp"
#include "two_level_roots.hpp"

namespace pysyclfft::kernels {

// The roots of W_2N and the lengths of one table: N points padded to M.
struct ChirpRoots {
  index_t n, m;
  int shift;  // of the two-level roots of W_2N
};

// c[k], k < N (k^2 fits: the plan keeps N below 2^31).
template <typename T>
PYSYCLFFT_INLINE cplx<T> bluestein_chirp(const cplx<T>* hi, const cplx<T>* lo, index_t k, const ChirpRoots& c) {
  return two_level_root(hi, lo, k * k % (2 * c.n), c.shift);
}

// b[i] = conj(c[i]) for i < N, conj(c[M - i]) for M - i < N, else 0: what
// bluestein_spectrum pads the chirp to.
template <typename T>
PYSYCLFFT_INLINE void bluestein_padded_chirp(index_t i, cplx<T>* b, const cplx<T>* hi, const cplx<T>* lo,
                                             const ChirpRoots& c) {
  if (i >= c.m) return;
  const index_t k = i < c.n ? i : c.m - i;
  store_cplx(b + i, k < c.n ? conj(bluestein_chirp(hi, lo, k, c)) : cplx<T>{T(0), T(0)});
}

// table[i]: the chirp for i < N, then the spectrum FFT_M(b)/M, rounded to R.
template <typename T, typename R>
PYSYCLFFT_INLINE void bluestein_rounded_table(index_t i, cplx<R>* table, const cplx<T>* spectrum, const cplx<T>* hi,
                                              const cplx<T>* lo, const ChirpRoots& c) {
  if (i >= c.n + c.m) return;
  const cplx<T> v = i < c.n ? bluestein_chirp(hi, lo, i, c) : load_cplx(spectrum + (i - c.n));
  store_cplx(table + i, cplx<R>{R(v.re), R(v.im)});
}

}  // namespace pysyclfft::kernels
