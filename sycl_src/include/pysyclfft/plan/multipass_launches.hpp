// The launch sequence of a multi-pass plan (multipass_plan.hpp): which kernel
// each launch runs, which buffer it reads and writes, and what its loads and
// stores fuse; independent of the plan's buffers, so that precompiling a length
// names the same kernels its plan will get.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "../kernels/convolution.hpp"
#include "../kernels/multipass.hpp"
#include "algorithm.hpp"
#include "entry_points.hpp"
#include "kernel_params.hpp"
#include "multipass_geometry.hpp"

namespace pysyclfft::plan {

// input/output: the user's arrays (in and out layouts); scratch: the plan's.
enum class MultipassBuffer { input, output, scratch1, scratch2 };
enum class MultipassStep { pass, convolve, transpose, permute };

struct MultipassLaunch {
  MultipassStep step;
  std::size_t pass;
  int sign, load, store;  // kernels::PassLoad, kernels::PassStore
  MultipassBuffer src, dst;
  bool scaled;
  int rader = 0;  // kernels::RaderEnds flags
};

// Makes a Bluestein or Rader plan's one pass the team that runs both FFTs in
// one kernel (convolution_params, kernels/convolution.hpp); returns whether it does.
inline bool fuse_convolution(Algorithm a, MultipassGeometry& g, const DeviceLimits& lim) {
  if ((a != Algorithm::bluestein && a != Algorithm::rader) || g.passes.size() != 1) return false;
  const PassKernelParams k = convolution_params(g.fft_len, g.passes[0].k.precision, lim);
  if (k.radices.empty()) return false;
  g.passes[0].k = k;
  g.launch_transforms = max_launch_transforms(g.passes, lim.max_groups_per_dim);
  return true;
}

// The launches of one forward and then one backward transform, in order (as
// many of each). `fused`: the convolution's one launch (fuse_convolution).
inline std::vector<MultipassLaunch> multipass_launches(Algorithm a, std::size_t passes, Memory memory,
                                                       bool fused = false) {
  using Buffer = MultipassBuffer;
  using Step = MultipassStep;
  std::vector<MultipassLaunch> out;
  for (int sign : {-1, +1}) {
    if (memory == Memory::minimal) {  // columns input -> output, rows and transposes in place
      out.push_back({Step::pass, 0, sign, kernels::kLoadPlain, kernels::kStoreTwiddle, Buffer::input, Buffer::output, false});
      out.push_back({Step::pass, 1, sign, kernels::kLoadPlain, kernels::kStorePlain, Buffer::output, Buffer::output, true});
      out.push_back({Step::transpose, 0, sign, 0, 0, Buffer::output, Buffer::output, false});
      out.push_back({Step::permute, 0, sign, 0, 0, Buffer::output, Buffer::output, false});
      continue;
    }
    // One FFT of `passes` passes from src to dst; middle passes in place on scratch1.
    // Rader's first FFT saves x[0] in its first pass and its output 0 in its last.
    auto fft = [&](int fft_sign, Buffer src, Buffer dst, int first_load, int last_store, bool scaled, bool save_ends) {
      for (std::size_t p = 0; p < passes; ++p) {
        const bool first = p == 0, last = p + 1 == passes;
        const int ends = save_ends ? (first ? kernels::kSaveX0 : 0) | (last ? kernels::kSaveSum : 0) : 0;
        out.push_back(MultipassLaunch{Step::pass, p, fft_sign, first ? first_load : kernels::kLoadPlain,
                                      last ? last_store : kernels::kStoreTwiddle, first ? src : Buffer::scratch1,
                                      last ? dst : Buffer::scratch1, last && scaled, ends});
      }
    };
    const bool rader = a == Algorithm::rader;
    if (fused) {  // the first FFT's loads, the second's stores
      out.push_back({Step::convolve, 0, sign, rader ? kernels::kLoadRader : kernels::kLoadChirp,
                     rader ? kernels::kStoreRader : kernels::kStoreChirp, Buffer::input, Buffer::output, true});
      continue;
    }
    if (a == Algorithm::bluestein || a == Algorithm::rader) {
      fft(sign, Buffer::input, Buffer::scratch2, rader ? kernels::kLoadRader : kernels::kLoadChirp,
          kernels::kStoreSpectrum, false, rader);
      fft(-sign, Buffer::scratch2, Buffer::output, kernels::kLoadPlain,
          rader ? kernels::kStoreRader : kernels::kStoreChirp, true, false);
    } else {
      fft(sign, Buffer::input, Buffer::output, kernels::kLoadPlain, kernels::kStorePlain, true, false);
    }
  }
  return out;
}

// The load and store modes pass `pass` of `passes` is compiled for
// (kernels::PassModes): a convolution's FFTs take their tables in their first
// pass's loads and their last pass's stores, every other pass is plain.
inline int pass_modes(Algorithm a, std::size_t pass, std::size_t passes) {
  if (a != Algorithm::bluestein && a != Algorithm::rader) return kernels::kModesPlain;
  const int io = (pass == 0 ? kernels::kModesLoad : 0) | (pass + 1 == passes ? kernels::kModesStore : 0);
  return io == 0 ? kernels::kModesPlain : io | (a == Algorithm::rader ? kernels::kModesRader : 0);
}

// The kernel of a pass launch whose sides' elements lie in_stride, out_stride apart.
inline std::string pass_launch_kernel_name(const MultipassLaunch& l, const MultipassGeometry& g, Algorithm a,
                                           std::int64_t in_stride, std::int64_t out_stride) {
  const MultipassPass& ps = g.passes[l.pass];
  return pass_kernel_name(ps.k, l.sign, pass_modes(a, l.pass, g.passes.size()), ps.access(in_stride, out_stride));
}

// The kernel of each launch, for arrays of contiguous transforms (others may need
// other pass kernels, MultipassPass::access).
inline std::vector<std::string> multipass_kernel_names(const std::vector<MultipassLaunch>& launches,
                                                       const MultipassGeometry& g, Algorithm a, Precision p) {
  std::vector<std::string> names;
  for (const MultipassLaunch& l : launches)
    names.push_back(l.step == MultipassStep::pass        ? pass_launch_kernel_name(l, g, a, 1, 1)
                    : l.step == MultipassStep::convolve  ? convolution_kernel_name(g.passes[0].k, l.sign, a == Algorithm::rader)
                    : l.step == MultipassStep::transpose ? transpose_kernel_name(p)
                                                         : permute_kernel_name(p));
  return names;
}

// For describe(): the tables a convolution's launches fuse into their loads and stores.
inline std::string fused_tables_summary(Algorithm a, bool fused) {
  if (fused)
    return std::string("; both FFTs in one kernel, the product with the spectrum kept in local memory; ") +
           (a == Algorithm::bluestein ? "chirp fused into its loads and stores"
                                      : "input and output permuted in local memory, read and written in order");
  if (a == Algorithm::bluestein)
    return "; chirp fused into the first FFT's loads and the second's stores, spectrum into the first's stores";
  if (a == Algorithm::rader)
    return "; index gather fused into the first FFT's loads, spectrum into its stores, scatter and X[0] into the "
           "second's stores";
  return "";
}

}  // namespace pysyclfft::plan
