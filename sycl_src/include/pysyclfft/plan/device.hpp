// What the planner reads from a SYCL device.
#pragma once
#include <sycl/sycl.hpp>

#include <algorithm>
#include <atomic>
#include <complex>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "kernel_params.hpp"

namespace pysyclfft::plan {

inline DeviceLimits device_limits(const sycl::device& d) {
  DeviceLimits lim;
  lim.local_mem_bytes = d.get_info<sycl::info::device::local_mem_size>();
  lim.max_group_size = d.get_info<sycl::info::device::max_work_group_size>();
  const auto sizes = d.get_info<sycl::info::device::sub_group_sizes>();
  lim.sub_group_sizes.assign(sizes.begin(), sizes.end());
  lim.compute_units = d.get_info<sycl::info::device::max_compute_units>();
  lim.is_cpu = d.get_info<sycl::info::device::device_type>() == sycl::info::device_type::cpu;
  lim.lanes = choose_sub_group_size(lim.sub_group_sizes);
  return lim;
}

inline bool supports(const sycl::device& d, Precision p) { return p == Precision::f32 || d.has(sycl::aspect::fp64); }

// A failed device allocation; a std::bad_alloc (Python sees MemoryError) that names the request.
class DeviceAllocError : public std::bad_alloc {
 public:
  explicit DeviceAllocError(std::size_t bytes)
      : what_("pysyclfft: cannot allocate " + std::to_string(bytes) + " bytes of device memory for a plan table") {}
  const char* what() const noexcept override { return what_.c_str(); }

 private:
  std::string what_;
};

// Plan tables alive in the process (tests check that plans give their memory back).
inline std::atomic<long>& live_device_tables() {
  static std::atomic<long> count{0};
  return count;
}

// A host table (complex values or indices) copied to a new device allocation
// owned by the returned pointer; its size is added to *bytes_total (a plan's
// workspace) when given.
template <typename T>
std::shared_ptr<void> device_copy(sycl::queue& q, const std::vector<T>& v, std::size_t* bytes_total = nullptr) {
  const std::size_t bytes = v.size() * sizeof(v[0]);
  if (bytes_total) *bytes_total += bytes;
  void* p = sycl::malloc_device(bytes, q);
  if (!p) throw DeviceAllocError(bytes);
  std::shared_ptr<void> owned(p, [q](void* ptr) {
    sycl::free(ptr, q);
    --live_device_tables();
  });
  ++live_device_tables();
  q.memcpy(p, v.data(), bytes).wait();
  return owned;
}

// An uninitialised device allocation of `bytes` (at least 1) owned by the returned pointer.
inline std::shared_ptr<void> device_buffer(const sycl::queue& q, std::size_t bytes) {
  void* p = sycl::malloc_device(std::max<std::size_t>(bytes, 1), q);
  if (!p) throw DeviceAllocError(bytes);
  return std::shared_ptr<void>(p, [q](void* ptr) { sycl::free(ptr, q); });
}

}  // namespace pysyclfft::plan
