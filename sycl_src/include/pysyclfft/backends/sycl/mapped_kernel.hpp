// SYCL entry points of the batched real/trigonometric transforms: one complex
// FFT per transform with the map's pre/post-processing fused in. Instantiated
// by name from the planner, e.g.
//   pysyclfft_mapped<float, 1, 16, 64, 2, 0, 0, 1, 1, 4, 4, 4>
//     (T, MapKind, Lanes, Threads, PerGroup, Pad, Skew, Stride, LaneReversedSplit, radices...)
//     team level, one transform per team of Threads work-items; Lanes, Pad and
//     Skew as pysyclfft_c2c's (c2c_kernel.hpp); Stride 1: unit strides on both
//     sides known at compile time, 0: run-time strides; LaneReversedSplit 1: a
//     split map's split by SIMD vectors (kernels/batched_mapped.hpp);
//   pysyclfft_mapped_item<float, 1, 16, 0, 4, 2>     (T, MapKind, Lanes, Stride, radices...)
//     work-item level, one transform per work-item (short transforms), Lanes
//     the sub-group size; Stride 0: run-time strides, kContiguousRows: rows
//     moved transposed (kernels/batched_mapped.hpp, map_moves_rows);
//   pysyclfft_mapped_subgroup<float, 1, 16, 16, 2, 4>  (T, MapKind, Lanes, PerGroup, Stride, R)
//     sub-group level of the packed rfft and irfft, FFT length Lanes * R
//     (kernels/subgroup_real.hpp), c2c_kernel.hpp's pysyclfft_c2c_subgroup range.
// All take the same arguments and pysyclfft_c2c's nd_range<2>s (plan/kernel_args.hpp,
// batched_range): team in dimension 0 and member in 1, or outer and inner batch index.
#pragma once
#include "../../kernels/batched_mapped.hpp"
#include "../../kernels/subgroup_real.hpp"
#include "exec.hpp"
#include "scalar_params.hpp"
#include "subgroup_shuffle.hpp"

template <typename T, int Kind, int Lanes, int Threads, int PerGroup, int Pad, int Skew, int Stride,
          int LaneReversedSplit, int... R>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<2>))
[[sycl::reqd_sub_group_size(Lanes)]]
void pysyclfft_mapped(const void* in, void* out, const pysyclfft::kernels::cplx<T>* twiddles,
                      const pysyclfft::kernels::cplx<T>* table, PYSYCLFFT_LAYOUT_PARAMS(layout), T scale,
                      T edge_in, T edge_out, T imag_sign) {
  namespace k = pysyclfft::kernels;
  namespace sb = pysyclfft::sycl_backend;
  using Cfg = k::MappedConfig<T, Kind, Threads, PerGroup, k::RadixList<R...>, Stride, Pad, Skew, LaneReversedSplit>;
  const auto item = sb::this_item<2>();
  PYSYCLFFT_LOCAL_ARRAY(k::cplx<T>, Cfg::kLocalElements, local);
  constexpr int kLanes = Threads % Lanes == 0 ? Lanes : 1;
  const sb::SimdSlot s = sb::simd_slot<kLanes, Threads>(item);
  k::batched_mapped<Cfg, kLanes>(s.vector, s.lane, int(item.get_local_id(0)), k::index_t(item.get_group(0)),
                                 sb::TeamBarrier<2, Threads * PerGroup>{}, sb::SubGroupShuffle{item.get_sub_group()},
                                 in, out, twiddles, table, PYSYCLFFT_LAYOUT(layout),
                                 k::MapScalars<T>{scale, edge_in, edge_out, imag_sign}, local);
}

template <typename T, int Kind, int Lanes, int Stride, int... R>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<2>))
[[sycl::reqd_sub_group_size(Lanes)]]
void pysyclfft_mapped_item(const void* in, void* out, const pysyclfft::kernels::cplx<T>* twiddles,
                           const pysyclfft::kernels::cplx<T>* table, PYSYCLFFT_LAYOUT_PARAMS(layout), T scale,
                           T edge_in, T edge_out, T imag_sign) {
  namespace k = pysyclfft::kernels;
  using Cfg = k::MappedConfig<T, Kind, 1, 1, k::RadixList<R...>>;
  const auto item = pysyclfft::sycl_backend::this_item<2>();
  k::item_mapped<Cfg, Lanes, Stride>(k::index_t(item.get_global_id(1)), k::index_t(item.get_global_id(0)), in, out, twiddles,
                             table, PYSYCLFFT_LAYOUT(layout), k::MapScalars<T>{scale, edge_in, edge_out, imag_sign},
                             pysyclfft::sycl_backend::SubGroupShuffle{item.get_sub_group()});
}

template <typename T, int Kind, int Lanes, int PerGroup, int Stride, int R>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<2>))
[[sycl::reqd_sub_group_size(Lanes)]]
void pysyclfft_mapped_subgroup(const void* in, void* out, const pysyclfft::kernels::cplx<T>* twiddles,
                               const pysyclfft::kernels::cplx<T>* table, PYSYCLFFT_LAYOUT_PARAMS(layout), T scale,
                               T edge_in, T edge_out, T imag_sign) {
  namespace k = pysyclfft::kernels;
  const auto item = pysyclfft::sycl_backend::this_item<2>();
  k::subgroup_mapped<T, Kind, Lanes, R, Stride>(k::index_t(item.get_global_id(0)), in, out, twiddles, table,
                                                PYSYCLFFT_LAYOUT(layout),
                                                k::MapScalars<T>{scale, edge_in, edge_out, imag_sign},
                                                pysyclfft::sycl_backend::SubGroupShuffle{item.get_sub_group()});
}
