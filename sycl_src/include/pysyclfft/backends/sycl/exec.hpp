// SYCL execution layer: what the backend-neutral kernel templates need from SYCL.
// Compiled by the DPC++ run-time compiler (SYCL-RTC) as part of a plan's kernel
// source. Includes only narrow headers: JIT time is dominated by header parsing.
#pragma once
#include <sycl/ext/oneapi/free_function_kernel_properties.hpp>
#include <sycl/ext/oneapi/free_function_queries.hpp>
#include <sycl/ext/oneapi/work_group_static.hpp>
#include <sycl/group_barrier.hpp>
#include <sycl/nd_item.hpp>

namespace pysyclfft::sycl_backend {

namespace syclexp = sycl::ext::oneapi::experimental;

template <int Dims = 1> sycl::nd_item<Dims> this_item() {
  return sycl::ext::oneapi::this_work_item::get_nd_item<Dims>();
}

// A team member's place in the SIMD vectors of its team (teams of Threads
// consecutive work-items of the group, team-major, under sub-groups of Lanes, a
// kernel template parameter): `lane` of the vector that starts at member
// `vector`; with Lanes = 1, vector is the member itself.
struct SimdSlot {
  int vector, lane;
};
template <int Lanes, int Threads, int Dims> SimdSlot simd_slot(const sycl::nd_item<Dims>& item) {
  if constexpr (Lanes > 1) {
    const auto sg = item.get_sub_group();
    return {int(sg.get_group_linear_id()) * Lanes % Threads, int(sg.get_local_linear_id())};
  } else {
    return {int(item.get_local_linear_id()) % Threads, 0};
  }
}

template <int Dims = 1> struct GroupBarrier {
  void operator()() const { sycl::group_barrier(this_item<Dims>().get_group()); }
};

// Pointer to a work-group-static array of N elements of T.
#define PYSYCLFFT_LOCAL_ARRAY(T, N, name)                                    \
  static ::sycl::ext::oneapi::experimental::work_group_static<T[N]> name##_; \
  T* name = static_cast<T(&)[N]>(name##_)

}  // namespace pysyclfft::sycl_backend
