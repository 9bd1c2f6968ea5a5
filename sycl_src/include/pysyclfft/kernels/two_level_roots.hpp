// Roots of unity W_L^e for any e < L from two tables of about sqrt(L) entries
// (plan/table_entries.hpp, append_two_level, writes them): hi[2m] = W^(m << shift)
// rounded and hi[2m + 1] its rounding error; lo[i] = W^i - 1 for i < 2^shift.
// W^e = H*(1 + D) = H + H*D with |D| < 2*pi*2^shift/L, so the product H*D and
// D's own rounding stay far below H's ulp, and with H's error added back the
// root costs one rounding, about half an ulp. The plain product hi*lo of two
// rounded roots costs about three: at 10^6 points the generic kernels' answers
// went over docs/accuracy.md's bounds with it.
#pragma once
#include "complex.hpp"
#include "layout.hpp"

namespace pysyclfft::kernels {

template <typename T>
PYSYCLFFT_INLINE cplx<T> two_level_root(const cplx<T>* hi, const cplx<T>* lo, index_t e, int shift) {
  const index_t m = e >> shift;
  const cplx<T> h = load_cplx(hi + 2 * m), h_error = load_cplx(hi + 2 * m + 1);
  const cplx<T> d = load_cplx(lo + (e & ((index_t(1) << shift) - 1)));
  return h + (h * d + h_error);
}

// table[i] = W^(first + step*i) rounded to R, i < count: one run of a map's
// table built on the device (plan/map_tables.hpp, map_table_runs).
template <typename T, typename R>
PYSYCLFFT_INLINE void rounded_root_run(index_t i, cplx<R>* table, const cplx<T>* hi, const cplx<T>* lo, index_t count,
                                       index_t first, index_t step, int shift) {
  if (i >= count) return;
  const cplx<T> w = two_level_root(hi, lo, first + step * i, shift);
  store_cplx(table + i, cplx<R>{R(w.re), R(w.im)});
}

}  // namespace pysyclfft::kernels
