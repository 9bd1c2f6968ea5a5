// SYCL entry points of the batched single-kernel c2c transform, instantiated by
// name (registered_names) from the planner (plan/entry_points.hpp). Stride is the
// compile-time element stride (1 for contiguous transforms) or 0 for a run-time
// stride; Lanes is the sub-group size the team kernel requires (chosen from the
// device's sub-group sizes, plan/kernel_params.hpp); Buffers, Pad and Skew are
// Stockham's local buffers per transform (1: middle stages in place), their
// bank padding (kernels/stockham.hpp) and the reals between teams' buffers
// (kernels/batched_c2c.hpp).
//   pysyclfft_c2c<float, -1, 16, 64, 2, 2, 0, 0, 1, 4, 4, 4>
//     (T, Sign, Lanes, Threads, PerGroup, Buffers, Pad, Skew, Stride, radices...)
//     team level, nd_range<2>: dimension 1 = work-item in its team (Threads),
//     dimension 0 = team (PerGroup per work-group), one transform per team;
//   pysyclfft_c2c_item<float, -1, 16, 0, 4, 4>      (T, Sign, Lanes, Stride, radices...)
//     work-item level, nd_range<2>: dimension 1 = inner batch index,
//     dimension 0 = outer batch index (one work-item per transform); Lanes is
//     the sub-group size, and Lanes = N loads neighbouring transforms transposed
//     (kernels/batched_c2c.hpp, item_c2c);
//   pysyclfft_c2c_subgroup<float, -1, 16, 16, 1, 4>  (T, Sign, Lanes, PerGroup, Stride, R)
//     sub-group level, N = Lanes * R, nd_range<2>: dimension 1 = lane (Lanes),
//     dimension 0 = transform (kernels/subgroup_fft.hpp).
#pragma once
#include "../../kernels/batched_c2c.hpp"
#include "../../kernels/subgroup_fft.hpp"
#include "exec.hpp"
#include "scalar_params.hpp"
#include "subgroup_shuffle.hpp"

template <typename T, int Sign, int Lanes, int Threads, int PerGroup, int Buffers, int Pad, int Skew, int Stride,
          int... R>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<2>))
[[sycl::reqd_sub_group_size(Lanes)]]
void pysyclfft_c2c(const pysyclfft::kernels::cplx<T>* in, pysyclfft::kernels::cplx<T>* out,
                   const pysyclfft::kernels::cplx<T>* twiddles, PYSYCLFFT_LAYOUT_PARAMS(layout), T scale) {
  namespace k = pysyclfft::kernels;
  using Cfg = k::C2CConfig<T, Sign, Threads, PerGroup, k::RadixList<R...>, Buffers, Pad, Skew, true>;
  namespace sb = pysyclfft::sycl_backend;
  const auto item = sb::this_item<2>();
  PYSYCLFFT_LOCAL_ARRAY(k::cplx<T>, Cfg::kLocalElements, local);
  // Sub-groups of Lanes consecutive work-items (the kernel requires that size),
  // so the sub-group index gives each SIMD vector's first team member.
  constexpr int kLanes = Threads % Lanes == 0 ? Lanes : 1;
  const sb::SimdSlot s = sb::simd_slot<kLanes, Threads>(item);
  k::team_c2c<Cfg, Stride, kLanes>(s.vector, s.lane, int(item.get_local_id(0)), k::index_t(item.get_group(0)),
                                   sb::TeamBarrier<2, Threads * PerGroup>{}, in, out, twiddles,
                                   PYSYCLFFT_LAYOUT(layout), scale, local, sb::SubGroupShuffle{item.get_sub_group()});
}

template <typename T, int Sign, int Lanes, int Stride, int... R>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<2>))
[[sycl::reqd_sub_group_size(Lanes)]]
void pysyclfft_c2c_item(const pysyclfft::kernels::cplx<T>* in, pysyclfft::kernels::cplx<T>* out,
                        const pysyclfft::kernels::cplx<T>* twiddles, PYSYCLFFT_LAYOUT_PARAMS(layout), T scale) {
  namespace k = pysyclfft::kernels;
  const auto item = pysyclfft::sycl_backend::this_item<2>();
  k::item_c2c<T, Sign, k::RadixList<R...>, Stride, Lanes>(
      k::index_t(item.get_global_id(1)), k::index_t(item.get_global_id(0)), in, out, twiddles,
      PYSYCLFFT_LAYOUT(layout), scale, pysyclfft::sycl_backend::SubGroupShuffle{item.get_sub_group()});
}

template <typename T, int Sign, int Lanes, int PerGroup, int Stride, int R>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<2>))
[[sycl::reqd_sub_group_size(Lanes)]]
void pysyclfft_c2c_subgroup(const pysyclfft::kernels::cplx<T>* in, pysyclfft::kernels::cplx<T>* out,
                            const pysyclfft::kernels::cplx<T>* twiddles, PYSYCLFFT_LAYOUT_PARAMS(layout), T scale) {
  namespace k = pysyclfft::kernels;
  namespace sb = pysyclfft::sycl_backend;
  const auto item = sb::this_item<2>();
  const sb::SubGroupShuffle shuffle{item.get_sub_group()};
  k::subgroup_c2c<T, Sign, Lanes, R, Stride>(k::index_t(item.get_global_id(0)), in, out, twiddles,
                                             PYSYCLFFT_LAYOUT(layout), scale, shuffle);
}
