// A single-kernel length's strided lines on a GPU, as column groups: a batch whose
// neighbouring transforms are neighbouring elements and whose points lie `stride`
// apart (the columns of an n-D array) runs the pass kernel with several lines
// interleaved per work-group (kernel_params.hpp, choose_pass_params), so that
// neighbouring work-items load neighbouring columns. The team kernel of C2CPlan
// gives each line its own work-items there, and each of their loads its own
// 32-byte sector (the H100's 2-D and 3-D rows stayed at 11-18% of the copy).
// A CPU keeps the team kernel: it packs a team's points into SIMD lanes
// (PYSYCLFFT_COLUMN_LINES=1 runs column groups there, for tests; device.hpp).
#pragma once
#include <sycl/sycl.hpp>

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "../kernels/layout.hpp"
#include "../kernels/multipass.hpp"
#include "device.hpp"
#include "device_kernel.hpp"
#include "entry_points.hpp"
#include "kernel_args.hpp"
#include "kernel_params.hpp"
#include "text.hpp"

namespace pysyclfft::plan {

class ColumnLines {
 public:
  // The pass kernels (forward, backward) a length's column groups need on `dev`:
  // none on a CPU, or where no group of several lines fits.
  static std::vector<std::string> kernel_names(const sycl::device& dev, std::int64_t n, Precision p) {
    return names_of(params(device_limits(dev), n, p));
  }

  // `kernels`: those of kernel_names(), built with the length's c2c kernels (c2c_plan.hpp).
  // The groups get Stockham twiddles of their own radices, which may differ from
  // the team kernel's: one buffer takes radix 16 (512 points: 16 8 4 beside the
  // team's 8 8 8, whose table gave every 512-point column of an H200 wrong answers).
  ColumnLines(sycl::queue q, std::int64_t n, Precision p, std::vector<DeviceKernel> kernels)
      : k_(params(device_limits(q.get_device()), n, p)), kernels_(std::move(kernels)) {
    if (!kernels_.empty()) twiddles_ = device_stockham_twiddles(q, k_.radices, p, &twiddle_bytes_);
  }

  // Whether `l` is a batch of columns these kernels can take: neighbouring transforms
  // one element apart on both sides, whole groups of them, points apart. In place
  // needs two Stockham stages (all loads before the first barrier).
  bool serves(const kernels::BatchLayout& l) const {
    return !kernels_.empty() && l.in_stride != 1 && l.in_dist0 == 1 && l.out_dist0 == 1 &&
           l.count0 % k_.interleave == 0 && k_.radices.size() > 1;
  }

  // The transforms of `l` (serves(l)), scaled by `scale`.
  sycl::event submit(sycl::queue& q, const void* in, void* out, const kernels::BatchLayout& l, bool forward,
                     double scale, const std::vector<sycl::event>& deps) const {
    kernels::PassGeometry g{};
    g.d0_count = l.count0;  // the lines of a transform row: neighbouring columns
    g.d1_count = 1;
    g.lines = l.count();
    g.in = kernels::LineStrides{1, 0, l.in_stride};
    g.out = kernels::LineStrides{1, 0, l.out_stride};
    // Row t of the outer batch dimension is the pass's transform t, whose "sequence"
    // is the row's count0 columns of n points: nothing in it is padding.
    const kernels::index_t whole = std::numeric_limits<kernels::index_t>::max();
    const kernels::PassSide in_side{l.in_offset, 1, 0, 1, 0, l.in_dist1, whole};
    const kernels::PassSide out_side{l.out_offset, 1, 0, 1, 0, l.out_dist1, whole};
    const PassArgs args{in, twiddles_.get(), nullptr, nullptr, nullptr, nullptr, out, nullptr};
    const DeviceKernel& kernel = kernels_[forward ? 0 : 1];
    return q.submit([&](sycl::handler& h) {
      h.depends_on(deps);
      launch_pass(h, kernel, pass_range(k_, g.lines), k_.precision, args, in_side, out_side, g, scale);
    });
  }

  std::size_t workspace_bytes() const { return twiddle_bytes_; }

  // For the plan's describe(): empty where strided lines run the team kernel.
  std::string describe() const {
    if (kernels_.empty()) return "";
    std::string s = "; strided lines as column groups: radices";
    for (int r : k_.radices) s += concat(" ", r);
    s += concat(", ", k_.interleave, " neighbouring lines per work-group");
    if (k_.buffers == 1) s += ", stages in place in one local buffer";
    return s + concat(", ", twiddle_bytes_, " B twiddles");
  }

 private:
  static std::vector<std::string> names_of(const PassKernelParams& k) {
    if (k.interleave <= 1) return {};
    return {pass_kernel_name(k, -1, kernels::kModesPlain), pass_kernel_name(k, +1, kernels::kModesPlain)};
  }

  // Any line count is a multiple of the group: serves() checks the batch's.
  static PassKernelParams params(const DeviceLimits& lim, std::int64_t n, Precision p) {
    if (!lim.column_lines) return PassKernelParams{};
    return choose_pass_params(n, p, lim, std::int64_t(1) << 30, /*rows_in=*/false);
  }

  PassKernelParams k_;
  std::vector<DeviceKernel> kernels_;  // forward, backward
  std::shared_ptr<void> twiddles_;     // Stockham twiddles of k_.radices
  std::size_t twiddle_bytes_ = 0;
};

}  // namespace pysyclfft::plan
