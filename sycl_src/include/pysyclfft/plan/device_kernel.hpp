// A kernel ready to launch: a SYCL kernel object, or, for a kernel loaded from
// our binary cache on a CUDA device, a CUDA function launched on the queue's
// native stream (SYCL cannot make a kernel object from CUDA device code:
// native_binary_cuda.hpp). Plans hold DeviceKernels and launch them through the
// entry-point families of kernel_args.hpp, so both kinds run the same way.
#pragma once
#include <sycl/sycl.hpp>

#include <array>
#include <tuple>
#include <utility>
#include <variant>

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
    h.ext_codeplay_enqueue_native_command(
        [f = std::get<CudaFunction>(kernel_), grid = cuda_grid(range), values = std::tuple<A...>(args)](
            sycl::interop_handle ih) mutable {
          auto params = std::apply([](auto&... v) { return std::array<void*, sizeof...(A)>{static_cast<void*>(&v)...}; },
                                   values);
          f.launch(grid, ih.get_native_queue<sycl::backend::ext_oneapi_cuda>(), params.data());
        });
  }

 private:
  std::variant<sycl::kernel, CudaFunction> kernel_;
};

}  // namespace pysyclfft::plan
