// What the planner reads from a SYCL device.
#pragma once
#include <sycl/sycl.hpp>

#include "kernel_params.hpp"

namespace pysyclfft::plan {

inline DeviceLimits device_limits(const sycl::device& d) {
  DeviceLimits lim;
  lim.local_mem_bytes = d.get_info<sycl::info::device::local_mem_size>();
  lim.max_group_size = d.get_info<sycl::info::device::max_work_group_size>();
  lim.is_cpu = d.is_cpu();
  return lim;
}

inline bool supports(const sycl::device& d, Precision p) { return p == Precision::f32 || d.has(sycl::aspect::fp64); }

}  // namespace pysyclfft::plan
