// A map (map_kind.hpp) as two elementwise passes around a separate complex FFT,
// for FFT lengths the fused kernel (batched_mapped.hpp) cannot hold, and for
// strided lines: map_load writes the FFT input, the complex transform runs on
// its own (any algorithm, in place), map_store consumes its output. Each
// work-item handles one point of one transform; `layout` maps the pass's input
// to its output.
#pragma once
#include "batched_c2c.hpp"
#include "batched_mapped.hpp"

namespace pysyclfft::kernels {

// L = 0: the generic passes (one kernel per map kind for every length), the FFT
// length given at run time (`length`, which is L otherwise). Work-item (id0, id1),
// id1 the SIMD direction: point id1 of flat transform id0, so neighbouring
// work-items share a transform (its addresses are uniform across a vector); or,
// kNeighbourTransforms (layout.hpp), point id0 % points of transform (id1, id0 / points).
// Stride = 1: unit strides on both sides, known at compile time (MapIO's), 0: the layout's.
template <int Kind, typename T, int L, int Stride = 0> struct MapPass {
  static constexpr bool kNeighbours = Stride == kNeighbourTransforms;
  static constexpr int kPointStride = kNeighbours ? kRunTimeStride : Stride;  // MapIO's
  using Map = typename MapOf<Kind, T, L, kPointStride>::type;
  static constexpr bool kSplitAfter = map_splits_after(Kind);

  struct Item {
    index_t in_base, out_base, point;
    bool active;
  };
  // Work-item (id0, id1) of a pass of `points` work-items per transform.
  static Item item(index_t id0, index_t id1, index_t points, const BatchLayout& l) {
    if constexpr (kNeighbours) {
      const index_t t1 = id0 / points;
      return {l.in_offset + id1 + t1 * l.in_dist1, l.out_offset + id1 + t1 * l.out_dist1, id0 % points, id1 < l.count0};
    } else {
      return {l.in_base(id0), l.out_base(id0), id1, id1 < points};
    }
  }

  static void load(index_t id0, index_t id1, const void* in, cplx<T>* fft_in, const cplx<T>* table,
                   const BatchLayout& layout, MapScalars<T> s, index_t length) {
    const index_t points = L > 0 ? L : length;
    const Item w = item(id0, id1, points, layout);
    if (!w.active) return;
    const Map map{{in, nullptr, w.in_base, 0, layout.in_stride, 0, table, s.scale, s.edge_in, s.edge_out, s.imag_sign,
                   true, points}};
    store_cplx(fft_in + w.out_base + w.point * element_stride<kPointStride>(layout.out_stride), map(int(w.point)));
  }

  // Work-item k of a split map stores outputs k and L-k.
  static void store(index_t id0, index_t id1, const cplx<T>* fft_out, void* out, const cplx<T>* table,
                    const BatchLayout& layout, MapScalars<T> s, index_t length) {
    const index_t fft_length = L > 0 ? L : length;
    const Item w = item(id0, id1, map_store_points(Kind, fft_length), layout);
    if (!w.active) return;
    const Map map{{nullptr, out, 0, w.out_base, 0, layout.out_stride, table, s.scale, s.edge_in, s.edge_out,
                   s.imag_sign, true, fft_length}};
    const StridedLoad<T, kPointStride> z{fft_out + w.in_base, layout.in_stride};
    if constexpr (kSplitAfter) split_pair(map, int(w.point), z);
    else map(int(w.point), z(int(w.point)));
  }
};

}  // namespace pysyclfft::kernels
