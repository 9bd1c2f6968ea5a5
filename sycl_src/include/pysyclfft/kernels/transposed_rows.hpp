// Rows of neighbouring transforms moved as whole SIMD vectors at the work-item
// level on a CPU: a sub-group of L work-items loads the rows of L transforms
// lane by lane (lane l reading point l of each row, so every load is one
// vector) and transposes them in registers (subgroup_transpose.hpp), so that
// lane t then holds row t; stores run the other way. Per-lane row accesses
// became gathers and scatters on the OpenCL CPU device (docs/performance.md).
// Rows of L points (c2c, packed reals) lie L apart; half spectra of L + 1
// points (the packed real transforms' outputs) lie L + 1 apart, so output
// vector M holds the end of row M - 1 and the start of row M: each row's last
// point stays in its own lane, and its first L points are rotated into place.
#pragma once
#include "complex.hpp"
#include "layout.hpp"  // index_t
#include "subgroup_transpose.hpp"

namespace pysyclfft::kernels {

// Lane l gets row l of the L rows of L points from `rows`: point m in (re[m], im[m]).
// Only the first `valid` rows are read (lanes from `valid` on get a copy of the last).
template <typename T, int L, class Shuffle>
PYSYCLFFT_INLINE void load_rows(const Shuffle& shuffle, int lane, const cplx<T>* rows, T (&re)[L], T (&im)[L],
                                int valid = L) {
#pragma unroll
  for (int m = 0; m < L; ++m) {
    const cplx<T> x = load_cplx(rows + (m < valid ? m : valid - 1) * L + lane);
    re[m] = x.re;
    im[m] = x.im;
  }
  subgroup_transpose(shuffle, lane, re);
  subgroup_transpose(shuffle, lane, im);
}

// The inverse of load_rows (re and im are transposed in place), times `scale`;
// only the first `valid` rows are stored.
template <typename T, int L, class Shuffle>
PYSYCLFFT_INLINE void store_rows(const Shuffle& shuffle, int lane, cplx<T>* rows, T (&re)[L], T (&im)[L], T scale,
                                 int valid = L) {
  subgroup_transpose(shuffle, lane, re);
  subgroup_transpose(shuffle, lane, im);
#pragma unroll
  for (int m = 0; m < L; ++m)
    if (m < valid) store_cplx(rows + m * L + lane, cplx<T>{re[m] * scale, im[m] * scale});
}

// Point `from` of a transposed row (lane k holds point k), rotated to any lane.
template <typename T, int L, class Shuffle>
PYSYCLFFT_INLINE cplx<T> rotated(const Shuffle& shuffle, const T (&re)[L], const T (&im)[L], int row, int from) {
  return {shuffle.select(re[row], from & (L - 1)), shuffle.select(im[row], from & (L - 1))};
}

// Vector M of rows of L + 1 points (row t's point k at t * (L + 1) + k): lanes
// from M on take row M's point lane - M, lane M - 1 row M - 1's last point (its
// own `last`), lower lanes row M - 1's point lane + L + 1 - M; rows from `valid` on are not stored.
template <int M, typename T, int L, class Shuffle>
PYSYCLFFT_INLINE void store_long_row_vector(const Shuffle& shuffle, int lane, cplx<T>* rows, const T (&re)[L],
                                            const T (&im)[L], cplx<T> last, int valid) {
  cplx<T> v = last;
  if constexpr (M < L) {
    const cplx<T> head = rotated(shuffle, re, im, M, lane - M);
    v = lane >= M ? head : v;
  }
  if constexpr (M > 0) {
    const cplx<T> tail = rotated(shuffle, re, im, M - 1, lane + L + 1 - M);
    v = lane < M - 1 ? tail : v;
  }
  if ((lane >= M ? M : M - 1) < valid) store_cplx(rows + M * L + lane, v);
}

template <typename T, int L, class Shuffle, int... M>
PYSYCLFFT_INLINE void store_long_rows(const Shuffle& shuffle, int lane, cplx<T>* rows, T (&re)[L], T (&im)[L],
                                      cplx<T> last, int valid, IntList<M...>) {
  subgroup_transpose(shuffle, lane, re);
  subgroup_transpose(shuffle, lane, im);
  (store_long_row_vector<M>(shuffle, lane, rows, re, im, last, valid), ...);
}

// Lane l's row of L + 1 points is (re, im) and `last`: the first `valid` of the L rows to `rows`.
template <typename T, int L, class Shuffle>
PYSYCLFFT_INLINE void store_long_rows(const Shuffle& shuffle, int lane, cplx<T>* rows, T (&re)[L], T (&im)[L],
                                      cplx<T> last, int valid) {
  store_long_rows(shuffle, lane, rows, re, im, last, valid, typename MakeIntList<L + 1>::type{});
}

// The inverse of store_long_rows: lane t gets row t of the L rows of L + 1
// points from `rows`, its first L points in (re, im), its last in `last`; only
// the first `valid` rows are read. Row t's points lie in vectors t and t + 1.
template <typename T, int L, class Shuffle>
PYSYCLFFT_INLINE void load_long_rows(const Shuffle& shuffle, int lane, const cplx<T>* rows, T (&re)[L], T (&im)[L],
                                     cplx<T>& last, int valid) {
  const index_t points = index_t(valid) * (L + 1);
  const auto vector = [&](int m) { return m * L + lane < points ? load_cplx(rows + m * L + lane) : cplx<T>{}; };
  cplx<T> here = vector(0);
#pragma unroll
  for (int t = 0; t < L; ++t) {
    const cplx<T> next = vector(t + 1);
    const int from = (lane + t) & (L - 1);
    const cplx<T> head{shuffle.select(here.re, from), shuffle.select(here.im, from)};
    const cplx<T> tail{shuffle.select(next.re, from), shuffle.select(next.im, from)};
    const cplx<T> x = lane < L - t ? head : tail;
    re[t] = x.re, im[t] = x.im;
    last = lane == t ? next : last;
    here = next;
  }
  subgroup_transpose(shuffle, lane, re);
  subgroup_transpose(shuffle, lane, im);
}

}  // namespace pysyclfft::kernels
