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

// A barrier the GPU back-end sees as a call. SYCL-RTC inlines its barrier built-in
// in every build of a process but the first (so in every build we keep: the
// compiler's warm-up, plan/compiler.hpp); inlined, the loads of the next stage
// move above it, and on an H200 the 512-work-item 16384-point kernel needed more
// than the 128 registers a work-item may hold in such a group: it reported 384
// work-items and the plan fell back to two passes at half the speed. As a call it
// ran in one kernel in every build (benchmarks/results/gpu_h200_notes_sessions_18-19.md).
template <int Dims> __attribute__((noinline)) void called_group_barrier() {
  sycl::group_barrier(this_item<Dims>().get_group());
}

template <int Dims = 1, bool Called = false> struct GroupBarrier {
  void operator()() const {
    if constexpr (Called)
      called_group_barrier<Dims>();
    else
      sycl::group_barrier(this_item<Dims>().get_group());
  }
};

// The barrier of a team kernel whose work-groups hold GroupSize work-items: a call
// where the group leaves each work-item at most 128 registers (65536 per
// multiprocessor); inlined below, where it measured 1-3% faster (the called form
// everywhere: 8192 points -3%, 1536 -2% on the H200).
template <int Dims, int GroupSize> using TeamBarrier = GroupBarrier<Dims, (GroupSize >= 512)>;

// Pointer to a work-group-static array of N elements of T.
#define PYSYCLFFT_LOCAL_ARRAY(T, N, name)                                    \
  static ::sycl::ext::oneapi::experimental::work_group_static<T[N]> name##_; \
  T* name = static_cast<T(&)[N]>(name##_)

}  // namespace pysyclfft::sycl_backend
