// A batch of real or trigonometric transforms, each one complex FFT of length L
// run by a team of work-items with a map (map_kind.hpp) as its source and
// destination, so pre- and post-processing happen inside the FFT kernel.
#pragma once
#include "batched_c2c.hpp"
#include "map_kind.hpp"
#include "real_maps.hpp"
#include "trig_maps.hpp"

namespace pysyclfft::kernels {

// From kDCT2 on, map kinds come in (DCT, DST) pairs of one map template with a Sine flag.
template <int Pair, typename T, int L, bool Sine> struct CosineSinePair;
template <typename T, int L, bool S> struct CosineSinePair<0, T, L, S> { using type = DCT2Map<T, L, S>; };
template <typename T, int L, bool S> struct CosineSinePair<1, T, L, S> { using type = DCT3Map<T, L, S>; };
template <typename T, int L, bool S> struct CosineSinePair<2, T, L, S> { using type = DCT2PackedMap<T, L, S>; };
template <typename T, int L, bool S> struct CosineSinePair<3, T, L, S> { using type = DCT3PackedMap<T, L, S>; };
template <typename T, int L, bool S> struct CosineSinePair<4, T, L, S> { using type = DCT4HalfMap<T, L, S>; };
template <typename T, int L, bool S> struct CosineSinePair<5, T, L, S> { using type = DCT4FullMap<T, L, S>; };

// The map of each kind.
template <int Kind, typename T, int L>
struct MapOf : CosineSinePair<(Kind - kDCT2) / 2, T, L, (Kind - kDCT2) % 2 == 1> {};
template <typename T, int L> struct MapOf<kR2CFull, T, L> { using type = R2CFullMap<T, L>; };
template <typename T, int L> struct MapOf<kR2CPacked, T, L> { using type = R2CPackedMap<T, L>; };
template <typename T, int L> struct MapOf<kC2RFull, T, L> { using type = C2RFullMap<T, L>; };
template <typename T, int L> struct MapOf<kC2RPacked, T, L> { using type = C2RPackedMap<T, L>; };
template <typename T, int L> struct MapOf<kDCT1, T, L> { using type = DCT1Map<T, L>; };
template <typename T, int L> struct MapOf<kDST1, T, L> { using type = DST1Map<T, L>; };

// The c2c configuration of the map's FFT; every team owns 2L local elements
// (the FFT's ping-pong buffers, also where a split map keeps Z).
template <typename T, int Kind, int Threads, int PerGroup, class Radices> struct MappedConfig {
  using map = typename MapOf<Kind, T, Radices::product()>::type;
  using c2c = C2CConfig<T, map_sign(Kind), Threads, PerGroup, Radices>;
  static constexpr bool kSplitAfter = map_splits_after(Kind);
  static constexpr int kLocalElements = 2 * c2c::kN * PerGroup;
};

// Scalars a launch passes to every map.
template <typename T> struct MapScalars {
  T scale, edge_in, edge_out, imag_sign;  // see MapIO
};

template <class Cfg, class Barrier, typename T = typename Cfg::c2c::real>
void batched_mapped(int local_id, index_t group_id, const Barrier& barrier, const void* in, void* out,
                    const cplx<T>* twiddles, const cplx<T>* table, const BatchLayout& layout, MapScalars<T> s,
                    cplx<T>* local) {
  using C = typename Cfg::c2c;
  using Map = typename Cfg::map;
  const TeamSlot slot = team_slot<C>(local_id, group_id, layout);
  const Map map{MapIO<T>{in, out, layout.in_base(slot.transform), layout.out_base(slot.transform), layout.in_stride,
                         layout.out_stride, table, s.scale, s.edge_in, s.edge_out, s.imag_sign, slot.active}};
  const int tid = slot.tid;
  cplx<T>* buffers = local + slot.team * 2 * C::kN;
  if constexpr (Cfg::kSplitAfter) {
    cplx<T>* z = C::fft::spare_buffer(buffers);
    C::fft::run(barrier, tid, C::kThreads, map, LocalStore<T>{z}, buffers, twiddles);
    barrier();
    for (int k = tid; k <= C::kN; k += C::kThreads) map.split_point(k, LocalLoad<T>{z});
  } else {
    C::fft::run(barrier, tid, C::kThreads, map, map, buffers, twiddles);
  }
}

}  // namespace pysyclfft::kernels
