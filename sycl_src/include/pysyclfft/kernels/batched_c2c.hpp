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

// Body of the batched kernel; the execution layer supplies ids, the barrier and
// `local` (kLocalElements elements of work-group memory).
template <class Cfg, class Barrier>
void batched_c2c(int local_id, index_t group_id, const Barrier& barrier, const cplx<typename Cfg::real>* in,
                 cplx<typename Cfg::real>* out, const cplx<typename Cfg::real>* twiddles, const BatchLayout& layout,
                 typename Cfg::real scale, cplx<typename Cfg::real>* local) {
  using T = typename Cfg::real;
  const int team = local_id / Cfg::kThreads;
  const int tid = local_id % Cfg::kThreads;
  const index_t t = group_id * Cfg::kPerGroup + team;
  const bool active = t < layout.count();
  const index_t tc = active ? t : layout.count() - 1;  // idle teams re-read a valid transform
  const StridedLoad<T> src{in + layout.in_base(tc), layout.in_stride};
  const StridedScaledStore<T> dst{out + layout.out_base(tc), layout.out_stride, scale, active};
  Cfg::fft::run(barrier, tid, Cfg::kThreads, src, dst, local + team * 2 * Cfg::kN, twiddles);
}

}  // namespace pysyclfft::kernels
