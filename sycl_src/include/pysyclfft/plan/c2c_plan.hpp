// A batched 1-D complex transform of one length on one queue: the kernels
// (forward and backward, compiled together), the twiddle table on the device,
// and the launch geometry.
#pragma once
#include <sycl/sycl.hpp>

#include <complex>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "../kernels/layout.hpp"
#include "line_groups.hpp"
#include "compiler.hpp"
#include "device.hpp"
#include "kernel_args.hpp"
#include "kernel_params.hpp"
#include "line_layouts.hpp"
#include "text.hpp"

namespace pysyclfft::plan {

using kernels::BatchLayout;

// Every kernel of a single-kernel length: its c2c kernels (in the order of
// c2c_kernel_names(k)), then its column-group kernels (GPUs), one build.
inline std::vector<std::string> single_kernel_names(const sycl::device& dev, const C2CKernelParams& k) {
  std::vector<std::string> names = c2c_kernel_names(k);
  for (auto& name : LineGroups::kernel_names(dev, k.n, k.precision)) names.push_back(std::move(name));
  return names;
}

// Kernel names of single-kernel c2c transforms of `lengths`, for compiling many at once.
inline std::vector<std::string> c2c_kernel_names(const sycl::device& dev, const std::vector<std::int64_t>& lengths,
                                                 Precision p) {
  std::vector<std::string> names;
  const DeviceLimits lim = device_limits(dev);
  for (auto n : lengths) {
    const C2CKernelParams k = choose_batched_c2c_kernel(n, p, lim);
    if (k.radices.empty()) continue;
    for (auto& name : single_kernel_names(dev, k)) names.push_back(std::move(name));
  }
  return names;
}

class C2CPlan {
 public:
  C2CPlan(sycl::queue q, std::int64_t n, Precision p) : queue_(std::move(q)) {
    if (n < 1) throw std::invalid_argument("pysyclfft: transform length must be >= 1, got " + std::to_string(n));
    if (!supports(queue_.get_device(), p))
      throw std::invalid_argument("pysyclfft: the device has no double precision (fp64) support");
    const DeviceLimits lim = device_limits(queue_.get_device());
    params_ = choose_batched_c2c_kernel(n, p, lim);
    max_groups_per_dim_ = lim.max_groups_per_dim;
    if (params_.radices.empty())
      throw std::domain_error("pysyclfft: no single-kernel plan for length " + std::to_string(n));
    const auto names = single_kernel_names(queue_.get_device(), params_);
    kernels_ = KernelCompiler::instance().get(queue_, kC2CEntryHeader, names);
    const auto c2c_count = std::ptrdiff_t(c2c_kernel_names(params_).size());
    groups_.emplace(queue_, params_, std::vector<DeviceKernel>(kernels_.begin() + c2c_count, kernels_.end()));
    kernels_.erase(kernels_.begin() + c2c_count, kernels_.end());
    require_group_size(kernels_, params_.group_size(), queue_.get_device());
    twiddles_ = device_c2c_twiddles(queue_, params_, &twiddle_bytes_);
  }
  C2CPlan(const C2CPlan&) = delete;
  C2CPlan& operator=(const C2CPlan&) = delete;
  ~C2CPlan() = default;

  // Transforms layout.count() sequences of length n from `in` to `out` (in
  // place when equal, with identical layouts), multiplying by `scale`. Columns (and
  // a CPU's rows) run as column groups in whole groups, the rest on the team kernel
  // beside them (they touch other lines).
  sycl::event execute(const void* in, void* out, const BatchLayout& layout, bool forward, double scale,
                      const std::vector<sycl::event>& deps = {}) const {
    if (layout.count() == 0) return event_after(queue_, deps);
    const LineGroups::Share share = groups_->served(queue_, layout);
    if (share.transforms == 0) return submit_teams(in, out, layout, forward, scale, deps);
    const InnerSplit split = split_inner(layout, share.transforms);
    const sycl::event done = groups_->submit(queue_, in, out, split.first, share.form, forward, scale, deps);
    if (split.rest.count0 == 0) return done;
    return join_launched(queue_, {done, submit_teams(in, out, split.rest, forward, scale, deps)});
  }

  std::int64_t length() const { return params_.n; }
  const sycl::queue& queue() const { return queue_; }
  std::size_t workspace_bytes() const { return twiddle_bytes_ + groups_->workspace_bytes(); }

  std::string describe() const {
    std::string s;
    s += concat("c2c n=", params_.n, " ", real_name(params_.precision), ": single work-group Stockham, radices");
    for (int r : params_.radices) s += concat(" ", r);
    return s + "; " + describe_kernel_level(params_, params_.lanes == params_.n) + concat(twiddle_bytes_, " B twiddles") + groups_->describe();
  }

 private:
  // The transforms of `layout` on the team (or work-item) kernel.
  sycl::event submit_teams(const void* in, void* out, const BatchLayout& layout, bool forward, double scale,
                           const std::vector<sycl::event>& deps) const {
    const DeviceKernel& k = kernels_[params_.kernel_index(forward, layout.unit_strides())];
    const auto pieces = launch_pieces(layout, batched_launch_transforms(params_, layout, max_groups_per_dim_));
    return submit_pieces(queue_, pieces, deps, [&](sycl::handler& h, const BatchLayout& piece) {
      launch_c2c(h, k, batched_range(params_, piece), params_.precision, in, out, twiddles_.get(), piece, scale);
    });
  }

  mutable sycl::queue queue_;  // submit() is not const
  std::size_t max_groups_per_dim_ = 0;
  C2CKernelParams params_;
  std::vector<DeviceKernel> kernels_;  // in the order of c2c_kernel_names(params_)
  std::optional<LineGroups> groups_;  // batches of strided lines (columns) or rows as column groups
  std::shared_ptr<void> twiddles_;
  std::size_t twiddle_bytes_ = 0;
};

}  // namespace pysyclfft::plan
