// A work-group computes `PerGroup` transforms of a batch, each by a team of
// `Threads` work-items, reading and writing through a BatchLayout.
#pragma once
#include "layout.hpp"
#include "stockham.hpp"

namespace pysyclfft::kernels {

template <typename T> struct StridedLoad {
  const cplx<T>* p;
  index_t stride;
  cplx<T> operator()(int i) const { return p[i * stride]; }
};

template <typename T> struct StridedScaledStore {
  cplx<T>* p;
  index_t stride;
  T scale;
  bool active;  // teams past the end of the batch compute but do not store
  void operator()(int i, cplx<T> v) const {
    if (active) p[i * stride] = v * scale;
  }
};

// Kernel-wide parameters known at compile time.
template <typename T, int Sign, int Threads, int PerGroup, class Radices> struct C2CConfig {
  using real = T;
  using radices = Radices;
  using fft = Stockham<T, Sign, Radices>;
  static constexpr int kN = Radices::product();
  static constexpr int kThreads = Threads;
  static constexpr int kPerGroup = PerGroup;
  static constexpr int kGroupSize = Threads * PerGroup;
  static constexpr bool kNeedsLocal = Radices::kCount > 1;
  static constexpr int kLocalElements = kNeedsLocal ? 2 * kN * PerGroup : 1;
};

// Which transform of the batch a work-item's team computes. Teams past the end
// of the batch recompute the last transform (they must join the barriers) but do not store.
struct TeamSlot {
  int team, tid;
  index_t transform;
  bool active;
};
template <class Cfg> TeamSlot team_slot(int local_id, index_t group_id, const BatchLayout& layout) {
  const int team = local_id / Cfg::kThreads;
  const index_t t = group_id * Cfg::kPerGroup + team;
  const bool active = t < layout.count();
  return {team, local_id % Cfg::kThreads, active ? t : layout.count() - 1, active};
}

// Body of the batched kernel; the execution layer supplies ids, the barrier and
// `local` (kLocalElements elements of work-group memory).
template <class Cfg, class Barrier>
void batched_c2c(int local_id, index_t group_id, const Barrier& barrier, const cplx<typename Cfg::real>* in,
                 cplx<typename Cfg::real>* out, const cplx<typename Cfg::real>* twiddles, const BatchLayout& layout,
                 typename Cfg::real scale, cplx<typename Cfg::real>* local) {
  using T = typename Cfg::real;
  const TeamSlot slot = team_slot<Cfg>(local_id, group_id, layout);
  const StridedLoad<T> src{in + layout.in_base(slot.transform), layout.in_stride};
  const StridedScaledStore<T> dst{out + layout.out_base(slot.transform), layout.out_stride, scale, slot.active};
  Cfg::fft::run(barrier, slot.tid, Cfg::kThreads, src, dst, local + slot.team * 2 * Cfg::kN, twiddles);
}

}  // namespace pysyclfft::kernels
