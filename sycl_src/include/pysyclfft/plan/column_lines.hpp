// A single-kernel length's strided lines as column groups: a batch whose
// neighbouring transforms are neighbouring elements and whose points lie `stride`
// apart (the columns of an n-D array) runs the pass kernel with several lines
// interleaved per work-group (kernel_params.hpp, choose_pass_params), so that
// neighbouring work-items load neighbouring columns. The team kernel of C2CPlan
// gives each line its own work-items there: on a GPU each of their loads touched
// its own 32-byte sector (the H100's 2-D and 3-D rows stayed at 11-18% of the
// copy); on the CPU device each SIMD lane gathered its own point (complex64
// 512^2 to 4096^2 and 64^3 to 256^3 1.7-3.6x slower, complex128 1.0-1.4x;
// docs/performance.md). PYSYCLFFT_COLUMN_LINES=0 keeps the team kernel (device.hpp).
// A GPU builds the groups' kernels with the length's c2c kernels; a CPU on first
// need, for the one access pattern they meet (kernel_params.hpp, pass_access),
// since a build holding them took 1.5x as long there (1000 points: 1.35 against
// 2.05 s) and 1-D plans never run them. Unless plans wait for their kernels
// (Specialization::wait), that build runs on the background compiler while the
// team kernel serves, as a generic plan serves a new length (plantime.md).
#pragma once
#include <sycl/sycl.hpp>

#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "../kernels/layout.hpp"
#include "../kernels/multipass.hpp"
#include "background_compiler.hpp"
#include "compiler.hpp"
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
    const DeviceLimits lim = device_limits(dev);
    return lim.is_cpu ? std::vector<std::string>{} : names_of(params(lim, n, p), lim);
  }

  // `kernels`: those of kernel_names(), built with the length's c2c kernels (c2c_plan.hpp);
  // none on a CPU, which gets them on first need (ready()).
  // The groups get Stockham twiddles of their own radices, which may differ from
  // the team kernel's: one buffer takes radix 16 (512 points: 16 8 4 beside the
  // team's 8 8 8, whose table gave every 512-point column of an H200 wrong answers).
  ColumnLines(sycl::queue q, std::int64_t n, Precision p, std::vector<DeviceKernel> kernels)
      : ColumnLines(q, device_limits(q.get_device()), n, p, std::move(kernels)) {}

  // How many of `l`'s columns these kernels take, 0 where none: where `l` is a batch of
  // columns (neighbouring transforms one element apart on both sides, points apart),
  // its whole groups of them; the rest of a row (513 columns of a 1024^2 rfft2's half
  // spectrum, in groups of 16) is left to the team kernel. In place needs two Stockham
  // stages (all loads before the first barrier). None until the kernels are ready.
  std::int64_t served_columns(const sycl::queue& q, const kernels::BatchLayout& l) const {
    if (names_.empty() || l.in_stride == 1 || l.in_dist0 != 1 || l.out_dist0 != 1 || k_.radices.size() < 2) return 0;
    return ready(q) ? l.count0 - l.count0 % k_.interleave : 0;
  }

  // The transforms of `l` (all of its columns served, so the kernels are ready), scaled by `scale`.
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
    const DeviceKernel kernel = ready_kernel(forward);
    return q.submit([&](sycl::handler& h) {
      h.depends_on(deps);
      launch_pass(h, kernel, pass_range(k_, g.lines), k_.precision, args, in_side, out_side, g, scale);
    });
  }

  std::size_t workspace_bytes() const { return twiddle_bytes_; }

  // For the plan's describe(): empty where strided lines run the team kernel.
  std::string describe() const {
    if (names_.empty()) return "";
    std::string s = "; strided lines as column groups: radices";
    for (int r : k_.radices) s += concat(" ", r);
    s += concat(", ", k_.interleave, " neighbouring lines per work-group");
    if (k_.buffers == 1) s += ", stages in place in one local buffer";
    return s + concat(", ", twiddle_bytes_, " B twiddles");
  }

 private:
  ColumnLines(sycl::queue& q, const DeviceLimits& lim, std::int64_t n, Precision p, std::vector<DeviceKernel> kernels)
      : k_(params(lim, n, p)), names_(names_of(k_, lim)), kernels_(std::move(kernels)) {
    if (!names_.empty()) twiddles_ = device_stockham_twiddles(q, k_.radices, p, &twiddle_bytes_);
  }

  // Whether the kernels are in memory: built with the length, else (CPUs) loaded from
  // the binary cache or compiled now (Specialization::wait), else queued once for the
  // background compiler, whose word (not the compiler, which would hash the kernel
  // headers for the cache key at every call) later calls wait for.
  bool ready(const sycl::queue& q) const {
    std::lock_guard lock(mutex_);
    if (!kernels_.empty()) return true;
    auto& compiler = KernelCompiler::instance();
    if (background_) {
      if (background_->load() != kBuilt) return false;  // building, or failed: the team kernel serves
      kernels_ = compiler.get(q, kPassEntryHeader, names_);  // in memory now
      return true;
    }
    if (specialization() == Specialization::wait || compiler.available(q, kPassEntryHeader, names_)) {
      kernels_ = compiler.get(q, kPassEntryHeader, names_);
      return true;
    }
    auto state = std::make_shared<std::atomic<int>>(kBuilding);
    auto build = [q, names = names_, state] {
      try {
        KernelCompiler::instance().get(q, kPassEntryHeader, names);
        state->store(kBuilt);
      } catch (const std::exception&) {
        state->store(kFailed);
      }
    };
    if (BackgroundCompiler::instance().submit({build, [] {}})) background_ = state;
    return false;
  }
  // The kernel of a direction, once ready().
  DeviceKernel ready_kernel(bool forward) const {
    std::lock_guard lock(mutex_);
    return kernels_[forward ? 0 : 1];
  }

  // Forward and backward; every side of a column group's lines is unit (neighbouring columns).
  static std::vector<std::string> names_of(const PassKernelParams& k, const DeviceLimits& lim) {
    if (k.interleave <= 1) return {};
    const int access = pass_access(k, true, true, lim);
    return {pass_kernel_name(k, -1, kernels::kModesPlain, access), pass_kernel_name(k, +1, kernels::kModesPlain, access)};
  }

  // Any line count is a multiple of the group: served_columns() takes whole groups.
  static PassKernelParams params(const DeviceLimits& lim, std::int64_t n, Precision p) {
    if (!lim.column_lines) return PassKernelParams{};
    return choose_pass_params(n, p, lim, std::int64_t(1) << 30, /*rows_in=*/false);
  }

  PassKernelParams k_;
  std::vector<std::string> names_;             // forward, backward; none where lines run the team kernel
  mutable std::vector<DeviceKernel> kernels_;  // forward, backward, once ready (guarded by mutex_)
  enum { kBuilding, kBuilt, kFailed };
  mutable std::shared_ptr<std::atomic<int>> background_;  // a CPU's build queued for the background compiler
  mutable std::mutex mutex_;
  std::shared_ptr<void> twiddles_;  // Stockham twiddles of k_.radices
  std::size_t twiddle_bytes_ = 0;
};

}  // namespace pysyclfft::plan
