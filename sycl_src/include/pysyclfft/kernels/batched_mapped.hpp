// A batch of real or trigonometric transforms, each one complex FFT of length L
// run by a team of work-items with a map (map_kind.hpp) as its source and
// destination, so pre- and post-processing happen inside the FFT kernel.
#pragma once
#include "batched_c2c.hpp"
#include "map_kind.hpp"
#include "real_maps.hpp"
#include "transposed_rows.hpp"
#include "trig_maps.hpp"

namespace pysyclfft::kernels {

// From kDCT2 on, map kinds come in (DCT, DST) pairs of one map template with a Sine flag
// (S; I: MapIO's Stride).
template <int Pair, typename T, int L, bool Sine, int Stride> struct CosineSinePair;
template <class T, int L, bool S, int I> struct CosineSinePair<0, T, L, S, I> { using type = DCT2Map<T, L, S, I>; };
template <class T, int L, bool S, int I> struct CosineSinePair<1, T, L, S, I> { using type = DCT3Map<T, L, S, I>; };
template <class T, int L, bool S, int I> struct CosineSinePair<2, T, L, S, I> { using type = DCT2PackedMap<T, L, S, I>; };
template <class T, int L, bool S, int I> struct CosineSinePair<3, T, L, S, I> { using type = DCT3PackedMap<T, L, S, I>; };
template <class T, int L, bool S, int I> struct CosineSinePair<4, T, L, S, I> { using type = DCT4HalfMap<T, L, S, I>; };
template <class T, int L, bool S, int I> struct CosineSinePair<5, T, L, S, I> { using type = DCT4FullMap<T, L, S, I>; };

// The map of each kind (Stride: MapIO's).
template <int Kind, typename T, int L, int Stride = 0>
struct MapOf : CosineSinePair<(Kind - kDCT2) / 2, T, L, (Kind - kDCT2) % 2 == 1, Stride> {};
template <typename T, int L, int S> struct MapOf<kR2CFull, T, L, S> { using type = R2CFullMap<T, L, S>; };
template <typename T, int L, int S> struct MapOf<kR2CPacked, T, L, S> { using type = R2CPackedMap<T, L, S>; };
template <typename T, int L, int S> struct MapOf<kC2RFull, T, L, S> { using type = C2RFullMap<T, L, S>; };
template <typename T, int L, int S> struct MapOf<kC2RPacked, T, L, S> { using type = C2RPackedMap<T, L, S>; };
template <typename T, int L, int S> struct MapOf<kDCT1, T, L, S> { using type = DCT1Map<T, L, S>; };
template <typename T, int L, int S> struct MapOf<kDST1, T, L, S> { using type = DST1Map<T, L, S>; };

// The c2c configuration of the map's FFT; every team owns two buffers of L
// local elements (the FFT's ping-pong buffers, also where a split map keeps Z),
// laid out as C2CConfig's (Pad, Skew: plan/bank_conflicts.hpp).
template <typename T, int Kind, int Threads, int PerGroup, class Radices, int Stride = 0, int Pad = 0, int Skew = 0,
          bool LaneReversedSplit = false>
struct MappedConfig {
  using map = typename MapOf<Kind, T, Radices::product(), Stride>::type;
  using c2c = C2CConfig<T, map_sign(Kind), Threads, PerGroup, Radices, 2, Pad, Skew, true>;
  static constexpr int kKind = Kind;
  static constexpr bool kSplitAfter = map_splits_after(Kind);
  static constexpr bool kLaneReversedSplit = LaneReversedSplit;  // the planner's choice (plan/device.hpp)
  static constexpr int kLocalElements = (c2c::kTeamReals * PerGroup + 1) / 2;
};

// Scalars a launch passes to every map.
template <typename T> struct MapScalars {
  T scale, edge_in, edge_out, imag_sign;  // see MapIO
};

// A split map's split (real_maps.hpp) by SIMD vectors of Lanes work-items where the
// configuration asks for it; it needs L/2 >= Lanes to keep its loads inside the buffer.
template <class Cfg, int Lanes, int L>
constexpr bool kSplitsByVectors = Cfg::kLaneReversedSplit && Lanes > 1 && L / 2 >= Lanes;

// One transform: the map's FFT by the team of C::kThreads work-items on its
// buffers, `offset` reals into `buffers` (Stockham::run_vectors); the
// work-item is `lane` of the SIMD vector starting at team member `vector`, and
// shuffle(v, mask) gives it the v of lane `lane ^ mask` (where Lanes > 1). A
// work-item alone (kThreads = 1) unrolls every loop, so its private buffers
// stay in registers.
template <class Cfg, int Lanes, class Barrier, class Map, typename T, class Shuffle = NoShuffle>
PYSYCLFFT_INLINE void mapped_transform(const Barrier& barrier, int vector, int lane, const Map& map, cplx<T>* buffers,
                                       const cplx<T>* twiddles, int offset = 0, const Shuffle& shuffle = {}) {
  using C = typename Cfg::c2c;
  using fft = typename C::fft;
  if constexpr (Cfg::kSplitAfter) {
    T* z = fft::spare_buffer(&buffers[0].re + offset);  // real parts, then imaginary parts (vector stores and loads)
    const SplitStore<T, 1, fft::kPad> to_z{z, z + fft::kBufferPoints};
    fft::template run_vectors<C::kThreads, Lanes>(barrier, vector, lane, map, to_z, buffers, twiddles, C::kThreads,
                                                  offset, shuffle);
    barrier();
    const SplitLoad<T, 1, fft::kPad> from_z{z, z + fft::kBufferPoints};
    if constexpr (kSplitsByVectors<Cfg, Lanes, C::kN>) {
      const auto reverse = [&](T v) { return shuffle(v, Lanes - 1); };
#pragma unroll
      for (int k0 = 1 + vector; 2 * k0 <= C::kN; k0 += C::kThreads)
        packed_split_vector<T, Lanes>(k0, lane, C::kN, from_z, map.io.table, reverse,
                                      [&](index_t j, cplx<T> x, bool valid) {
                                        if constexpr (mirrors_split<Map>(0))
                                          map.template split_emit_lanes<Lanes>(j, x, valid, lane, reverse, shuffle);
                                        else if (valid)
                                          map.split_emit(j, x);
                                      });
      if (vector + lane == 0) split_pair(map, 0, from_z);
    } else {
#pragma unroll
      for (int k = vector + lane; k <= C::kN / 2; k += C::kThreads) split_pair(map, k, from_z);
    }
  } else {
    fft::template run_vectors<C::kThreads, Lanes>(barrier, vector, lane, map, map, buffers, twiddles, C::kThreads,
                                                  offset, shuffle);
  }
}

// Team level: team `team` of the work-group (PerGroup teams share local memory `local`).
template <class Cfg, int Lanes, class Barrier, class Shuffle, typename T = typename Cfg::c2c::real>
PYSYCLFFT_INLINE void batched_mapped(int vector, int lane, int team, index_t group_id, const Barrier& barrier,
                                     const Shuffle& shuffle, const void* in, void* out, const cplx<T>* twiddles,
                                     const cplx<T>* table, const BatchLayout& layout, MapScalars<T> s,
                                     cplx<T>* local) {
  using C = typename Cfg::c2c;
  const TeamTransform t = team_transform<C>(team, group_id, layout);
  const typename Cfg::map map{{in, out, layout.in_base(t.transform), layout.out_base(t.transform), layout.in_stride,
                               layout.out_stride, table, s.scale, s.edge_in, s.edge_out, s.imag_sign, t.active}};
  mapped_transform<Cfg, Lanes>(barrier, vector, lane, map, local, twiddles, team * C::kTeamReals, shuffle);
}

// Work-item level, rows transposed (transposed_rows.hpp): the packed rfft of
// the Lanes = L transforms of a sub-group from the map's first row (the first
// `valid` of them stored), whose rows of 2L reals and L + 1 complex outputs lie
// end to end, each pair of reals moved as one value (kContiguousRows). The
// split needs Z[k] and Z[L-k], both in the lane's registers.
template <class Cfg, class Map, typename T, class Shuffle>
PYSYCLFFT_INLINE void item_r2c_rows(const Map& map, int valid, const cplx<T>* twiddles, const Shuffle& shuffle) {
  using C = typename Cfg::c2c;
  constexpr int L = C::kN;
  const int lane = shuffle.lane();
  const cplx<T>* table = map.io.table;
  T re[L], im[L];
  load_rows(shuffle, lane, reinterpret_cast<const cplx<T>*>(static_cast<const T*>(map.io.in) + map.io.in_base), re,
            im, valid);
  item_fft_in_place<typename C::fft>(re, im, twiddles);
  // X[k] and X[L-k] take the places of Z[k] and Z[L-k]; X[L] is the row's last point.
  cplx<T> last{};
#pragma unroll
  for (int k = 0; 2 * k <= L; ++k) {
    const int mirror = k == 0 ? 0 : L - k;
    const SplitOutputs<T> x = split_outputs(cplx<T>{re[k], im[k]}, cplx<T>{re[mirror], im[mirror]}, table[k]);
    const cplx<T> low = map.split_value(x.low), high = map.split_value(x.high);
    re[k] = low.re, im[k] = low.im;
    if (k == 0) last = high;
    else if (2 * k != L) re[L - k] = high.re, im[L - k] = high.im;
  }
  store_long_rows(shuffle, lane, static_cast<cplx<T>*>(map.io.out) + map.io.out_base, re, im, last, valid);
}

// The inverse: the packed irfft of the L transforms (the first `valid` of them
// read and stored), half spectra of L + 1 points to rows of 2L reals. The
// merge needs X[m] and X[L-m], both in the lane's registers.
template <class Cfg, class Map, typename T, class Shuffle>
PYSYCLFFT_INLINE void item_c2r_rows(const Map& map, int valid, const cplx<T>* twiddles, const Shuffle& shuffle) {
  using C = typename Cfg::c2c;
  constexpr int L = C::kN;
  const int lane = shuffle.lane();
  const cplx<T>* table = map.io.table;
  T re[L], im[L];
  cplx<T> last;
  load_long_rows(shuffle, lane, static_cast<const cplx<T>*>(map.io.in) + map.io.in_base, re, im, last, valid);
  last = map.io.incoming(last);
  // Z[m] and Z[L-m] take the places of X[m] and X[L-m] (X[L] for m = 0).
#pragma unroll
  for (int m = 0; 2 * m <= L; ++m) {
    const cplx<T> xm = map.io.incoming({re[m], im[m]});
    const cplx<T> xlm = m == 0 ? last : map.io.incoming({re[L - m], im[L - m]});
    const cplx<T> zm = packed_merge(m, xm, xlm, table[m]);
    if (m > 0 && 2 * m != L) {
      const cplx<T> zlm = packed_merge(L - m, xlm, xm, table[L - m]);
      re[L - m] = zlm.re, im[L - m] = zlm.im;
    }
    re[m] = zm.re, im[m] = zm.im;
  }
  item_fft_in_place<typename C::fft>(re, im, twiddles);
  store_rows(shuffle, lane, reinterpret_cast<cplx<T>*>(static_cast<T*>(map.io.out) + map.io.out_base), re, im,
             map.io.scale, valid);
}

// Work-item level: transform (t0, t1) of the two batch dimensions alone, in
// registers (no barriers, no local memory); the CPU compiler packs consecutive
// work-items, so consecutive transforms, into the lanes of its SIMD vectors, as
// item_c2c does. Stride kContiguousRows (layout.hpp): the sub-group's rows
// move transposed (rfft and irfft). In one kernel with the per-lane way (for
// the layouts it cannot take), the rows way ran 2.5x slower (the rfft of 32
// points, float32, on the OpenCL CPU device), hence two variants.
template <class Cfg, int Lanes, int Stride, class Shuffle, typename T = typename Cfg::c2c::real>
PYSYCLFFT_INLINE void item_mapped(index_t t0, index_t t1, const void* in, void* out, const cplx<T>* twiddles,
                                  const cplx<T>* table, const BatchLayout& layout, MapScalars<T> s,
                                  const Shuffle& shuffle) {
  static_assert(Cfg::c2c::kThreads == 1, "one work-item per transform");
  if constexpr (Stride == kContiguousRows) {
    static_assert(map_moves_rows(Cfg::kKind, Lanes, Cfg::c2c::kN), "no rows variant");
    const index_t first = t0 - shuffle.lane();
    if (first >= layout.count0) return;
    const index_t left = layout.count0 - first;
    const int valid = int(left < Lanes ? left : Lanes);
    const typename Cfg::map map{{in, out, layout.in_base(first, t1), layout.out_base(first, t1), 1, 1, table,
                                 s.scale, s.edge_in, s.edge_out, s.imag_sign, true}};
    if constexpr (Cfg::kKind == kR2CPacked) item_r2c_rows<Cfg>(map, valid, twiddles, shuffle);
    else item_c2r_rows<Cfg>(map, valid, twiddles, shuffle);
  } else {
    if (t0 >= layout.count0) return;
    const typename Cfg::map map{{in, out, layout.in_base(t0, t1), layout.out_base(t0, t1), layout.in_stride,
                                 layout.out_stride, table, s.scale, s.edge_in, s.edge_out, s.imag_sign, true}};
    cplx<T> buffers[Cfg::kLocalElements];
    mapped_transform<Cfg, 1>(NoBarrier{}, 0, 0, map, buffers, twiddles);
  }
}

}  // namespace pysyclfft::kernels
