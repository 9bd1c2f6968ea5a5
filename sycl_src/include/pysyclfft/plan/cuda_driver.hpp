// The few CUDA driver calls behind our binary cache on CUDA devices (compiling
// the PTX a build produced to SASS, cuLink*, loading either, cuModuleLoadData,
// and launching its functions on a SYCL queue's native stream) and behind
// ordering a caller's CUDA stream with our queues (events;
// pysyclfft/_cuda_arrays.py), from the libcuda.so.1 that the SYCL runtime's CUDA
// adapter has already loaded (driver_symbols.hpp).
#pragma once
#include <sycl/sycl.hpp>

#include <atomic>
#include <cstddef>
#include <mutex>
#include <stdexcept>
#include <string>

#include "driver_symbols.hpp"

namespace pysyclfft::plan {

// A launch's grid and block, CUDA's x first: SYCL's last dimension is CUDA's x
// (the CUDA adapter maps them so, and the kernels' index queries assume it).
struct CudaGrid {
  unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
};
template <int D> CudaGrid cuda_grid(const sycl::nd_range<D>& range) {
  CudaGrid g;
  for (int i = 0; i < D; ++i) {
    g.block[D - 1 - i] = unsigned(range.get_local_range()[i]);
    g.grid[D - 1 - i] = unsigned(range.get_global_range()[i] / range.get_local_range()[i]);
  }
  return g;
}

class CudaDriver {
 public:
  using Result = int;  // CUresult: 0 is CUDA_SUCCESS
  Result (*module_load_data)(void** module, const void* image) = nullptr;
  Result (*module_unload)(void* module) = nullptr;
  Result (*module_get_function)(void** function, void* module, const char* name) = nullptr;
  Result (*launch_kernel)(void* function, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                          unsigned bz, unsigned shared_bytes, void* stream, void** params, void** extra) = nullptr;
  Result (*ctx_push_current)(void* context) = nullptr;
  Result (*ctx_pop_current)(void** context) = nullptr;
  Result (*primary_ctx_retain)(void** context, int device) = nullptr;
  Result (*primary_ctx_release)(int device) = nullptr;
  Result (*ctx_get_current)(void** context) = nullptr;
  Result (*ctx_set_current)(void* context) = nullptr;
  Result (*event_create)(void** event, unsigned flags) = nullptr;
  Result (*event_record)(void* event, void* stream) = nullptr;
  Result (*event_destroy)(void* event) = nullptr;
  Result (*stream_wait_event)(void* stream, void* event, unsigned flags) = nullptr;
  Result (*func_get_attribute)(int* value, int attribute, void* function) = nullptr;
  bool usable = false;  // every function above found
  // PTX to SASS for the binary cache (native_binary_cuda.hpp), where the driver has them.
  Result (*link_create)(unsigned options, int* names, void** values, void** state) = nullptr;
  Result (*link_add_data)(void* state, int input_type, void* data, std::size_t size, const char* name,
                          unsigned options, int* names, void** values) = nullptr;
  Result (*link_complete)(void* state, void** cubin, std::size_t* size) = nullptr;
  Result (*link_destroy)(void* state) = nullptr;
  bool can_link = false;  // the four above found

  // The driver's functions once the CUDA adapter has loaded libcuda.so.1 (we never
  // load it ourselves); until then an unusable table, and the next call looks again.
  static const CudaDriver& get() {
    static const CudaDriver none;
    static std::atomic<const CudaDriver*> found{nullptr};
    if (const CudaDriver* d = found.load(std::memory_order_acquire)) return *d;
    static std::mutex lock;
    static CudaDriver d;  // written under the lock, and only until it is published
    const std::lock_guard<std::mutex> hold(lock);
    if (!found.load(std::memory_order_relaxed) &&
        open_driver("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL | RTLD_NOLOAD, d.module_load_data, "cuModuleLoadData",
                    d.module_unload, "cuModuleUnload", d.module_get_function, "cuModuleGetFunction", d.launch_kernel,
                    "cuLaunchKernel", d.ctx_push_current, "cuCtxPushCurrent_v2", d.ctx_pop_current,
                    "cuCtxPopCurrent_v2", d.primary_ctx_retain, "cuDevicePrimaryCtxRetain", d.primary_ctx_release,
                    "cuDevicePrimaryCtxRelease_v2", d.ctx_get_current, "cuCtxGetCurrent", d.ctx_set_current,
                    "cuCtxSetCurrent", d.event_create, "cuEventCreate", d.event_record, "cuEventRecord",
                    d.event_destroy, "cuEventDestroy_v2", d.stream_wait_event, "cuStreamWaitEvent",
                    d.func_get_attribute, "cuFuncGetAttribute")) {
      d.usable = true;
      d.can_link = open_driver("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL | RTLD_NOLOAD, d.link_create, "cuLinkCreate_v2",
                               d.link_add_data, "cuLinkAddData_v2", d.link_complete, "cuLinkComplete",
                               d.link_destroy, "cuLinkDestroy");
      found.store(&d, std::memory_order_release);
    }
    const CudaDriver* published = found.load(std::memory_order_relaxed);
    return published ? *published : none;
  }
};

// A kernel function of a module loaded from our binary cache (the module stays
// loaded for the process: kernels outlive their plans, as OpenCL's do).
struct CudaFunction {
  void* function;

  void launch(const CudaGrid& g, void* stream, void** params) const {
    const auto status = CudaDriver::get().launch_kernel(function, g.grid[0], g.grid[1], g.grid[2], g.block[0],
                                                        g.block[1], g.block[2], 0, stream, params, nullptr);
    if (status != 0) throw std::runtime_error("pysyclfft: cuLaunchKernel failed with CUDA error " + std::to_string(status));
  }
  // CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: what its registers and shared memory allow.
  std::size_t max_threads_per_block() const {
    int threads = 0;
    const auto status = CudaDriver::get().func_get_attribute(&threads, 0, function);
    if (status != 0)
      throw std::runtime_error("pysyclfft: cuFuncGetAttribute failed with CUDA error " + std::to_string(status));
    return std::size_t(threads);
  }
};

}  // namespace pysyclfft::plan
