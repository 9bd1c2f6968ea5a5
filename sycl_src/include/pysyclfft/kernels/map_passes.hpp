// A map (map_kind.hpp) as two elementwise passes around a separate complex FFT,
// for FFT lengths the fused kernel (batched_mapped.hpp) cannot hold: map_load
// writes the FFT input, the complex transform runs on its own (any algorithm,
// in place), map_store consumes its output. Work-item `point` of transform t
// handles one point; `layout` maps the pass's input to its output.
#pragma once
#include "batched_c2c.hpp"
#include "batched_mapped.hpp"

namespace pysyclfft::kernels {

// L = 0: the generic passes (one kernel per map kind for every length), the FFT
// length given at run time (`length`, which is L otherwise). Work-item (t, i):
// point i of transform t, so neighbouring work-items share t (their transform's
// addresses are uniform across a SIMD vector). Stride = 1: unit strides on both
// sides, known at compile time (MapIO's), 0: the layout's.
template <int Kind, typename T, int L, int Stride = 0> struct MapPass {
  using Map = typename MapOf<Kind, T, L, Stride>::type;
  static constexpr bool kSplitAfter = map_splits_after(Kind);

  static void load(index_t t, index_t i, const void* in, cplx<T>* fft_in, const cplx<T>* table, const BatchLayout& layout,
                   MapScalars<T> s, index_t length) {
    const index_t points = L > 0 ? L : length;
    if (i >= points) return;
    const Map map{{in, nullptr, layout.in_base(t), 0, layout.in_stride, 0, table, s.scale, s.edge_in, s.edge_out,
                   s.imag_sign, true, points}};
    store_cplx(fft_in + layout.out_base(t) + i * element_stride<Stride>(layout.out_stride), map(int(i)));
  }

  // Work-item k of a split map stores outputs k and L-k.
  static void store(index_t t, index_t k, const cplx<T>* fft_out, void* out, const cplx<T>* table,
                    const BatchLayout& layout, MapScalars<T> s, index_t length) {
    const index_t fft_length = L > 0 ? L : length;
    if (k >= map_store_points(Kind, fft_length)) return;
    const Map map{{nullptr, out, 0, layout.out_base(t), 0, layout.out_stride, table, s.scale, s.edge_in, s.edge_out,
                   s.imag_sign, true, fft_length}};
    const StridedLoad<T, Stride> z{fft_out + layout.in_base(t), layout.in_stride};
    if constexpr (kSplitAfter) map.split_pair(int(k), z);
    else map(int(k), z(int(k)));
  }
};

}  // namespace pysyclfft::kernels
