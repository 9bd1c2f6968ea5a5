// The one place where kernel parameters are chosen: radices, team size,
// transforms per work-group and sub-group size, from the length, the precision
// and the device's properties (never its vendor or name).
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "../kernels/column_rows.hpp"
#include "../kernels/convolution.hpp"
#include "../kernels/convolution_lines.hpp"
#include "../kernels/multipass.hpp"
#include "../kernels/rounding.hpp"
#include "bank_conflicts.hpp"
#include "device_limits.hpp"
#include "factorize.hpp"

namespace pysyclfft::plan {

// Sub-group size of the team kernels (their SIMD lanes: the Lanes template
// parameter of backends/sycl/c2c_kernel.hpp and pass_kernel.hpp). 16 where the
// device offers it: the OpenCL CPU device's compiler packs a sub-group's
// work-items into the lanes of SIMD vectors (16 floats or doubles: one or two
// AVX-512 registers) and the kernels shape their index arithmetic after it
// (kernels/stockham.hpp, Stockham::butterfly); else the smallest offered size
// above 16 (a CUDA device offers only 32), else the largest offered.
inline int choose_sub_group_size(const std::vector<int>& offered) {
  int above = 0, largest = 1;
  for (int s : offered) {
    if (s == 16) return 16;
    if (s > 16 && (above == 0 || s < above)) above = s;
    largest = std::max(largest, s);
  }
  return above ? above : largest;
}

// The SIMD lanes (sub-group size) of a precision's team kernels: dev.lanes, but on
// a CPU half of it in double precision where offered, so that a vector of lanes is
// one AVX-512 register of doubles as 16 floats are (with 16 lanes every real or
// imaginary part took two). On the 2-core AVX-512 EPYC (kernel_sweep, builds
// alternated twice, complex128) single kernels of 64-4096 points ran 1.0-1.7x
// faster, 2^15-2^20 1.0-1.25x; on AVX2 too, 8 lanes beat 4 (register_lanes).
inline int team_lanes(Precision p, const DeviceLimits& dev) {
  const bool halve = dev.is_cpu && p == Precision::f64 && dev.offers_sub_group(dev.lanes / 2);
  return halve ? dev.lanes / 2 : dev.lanes;
}

// The lanes of a CPU's column groups (their most lines) and convolution teams in
// double precision: one SIMD register of doubles (AVX-512: 8, as team_lanes; AVX2:
// 4); elsewhere team_lanes. On a 2-core AVX2 EPYC (2026-12-08, alternated builds,
// docs/performance-cpu-kernels.md) complex128 passes of 4 lines ran 1.14-1.39x faster
// than of 8 (32768-262144 points), convolutions 1.17-1.67x (10007's passes, 1009's
// fused team); complex64 passes of 8 lines no faster than of 16, nor other double
// single kernels with 4 lanes (64, 4096, 16384 points 9-27% slower).
inline int register_lanes(Precision p, const DeviceLimits& dev) {
  const int lanes = team_lanes(p, dev);
  return dev.is_cpu && p == Precision::f64 ? std::max(4, std::min(lanes, dev.simd_doubles)) : lanes;
}

// Work-item level (one work-item computes whole transforms in registers),
// sub-group level (a sub-group computes one transform in registers, exchanging
// values between lanes: kernels/subgroup_fft.hpp) or team level (a team of
// work-items shares local memory), as in portFFT.
enum class Level { work_item, sub_group, team };

struct C2CKernelParams {
  std::int64_t n = 0;
  Precision precision = Precision::f32;
  std::vector<int> radices;
  Level level = Level::team;
  int lanes = 16;     // sub-group size the team kernel requires (DeviceLimits::lanes)
  int threads = 1;    // work-items per transform (team level)
  int per_group = 1;  // transforms per work-group
  int buffers = 2;    // Stockham's local buffers per transform (kernels/stockham.hpp)
  int pad = 0;        // one unused slot per `pad` points of each buffer (kernels/stockham.hpp), or 0
  int skew = 0;       // unused reals between neighbouring transforms' buffers (kernels/batched_c2c.hpp)

