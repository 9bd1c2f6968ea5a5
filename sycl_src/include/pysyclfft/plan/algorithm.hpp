// The one dispatcher of complex transforms: which algorithm a length takes
// (single work-group kernel, four-step passes, Bluestein, Rader), in how many
// passes of which lengths, from the length, the precision and the device
// (kernel_params.hpp chooses each kernel's parameters). The plans
// (c2c_plan.hpp, multipass_plan.hpp, any_c2c_plan.hpp) only follow its choice.
#pragma once
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernel_params.hpp"
#include "pass_split.hpp"
#include "rader_tables.hpp"

namespace pysyclfft::plan {

inline constexpr int kMaxPasses = 3;

// On a GPU a multi-pass plan takes passes of at most this many points where
// kMaxPasses of them suffice: longer passes pack few lines into a work-group
// (2048 complex64 points: 4 lines, 32 bytes of each row; 4096: 2) and leave one
// group per multiprocessor. On the H100 (benchmarks/pass_sweep.py,
// benchmarks/results/gpu_h100_notes.md) 2^21-2^24 complex64 ran at 305-388 GB/s
// in two passes of 2048-4096 points, at 577-612 GB/s in three of 128-256; 2^20
// in two passes of 1024 beat three (767 against 652 GB/s).
inline constexpr std::int64_t kGpuMaxPassPoints = 1024;

// Pass lengths for an FFT of length `len` (one entry when it runs in one work-group),
// empty when there is none. Middle passes run in place, so need >= 2 Stockham stages.
// `max_pass` > 0 caps the pass length below what the device allows and takes the
// fewest passes under it, GPUs too (tests use it to exercise three passes on small
// lengths; pass_sweep.py to time each split).
inline std::vector<std::int64_t> fft_pass_lengths(std::int64_t len, Precision p, const DeviceLimits& lim,
                                                  std::int64_t max_pass) {
  auto split = [&](std::int64_t cap) {
    return split_into_passes(len, kMaxPasses, [&](std::int64_t f, int pos, int passes) {
      const C2CKernelParams k = choose_c2c_params(f, p, lim);
      if (k.radices.empty() || (cap > 0 && passes > 1 && f > cap) || (max_pass > 0 && f > max_pass)) return false;
      return pos == 0 || pos == passes - 1 || k.radices.size() >= 2;
    });
  };
  if (!lim.is_cpu && max_pass <= 0) {
    std::vector<std::int64_t> short_passes = split(kGpuMaxPassPoints);
    if (!short_passes.empty()) return short_passes;
  }
  return split(0);
}

// Two in-place passes N0*N1 with N1 a multiple of N0 (the in-place transpose needs
// it), as square as possible; empty when there are none.
inline std::vector<std::int64_t> in_place_pass_lengths(std::int64_t len, Precision p, const DeviceLimits& lim,
                                                       std::int64_t max_pass) {
  auto fits = [&](std::int64_t f) {
    const C2CKernelParams k = choose_c2c_params(f, p, lim);
    return k.radices.size() >= 2 && (max_pass <= 0 || f <= max_pass);
  };
  std::vector<std::int64_t> best;
  for (auto d : divisors(len))
    if (d * d <= len && (len / d) % d == 0 && fits(d) && fits(len / d)) best = {d, len / d};
  return best;
}

// memory="auto" (work buffers where they make a plan faster) or "minimal" (its tables only, or refused).
enum class Memory { automatic, minimal };

// How a length is transformed: one work-group, four-step passes, or a cyclic
// convolution by two FFTs (Bluestein, or Rader for primes).
enum class Algorithm { single_kernel, four_step, bluestein, rader };

// Pass lengths of a Bluestein or Rader convolution's FFTs of length `len`: one
// where both run in one kernel (convolution_params), else fft_pass_lengths.
inline std::vector<std::int64_t> convolution_pass_lengths(std::int64_t len, Precision p, const DeviceLimits& lim,
                                                          std::int64_t max_pass) {
  if (max_pass <= 0 && !convolution_params(len, p, lim).radices.empty()) return {len};
  return fft_pass_lengths(len, p, lim, max_pass);
}

// Bluestein's convolution length for n: bluestein_length(n) (2^a or 3*2^a), or for
// float on a CPU the shortest length whose FFTs ran faster on the 2-core AMD EPYC
// (2026-12-07, alternating runs, complex64; docs/performance-anysize.md): where both
// FFTs fit one kernel (compiled for n anyway) any 5-smooth length (4099, 2053: 8640 /
// 4320 instead of 12288 / 6144, 1.35x / 1.12x faster), else 9*2^a where it is shorter
// (it then is by 25%: 65539 and 131101 at 147456 and 294912, 1.5x faster; 135000 =
// 360*375 had been 1.28x slower than 196608). The L2 error grows ~13-20% (4099
// 1.7e-7 -> 2.1e-7, 2200013 2.3e-7 -> 2.7e-7; bound 3e-7); complex128 keeps 2^a or
// 3*2^a: its one-kernel lengths ran no faster, and with 9*2^a its error reached
// 5.7e-16 at 1100009 (bound 6e-16). GPUs keep 2^a or 3*2^a: on an H200 the fused
// convolution of 4099 at 8640 ran at 216 GB/s against 274 at 12288 (2026-12-07).
inline std::int64_t bluestein_fft_length(std::int64_t n, Precision p, const DeviceLimits& lim, std::int64_t max_pass) {
  const std::int64_t base = bluestein_length(n), need = 2 * n - 1;
  if (p != Precision::f32 || !lim.is_cpu) return base;
  constexpr int kAny = 64;  // factors of 3 or 5: more than any length has
  const std::int64_t five_smooth = smooth_length_at_least(need, base + 1, kAny, kAny);
  if (max_pass <= 0 && five_smooth > 0 && !convolution_params(five_smooth, p, lim).radices.empty()) return five_smooth;
  const std::int64_t nine = smooth_length_at_least(need, base, 2, 0);
  return nine > 0 ? nine : base;
}

// The length of the FFTs an algorithm runs for a transform of length n.
inline std::int64_t fft_length(Algorithm a, std::int64_t n, Precision p, const DeviceLimits& lim,
                               std::int64_t max_pass) {
  return a == Algorithm::bluestein ? bluestein_fft_length(n, p, lim, max_pass) : a == Algorithm::rader ? n - 1 : n;
}

// Cost of a convolution's FFTs of length `len` in `passes` passes: the arithmetic
// (~len*log2 len) plus one sweep over device memory per pass, which dominates at
// multi-pass lengths. Infinite where no plan of at most kMaxPasses passes exists.
inline double convolution_cost(std::int64_t len, std::size_t passes) {
  if (passes == 0) return 1e300;
  return double(len) * (std::log2(double(len)) + 8.0 * double(passes));
}

inline Algorithm choose_algorithm(std::int64_t n, Precision p, const DeviceLimits& lim, std::int64_t max_pass = 0) {
  if (!choose_batched_c2c_kernel(n, p, lim).radices.empty() && (max_pass <= 0 || n <= max_pass))
    return Algorithm::single_kernel;
  if (!stockham_radices(n).empty()) return Algorithm::four_step;
  if (is_prime(n) && !stockham_radices(n - 1).empty()) {
    const std::int64_t bluestein = bluestein_fft_length(n, p, lim, max_pass);
    if (convolution_cost(n - 1, convolution_pass_lengths(n - 1, p, lim, max_pass).size()) <
        convolution_cost(bluestein, convolution_pass_lengths(bluestein, p, lim, max_pass).size()))
      return Algorithm::rader;
  }
  return Algorithm::bluestein;
}

// The pass lengths of a multi-pass plan for n (of its FFT's length), or an
// error saying why there is none.
inline std::vector<std::int64_t> planned_pass_lengths(std::int64_t n, Precision p, const DeviceLimits& lim,
                                                       std::int64_t max_pass, Memory memory) {
  const Algorithm a = choose_algorithm(n, p, lim, max_pass);
  const std::int64_t len = fft_length(a, n, p, lim, max_pass);
  if (memory == Memory::minimal) {
    if (a != Algorithm::four_step)
      throw std::invalid_argument("pysyclfft: memory='minimal' plans need a length whose prime factors are at most 13, got " +
                                  std::to_string(n));
    const auto lengths = in_place_pass_lengths(len, p, lim, max_pass);
    if (lengths.empty())
      throw std::invalid_argument("pysyclfft: memory='minimal' has no in-place split of length " + std::to_string(n) +
                                  " (needs N0*N1 with N1 a multiple of N0, each one work-group's size)");
    return lengths;
  }
  const auto lengths =
      a == Algorithm::four_step ? fft_pass_lengths(len, p, lim, max_pass) : convolution_pass_lengths(len, p, lim, max_pass);
  if (lengths.empty())
    throw std::domain_error("pysyclfft: no plan for length " + std::to_string(n) + " (FFT length " +
                            std::to_string(len) + " needs more than " + std::to_string(kMaxPasses) + " passes)");
  return lengths;
}

}  // namespace pysyclfft::plan
