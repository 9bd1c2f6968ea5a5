// Batched c2c transforms at two levels (portFFT's split):
//  - team level: a work-group computes `PerGroup` transforms, each by a team of
//    `Threads` work-items sharing local memory (Stockham::run with barriers);
//  - work-item level: each work-item computes whole transforms alone, in
//    registers, with no barriers (small lengths).
// Both read and write through a BatchLayout.
#pragma once
#include "layout.hpp"
#include "stockham.hpp"
#include "transposed_rows.hpp"

namespace pysyclfft::kernels {

// Point i of a transform at p, element_stride<Stride>(stride) apart (layout.hpp).
template <typename T, int Stride = 0> struct StridedLoad {
  const cplx<T>* p;
  index_t stride;
  PYSYCLFFT_INLINE cplx<T> operator()(int i) const { return load_cplx(p + i * element_stride<Stride>(stride)); }
};

template <typename T, int Stride = 0> struct StridedScaledStore {
  cplx<T>* p;
  index_t stride;
  T scale;
  bool active;  // teams past the end of the batch compute but do not store
  PYSYCLFFT_INLINE void operator()(int i, cplx<T> v) const {
    if (active) store_cplx(p + i * element_stride<Stride>(stride), v * scale);
  }
};

// Kernel-wide parameters known at compile time (Buffers: Stockham's local buffers
// per transform; Pad: their bank padding, kernels/stockham.hpp; Skew: unused reals
// between neighbouring teams' buffers, which moves teams sharing a warp onto
// other banks: plan/bank_conflicts.hpp; DerivedTwiddles: see Stockham).
template <typename T, int Sign, int Threads, int PerGroup, class Radices, int Buffers = 2, int Pad = 0, int Skew = 0,
          bool DerivedTwiddles = false>
struct C2CConfig {
  using real = T;
  using radices = Radices;
  using fft = Stockham<T, Sign, Radices, 1, Buffers, Pad, DerivedTwiddles>;
  static constexpr int kN = Radices::product();
  static constexpr int kThreads = Threads;
  static constexpr int kPerGroup = PerGroup;
  static constexpr int kGroupSize = Threads * PerGroup;
  static constexpr bool kNeedsLocal = Radices::kCount > 1;
  static constexpr int kTeamReals = 2 * Buffers * fft::kBufferPoints + Skew;  // from one team's buffers to the next's
  static constexpr int kLocalElements = kNeedsLocal ? (kTeamReals * PerGroup + 1) / 2 : 1;
};

// Which transform of the batch a team computes. Teams past the end of the
// batch recompute the last transform (they must join the barriers) but do not store.
struct TeamTransform {
  index_t transform;
  bool active;
};
template <class Cfg> TeamTransform team_transform(int team, index_t group, const BatchLayout& layout) {
  const index_t t = group * Cfg::kPerGroup + team;
  const bool active = t < layout.count();
  return {active ? t : layout.count() - 1, active};
}

// Team level: team `team` of the work-group; the work-item is number `lane` of
// the SIMD vector that starts at team member `vector` (a multiple of Lanes).
// Lanes is the width the execution layer's compiler packs consecutive
// work-items into (1 if none: then vector is the team member); knowing it, the
// stages' index arithmetic is uniform per vector (see Stockham::butterfly).
// The execution layer supplies ids, the barrier, `local` (kLocalElements
// elements of work-group memory) and its sub-group's exchange, which the
// Stockham core uses only where a sub-group is one Lanes-wide vector and the
// first radix is Lanes (Stockham::kTransposedStore).
template <class Cfg, int Stride, int Lanes, class Barrier, class Shuffle>
PYSYCLFFT_INLINE void team_c2c(int vector, int lane, int team, index_t group, const Barrier& barrier,
                               const cplx<typename Cfg::real>* in, cplx<typename Cfg::real>* out,
                               const cplx<typename Cfg::real>* twiddles, const BatchLayout& layout,
                               typename Cfg::real scale, cplx<typename Cfg::real>* local, const Shuffle& shuffle) {
  using T = typename Cfg::real;
  static_assert(Cfg::kThreads % Lanes == 0, "a SIMD vector must not span two teams");
  const TeamTransform t = team_transform<Cfg>(team, group, layout);
  const StridedLoad<T, Stride> src{in + layout.in_base(t.transform), layout.in_stride};
  const StridedScaledStore<T, Stride> dst{out + layout.out_base(t.transform), layout.out_stride, scale, t.active};
  Cfg::fft::template run_vectors<Cfg::kThreads, Lanes>(barrier, vector, lane, src, dst, local, twiddles,
                                                       Cfg::kThreads, team * Cfg::kTeamReals, shuffle);
}

struct NoBarrier {
  void operator()() const {}
};

// The Stockham FFT `Fft` of one work-item's L points, held as (re, im), in place:
// its first stage reads every point before its last writes.
template <class Fft, typename T, int L>
PYSYCLFFT_INLINE void item_fft_in_place(T (&re)[L], T (&im)[L], const cplx<T>* twiddles) {
  static_assert(Fft::N == L, "the FFT of the registers' points");
  cplx<T> buffers[Fft::kStages > 1 ? 2 * L : 1];
  Fft::template run<1>(NoBarrier{}, 0, 1, SplitLoad<T>{re, im}, SplitStore<T>{re, im}, buffers, twiddles);
}

// Work-item level, transposed: the L transforms from `first` of a sub-group of
// L = N work-items, contiguous in memory, loaded and stored as whole vectors
// (lane l reading point l of each) and transposed in registers, so lane l
// computes transform first + l (transposed_rows.hpp). On the OpenCL CPU device
// (AVX-512, docs/performance.md) against per-lane loads: complex64 4, 8 and 16
// points 1.6x, 2.3x and 2.3x faster, complex128 1.25x, 1.4x and 1.0x; sub-groups
// wider than its vectors (32, 64) ran 100x slower, so the planner asks for it
// only up to the device's SIMD width (plan/kernel_params.hpp, transposing_lanes).
template <typename T, int Sign, class Radices, class Shuffle>
PYSYCLFFT_INLINE void item_c2c_transposed(index_t first, index_t t1, const cplx<T>* in, cplx<T>* out,
                                          const cplx<T>* twiddles, const BatchLayout& layout, T scale,
                                          const Shuffle& shuffle) {
  using fft = Stockham<T, Sign, Radices>;
  constexpr int L = fft::N;
  const int lane = shuffle.lane();
  T re[L], im[L];
  load_rows(shuffle, lane, in + layout.in_base(first, t1), re, im);
  item_fft_in_place<fft>(re, im, twiddles);
  store_rows(shuffle, lane, out + layout.out_base(first, t1), re, im, scale);
}

// Work-item level: transform (t0, t1) of the two batch dimensions. The CPU
// compiler packs consecutive work-items into SIMD lanes, so each butterfly runs
// on as many transforms at once as there are lanes; every private array index
// is a compile-time constant, so the transform stays in registers. Lanes = N:
// the sub-group of N work-items holds N neighbouring transforms, which it loads
// transposed when they lie contiguous and the sub-group is full (the same
// branch for the whole sub-group).
template <typename T, int Sign, class Radices, int Stride, int Lanes, class Shuffle>
PYSYCLFFT_INLINE void item_c2c(index_t t0, index_t t1, const cplx<T>* in, cplx<T>* out, const cplx<T>* twiddles,
                               const BatchLayout& layout, T scale, const Shuffle& shuffle) {
  using fft = Stockham<T, Sign, Radices>;
  if constexpr (Lanes == fft::N) {
    const index_t first = t0 - shuffle.lane();
    if (layout.unit_strides() && layout.in_dist0 == fft::N && layout.out_dist0 == fft::N &&
        first + Lanes <= layout.count0)
      return item_c2c_transposed<T, Sign, Radices>(first, t1, in, out, twiddles, layout, scale, shuffle);
  }
  if (t0 >= layout.count0) return;
  cplx<T> buffers[Radices::kCount > 1 ? 2 * fft::N : 1];
  const StridedLoad<T, Stride> src{in + layout.in_base(t0, t1), layout.in_stride};
  const StridedScaledStore<T, Stride> dst{out + layout.out_base(t0, t1), layout.out_stride, scale, true};
  fft::template run<1>(NoBarrier{}, 0, 1, src, dst, buffers, twiddles);
}

}  // namespace pysyclfft::kernels
