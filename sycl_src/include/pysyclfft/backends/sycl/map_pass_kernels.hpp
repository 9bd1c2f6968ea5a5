// SYCL entry points of the unfused map passes (kernels/map_passes.hpp), e.g.
//   pysyclfft_map_load<float, 1, 4099, 1>, pysyclfft_map_store<float, 1, 4099, 1>   (T, MapKind, FFT length, Stride)
// or FFT length 0: the generic passes, whose FFT length is the run-time `length`;
// Stride 1: unit strides on both sides, 0: the layout's, 3: neighbouring transforms
// (kernels::kNeighbourTransforms). nd_range<2>: dimension 0 = transform, dimension 1 =
// point (rounded up to whole work-groups); under Stride 3 dimension 0 = outer
// transform and point, dimension 1 = inner transform.
#pragma once
#include "../../kernels/map_passes.hpp"
#include "exec.hpp"
#include "scalar_params.hpp"

template <typename T, int Kind, int L, int Stride>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<2>))
void pysyclfft_map_load(const void* in, pysyclfft::kernels::cplx<T>* fft_in, const pysyclfft::kernels::cplx<T>* table,
                        PYSYCLFFT_LAYOUT_PARAMS(layout), T scale, T edge_in, T edge_out, T imag_sign,
                        pysyclfft::kernels::index_t length) {
  namespace k = pysyclfft::kernels;
  const auto item = pysyclfft::sycl_backend::this_item<2>();
  k::MapPass<Kind, T, L, Stride>::load(k::index_t(item.get_global_id(0)), k::index_t(item.get_global_id(1)), in,
                                       fft_in, table, PYSYCLFFT_LAYOUT(layout),
                                       k::MapScalars<T>{scale, edge_in, edge_out, imag_sign}, length);
}

template <typename T, int Kind, int L, int Stride>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<2>))
void pysyclfft_map_store(const pysyclfft::kernels::cplx<T>* fft_out, void* out,
                         const pysyclfft::kernels::cplx<T>* table, PYSYCLFFT_LAYOUT_PARAMS(layout), T scale,
                         T edge_in, T edge_out, T imag_sign, pysyclfft::kernels::index_t length) {
  namespace k = pysyclfft::kernels;
  const auto item = pysyclfft::sycl_backend::this_item<2>();
  k::MapPass<Kind, T, L, Stride>::store(k::index_t(item.get_global_id(0)), k::index_t(item.get_global_id(1)), fft_out,
                                        out, table, PYSYCLFFT_LAYOUT(layout),
                                        k::MapScalars<T>{scale, edge_in, edge_out, imag_sign}, length);
}
