// A kernel ready to launch: a SYCL kernel object, or, for a kernel loaded from
// our binary cache on a CUDA device, a CUDA function launched on the queue's
// native stream (SYCL cannot make a kernel object from CUDA device code:
// native_binary_cuda.hpp). Plans hold DeviceKernels and launch them through the
// entry-point families of kernel_args.hpp, so both kinds run the same way.
#pragma once
#include <sycl/sycl.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <functional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "cuda_driver.hpp"

namespace pysyclfft::plan {

class DeviceKernel {
 public:
  DeviceKernel(sycl::kernel k) : kernel_(std::move(k)) {}
  DeviceKernel(CudaFunction f) : kernel_(f) {}

  // Enqueues the kernel over `range` in h's command group, with `args` (pointers
  // and scalars in the entry point's parameter order). A CUDA function runs as a
  // native command: ordered by h's dependencies, and the command's event covers it.
  template <int D, typename... A>
  void launch(sycl::handler& h, const sycl::nd_range<D>& range, const std::tuple<A...>& args) const {
    if (const auto* k = std::get_if<sycl::kernel>(&kernel_)) {
      std::apply([&](const auto&... a) { h.set_args(a...); }, args);
      h.parallel_for(range, *k);
      return;
    }
    h.ext_codeplay_enqueue_native_command([run = native_launch(range, args)](sycl::interop_handle ih) {
      run(ih.get_native_queue<sycl::backend::ext_oneapi_cuda>());
    });
  }
  // A CUDA function's launch on a given stream (launch_sequence.hpp runs several
  // in one native command); empty for a SYCL kernel.
  template <int D, typename... A>
  std::function<void(void*)> native_launch(const sycl::nd_range<D>& range, const std::tuple<A...>& args) const {
    const auto* f = std::get_if<CudaFunction>(&kernel_);
    if (!f) return {};
    return [f = *f, grid = cuda_grid(range), values = args](void* stream) mutable {
      auto params = std::apply([](auto&... v) { return std::array<void*, sizeof...(A)>{static_cast<void*>(&v)...}; },
                               values);
      f.launch(grid, stream, params.data());
    };
  }
  // The most work-items a work-group of this kernel may have on `dev`, its
  // registers counted: a GPU compiler may give a kernel more registers than a
  // group of the planned size can have (the H100's JIT gave an 8192-point
  // complex128 kernel 160 for its 512 work-items, whose file allows 128 each).
  std::size_t max_group_size(const sycl::device& dev) const {
    if (const auto* k = std::get_if<sycl::kernel>(&kernel_))
      return k->get_info<sycl::info::kernel_device_specific::work_group_size>(dev);
    return std::get<CudaFunction>(kernel_).max_threads_per_block();
  }

 private:
  std::variant<sycl::kernel, CudaFunction> kernel_;
};

// A plan whose kernels cannot run work-groups of the size it planned on this
// device; the plan that threw leaves nothing behind, and its caller plans the
// transform another way (any_c2c_plan.hpp, real_line_plan.hpp).
struct GroupTooLarge : std::runtime_error {
  GroupTooLarge(std::size_t most, std::size_t needed)
      : GroupTooLarge("a kernel runs at most " + std::to_string(most) +
                      " work-items per group on this device, its plan needs " + std::to_string(needed)) {}
  std::string why;  // the message without its prefix, for a plan's describe()

 private:
  explicit GroupTooLarge(std::string reason) : std::runtime_error("pysyclfft: " + reason), why(std::move(reason)) {}
};

// Tests: caps every kernel's max_group_size (0: no cap), so the CPU device runs
// the plans that a GPU makes when a kernel's registers forbid its planned group.
inline std::atomic<std::size_t>& kernel_group_cap() {
  static std::atomic<std::size_t> cap{0};
  return cap;
}

// Throws GroupTooLarge unless every kernel of `kernels` runs groups of `group` work-items on `dev`.
inline void require_group_size(const std::vector<DeviceKernel>& kernels, std::size_t group, const sycl::device& dev) {
  const std::size_t cap = kernel_group_cap();
  for (const DeviceKernel& k : kernels) {
    const std::size_t most = cap > 0 ? std::min(cap, k.max_group_size(dev)) : k.max_group_size(dev);
    if (most < group)
      throw GroupTooLarge(most, group);
  }
}

}  // namespace pysyclfft::plan
