// The packed rfft and irfft (real_maps.hpp) at the sub-group level: one
// transform per sub-group, its FFT of L = Lanes * R points in registers
// (subgroup_fft.hpp), its input and output rows moved as whole vectors. The
// split (rfft) and the merge (irfft) pair point k = l + Lanes*b, which lane l
// holds in the register of block b, with point L - k: lane Lanes - l's block
// R - 1 - b where l > 0, lane 0's own block R - b (mod R; the irfft's X[L]
// for b = 0). On a CPU that replaces the work-item level's per-lane gathers of
// rows of 64-512 reals, or the team level's local memory. Rows, outputs and
// the map's table move by blocks of Lanes points (map_io.hpp, *_lanes: complex128
// as whole vectors of reals), as R2CPackedMap's and C2RPackedMap's reads and
// writes with their scale.
#pragma once
#include "batched_mapped.hpp"  // MapOf, MapScalars
#include "subgroup_fft.hpp"

namespace pysyclfft::kernels {

// Whether rows move as whole vectors (map_io.hpp): up to 8 points per lane; at 16
// the complex128 registers spill, and the selects made the rfft of 256 float64 2.4x slower.
template <int R> constexpr bool kWholeVectors = R <= 8;

// The register that holds block b: after the FFT (block_of order), or before it (register b).
template <int Lanes, int R, bool AfterFFT> constexpr int register_of_block(int b) {
  if constexpr (AfterFFT)
    for (int reg = 0; reg < R; ++reg)
      if (SubgroupShape<Lanes, R>::block_of(reg) == b) return reg;
  return b;
}

// Point L - k for the point k of block B in this lane (lane 0 takes `lane0`).
template <int Lanes, int R, bool AfterFFT, int B, typename T, class Shuffle>
PYSYCLFFT_INLINE cplx<T> mirror_point(const Shuffle& shuffle, int lane, const cplx<T> (&v)[R], cplx<T> lane0) {
  constexpr int far = register_of_block<Lanes, R, AfterFFT>(R - 1 - B);
  const int from = (Lanes - lane) & (Lanes - 1);
  const cplx<T> other{shuffle.select(v[far].re, from), shuffle.select(v[far].im, from)};
  return lane == 0 ? lane0 : other;
}

// rfft output X[k] (and X[L] from lane 0's Z[0]) for the point of register Reg.
template <int Lanes, int R, int Reg, class Map, typename T, class Shuffle>
PYSYCLFFT_INLINE void split_register(const Map& map, const Shuffle& shuffle, int lane, const cplx<T> (&z)[R]) {
  constexpr int B = SubgroupShape<Lanes, R>::block_of(Reg), L = Lanes * R;
  const cplx<T> own = z[register_of_block<Lanes, R, true>((R - B) % R)];
  const cplx<T> w = map.io.template table_lanes<Lanes, kWholeVectors<R>>(Lanes * B, lane, shuffle);
  const SplitOutputs<T> x = split_outputs(z[Reg], mirror_point<Lanes, R, true, B>(shuffle, lane, z, own), w);
  map.io.template cplx_out_lanes<Lanes, kWholeVectors<R>>(Lanes * B, lane, x.low * map.io.scale, shuffle);
  if (B == 0 && lane == 0) map.split_emit(L, x.high);
}

// irfft FFT input Z[m] for the point m of register B (natural order), from the half spectrum x and X[L].
template <int Lanes, int R, int B, class Map, typename T, class Shuffle>
PYSYCLFFT_INLINE cplx<T> merged_register(const Map& map, const Shuffle& shuffle, int lane, const cplx<T> (&x)[R],
                                         cplx<T> x_last) {
  const cplx<T> own = B == 0 ? x_last : x[(R - B) % R];
  const int m = lane + Lanes * B;
  return packed_merge(m, x[B], mirror_point<Lanes, R, false, B>(shuffle, lane, x, own),
                      map.io.template table_lanes<Lanes, kWholeVectors<R>>(Lanes * B, lane, shuffle));
}

template <int Lanes, int R, class Map, class Shuffle, typename T, int... J>
PYSYCLFFT_INLINE void subgroup_r2c(const Map& map, const cplx<T>* twiddles, const Shuffle& shuffle, IntList<J...> js) {
  const int lane = shuffle.lane();
  cplx<T> z[R] = {map.io.template real_pairs_in_lanes<Lanes, kWholeVectors<R>>(Lanes * J, lane, shuffle)...};
  subgroup_fft<T, -1, Lanes>(shuffle, lane, z, twiddles, js);
  (split_register<Lanes, R, J>(map, shuffle, lane, z), ...);
}

template <int Lanes, int R, class Map, class Shuffle, typename T, int... J>
PYSYCLFFT_INLINE void subgroup_c2r(const Map& map, const cplx<T>* twiddles, const Shuffle& shuffle, IntList<J...> js) {
  const int lane = shuffle.lane();
  const cplx<T> x[R] = {map.io.template cplx_in_lanes<Lanes, kWholeVectors<R>>(Lanes * J, lane, shuffle)...};
  const cplx<T> x_last = map.io.cplx_in(Lanes * R);
  cplx<T> z[R] = {merged_register<Lanes, R, J>(map, shuffle, lane, x, x_last)...};
  subgroup_fft<T, +1, Lanes>(shuffle, lane, z, twiddles, js);
  constexpr bool kWhole = kWholeVectors<R>;
  ((map.io.template real_pairs_out_lanes<Lanes, kWhole>(Lanes * SubgroupShape<Lanes, R>::block_of(J), lane,
                                                        z[J] * map.io.scale, shuffle)),
   ...);
}

// Transform `transform` of the batch by the sub-group `shuffle` belongs to (all
// its lanes alike, so a sub-group past the end returns as one).
template <typename T, int Kind, int Lanes, int R, int Stride, class Shuffle>
PYSYCLFFT_INLINE void subgroup_mapped(index_t transform, const void* in, void* out, const cplx<T>* twiddles,
                                      const cplx<T>* table, const BatchLayout& layout, MapScalars<T> s,
                                      const Shuffle& shuffle) {
  static_assert(map_pairs_reals(Kind), "the packed rfft and irfft");
  if (transform >= layout.count()) return;
  using Map = typename MapOf<Kind, T, Lanes * R, Stride>::type;
  const Map map{{in, out, layout.in_base(transform), layout.out_base(transform), layout.in_stride, layout.out_stride,
                 table, s.scale, s.edge_in, s.edge_out, s.imag_sign, true}};
  if constexpr (Kind == kR2CPacked) subgroup_r2c<Lanes, R>(map, twiddles, shuffle, typename MakeIntList<R>::type{});
  else subgroup_c2r<Lanes, R>(map, twiddles, shuffle, typename MakeIntList<R>::type{});
}

}  // namespace pysyclfft::kernels
