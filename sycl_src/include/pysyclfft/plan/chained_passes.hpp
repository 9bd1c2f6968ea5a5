// Which multi-pass plans run their two passes in one launch (kernels/chained_passes.hpp)
// and in what chunks: the intermediate of a chunk should still be in the device's
// cache when pass 2 reads it, beside the ring's other slots and the streams of
// input and output going through that cache.
#pragma once
#include <algorithm>
#include <cstdint>

#include "../kernels/chained_passes.hpp"
#include "algorithm.hpp"
#include "kernel_params.hpp"
#include "multipass_geometry.hpp"

namespace pysyclfft::plan {

// Scratch slots a chained launch cycles through: pass 1 of chunk k + 1 runs beside
// pass 2 of chunk k, and with three slots pass 1 of chunk k + 3 waits only on
// pass 2 of chunk k, well before it in ticket order.
inline constexpr int kChainRing = 3;
// Chunks per launch (the plan's counters hold two per chunk).
inline constexpr std::int64_t kChainMaxChunks = 1024;

// A four-step plan of two passes that are both column groups of one work-group
// size, where the device takes chained passes (DeviceLimits::chained_passes).
inline bool chains_passes(Algorithm a, const MultipassGeometry& g, Memory memory, const DeviceLimits& lim) {
  if (!lim.chained_passes || a != Algorithm::four_step || memory == Memory::minimal || g.passes.size() != 2)
    return false;
  const PassKernelParams &first = g.passes[0].k, &second = g.passes[1].k;
  return first.interleave > 1 && second.interleave > 1 && first.group_size() == second.group_size() &&
         first.lanes == second.lanes;
}

// Transforms per chunk: the ring's slots take 3/8 of the cache (at least one transform each).
inline std::int64_t chain_chunk(std::int64_t fft_len, Precision p, const DeviceLimits& lim) {
  const auto transform_bytes = std::int64_t(fft_len * 2 * real_size(p));
  return std::max<std::int64_t>(1, std::int64_t(lim.cache_bytes / 8) / transform_bytes);
}

// Work-groups of a pass's launch over `lines` lines.
inline std::int64_t pass_groups(const PassKernelParams& k, std::int64_t lines) {
  return (lines + k.per_group - 1) / k.per_group;
}

// The schedule of `chunks` chunks of `chunk` transforms.
inline kernels::ChainSchedule chain_schedule(const MultipassGeometry& g, std::int64_t chunk, std::int64_t chunks) {
  const auto lines = [&](const MultipassPass& ps) { return chunk * ps.geometry.d0_count * ps.geometry.d1_count; };
  return {chunks, pass_groups(g.passes[0].k, lines(g.passes[0])), pass_groups(g.passes[1].k, lines(g.passes[1])),
          kChainRing};
}

}  // namespace pysyclfft::plan
