// The exchange of values between the work-items of a sub-group that
// kernels/subgroup_transpose.hpp and kernels/paired_lanes.hpp need: the
// work-item's lane, SYCL's permute_group_by_xor and select_from_group.
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
  template <typename V> V select(V value, int from_lane) const {
    return sycl::select_from_group(group, value, unsigned(from_lane));
  }
};

}  // namespace pysyclfft::sycl_backend
