// Device binaries of built kernel bundles, and kernels made back from them, for
// the backends whose drivers give and take them: OpenCL (program binaries,
// native_binary_opencl.hpp) and CUDA (SASS or PTX, native_binary_cuda.hpp). SYCL has no
// backend-neutral way for bundles built from SYCL source: SYCLBIN
// (ext_oneapi_get_content) rejects free-function kernels, and a bundle made from
// SPIR-V (source_language::spirv) is compiled by the driver again in every
// process. Other backends get nothing here and build.
#pragma once
#include <sycl/sycl.hpp>

#include <optional>
#include <string>
#include <vector>

#include "device_kernel.hpp"
#include "native_binary_cuda.hpp"
#include "native_binary_format.hpp"
#include "native_binary_opencl.hpp"

namespace pysyclfft::plan {

// The device binaries of `exe` (built from source for `dev` with `names`
// registered), or nothing when the backend does not expose them.
inline std::optional<NativeBinary> native_binary_of(sycl::kernel_bundle<sycl::bundle_state::executable>& exe,
                                                    const sycl::device& dev, const std::vector<std::string>& names) {
  if (opencl_binary::supported(dev)) return opencl_binary::binary_of(exe, names);
  if (cuda_binary::supported(dev)) return cuda_binary::binary_of(exe, dev, names);
  return std::nullopt;
}

// Kernels of `bin` for `dev` in `ctx`, in the order of bin.symbols, or nothing
// when the backend cannot load them (wrong backend, a binary the driver rejects).
inline std::optional<std::vector<DeviceKernel>> kernels_from_native_binary(const sycl::context& ctx,
                                                                           const sycl::device& dev,
                                                                           const NativeBinary& bin) {
  const auto as_device_kernels = [](auto kernels) -> std::optional<std::vector<DeviceKernel>> {
    if (!kernels) return std::nullopt;
    return std::vector<DeviceKernel>(kernels->begin(), kernels->end());
  };
  if (opencl_binary::supported(dev)) return as_device_kernels(opencl_binary::kernels_from(ctx, dev, bin));
  if (cuda_binary::supported(dev)) return as_device_kernels(cuda_binary::functions_from(dev, bin));
  return std::nullopt;
}

}  // namespace pysyclfft::plan
