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

namespace pysyclfft::plan {

inline constexpr int kLocalBanks = 32;  // banks of 4 bytes; also the warp width the model assumes
inline constexpr int kLoadWeight = 4;

struct TeamLayout {
  std::int64_t n;
  std::vector<int> radices;
  int threads, per_group, buffers, pad, skew;
  int words_per_real;  // 1 (float) or 2 (double)

  std::int64_t buffer_points() const { return n + (pad > 0 ? n / pad : 0); }
  std::int64_t padded(std::int64_t i) const { return pad > 0 ? i + i / pad : i; }
  std::int64_t team_reals() const { return 2 * buffers * buffer_points() + skew; }
};

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

// The cost of every local load and store of the stages (real and imaginary
// parts apart, as the kernels access them): their wavefronts, loads weighing
// kLoadWeight, by the warps of one work-group, whose
// work-items are numbered team by team. Where a warp holds several teams, the
// other warps repeat warp 0's pattern shifted by a multiple of the team stride,
// so warp 0 stands for them. The first stage's loads and the last stage's
// stores are global, not modelled. Stops counting once the total reaches `limit`.
inline std::int64_t local_access_cost(const TeamLayout& t, std::int64_t limit = INT64_MAX) {
  const int teams = t.threads < kLocalBanks ? std::min(t.per_group, kLocalBanks / t.threads) : t.per_group;
  const int items = t.threads * teams;
  const int warps = (items + kLocalBanks - 1) / kLocalBanks;
  const std::int64_t team_reals = t.team_reals(), part_reals = t.buffer_points();
  std::int64_t words[kLocalBanks];
  std::vector<std::int64_t> team_base(items);
  std::vector<int> member(items);  // per work-item of the modelled warps
  for (int id = 0; id < items; ++id) team_base[id] = id / t.threads * team_reals, member[id] = id % t.threads;
  std::int64_t total = 0, span = 1;
  for (std::size_t s = 0; s < t.radices.size(); ++s) {
    const int radix = t.radices[s];
    const int butterflies = int(t.n / radix), step = int(span), block = int(span) * radix;  // 32 bits: fast division
    const int rounds = (butterflies + t.threads - 1) / t.threads;
    for (int load = 0; load < 2; ++load) {
      if (load ? s == 0 : s + 1 == t.radices.size()) continue;
      const int weight = load ? kLoadWeight : 1;
      for (int round = 0; round < rounds && total < limit; ++round)
        for (int r = 0; r < radix; ++r)
          for (int w = 0; w < warps; ++w) {
            for (int lane = 0; lane < kLocalBanks; ++lane) {
              const int id = w * kLocalBanks + lane;
              const int j = id < items ? member[id] + round * t.threads : butterflies;
              const int point = load ? j + r * butterflies : j / step * block + j % step + r * step;
              words[lane] = j < butterflies ? (team_base[id] + t.padded(point)) * t.words_per_real : -1;
            }
            // The imaginary parts: the same lanes, part_reals further on.
            total += weight * detail::access_wavefronts(words, t.words_per_real);
            for (auto& word : words)
              if (word >= 0) word += part_reals * t.words_per_real;
            total += weight * detail::access_wavefronts(words, t.words_per_real);
          }
    }
    span *= radix;
  }
  return total;
}

}  // namespace pysyclfft::plan
