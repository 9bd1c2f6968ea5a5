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
// length given at run time (`length`, which is L otherwise).
template <int Kind, typename T, int L> struct MapPass {
  using Map = typename MapOf<Kind, T, L>::type;
  static constexpr bool kSplitAfter = map_splits_after(Kind);

  static void load(index_t point, const void* in, cplx<T>* fft_in, const cplx<T>* table, const BatchLayout& layout,
                   MapScalars<T> s, index_t length) {
    const index_t points = L > 0 ? L : length;
    const index_t t = point / points;
    if (t >= layout.count()) return;
    const int i = int(point % points);
    const Map map{MapIO<T>{in, nullptr, layout.in_base(t), 0, layout.in_stride, 0, table, s.scale, s.edge_in,
                           s.edge_out, s.imag_sign, true, points}};
    fft_in[layout.out_base(t) + i * layout.out_stride] = map(i);
  }

  // A split map has L + 1 outputs.
  static void store(index_t point, const cplx<T>* fft_out, void* out, const cplx<T>* table, const BatchLayout& layout,
                    MapScalars<T> s, index_t length) {
    const index_t fft_length = L > 0 ? L : length, points = kSplitAfter ? fft_length + 1 : fft_length;
    const index_t t = point / points;
    if (t >= layout.count()) return;
    const int k = int(point % points);
    const Map map{MapIO<T>{nullptr, out, 0, layout.out_base(t), 0, layout.out_stride, table, s.scale, s.edge_in,
                           s.edge_out, s.imag_sign, true, fft_length}};
    const StridedLoad<T> z{fft_out + layout.in_base(t), layout.in_stride};
    if constexpr (kSplitAfter) map.split_point(k, z);
    else map(k, z(k));
  }
};

}  // namespace pysyclfft::kernels
