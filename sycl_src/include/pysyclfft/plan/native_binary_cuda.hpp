// Device code of built kernel bundles on CUDA devices, and kernels loaded back
// from it. The runtime gives a build's PTX (sycl_ext_oneapi_device_image_backend_content)
// but cannot make a SYCL kernel from PTX (no CUDA make_kernel/make_kernel_bundle,
// and SYCLBIN rejects free-function kernels), so a loaded kernel is a CUDA
// function (cuModuleLoadData; the driver caches its own PTX-to-SASS compile)
// launched as a native command (device_kernel.hpp). On an H100 a build that the
// runtime's persistent cache holds still took 0.6-4 s to load; its PTX loads in ms.
#pragma once
#include <sycl/sycl.hpp>

#include <optional>
#include <string>
#include <vector>

#include "cuda_driver.hpp"
#include "native_binary_format.hpp"

namespace pysyclfft::plan::cuda_binary {

inline bool supported(const sycl::device& dev) {
  return dev.get_backend() == sycl::backend::ext_oneapi_cuda && CudaDriver::get().usable;
}

// The PTX of `exe` (built with `names` registered), or nothing when a kernel is
// not found in it by its PTX entry, or when the code uses dynamic shared memory
// (its size is the runtime's to pass; our kernels use only static shared memory).
inline std::optional<NativeBinary> binary_of(sycl::kernel_bundle<sycl::bundle_state::executable>& exe,
                                             const std::vector<std::string>& names) {
  std::vector<std::string> texts;
  for (const auto& image : exe) {
    const auto content = image.ext_oneapi_get_backend_content();
    texts.emplace_back(reinterpret_cast<const char*>(content.data()), content.size());
    if (texts.back().find(".extern .shared") != std::string::npos) return std::nullopt;
  }
  NativeBinary out;
  for (const auto& text : texts) out.images.emplace_back(text.begin(), text.end());
  for (const auto& name : names) {
    const std::string symbol = exe.ext_oneapi_get_raw_kernel_name(name);
    std::size_t image = 0;
    while (image < texts.size() && texts[image].find(".entry " + symbol + "(") == std::string::npos) ++image;
    if (image == texts.size()) return std::nullopt;
    out.symbols.push_back(symbol);
    out.image_of.push_back(image);
  }
  if (out.images.empty()) return std::nullopt;
  return out;
}

// The functions of `bin` for `dev`, in the order of bin.symbols, or nothing when
// the driver rejects the code (its modules are unloaded again then). They are
// loaded into the device's primary context, the one DPC++'s CUDA adapter runs
// that device's queues in: a SYCL context of several GPUs (dpctl's default
// context holds every GPU of the platform) names only its first device's.
inline std::optional<std::vector<CudaFunction>> functions_from(const sycl::device& dev, const NativeBinary& bin) {
  const CudaDriver& cu = CudaDriver::get();
  const int device = sycl::get_native<sycl::backend::ext_oneapi_cuda>(dev);
  void* context = nullptr;
  if (cu.primary_ctx_retain(&context, device) != 0) return std::nullopt;
  // The adapter holds the context for as long as the device exists, and our modules with it.
  const struct Release {
    int device;
    ~Release() { CudaDriver::get().primary_ctx_release(device); }
  } release{device};
  if (cu.ctx_push_current(context) != 0) return std::nullopt;
  std::vector<void*> modules;
  bool ok = true;
  for (const auto& image : bin.images) {
    const std::string ptx(image.begin(), image.end());  // cuModuleLoadData reads PTX up to its NUL
    void* module = nullptr;
    ok = cu.module_load_data(&module, ptx.c_str()) == 0;
    if (!ok) break;
    modules.push_back(module);
  }
  std::vector<CudaFunction> functions;
  for (std::size_t i = 0; ok && i < bin.symbols.size(); ++i) {
    void* function = nullptr;
    ok = bin.image_of[i] < modules.size() &&
         cu.module_get_function(&function, modules[bin.image_of[i]], bin.symbols[i].c_str()) == 0;
    functions.push_back({function});
  }
  if (!ok)
    for (void* m : modules) cu.module_unload(m);
  void* previous = nullptr;
  cu.ctx_pop_current(&previous);
  if (!ok) return std::nullopt;
  return functions;
}

}  // namespace pysyclfft::plan::cuda_binary
