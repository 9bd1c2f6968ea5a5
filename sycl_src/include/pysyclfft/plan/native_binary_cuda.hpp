// Device code of built kernel bundles on CUDA devices, and kernels loaded back
// from it. The runtime gives a build's PTX (sycl_ext_oneapi_device_image_backend_content)
// but cannot make a SYCL kernel from PTX or SASS (no CUDA make_kernel/make_kernel_bundle,
// and SYCLBIN rejects free-function kernels), so a loaded kernel is a CUDA
// function (cuModuleLoadData) launched as a native command (device_kernel.hpp).
// We store the SASS the driver compiles the PTX to (a cubin): a new process then
// loads it without the driver's PTX compile or its compute-cache lookup (on an
// H100 0.1-1.1 ms a build against 2.7-4.4 ms for its PTX, docs/cuda.md). Where
// the linker refuses the PTX (a kernel of more than 48 KiB of static shared
// memory, which loading the PTX accepts) the PTX is stored, and loads as before.
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

// The primary context of `dev` current on this thread for a scope: the context
// DPC++'s CUDA adapter runs that device's queues in (a SYCL context of several
// GPUs, as dpctl's default one, names only its first device's). Modules loaded
// in it outlive the scope: the adapter holds the context while the device exists.
class PrimaryContextScope {
 public:
  explicit PrimaryContextScope(const sycl::device& dev)
      : device_(sycl::get_native<sycl::backend::ext_oneapi_cuda>(dev)) {
    const CudaDriver& cu = CudaDriver::get();
    void* context = nullptr;
    retained_ = cu.primary_ctx_retain(&context, device_) == 0;
    current_ = retained_ && cu.ctx_push_current(context) == 0;
  }
  ~PrimaryContextScope() {
    const CudaDriver& cu = CudaDriver::get();
    void* previous = nullptr;
    if (current_) cu.ctx_pop_current(&previous);
    if (retained_) cu.primary_ctx_release(device_);
  }
  PrimaryContextScope(const PrimaryContextScope&) = delete;
  PrimaryContextScope& operator=(const PrimaryContextScope&) = delete;
  bool current() const { return current_; }

 private:
  int device_;
  bool retained_ = false, current_ = false;
};

// The SASS of `ptx` for the current context's device (a cubin; the driver's
// default options, as cuModuleLoadData of the PTX would use), or nothing.
inline std::optional<std::vector<unsigned char>> cubin_of(const std::string& ptx) {
  const CudaDriver& cu = CudaDriver::get();
  void* state = nullptr;
  if (!cu.can_link || cu.link_create(0, nullptr, nullptr, &state) != 0) return std::nullopt;
  constexpr int kInputPtx = 1;  // CU_JIT_INPUT_PTX
  std::optional<std::vector<unsigned char>> out;
  void* cubin = nullptr;
  std::size_t size = 0;
  if (cu.link_add_data(state, kInputPtx, const_cast<char*>(ptx.c_str()), ptx.size() + 1, "pysyclfft", 0, nullptr,
                       nullptr) == 0 &&
      cu.link_complete(state, &cubin, &size) == 0) {
    const auto* bytes = static_cast<const unsigned char*>(cubin);
    out.emplace(bytes, bytes + size);
  }
  cu.link_destroy(state);  // frees the cubin
  return out;
}

// The code of `exe` (built for `dev` with `names` registered): each image's SASS,
// or its PTX where the driver cannot link; nothing when a kernel is not found by
// its PTX entry, or when the code uses dynamic shared memory (its size is the
// runtime's to pass; our kernels use only static shared memory).
inline std::optional<NativeBinary> binary_of(sycl::kernel_bundle<sycl::bundle_state::executable>& exe,
                                             const sycl::device& dev, const std::vector<std::string>& names) {
  std::vector<std::string> texts;
  for (const auto& image : exe) {
    const auto content = image.ext_oneapi_get_backend_content();
    texts.emplace_back(reinterpret_cast<const char*>(content.data()), content.size());
    if (texts.back().find(".extern .shared") != std::string::npos) return std::nullopt;
  }
  NativeBinary out;
  for (const auto& name : names) {
    const std::string symbol = exe.ext_oneapi_get_raw_kernel_name(name);
    std::size_t image = 0;
    while (image < texts.size() && texts[image].find(".entry " + symbol + "(") == std::string::npos) ++image;
    if (image == texts.size()) return std::nullopt;
    out.symbols.push_back(symbol);
    out.image_of.push_back(image);
  }
  if (texts.empty()) return std::nullopt;
  const PrimaryContextScope scope(dev);
  for (const auto& text : texts) {
    auto cubin = scope.current() ? cubin_of(text) : std::nullopt;
    out.images.push_back(cubin ? std::move(*cubin) : std::vector<unsigned char>(text.begin(), text.end()));
  }
  return out;
}

// The functions of `bin` for `dev`, in the order of bin.symbols, loaded into the
// device's primary context, or nothing when the driver rejects the code (its
// modules are unloaded again then).
inline std::optional<std::vector<CudaFunction>> functions_from(const sycl::device& dev, const NativeBinary& bin) {
  const CudaDriver& cu = CudaDriver::get();
  const PrimaryContextScope scope(dev);
  if (!scope.current()) return std::nullopt;
  std::vector<void*> modules;
  bool ok = true;
  for (const auto& image : bin.images) {
    const std::string code(image.begin(), image.end());  // PTX is read up to its NUL, a cubin by its ELF header
    void* module = nullptr;
    ok = cu.module_load_data(&module, code.c_str()) == 0;
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
  if (ok) return functions;
  for (void* m : modules) cu.module_unload(m);
  return std::nullopt;
}

}  // namespace pysyclfft::plan::cuda_binary
