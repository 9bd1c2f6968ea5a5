// The SYCL CUDA backend's interop, for arrays that CUDA libraries (CuPy,
// PyTorch) own: which CUDA device a SYCL device is, and our work ordered with a
// producer's CUstream by driver events waited on the device
// (pysyclfft/_cuda_arrays.py). The interop header
// declares the few CUDA handle types it uses itself, so this builds without
// CUDA headers and loads without libcuda; the functions refuse non-CUDA devices.
// The experimental interop (native CUDA devices, contexts, streams) is chosen before sycl.hpp reads it.
#define SYCL_EXT_ONEAPI_BACKEND_CUDA_EXPERIMENTAL 1
#include <sycl/sycl.hpp>

#include <atomic>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

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

constexpr unsigned kEventDisableTiming = 2;  // CU_EVENT_DISABLE_TIMING: an event only to wait on

const pysyclfft::plan::CudaDriver& driver() {
  const auto& cu = pysyclfft::plan::CudaDriver::get();
  if (!cu.usable) throw std::runtime_error("pysyclfft: the CUDA driver is not loaded (no CUDA device in use)");
  return cu;
}

void check_stream_status(int status, std::uintptr_t stream) {
  if (status != 0)
    throw std::invalid_argument("pysyclfft: could not order with CUDA stream " + std::to_string(stream) +
                                " (CUDA error " + std::to_string(status) +
                                "): the stream must belong to the array's device and its primary context");
}

// The home queue's next commands wait, on the device, for the work enqueued on the CUDA stream
// `stream` so far. The event is recorded now, in the calling thread (stream 2, the per-thread
// default stream, means this thread's), and waited on by a native command of the home queue's
// own stream. The streams are ordered through the driver, not by DPC++ barriers between the home
// queue and a queue over the stream, which two known DPC++ bugs make fragile (docs/cuda.md,
// "Several GPUs").
sycl::event wait_for_stream(sycl::queue& home, std::uintptr_t stream, const std::vector<sycl::event>& after) {
  require_cuda(home.get_device(), "ordering with a CUDA stream");
  const auto& cu = driver();
  void* event = nullptr;
  void* previous = nullptr;
  cu.ctx_push_current(reinterpret_cast<void*>(cuda_context_handle(home)));
  int status = cu.event_create(&event, kEventDisableTiming);
  if (status == 0) status = cu.event_record(event, reinterpret_cast<void*>(stream));
  if (status != 0 && event != nullptr) cu.event_destroy(event);
  cu.ctx_pop_current(&previous);
  check_stream_status(status, stream);
  try {
    return home.submit([&](sycl::handler& h) {
      h.depends_on(after);
      h.ext_codeplay_enqueue_native_command([event](sycl::interop_handle ih) {
        const auto& cu = pysyclfft::plan::CudaDriver::get();
        cu.stream_wait_event(ih.get_native_queue<sycl::backend::ext_oneapi_cuda>(), event, 0);
        cu.event_destroy(event);  // released once the device is done with it
      });
    });
  } catch (...) {
    cu.event_destroy(event);
    throw;
  }
}

// The CUDA stream `stream` waits, on the device, for the work submitted to `home` so far (and
// `after`): a native command records an event on the home queue's stream and makes `stream`
// wait for it. That needs the command to run now, in this thread (what follows on `stream` is
// enqueued once we return, and stream 2 is per thread); where DPC++ defers it (a dependency
// still on the host), this thread waits for the work instead.
void stream_wait_for(sycl::queue& home, std::uintptr_t stream, const std::vector<sycl::event>& after) {
  require_cuda(home.get_device(), "ordering with a CUDA stream");
  driver();
  auto outcome = std::make_shared<std::atomic<int>>(-1);  // -1: not run in this thread
  const auto caller = std::this_thread::get_id();
  sycl::event done = home.submit([&](sycl::handler& h) {
    h.depends_on(after);
    h.ext_codeplay_enqueue_native_command([outcome, caller, stream](sycl::interop_handle ih) {
      if (std::this_thread::get_id() != caller) return;
      const auto& cu = pysyclfft::plan::CudaDriver::get();
      void* event = nullptr;
      int status = cu.event_create(&event, kEventDisableTiming);
      if (status == 0) status = cu.event_record(event, ih.get_native_queue<sycl::backend::ext_oneapi_cuda>());
      if (status == 0) status = cu.stream_wait_event(reinterpret_cast<void*>(stream), event, 0);
      if (event != nullptr) cu.event_destroy(event);
      outcome->store(status);
    });
  });
  const int status = outcome->load();
  if (status == -1) {
    done.wait_and_throw();
    return;
  }
  check_stream_status(status, stream);
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
  m.def("cuda_wait_for_stream", &wait_for_stream, py::arg("home"), py::arg("stream"), py::arg("after"),
        "Order home's next commands after the work enqueued on CUDA stream `stream` (0: legacy default, "
        "2: this thread's default) so far, on the device; returns the waiting command's event.");
  m.def("cuda_stream_wait_for", &stream_wait_for, py::arg("home"), py::arg("stream"), py::arg("after"),
        "Order what is enqueued on CUDA stream `stream` from now on after the work submitted to home "
        "(and the events `after`), on the device where it can, else by waiting here.");
  m.def("cuda_current_context", &cuda_current_context,
        "The calling thread's current CUcontext (0: none), None where no CUDA driver is loaded.");
  m.def("set_cuda_current_context", &set_cuda_current_context, py::arg("context"),
        "Make the CUcontext `context` (0: none) current on the calling thread.");
  m.def("cuda_pointer_device", &cuda_pointer_device, py::arg("home"), py::arg("address"),
        "The SYCL device whose memory holds the CUDA allocation at `address`.");
}

}  // namespace pysyclfft::python
