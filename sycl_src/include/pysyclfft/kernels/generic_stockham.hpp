// One radix-R stage of a Stockham FFT whose length, span, batch and fused
// element-wise operations are run-time arguments: the per-device "generic"
// kernel set (one compiled kernel per radix and precision) that covers every
// length, so a new length runs at once instead of waiting for the run-time
// compiler (plan/generic_c2c_plan.hpp composes the stages).
//
// Stage with radix R and span Ns of an FFT of length L, one work-item per
// butterfly j in [0, L/R) of transform t: read x[j + r*L/R], twiddle by
// W_(Ns*R)^(r*(j % Ns)), apply the forward radix-R DFT, write
// (j - j%Ns)*R + j%Ns + r*Ns (as kernels/stockham.hpp, but in global memory).
// Every stage computes the forward direction; the backward transform
// conjugates on its first load and last store (GenericOps), so one kernel per
// radix serves both directions.
#pragma once
#include "butterflies.hpp"
#include "complex.hpp"
#include "layout.hpp"
#include "multipass.hpp"
#include "two_level_roots.hpp"

namespace pysyclfft::kernels {

// Element-wise operations fused into a stage's loads (first stage of an FFT) or
// stores (last stage), applied in this order: conjugate, multiply by table[j]
// (j the sequence index: Bluestein's chirp or spectrum), conjugate.
enum GenericOps : int { kConjBefore = 1, kMultiply = 2, kConjAfter = 4 };

struct GenericStage {
  index_t length;           // L, the FFT length
  index_t span;             // Ns, the product of the earlier stages' radices
  index_t t_begin, count;   // the launch's first transform and number of transforms
  int load, store;          // GenericOps
  int twiddle_shift;        // of the stage's two-level roots (two_level_roots.hpp)
};

template <typename T> cplx<T> generic_ops(cplx<T> v, int ops, const cplx<T>* table, index_t j) {
  if (ops & kConjBefore) v = conj(v);
  if (ops & kMultiply) v = v * load_cplx(table + j);
  if (ops & kConjAfter) v = conj(v);
  return v;
}

// Butterfly `item` of the launch (transform item / (L/R)). Sequence elements at
// or past a side's `limit` load as zero (Bluestein's padding) and are not stored.
template <typename T, int R>
PYSYCLFFT_INLINE void generic_stage(index_t item, const cplx<T>* in, cplx<T>* out, const cplx<T>* twiddle_hi,
                                    const cplx<T>* twiddle_lo, const cplx<T>* load_table, const cplx<T>* store_table,
                                    const PassSide& src, const PassSide& dst, const GenericStage& s, T scale) {
  const index_t butterflies = s.length / R;
  const index_t t_local = item / butterflies;
  if (t_local >= s.count) return;
  const index_t j = item - t_local * butterflies;
  const index_t t = s.t_begin + t_local;
  const cplx<T>* x = in + src.base(t);
  cplx<T> v[R];
#pragma unroll
  for (int r = 0; r < R; ++r) {
    const index_t i = j + r * butterflies;
    v[r] = i < src.limit ? generic_ops(load_cplx(x + i * src.stride), s.load, load_table, i) : cplx<T>{T(0), T(0)};
  }
  const index_t k = j % s.span;
  if (s.span > 1) {
#pragma unroll
    for (int r = 1; r < R; ++r) v[r] = v[r] * two_level_root(twiddle_hi, twiddle_lo, r * k, s.twiddle_shift);
  }
  Butterfly<R, -1>::apply(v);
  cplx<T>* y = out + dst.base(t);
  const index_t base = (j - k) * R + k;
#pragma unroll
  for (int r = 0; r < R; ++r) {
    const index_t o = base + r * s.span;
    if (o < dst.limit) store_cplx(y + o * dst.stride, generic_ops(v[r], s.store, store_table, o) * scale);
  }
}

}  // namespace pysyclfft::kernels
