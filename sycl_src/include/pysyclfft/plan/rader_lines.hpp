// A CPU's batches of lines of a Rader plan whose convolution runs in one kernel,
// as line groups (kernels/convolution_lines.hpp): whole groups of L lines of the
// layout's inner batch dimension, each side's lines rows (contiguous transforms)
// or unit (neighbouring columns), the rest on the team kernel beside them (as
// line_groups.hpp does for the c2c lines). The rows' kernels are built with the
// plan (a 1-D batch), the other access patterns' on first need (kernels_on_first_need.hpp).
#pragma once
#include <sycl/sycl.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "../kernels/layout.hpp"
#include "../kernels/multipass.hpp"
#include "algorithm.hpp"
#include "device.hpp"
#include "device_kernel.hpp"
#include "entry_points.hpp"
#include "kernel_args.hpp"
#include "kernel_params.hpp"
#include "kernels_on_first_need.hpp"
#include "launch_sequence.hpp"
#include "line_groups.hpp"
#include "text.hpp"

namespace pysyclfft::plan {

class RaderLines {
 public:
  // For a plan of algorithm `a` whose convolution of length len runs in one kernel (`fused`).
  RaderLines(Algorithm a, bool fused, std::int64_t len, Precision p, const DeviceLimits& lim)
      : k_(a == Algorithm::rader && fused ? convolution_lines_params(len, p, lim) : PassKernelParams{}),
        patterns_{{kPassEntryHeader, names_of(0)},
                  {kPassEntryHeader, names_of(1)},
                  {kPassEntryHeader, names_of(2)},
                  {kPassEntryHeader, names_of(3)}} {}

  // The kernels built with the plan: the rows' (forward, backward), or none.
  const std::vector<std::string>& kernel_names() const { return patterns_[kRows].names(); }

  // Takes the kernels of kernel_names() and uploads the twiddles; leaves every
  // line to the team kernel where the kernels' registers forbid the group.
  void prepare(sycl::queue& q, std::vector<DeviceKernel> rows) {
    if (k_.radices.empty() || !holds_group(q, rows)) return;
    patterns_[kRows].set(std::move(rows));
    twiddles_ = device_stockham_twiddles(q, k_.radices, k_.precision, &twiddle_bytes_);
  }

  // How many transforms of `l`'s inner batch dimension the groups take (whole
  // groups, where each side's lines are rows or unit and the pattern's kernels
  // are ready), and the pattern.
  struct Share {
    std::int64_t transforms;
    int pattern;
  };
  Share served(const sycl::queue& q, const kernels::BatchLayout& l) const {
    if (!twiddles_ || l.count0 < k_.interleave) return {0, 0};
    const InnerLines lines = inner_lines(l);
    const LineSide in = line_side(lines.geometry.in), out = line_side(lines.geometry.out);
    if (in == LineSide::strided || out == LineSide::strided) return {0, 0};
    const int pattern = (in == LineSide::rows ? 1 : 0) | (out == LineSide::rows ? 2 : 0);
    return {patterns_[pattern].ready(q) ? l.count0 - l.count0 % k_.interleave : 0, pattern};
  }

  // The transforms of `l` (all served in `pattern`), with the plan's tables (Rader's
  // gather and scatter indices, the spectrum), scaled by `scale`.
  void add(LaunchSequence& sequence, const void* in, void* out, const kernels::BatchLayout& l, int pattern,
           bool forward, double scale, const void* gather, const void* spectrum, const void* scatter) const {
    const InnerLines lines = inner_lines(l);
    const PassArgs args{in, twiddles_.get(), gather, scatter, nullptr, nullptr, out, nullptr};
    launch_convolution(sequence, patterns_[pattern].at(forward ? 0 : 1), pass_range(k_, l.count()), k_.precision, args,
                       spectrum, lines.in, lines.out, lines.geometry, scale);
  }

  std::size_t workspace_bytes() const { return twiddle_bytes_; }

  // For describe(): the groups and the patterns whose kernels are in memory.
  std::string describe() const {
    if (!twiddles_) return "";
    std::string s = "; batches of lines as line groups of the convolution: radices";
    for (int r : k_.radices) s += concat(" ", r);
    s += concat(", ", k_.interleave, " lines per work-group, for");
    const char* separator = " ";
    for (int pattern : {kRows, 0, 1, 2})
      if (patterns_[pattern].in_memory()) s += separator + pattern_name(pattern), separator = ", ";
    return s + concat(" (rows moved by sub-group transposes), ", twiddle_bytes_, " B twiddles");
  }

 private:
  // Patterns: bit 0 the input's lines are rows (else unit), bit 1 the output's.
  static constexpr int kRows = 3;
  static int access(int pattern) {
    return (pattern & 1 ? kernels::kAccessRowsIn : kernels::kAccessUnitIn) |
           (pattern & 2 ? kernels::kAccessRowsOut : kernels::kAccessUnitOut);
  }
  static std::string pattern_name(int pattern) {
    const char* names[] = {"columns", "rows to columns", "columns to rows", "rows"};
    return names[pattern];
  }
  std::vector<std::string> names_of(int pattern) const {
    if (k_.radices.empty()) return {};
    return {convolution_lines_kernel_name(k_, -1, access(pattern)), convolution_lines_kernel_name(k_, +1, access(pattern))};
  }

  bool holds_group(const sycl::queue& q, const std::vector<DeviceKernel>& kernels) const {
    try {
      require_group_size(kernels, std::size_t(k_.group_size()), q.get_device());
      return true;
    } catch (const GroupTooLarge&) {
      return false;
    }
  }

  PassKernelParams k_;
  KernelsOnFirstNeed patterns_[4];  // by pattern: forward, backward
  std::shared_ptr<void> twiddles_;  // set where the groups serve
  std::size_t twiddle_bytes_ = 0;
};

}  // namespace pysyclfft::plan