  int group_size() const { return threads * per_group; }
  TeamLayout team_layout() const { return {n, buffers, pad, skew, int(real_size(precision) / 4)}; }
  std::size_t local_bytes() const {
    return radices.size() > 1 && level == Level::team
               ? std::size_t(team_layout().team_reals()) * per_group * real_size(precision)
               : 0;
  }
  // Index of a plan's kernel in c2c_kernel_names(*this) (entry_points.hpp):
  // forward/backward, and for teams and sub-groups a unit-stride variant.
  int kernel_index(bool forward, bool unit_stride) const {
    return (forward ? 0 : 1) + (unit_stride && level != Level::work_item ? 2 : 0);
  }
};

// How a batched single-kernel transform runs, for plans' describe(): its level,
// team and local layout, each part followed by "; ". `transposed`: a work-item
// kernel whose sub-groups move their transforms transposed where they lie contiguous.
inline std::string describe_kernel_level(const C2CKernelParams& k, bool transposed) {
  const auto text = [](auto v) { return std::to_string(v); };
  if (k.level == Level::work_item)
    return "work-item level, " + text(k.per_group) + " transforms per group; " +
           (transposed ? "sub-groups of " + text(k.lanes) + " move them transposed where contiguous; " : "");
  if (k.level == Level::sub_group)
    return "sub-group level, " + text(k.lanes) + " lanes x " + text(k.n / k.lanes) + " points per transform, " +
           text(k.per_group) + " transforms per group; ";
  return text(k.threads) + " work-items x " + text(k.per_group) + " transforms per group; " +
         (k.buffers == 1 ? "stages in place in one local buffer; " : "") +
         (k.pad > 0 ? "local buffers padded every " + text(k.pad) + " points; " : "") +
         (k.skew > 0 ? text(k.skew) + " reals between transforms' buffers; " : "");
}

// Elements per scratch chunk of a multi-pass, unfused real or generic plan whose
// chunk spans `buffers` scratch buffers (the batch runs in chunks so the scratch
// stays bounded). A CPU keeps 8 MiB in them together, in its caches: 2^20 points
// whatever the precision and buffers had made complex128 four-step 32768-262144
// up to 1.09x, Bluestein 4099 1.8x, Rader 65537 1.3x, rfft float64 131072 1.14x
// slower (2026-12-07, docs/performance-anysize.md). A GPU needs every pass launch to fill
// the device many times over: at 2^20 a 16384-point batch ran in launches of 64
// transforms, each under one wave on the H100's 132 multiprocessors, at 8% of its
// copy bandwidth (benchmarks/results/gpu_h100_notes_runs_4-11.md). 2^17 elements
// per compute unit (17 M on the H100: 138 MB of complex64 scratch), at most 1/64 of
// the device memory.
inline std::int64_t scratch_chunk_elements(const DeviceLimits& dev, Precision p, int buffers) {
  if (dev.is_cpu) return (std::int64_t(8) << 20) / std::int64_t(2 * real_size(p) * std::max(1, buffers));
  const auto by_units = std::int64_t(dev.compute_units) << 17;
  const auto by_memory = std::int64_t(dev.global_mem_bytes / 64 / 16);
  return std::max(std::int64_t(1) << 20, std::min(by_units, by_memory));
}

// Largest single-kernel length for this device and precision: the Stockham
// buffers of one transform must fit in local memory, and on a CPU at most
// kCpuMaxSingleKernelPoints: complex64 32768 in one kernel (one buffer of
// 256 KiB) ran 2.6x slower than its two passes (this 2-core EPYC, 64 MiB batches).
inline constexpr std::int64_t kCpuMaxSingleKernelPoints = 16384;
inline std::int64_t max_single_kernel_length(Precision p, const DeviceLimits& dev, int buffers) {
  const std::size_t per_point = buffers * 2 * real_size(p);
  std::int64_t n = 1;
  while (std::size_t(2 * n) * per_point <= dev.local_mem_bytes && !(dev.is_cpu && n >= kCpuMaxSingleKernelPoints))
    n *= 2;
  return n;
}

// GPU radices (swept on an H200 through the SYCL path, benchmarks/results/gpu_h200_notes_sessions_15-17.md):
// in single precision radix 16 from 1024 points in single kernels and fused
// real/trigonometric kernels (a stage fewer: 2048, 4096 and 8192 points 4%, 8%
// and 17% faster, R2C 4096's 2048-point FFT 8%; from 256 points the DCT-II
// 1024's 512-point FFT lost 15%), from 4096 in passes (2^20's 1024-point passes
// lost 34%) and in the NVRTC layer's kernels (pysyclfft/cuda: neither inlined nor
// laid out against bank conflicts, they lost 14-21% at 1024-2048 with radix 16);
// else radix 8. Double precision keeps radix 8 (its 16 points would double the
// registers; not measured). Smaller where that leaves fewer than min(4, n/2)
// threads per transform: a team coalesces its global accesses, one thread
// cannot (2x at n = 4, 8 on an H100).
// map: the FFT of a fused real or trigonometric kernel; makhoul_map: that of a
// fused DCT/DST-II/III (Makhoul through the packed real FFT). The CPU rule
// treats them apart; on GPUs they are single kernels. work_item: a CPU's
// transform of up to 64 points whole in one work-item's registers.
enum class KernelRole { single, map, makhoul_map, pass, nvrtc, work_item };
inline int gpu_max_pow2_radix(std::int64_t n, Precision p, KernelRole role = KernelRole::single) {
  const bool in_one_kernel = role != KernelRole::pass && role != KernelRole::nvrtc;
  const std::int64_t radix16_from = in_one_kernel ? 1024 : 4096;
  int radix = p == Precision::f32 && n >= radix16_from ? 16 : 8;
  while (radix > 2 && n / radix < std::min<std::int64_t>(4, n / 2)) radix /= 2;
  return radix;
}

// CPU radices (OpenCL CPU device, AMD EPYC, docs/performance-cpu-kernels.md "Radix 16 in
// the CPU's single kernels"): in single precision, single kernels of 512-16384
// points ran 1.14-1.33x faster with radix 16 (1024 as 16 16 4 in 64 work-items
// against 8 8 4 4 in 128), and so did the fused real and trigonometric kernels'
// FFTs from 256 points (1.13-1.49x); a single kernel of 256 points ran no faster
// and, in some processes, 40% slower; 128 points lost 50%, passes 8-20% (32768,
// 65536), double precision up to 25% (1024-4096), and the fused DCT-II/III from
// 1024-point FFTs 8-110% (DCT-III of 4096 twice as slow), so those keep radix 8.
inline int cpu_max_pow2_radix(std::int64_t n, Precision p, KernelRole role) {
  if (p != Precision::f32) return 8;
  switch (role) {
    case KernelRole::single: return n >= 512 ? 16 : 8;
    case KernelRole::map: return n >= 256 ? 16 : 8;
    case KernelRole::makhoul_map: return n >= 256 && n < 1024 ? 16 : 8;
    default: return 8;
  }
}

inline int max_pow2_radix(std::int64_t n, Precision p, const DeviceLimits& dev, KernelRole role) {
  return dev.is_cpu ? cpu_max_pow2_radix(n, p, role) : gpu_max_pow2_radix(n, p, role);
}

// Whether radices 3 and 5 take the leftover factors 2 (factorize.hpp,
// twos_taken_by_odd): in the CPU's single and fused map kernels of teams
// (1.1-1.6x faster where it applies). Not in its work-item kernels (60 points as
// 10 6 ran 0.88x as fast as 4 3 5), nor its pass kernels, whose teams the
// convolutions take (complex64 2053's 4320-point convolution as 8 9 6 10 ran
// 1.3x slower than as 8 4 9 3 5), nor on GPUs (not measured).
inline bool twos_into_odd(const DeviceLimits& dev, KernelRole role) {
  return dev.is_cpu && (role == KernelRole::single || role == KernelRole::map || role == KernelRole::makhoul_map);
}

// CPU team: whole SIMD vectors (a vector spanning two teams turns every access
// into a gather), sized to waste the fewest lanes over all stages (stage s has
// n/R_s butterflies; masked lanes past the end cost as much as busy ones), with
// at most about 4 butterflies per work-item in any stage (the loops unroll: code
// size) and at most 1024 work-items; the largest such team on ties.
inline int cpu_team_size(const std::vector<int>& radices, std::int64_t n, int lanes) {
  const auto whole_vectors = [lanes](std::int64_t x) { return int(kernels::round_up<std::int64_t>(x, lanes)); };
  std::int64_t most = 0;  // butterflies of the busiest stage
  for (int r : radices) most = std::max(most, n / r);
  const int largest = std::min(whole_vectors(most), 1024);
  int best = largest;
  std::int64_t best_slots = -1;
  const int smallest = std::min(whole_vectors(std::max<std::int64_t>(most / 4, 1)), largest);
  for (int t = smallest; t <= largest; t += lanes) {
    std::int64_t slots = 0;
    for (int r : radices) slots += kernels::round_up<std::int64_t>(n / r, t);
    if (best_slots < 0 || slots <= best_slots) best = t, best_slots = slots;
  }
  return best;
}

// A GPU transform alone on its multiprocessor (the longest single kernels) runs
// its middle stages in place, each work-item holding all its butterflies' points
// in registers between two barriers. Its team is at most kAloneTeam work-items:
// 1024 leave each 64 of the 65536 registers of an NVIDIA multiprocessor. Its
// power-of-two radix is at most kAloneRadix: on the H200 16384 complex64 as
// 16 16 16 4 in 512 work-items needed more registers than that group has (as in
// 1024), and its plan fell back to two passes; 8 8 8 8 4 in 512 work-items ran
// 1.96x faster than those passes (1943 against 991 GB/s, one call).
inline constexpr std::int64_t kAloneTeam = 512;
inline constexpr int kAloneRadix = 8;

// Team-level parameters (what every single-kernel transform can build on, e.g.
// the fused real/trigonometric kernels, with two Stockham buffers). nullopt-like:
// returns params with empty radices if n cannot run in one work-group.
// The role picks the radix rules (max_pow2_radix, twos_into_odd); pow2_radix > 0
// overrides the device's power-of-two radix.
inline C2CKernelParams choose_c2c_params(std::int64_t n, Precision p, const DeviceLimits& dev, int buffers = 2,
                                         KernelRole role = KernelRole::single, int pow2_radix = 0) {
  C2CKernelParams k;
  k.n = n;
  k.precision = p;
  k.lanes = team_lanes(p, dev);
  k.buffers = buffers;
  if (pow2_radix == 0) pow2_radix = max_pow2_radix(n, p, dev, role);
  k.radices = n == 1 ? std::vector<int>{1} : stockham_radices(n, pow2_radix, twos_into_odd(dev, role));
  if (k.radices.empty() || n > max_single_kernel_length(p, dev, buffers)) {
    k.radices.clear();
    return k;
  }
  // GPU (tuned on an H100, docs/performance-gpu.md): groups are best at about a
  // third of the local memory, so that a multiprocessor holds three of them.
  const std::size_t gpu_local_budget = dev.local_mem_bytes / 3;
  // GPU team: one work-item per butterfly of the stage with the fewest butterflies
  // (its largest radix), capped so big transforms loop instead of forming huge teams;
  // a transform too big for that budget runs alone on its multiprocessor, so it
  // takes a large team to keep enough loads in flight (kAloneTeam) and radix 8
  // (kAloneRadix).
  const bool alone = !dev.is_cpu && k.local_bytes() > gpu_local_budget;
  if (alone && pow2_radix > kAloneRadix) k.radices = stockham_radices(n, kAloneRadix);
  const int max_radix = *std::max_element(k.radices.begin(), k.radices.end());
  const std::int64_t team_cap = alone ? std::min<std::int64_t>(dev.max_group_size, kAloneTeam) : 256;
  k.threads = dev.is_cpu ? cpu_team_size(k.radices, n, k.lanes)
                         : int(std::max<std::int64_t>(1, std::min<std::int64_t>(n / max_radix, team_cap)));
  // Pack transforms until the group reaches a useful size or local memory runs
  // out. GPU: 128 work-items (swept on an H200: against groups of 512, 128-2048
  // points 5-18% faster, the fused R2C and DCT-II kernels 9-15%, 2401 = 7^4
  // 21%; not profiled: more, smaller groups per multiprocessor may hide each
  // other's barriers). CPU: 64 work-items in single precision; in double
  // precision groups stop at 16 (one transform per group for most lengths:
  // complex128 128 points 1.42x faster, 64-2048 1.02-1.09x, docs/performance-cpu-kernels.md;
  // single precision moved both ways, 0.92-1.08x).
  const int target_group = !dev.is_cpu ? 128 : p == Precision::f64 ? 16 : 64;
  const std::size_t local_budget = dev.is_cpu ? std::min<std::size_t>(dev.local_mem_bytes, 64 * 1024) : gpu_local_budget;
  while (k.group_size() * 2 <= target_group && std::size_t(k.group_size() * 2) <= dev.max_group_size &&
         (k.radices.size() <= 1 || 2 * k.local_bytes() <= local_budget))
    k.per_group *= 2;
  return k;
}

// The work-item kernel's sub-group size: n where a sub-group of n work-items can
// load n neighbouring transforms as whole vectors and transpose them in
// registers (kernels/transposed_rows.hpp): n a power of two from 4 up to the
// SIMD width the device's team kernels use (dev.lanes; on the OpenCL CPU device
// complex64 4-16 points ran 1.6-2.3x faster, while sub-groups of 32 and 64 ran
// 100x slower); else dev.lanes.
inline int transposing_lanes(std::int64_t n, const DeviceLimits& dev) {
  const bool power_of_two = n >= 4 && (n & (n - 1)) == 0;
  return power_of_two && n <= dev.lanes && dev.offers_sub_group(int(n)) ? int(n) : dev.lanes;
}

// The batched FFT kernel of a c2c plan, and of a fused real/trigonometric plan
// (mapped_plan.hpp: the map's FFT of length n): on a CPU, short transforms run
// one per work-item, in registers (measured on the OpenCL CPU device: faster
// than teams up to 64 points; at 256 the fully unrolled transform spills and
// teams win; rfft/irfft/DCT-II of 4-128 points 3-14x faster than teams, whose
// 16 work-items shared 1-8 butterflies), in large groups that amortise the
// per-group cost; else the team level.
inline constexpr std::int64_t kItemMaxLength = 64;
inline C2CKernelParams choose_c2c_kernel(std::int64_t n, Precision p, const DeviceLimits& dev,
                                         std::int64_t max_item_length = kItemMaxLength,
                                         KernelRole role = KernelRole::single) {
  const bool in_registers = dev.is_cpu && n <= max_item_length;
  C2CKernelParams k = choose_c2c_params(n, p, dev, 2, in_registers ? KernelRole::work_item : role);
  if (in_registers && !k.radices.empty()) {
    k.level = Level::work_item;
    k.threads = 1;
    k.per_group = int(std::min<std::size_t>(256, dev.max_group_size));
    k.lanes = transposing_lanes(n, dev);
  }
  return k;
}

// On a GPU (dev.bank_layout), the layout of a team kernel's local buffers that
// plan/bank_conflicts.hpp prices lowest: a pad of 2-32 points and, where a warp
// holds several transforms, 0-31 reals between their buffers. It must cut the
// plain layout's cost by an eighth (it costs local memory), fit, and leave a
// multiprocessor as many groups as the plain layout, or three (groups are best
// at about a third of the local memory, choose_c2c_params). Large pads come
// first: the best layout of a long transform is usually one, and the model stops
// counting a layout once it is worse. Kernels of one stage or none keep theirs.
inline C2CKernelParams with_bank_layout(const C2CKernelParams& plain, const DeviceLimits& dev) {
  if (!dev.bank_layout || plain.level != Level::team || plain.radices.size() < 2) return plain;
  const auto groups = [&](const C2CKernelParams& k) { return dev.local_mem_bytes / std::max<std::size_t>(1, k.local_bytes()); };
  const std::size_t min_groups = std::min<std::size_t>(groups(plain), 3);
  C2CKernelParams best = plain;
  const auto accesses = team_local_accesses(plain.n, plain.radices, plain.threads, plain.per_group);
  std::int64_t cheapest = local_access_cost(accesses, plain.team_layout()) * 7 / 8;
  const int skews = plain.threads < kLocalBanks ? kLocalBanks : 1;
  for (int pad : {32, 16, 8, 4, 2, 0})
    for (int skew = pad == 0 ? 1 : 0; skew < skews && pad < plain.n; ++skew) {
      C2CKernelParams k = plain;
      k.pad = pad;
      k.skew = skew;
      if (k.local_bytes() > dev.local_mem_bytes || groups(k) < min_groups) continue;
      const std::int64_t cost = local_access_cost(accesses, k.team_layout(), cheapest);
      if (cost < cheapest) best = k, cheapest = cost;
    }
  return best;
}

// A c2c plan's power-of-two transforms above this length run as teams on a CPU:
// at 64 points the work-item kernel spills its 64 points per SIMD lane and
// gathers every load (docs/performance.md), and teams took 8-10% less time
// (complex64; complex128 alike, two sittings). Other lengths up to 64
// points and the fused maps' FFTs keep the work-item level: as teams 40, 48 and
// 60 points ran 25-55% slower, the rfft of 128 points (its FFT of 64) 45%.
inline constexpr std::int64_t kItemMaxPow2C2C = 32;

// The sub-group level (kernels/subgroup_fft.hpp) where it serves: on a CPU,
// power-of-two lengths of 1 to kSubgroupMaxPoints points per lane of the team
// kernels' sub-group (team_lanes); its radices are the points per lane and the
// radix-2 lane stages. Else no radices.
inline constexpr int kSubgroupMaxPoints = 16;
inline C2CKernelParams subgroup_kernel(std::int64_t n, Precision p, const DeviceLimits& dev) {
  C2CKernelParams k;
  k.n = n;
  k.precision = p;
  k.lanes = team_lanes(p, dev);
  const bool power_of_two = (n & (n - 1)) == 0;
  if (!dev.is_cpu || !power_of_two || n < k.lanes || n > std::int64_t(k.lanes) * kSubgroupMaxPoints ||
      !dev.offers_sub_group(k.lanes))
    return k;
  k.level = Level::sub_group;
  k.threads = k.lanes;
  k.per_group = std::max(1, 256 / k.lanes);
  if (n > k.lanes) k.radices.push_back(int(n / k.lanes));
  for (int d = 1; d < k.lanes; d *= 2) k.radices.push_back(2);
  return k;
}

// The batched single-kernel c2c transform (c2c_plan.hpp): the sub-group level where
// it serves, else choose_c2c_kernel (on a CPU power-of-two lengths above
// kItemMaxPow2C2C as teams), but on a GPU a
// transform whose two Stockham buffers would leave a multiprocessor a single
// work-group, or not fit at all, runs its middle stages in place in one
// buffer: twice the work-groups per multiprocessor, and lengths up to twice as
// long in one kernel (on the H100 8192 complex64 ran at 64% of the copy
// bandwidth alone on its multiprocessor, 16384 in two passes at 28%). A CPU
// takes one buffer where two do not fit: complex128 16384 (256 KiB, the OpenCL
// CPU device's local memory) in one kernel took 18.3 ms against 43.1 in two
// passes (best of 3 processes, 64 MiB batches, this 2-core EPYC). Buffers are
// laid out against bank conflicts (with_bank_layout).
inline C2CKernelParams choose_batched_c2c_kernel(std::int64_t n, Precision p, const DeviceLimits& dev) {
  const bool power_of_two = (n & (n - 1)) == 0;
  if (const C2CKernelParams s = subgroup_kernel(n, p, dev); !s.radices.empty()) return s;
  C2CKernelParams k = choose_c2c_kernel(n, p, dev, power_of_two ? kItemMaxPow2C2C : kItemMaxLength);
  if (k.radices.empty() || (!dev.is_cpu && k.local_bytes() > dev.local_mem_bytes / 3)) {
    const C2CKernelParams one = choose_c2c_params(n, p, dev, 1);
    if (!one.radices.empty()) k = one;
  }
  return with_bank_layout(k, dev);
}

// Whether a CPU's row groups (line_groups.hpp) should take batches of rows from the
// single-kernel transform `team`. On this 2-core EPYC (docs/performance-cpu-rows.md):
// where a stage leaves the team's work-items uneven (all but powers of two) the team
// was 1.1-4.2x slower; at powers of two rows won at 2-8 KiB a transform (complex64
// 256-1024 1.29 / 1.25 / 1.07x, complex128 128-512 1.02 / 1.17 / 1.01x), lost below
// (complex64 128, sub-group level: 0.60x) and above (2048: 0.80 / 0.51x).
inline bool rows_outrun_team(const C2CKernelParams& team) {
  if (team.level == Level::work_item) return false;
  const std::int64_t bytes = team.n * 2 * std::int64_t(real_size(team.precision));
  if ((team.n & (team.n - 1)) == 0) return bytes >= 2048 && bytes <= 8192;
  for (int r : team.radices)
    if ((team.n / r) % team.threads != 0) return true;
  return false;
}

// A pass of a multi-pass transform (plan/multipass_geometry.hpp): the single-kernel
// team for the pass length, several lines per work-group. `columns` > 0: the
// pass's lines are that many neighbouring columns on at least one side (line d:
// elements d + i*stride). Such a pass takes `interleave` lines per group, laid
// out so that neighbouring work-items are neighbouring lines running the same
// butterfly (contiguous loads and stores, uniform index arithmetic and Stockham
// twiddles): as many as local memory and the group size allow, up to team_lanes,
// a divisor of `columns` (a group never straddles two transforms). A CPU packs
// those lines into the SIMD lanes of one sub-group, so it needs a sub-group of
// `interleave` (the largest offered); a GPU coalesces neighbouring work-items
// whatever its sub-group, so long passes take a few lines each (1024 points on
// the H100: 4 lines of 128 work-items, groups being at most 512; as teams, every
// work-item's load touched its own 32-byte sector). Measured on the OpenCL CPU device
// (docs/performance-anysize.md): 2-2.8x faster complex64 multi-pass transforms
// than teams of Stockham::run; on the H100 16384 and 32768 points ran 11-14%
// faster with 32 lines (on the H200 as fast as with 16 or 8; 4 lost up to 26%).
// Other passes take up to kPassTeams lines per group, SIMD lanes across each
// line's team, so a group's teams share the cache lines they touch.
struct PassKernelParams : C2CKernelParams {
  int interleave = 1;     // lines sharing the local buffers point by point (= per_group), or 1
  bool twiddled = false;  // a pass before the last: stores the inter-pass twiddles (set by the planner)
  int row_pitch = 0;      // > 0: a column group loads other inputs through local memory, rows this far apart
  std::size_t local_bytes() const {
    return std::size_t(kernels::pass_local_elements(int(n), per_group, row_pitch, radices.size() > 1, buffers)) * 2 *
           real_size(precision);
  }
};

// Reals between two rows of a column group's input in local memory
// (kernels/column_rows.hpp): the length padded so that a sub-group of 32
// work-items reading one point of `lines` lines, 32/lines neighbouring points
// each (the first stage's reads, the row loads along lines), touches 32 distinct
// banks of 4 bytes (the local memory of NVIDIA, AMD and Intel GPUs).
inline int gpu_row_pitch(std::int64_t n, int lines) {
  const int step = lines < 32 ? 32 / lines : 1;
  return int(n + ((step - n % 32) % 32 + 32) % 32);
}

inline constexpr int kPassTeams = 8;

// Makes `k` a column group of as many lines as fit (see PassKernelParams): up
// to register_lanes, a divisor of `columns`, within the group size and `budget` bytes
// of local memory; false if none does. A GPU's two-buffer groups get a row pitch
// (the rows share the second buffer's memory); one-buffer groups none: they are
// only taken where the input lines are columns (take_one_buffer).
inline bool fit_column_group(PassKernelParams& k, const DeviceLimits& dev, std::int64_t columns, std::size_t budget) {
  for (int lines = register_lanes(k.precision, dev); lines >= (dev.is_cpu ? 4 : 2); lines /= 2) {
    k.per_group = k.interleave = lines;
    k.row_pitch = dev.is_cpu || k.buffers == 1 ? 0 : gpu_row_pitch(k.n, lines);
    if (columns % lines == 0 && (!dev.is_cpu || dev.offers_sub_group(lines)) &&
        std::size_t(k.group_size()) <= dev.max_group_size && k.local_bytes() <= budget) {
      if (dev.is_cpu) k.lanes = lines;
      return true;
    }
  }
  return false;
}

// A column group of long lines whose input lines are neighbouring columns too
// (every pass but a plan's last, the columns of n-D arrays) may run its middle
// stages in place in one Stockham buffer, with radix 16 (fewer work-items per
// line): where two buffers fit at most kOneBufferLines lines, and one fits more
// into a third of the local memory, or as many in less. Measured on an H200
// (benchmarks/results/gpu_h200_notes_sessions_15-17.md): 2^18 (512-point lines, 8 -> 16 per group) 6%
// faster, 2^20 (1024, 4 -> 8) 2%, 1024^2 8%, complex128 2^20 (4 lines in 64 KiB
// instead of 128) 21%; but groups of 16 or 32 shorter lines lost 10-32% (2^14
// to 2^16, 2^22, 2^24, 256^3).
// On GPUs a group of fewer than kSectorLines lines leaves the 32-byte sectors of its
// column loads part used (two complex64 lines: 16 bytes); where no more fit in a third
// of the local memory, half the work-items per line over the whole of it make room:
// 4096^2 complex64 (2 lines of 256 work-items -> 4 of 128) 725 -> 1275 GB/s on an H200,
// the other nd and large rows within 1% (sweep 28, gpu_h200_notes.md).
inline constexpr int kOneBufferLines = 8, kSectorLines = 4;
inline void take_one_buffer(PassKernelParams& k, const DeviceLimits& dev, std::int64_t columns) {
  if (k.interleave > kOneBufferLines) return;
  const PassKernelParams radix16{choose_c2c_params(k.n, k.precision, dev, 1, KernelRole::pass, 16)};
  PassKernelParams one = radix16;
  if (one.radices.size() < 2 || !fit_column_group(one, dev, columns, dev.local_mem_bytes / 3)) return;
  if (!dev.is_cpu && one.interleave < kSectorLines) {
    PassKernelParams wide = radix16;
    wide.threads = std::max(1, wide.threads * one.interleave / kSectorLines);
    if (fit_column_group(wide, dev, columns, dev.local_mem_bytes) && wide.interleave >= kSectorLines) one = wide;
  }
  if (one.interleave > k.interleave || (one.interleave == k.interleave && one.local_bytes() < k.local_bytes()))
    k = one;
}

inline PassKernelParams choose_pass_params(std::int64_t len, Precision p, const DeviceLimits& dev,
                                           std::int64_t columns, bool rows_in) {
  PassKernelParams k{choose_c2c_params(len, p, dev, 2, KernelRole::pass)};
  if (k.radices.empty()) return k;
  if (columns > 0) {
    const int teams = k.per_group;
    if (fit_column_group(k, dev, columns, dev.local_mem_bytes)) {
      if (dev.one_buffer_columns && !rows_in) take_one_buffer(k, dev, columns);
      return k;
    }
    k.interleave = 1;
    k.row_pitch = 0;
    k.per_group = dev.is_cpu ? 1 : teams;
  }
  while (k.per_group < kPassTeams && std::size_t(k.group_size() * 2) <= dev.max_group_size &&
         2 * k.local_bytes() <= dev.local_mem_bytes)
    k.per_group *= 2;
  return k;
}

// The team of a Bluestein or Rader convolution of length len whose two FFTs run
// in one kernel (kernels/convolution.hpp), or empty radices where none: the
// one-pass FFT's own team (choose_pass_params: two buffers, several teams per
// group), else, where two buffers do not fit (GPUs: 12288 points, 4099's
// Bluestein length), a team of one buffer (as a GPU's long single kernels,
// choose_batched_c2c_kernel; on any device under PYSYCLFFT_ONE_BUFFER_CONVOLUTION=1,
// for tests) but in a CPU's double precision, which takes passes (4099's in one
// buffer ran 1.77x slower than two passes on the AVX2 EPYC); on CPUs of
// register_lanes. Unpadded: with the single kernels' bank layout (with_bank_layout) 1009
// ran level on an H200, and 4099's kernel (one buffer, pad 32) needed more registers
// than its 512 work-items may hold, so it fell back to two launches (174 GB/s
// against 265 unpadded in one kernel). Teams at least two stages long, laid end to
// end, within local memory with Rader's two end values each.
inline PassKernelParams convolution_params(std::int64_t len, Precision p, const DeviceLimits& dev) {
  PassKernelParams k = dev.one_buffer_convolution ? PassKernelParams{} : choose_pass_params(len, p, dev, 0, true);
  const bool one_buffer = dev.one_buffer_convolution || !dev.is_cpu || p == Precision::f32;
  if (k.radices.empty() && one_buffer) k = PassKernelParams{choose_c2c_params(len, p, dev, 1)};
  const int lanes = register_lanes(p, dev);
  if (dev.is_cpu && !k.radices.empty() && k.lanes > lanes && dev.offers_sub_group(lanes)) {
    k.lanes = lanes;
    k.threads = cpu_team_size(k.radices, len, lanes);
  }
  const std::size_t local =
      std::size_t(kernels::convolution_team_elements(int(len), k.buffers)) * k.per_group * 2 * real_size(p);
  if (!dev.fused_convolution || k.level != Level::team || k.radices.size() < 2 || k.interleave != 1 ||
      local > dev.local_mem_bytes)
    k.radices.clear();
  return k;
}

// How a column group's lines lie on one side: neighbouring lines on neighbouring
// elements (unit), each line's points contiguous (rows), or neither.
enum class LineSide { strided, unit, rows };
inline LineSide line_side(const kernels::LineStrides& s) {
  return s.s0 == 1 ? LineSide::unit : s.si == 1 && s.s0 != 0 ? LineSide::rows : LineSide::strided;
}

// Whether a CPU's column group `k` moves rows by sub-group transposes
// (kernels/staged_rows.hpp): its lines are the lanes of one sub-group, staged in
// the second of two buffers around at least two stages.
inline bool stages_rows(const PassKernelParams& k, const DeviceLimits& dev) {
  return dev.row_groups && k.interleave > 1 && k.interleave == k.lanes && k.buffers == 2 && k.radices.size() > 1;
}

// The line group of Rader's convolution of length len in one kernel for a CPU's
// batch of rows or columns (kernels/convolution_lines.hpp), or empty radices: the
// length's column group where it stages rows, with each line's end value.
inline PassKernelParams convolution_lines_params(std::int64_t len, Precision p, const DeviceLimits& dev) {
  if (!dev.row_groups || !dev.fused_convolution) return PassKernelParams{};
  PassKernelParams k = choose_pass_params(len, p, dev, std::int64_t(1) << 30, /*rows_in=*/true);
  const auto local = std::size_t(kernels::convolution_lines_elements(int(len), k.interleave)) * 2 * real_size(p);
  if (k.radices.empty() || !stages_rows(k, dev) || local > dev.local_mem_bytes) k.radices.clear();
  return k;
}

// The access a column group's pass kernel is compiled for (kernels::PassAccess):
// on a CPU the launch's own (unit sides; row sides staged where stages_rows, else
// gathered as strided ones), one kernel per pattern a plan meets. The OpenCL CPU
// device's compiler slowed every pattern of a kernel holding all of them, one copy
// of the Stockham core each (2^15 complex64 plans 4x, docs/performance-anysize.md).
// GPUs: one kernel chooses at run time.
inline int pass_access(const PassKernelParams& k, LineSide in, LineSide out, const DeviceLimits& dev) {
  if (!dev.is_cpu || k.interleave <= 1) return kernels::kAccessAny;
  const bool staged = stages_rows(k, dev);
  auto bits = [staged](LineSide side, int unit, int rows) {
    return side == LineSide::unit ? unit : side == LineSide::rows && staged ? rows : 0;
  };
  return bits(in, kernels::kAccessUnitIn, kernels::kAccessRowsIn) |
         bits(out, kernels::kAccessUnitOut, kernels::kAccessRowsOut);
}

// Work-group size of elementwise kernels (the unfused real/trigonometric map passes).
inline std::size_t elementwise_group_size(const DeviceLimits& dev) {
  return std::min<std::size_t>(256, dev.max_group_size);
}

}  // namespace pysyclfft::plan
