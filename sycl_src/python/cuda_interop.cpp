// The SYCL CUDA backend's interop, for arrays that CUDA libraries (CuPy,
// PyTorch) own: which CUDA device a SYCL device is, and a SYCL queue over a
// producer's CUstream, so that our work is ordered with that stream's work by
// barriers on the device (pysyclfft/_cuda_arrays.py). The interop header
// declares the few CUDA handle types it uses itself, so this builds without
// CUDA headers and loads without libcuda; the functions refuse non-CUDA devices.
// The experimental interop (make_queue over a CUstream) is chosen before sycl.hpp reads it.
#define SYCL_EXT_ONEAPI_BACKEND_CUDA_EXPERIMENTAL 1
#include <sycl/sycl.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>

#include <pybind11/pybind11.h>

#include "cuda_interop.hpp"
#include "pysyclfft/plan/cuda_driver.hpp"
#include "dpctl4pybind11.hpp"

#if __has_include(<sycl/ext/oneapi/experimental/backend/cuda.hpp>)
#include <sycl/ext/oneapi/experimental/backend/cuda.hpp>
#define PYSYCLFFT_HAS_CUDA_INTEROP 1
#else
#define PYSYCLFFT_HAS_CUDA_INTEROP 0
#endif

namespace py = pybind11;

namespace {

bool is_cuda(const sycl::device& device) {
#if PYSYCLFFT_HAS_CUDA_INTEROP
  return device.get_backend() == sycl::backend::ext_oneapi_cuda;
#else
  (void)device;
  return false;
#endif
}

void require_cuda(const sycl::device& device, const char* what) {
  if (!is_cuda(device))
    throw std::invalid_argument(std::string("pysyclfft: ") + what + " needs a SYCL device of the CUDA backend, got '" +
                                device.get_info<sycl::info::device::name>() + "'");
}

// The CUDA device ordinal (CUdevice) of a CUDA-backend SYCL device, -1 for any other device.
int cuda_device_ordinal(const sycl::device& device) {
#if PYSYCLFFT_HAS_CUDA_INTEROP
  if (is_cuda(device)) return static_cast<int>(sycl::get_native<sycl::backend::ext_oneapi_cuda>(device));
#endif
  (void)device;
  return -1;
}

// The CUcontext of the queue's context (the device's primary context, as the CUDA runtime's).
std::uintptr_t cuda_context_handle(const sycl::queue& queue) {
  require_cuda(queue.get_device(), "cuda_context_handle");
#if PYSYCLFFT_HAS_CUDA_INTEROP
  const auto contexts = sycl::get_native<sycl::backend::ext_oneapi_cuda>(queue.get_context());
  if (contexts.size() == 1) return reinterpret_cast<std::uintptr_t>(contexts.front());
#endif
  throw std::invalid_argument("pysyclfft: the queue's context spans several CUDA contexts");
}

// A SYCL queue submitting to the existing CUDA stream `stream` (not owned: never destroyed or
// synchronised by us) in the context of `home`, whose one device is the stream's. Events of
// `home` and of this queue then order each other on the device, with no host wait.
sycl::queue cuda_stream_queue(const sycl::queue& home, std::uintptr_t stream) {
  require_cuda(home.get_device(), "a queue over a CUDA stream");
  if (home.get_context().get_devices().size() != 1)
    throw std::invalid_argument("pysyclfft: a queue over a CUDA stream needs a context of one device");
#if PYSYCLFFT_HAS_CUDA_INTEROP
  return sycl::make_queue<sycl::backend::ext_oneapi_cuda>(reinterpret_cast<CUstream>(stream), home.get_context());
#else
  (void)stream;
  throw std::logic_error("unreachable");
#endif
}

// The calling thread's current CUcontext (as an integer, 0: none), or None before the CUDA
// adapter has loaded the driver. DPC++'s adapter makes a device's context current for its
// calls and leaves it so, which moves CuPy's and PyTorch's current device;
// pysyclfft/_cuda_arrays.py puts the caller's back with set_cuda_current_context.
py::object cuda_current_context() {
  const auto& cu = pysyclfft::plan::CudaDriver::get();
  void* context = nullptr;
  if (!cu.usable || cu.ctx_get_current(&context) != 0) return py::none();
  return py::int_(reinterpret_cast<std::uintptr_t>(context));
}

void set_cuda_current_context(std::uintptr_t context) {
  const auto& cu = pysyclfft::plan::CudaDriver::get();
  if (cu.usable) cu.ctx_set_current(reinterpret_cast<void*>(context));
}

// The SYCL device of the CUDA allocation holding `address`, asked in home's context.
sycl::device cuda_pointer_device(const sycl::queue& home, std::uintptr_t address) {
  require_cuda(home.get_device(), "cuda_pointer_device");
  return sycl::get_pointer_device(reinterpret_cast<const void*>(address), home.get_context());
}

}  // namespace

namespace pysyclfft::python {

void register_cuda_interop(py::module_& m) {
  m.def("cuda_device_ordinal", &cuda_device_ordinal, py::arg("device"),
        "The CUDA device ordinal of a CUDA-backend SYCL device, -1 for other devices.");
  m.def("cuda_context_handle", &cuda_context_handle, py::arg("queue"),
        "The native CUcontext (as an integer) of a CUDA-backend queue's context.");
  m.def("cuda_stream_queue", &cuda_stream_queue, py::arg("home"), py::arg("stream"),
        "A SYCL queue over the CUDA stream handle `stream` (0: the legacy default stream) in home's context.");
  m.def("cuda_current_context", &cuda_current_context,
        "The calling thread's current CUcontext (0: none), None where no CUDA driver is loaded.");
  m.def("set_cuda_current_context", &set_cuda_current_context, py::arg("context"),
        "Make the CUcontext `context` (0: none) current on the calling thread.");
  m.def("cuda_pointer_device", &cuda_pointer_device, py::arg("home"), py::arg("address"),
        "The SYCL device whose memory holds the CUDA allocation at `address`.");
}

}  // namespace pysyclfft::python
