// The exchange of values between the work-items of a sub-group that
// kernels/subgroup_transpose.hpp, kernels/paired_lanes.hpp and
// kernels/subgroup_fft.hpp need: the work-item's lane, the exchange with the
// lane `mask` away (xor), the value of any lane, and the exchange that swaps
// two bits of the lane index.
#pragma once
#include <sycl/group_algorithm.hpp>
#include <sycl/nd_item.hpp>

namespace pysyclfft::sycl_backend {

// The lane whose index is `lane` with bits a and b swapped.
inline int lane_with_bits_swapped(int lane, int a, int b) {
  const int bit_a = (lane >> a) & 1, bit_b = (lane >> b) & 1;
  return lane + (bit_a - bit_b) * ((1 << b) - (1 << a));
}

// SYCL's sub-group shuffles.
struct SubGroupShuffle {
  sycl::sub_group group;
  int lane() const { return int(group.get_local_linear_id()); }
  template <typename V> V operator()(V value, int mask) const {
    return sycl::permute_group_by_xor(group, value, unsigned(mask));
  }
  template <typename V> V select(V value, int from_lane) const {
    return sycl::select_from_group(group, value, unsigned(from_lane));
  }
  template <typename V> V swap_lane_bits(V value, int a, int b) const {
    return select(value, lane_with_bits_swapped(lane(), a, b));
  }
};

}  // namespace pysyclfft::sycl_backend
