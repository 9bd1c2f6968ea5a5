// A CPU's batches of rows of a Rader plan whose convolution runs in one kernel,
// as row groups (kernels/convolution_rows.hpp): whole groups of L rows of the
// layout's inner batch dimension, the rest on the team kernel beside them (as
// line_groups.hpp does for the c2c rows). Built with the plan's kernels.
#pragma once
#include <sycl/sycl.hpp>

#include <cstdint>
#include <limits>
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
#include "launch_sequence.hpp"
#include "text.hpp"

namespace pysyclfft::plan {

class RaderRows {
 public:
  RaderRows() = default;
  // For a plan of algorithm `a` whose convolution of length len runs in one kernel (`fused`).
  RaderRows(Algorithm a, bool fused, std::int64_t len, Precision p, const DeviceLimits& lim)
      : k_(a == Algorithm::rader && fused ? convolution_rows_params(len, p, lim) : PassKernelParams{}) {}

  // Forward and backward, or none.
  std::vector<std::string> kernel_names() const {
    if (k_.radices.empty()) return {};
    return {convolution_rows_kernel_name(k_, -1), convolution_rows_kernel_name(k_, +1)};
  }

  // Takes the kernels of kernel_names() and uploads the twiddles; leaves the rows to
  // the team kernel where the kernels' registers forbid the group.
  void prepare(sycl::queue& q, std::vector<DeviceKernel> kernels) {
    if (k_.radices.empty()) return;
    try {
      require_group_size(kernels, std::size_t(k_.group_size()), q.get_device());
    } catch (const GroupTooLarge&) {
      k_ = PassKernelParams{};
      return;
    }
    kernels_ = std::move(kernels);
    twiddles_ = device_stockham_twiddles(q, k_.radices, k_.precision, &twiddle_bytes_);
  }

  // How many transforms of `l`'s inner batch dimension the groups take: whole groups,
  // where both sides' lines are rows.
  std::int64_t served(const kernels::BatchLayout& l) const {
    if (kernels_.empty() || l.count0 < k_.interleave) return 0;
    if (line_side({l.in_dist0, 0, l.in_stride}) != LineSide::rows ||
        line_side({l.out_dist0, 0, l.out_stride}) != LineSide::rows)
      return 0;
    return l.count0 - l.count0 % k_.interleave;
  }

  // The transforms of `l` (all served), with the plan's tables (Rader's gather and
  // scatter indices, the spectrum), scaled by `scale`.
  void add(LaunchSequence& sequence, const void* in, void* out, const kernels::BatchLayout& l, bool forward,
           double scale, const void* gather, const void* spectrum, const void* scatter) const {
    kernels::PassGeometry g{};
    g.d0_count = l.count0;  // a transform of the launch is a row of the outer dimension, its lines the rows
    g.d1_count = 1;
    g.lines = l.count();
    g.in = {l.in_dist0, 0, l.in_stride};
    g.out = {l.out_dist0, 0, l.out_stride};
    const kernels::index_t whole = std::numeric_limits<kernels::index_t>::max();
    const kernels::PassSide in_side{l.in_offset, 1, 0, 1, 0, l.in_dist1, whole};
    const kernels::PassSide out_side{l.out_offset, 1, 0, 1, 0, l.out_dist1, whole};
    const PassArgs args{in, twiddles_.get(), gather, scatter, nullptr, nullptr, out, nullptr};
    launch_convolution(sequence, kernels_[forward ? 0 : 1], pass_range(k_, g.lines), k_.precision, args, spectrum,
                       in_side, out_side, g, scale);
  }

  std::size_t workspace_bytes() const { return twiddle_bytes_; }

  std::string describe() const {
    if (kernels_.empty()) return "";
    std::string s = "; batches of rows as row groups of the convolution: radices";
    for (int r : k_.radices) s += concat(" ", r);
    return s + concat(", ", k_.interleave, " rows per work-group moved by sub-group transposes, ", twiddle_bytes_,
                      " B twiddles");
  }

 private:
  PassKernelParams k_;
  std::vector<DeviceKernel> kernels_;  // forward, backward
  std::shared_ptr<void> twiddles_;
  std::size_t twiddle_bytes_ = 0;
};

}  // namespace pysyclfft::plan
