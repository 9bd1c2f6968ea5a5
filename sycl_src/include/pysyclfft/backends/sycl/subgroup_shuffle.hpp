// The exchange of values between the work-items of a sub-group that
// kernels/subgroup_transpose.hpp needs: the work-item's lane and SYCL's
// permute_group_by_xor.
#pragma once
#include <sycl/group_algorithm.hpp>
#include <sycl/nd_item.hpp>

namespace pysyclfft::sycl_backend {

struct SubGroupShuffle {
  sycl::sub_group group;
  int lane() const { return int(group.get_local_linear_id()); }
  template <typename V> V operator()(V value, int mask) const {
    return sycl::permute_group_by_xor(group, value, unsigned(mask));
  }
};

}  // namespace pysyclfft::sycl_backend
