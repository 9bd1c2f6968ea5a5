// SYCL entry point of a two-pass four-step FFT in one launch (kernels/chained_passes.hpp), e.g.
//   pysyclfft_chained_passes<float, -1, 32, pysyclfft::kernels::ChainedPass<32, 16, 0, 1, -1, 16, 8, 4>,
//                            pysyclfft::kernels::ChainedPass<64, 8, 520, 2, -1, 8, 8, 8>>
//     (T, Sign, Lanes, pass 1, pass 2: ChainedPass<Threads, PerGroup, RowPitch, Buffers, Access, radices...>)
// nd_range<2> of pass 1's column groups (pass_kernel.hpp): dimension 0 = member, 1 = team.
#pragma once
#include <sycl/atomic_fence.hpp>
#include <sycl/atomic_ref.hpp>

#include "../../kernels/chained_passes.hpp"
#include "exec.hpp"
#include "scalar_params.hpp"
#include "subgroup_shuffle.hpp"

namespace pysyclfft::sycl_backend {

// The launch's counters, touched by one work-item of the group (the leader) with
// device-scope atomics; the group barrier orders the other work-items' stores
// before the leader's release and their loads after its acquire, as CUDA's
// cooperative grid barrier does.
// The leader hands the ticket to the group through the first element of the
// passes' local memory (as two 16-bit halves, exact in any T): an array of its
// own would put a group that fills local memory over the device's limit.
template <typename T> struct ChainSync {
  using Ref = sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device,
                               sycl::access::address_space::global_space>;
  unsigned* counters;
  kernels::cplx<T>* slot;  // work-group memory, free until the pass starts
  bool leader;

  Ref at(kernels::index_t i) const { return Ref(counters[i]); }
  static void barrier() { sycl::group_barrier(this_item<2>().get_group()); }

  kernels::index_t take_ticket() const {
    if (leader) {
      const unsigned t = at(kernels::kChainTicket).fetch_add(1u);
      *slot = {T(t >> 16), T(t & 0xffffu)};
    }
    barrier();
    const kernels::cplx<T> halves = *slot;
    barrier();  // read by all before the pass writes local memory
    return kernels::index_t(halves.re) << 16 | kernels::index_t(halves.im);
  }
  void wait_until(kernels::index_t i, kernels::index_t target) const {
    if (leader) {
      while (at(i).load(sycl::memory_order::acquire) < unsigned(target)) {
      }
      sycl::atomic_fence(sycl::memory_order::acquire, sycl::memory_scope::device);
    }
    barrier();
  }
  void signal(kernels::index_t i) const {
    barrier();
    if (leader) {
      sycl::atomic_fence(sycl::memory_order::release, sycl::memory_scope::device);
      at(i).fetch_add(1u, sycl::memory_order::release);
    }
  }
  // The last group to finish clears the counters for the plan's next launch.
  void finish(kernels::index_t groups, kernels::index_t used) const {
    if (leader && at(kernels::kChainFinished).fetch_add(1u, sycl::memory_order::acq_rel) + 1 == unsigned(groups))
      for (kernels::index_t i = 0; i < used; ++i) at(i).store(0u);
  }
};

}  // namespace pysyclfft::sycl_backend

template <typename T, int Sign, int Lanes, class First, class Second>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<2>))
[[sycl::reqd_sub_group_size(Lanes)]]
void pysyclfft_chained_passes(const pysyclfft::kernels::cplx<T>* in, pysyclfft::kernels::cplx<T>* out,
                              pysyclfft::kernels::cplx<T>* scratch, unsigned* counters,
                              const pysyclfft::kernels::cplx<T>* twiddles1,
                              const pysyclfft::kernels::cplx<T>* store_table,
                              const pysyclfft::kernels::cplx<T>* store_low,
                              const pysyclfft::kernels::cplx<T>* lane_twiddles,
                              const pysyclfft::kernels::cplx<T>* twiddles2, PYSYCLFFT_SIDE_PARAMS(in_side),
                              PYSYCLFFT_SIDE_PARAMS(out_side), PYSYCLFFT_SIDE_PARAMS(slot_side),
                              PYSYCLFFT_GEOMETRY_PARAMS(first), PYSYCLFFT_GEOMETRY_PARAMS(second),
                              PYSYCLFFT_SCHEDULE_PARAMS(schedule), T scale) {
  namespace k = pysyclfft::kernels;
  namespace sb = pysyclfft::sycl_backend;
  constexpr long long kLocal = First::local_elements() > Second::local_elements() ? First::local_elements()
                                                                                    : Second::local_elements();
  PYSYCLFFT_LOCAL_ARRAY(k::cplx<T>, kLocal, local);
  const auto item = sb::this_item<2>();
  const int member = int(item.get_local_id(0)), team = int(item.get_local_id(1));
  k::chained_passes<T, Sign, Lanes, First, Second>(
      member, team, sb::ChainSync<T>{counters, local, member == 0 && team == 0}, sb::GroupBarrier<2>{}, in, out, scratch, twiddles1, store_table,
      store_low, lane_twiddles, twiddles2, PYSYCLFFT_SIDE(in_side), PYSYCLFFT_SIDE(out_side), PYSYCLFFT_SIDE(slot_side),
      PYSYCLFFT_GEOMETRY(first), PYSYCLFFT_GEOMETRY(second), PYSYCLFFT_SCHEDULE(schedule), scale, local,
      sb::SubGroupShuffle{item.get_sub_group()});
}
