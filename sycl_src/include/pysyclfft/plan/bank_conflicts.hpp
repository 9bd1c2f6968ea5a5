// A model of the local-memory bank conflicts of a team's Stockham stages
// (kernels/stockham.hpp, kernels/batched_c2c.hpp), from which the planner lays
// out the buffers (kernel_params.hpp, choose_batched_c2c_kernel).
//
// GPU local memory has 32 banks of 4 bytes; a warp's access takes as many
// wavefronts as the most distinct words any one bank holds among its lanes'
// addresses. Stockham's stores are R apart within a transform, and a group's
// transforms sit a power of two apart, so where a warp spans several short
// transforms (4 work-items each at 16 and 32 points) every lane of the warp can
// land in the same few banks: 8 wavefronts per access, which ncu showed as the
// H100's L1 busy at 93% with its DRAM at 56%. Two layout knobs move them apart:
// Pad (one unused slot every Pad points of a buffer) and Skew (unused reals
// between neighbouring transforms' buffers).
//
// A load's extra wavefronts delay the warp waiting for its data, a store's only
// occupy the pipe, so the model weighs loads kLoadWeight times: measured on the
// H100, padding that traded fewer store conflicts for more load conflicts lost
// (1000 points: 10%; 2187, 2401, 3125: 8-14%), while padding that cut stores
// and kept loads gained (512, 1536, 8192: 4-5%).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstddef>
#include <vector>

#include "../kernels/rounding.hpp"
#include "../kernels/stockham.hpp"

namespace pysyclfft::plan {

inline constexpr int kLocalBanks = 32;  // banks of 4 bytes; also the warp width the model assumes
inline constexpr int kLoadWeight = 4;

// Where a team kernel's buffers sit: the transform's length, Stockham's buffers
// per transform, the pad (0 or a power of two) and the skew, in reals of
// `words_per_real` 4-byte words (1: float, 2: double).
struct TeamLayout {
  std::int64_t n;
  int buffers, pad, skew;
  int words_per_real;

  std::int64_t buffer_points() const { return padded(n); }  // Stockham::kBufferPoints
  std::int64_t padded(std::int64_t i) const { return kernels::padded_index(i, pad); }
  std::int64_t team_reals() const { return 2 * buffers * buffer_points() + skew; }
};

// One warp's local load or store of a stage, whatever the layout: each lane's
// transform in the group and point in the transform (-1: lane idle).
struct WarpAccess {
  int weight;  // kLoadWeight for loads, 1 for stores
  std::int32_t team[kLocalBanks], point[kLocalBanks];
};

// The local loads and stores of a team's Stockham stages (n = product of
// `radices`, `threads` work-items per transform) by the warps of one work-group,
// whose work-items are numbered team by team. Where a warp holds several teams,
// the other warps repeat warp 0's pattern shifted by a multiple of the team
// stride, so warp 0 stands for them. The first stage's loads and the last
// stage's stores are global, not modelled.
inline std::vector<WarpAccess> team_local_accesses(std::int64_t n, const std::vector<int>& radices, int threads,
                                                   int per_group) {
  const int teams = threads < kLocalBanks ? std::min(per_group, kLocalBanks / threads) : per_group;
  const int items = threads * teams;
  const int warps = kernels::ceil_div(items, kLocalBanks);
  std::vector<WarpAccess> out;
  int span = 1;
  for (std::size_t s = 0; s < radices.size(); ++s) {
    const int radix = radices[s], butterflies = int(n / radix);
    const int rounds = kernels::ceil_div(butterflies, threads);
    for (int load = 0; load < 2; ++load) {
      if (load ? s == 0 : s + 1 == radices.size()) continue;
      for (int round = 0; round < rounds; ++round)
        for (int r = 0; r < radix; ++r)
          for (int w = 0; w < warps; ++w) {
            WarpAccess a{load ? kLoadWeight : 1, {}, {}};
            for (int lane = 0; lane < kLocalBanks; ++lane) {
              const int id = w * kLocalBanks + lane;
              const int j = id < items ? id % threads + round * threads : butterflies;
              a.team[lane] = id / threads;
              a.point[lane] = j >= butterflies ? -1
                              : load           ? j + r * butterflies
                                               : j / span * span * radix + j % span + r * span;
            }
            out.push_back(a);
          }
    }
    span *= radix;
  }
  return out;
}

namespace detail {

// Wavefronts of one warp access: `words` holds each lane's first 4-byte word
// (-1: lane idle). No two lanes of a Stockham access share a point: no broadcast.
inline int access_wavefronts(const std::int64_t (&words)[kLocalBanks], int words_per_real) {
  int per_bank[kLocalBanks] = {};
  for (std::int64_t word : words)
    if (word >= 0)
      for (int w = 0; w < words_per_real; ++w) ++per_bank[(word + w) & (kLocalBanks - 1)];
  return std::max(1, *std::max_element(per_bank, per_bank + kLocalBanks));
}

}  // namespace detail

// The cost of `accesses` in layout `t`: their wavefronts, real and imaginary
// parts apart (as the kernels access them), loads weighing kLoadWeight. Stops
// counting once the total reaches `limit`.
inline std::int64_t local_access_cost(const std::vector<WarpAccess>& accesses, const TeamLayout& t,
                                      std::int64_t limit = INT64_MAX) {
  const std::int64_t team_reals = t.team_reals(), part_reals = t.buffer_points();
  std::int64_t re[kLocalBanks], im[kLocalBanks];
  std::int64_t total = 0;
  for (std::size_t i = 0; i < accesses.size() && total < limit; ++i) {
    const WarpAccess& a = accesses[i];
    for (int lane = 0; lane < kLocalBanks; ++lane) {
      const std::int32_t p = a.point[lane];
      re[lane] = p < 0 ? -1 : (a.team[lane] * team_reals + t.padded(p)) * t.words_per_real;
      im[lane] = p < 0 ? -1 : re[lane] + part_reals * t.words_per_real;  // imaginary parts: part_reals on
    }
    total += a.weight * (detail::access_wavefronts(re, t.words_per_real) + detail::access_wavefronts(im, t.words_per_real));
  }
  return total;
}

}  // namespace pysyclfft::plan
