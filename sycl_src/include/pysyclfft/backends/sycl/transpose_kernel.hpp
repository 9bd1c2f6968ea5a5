// SYCL entry points of the in-place transposes (kernels/transpose.hpp), e.g.
//   pysyclfft_transpose_square<float, 16>, pysyclfft_permute_blocks<float>
#pragma once
#include "../../kernels/transpose.hpp"
#include "exec.hpp"
#include "scalar_params.hpp"

template <typename T, int Tile>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<1>))
void pysyclfft_transpose_square(pysyclfft::kernels::cplx<T>* data, PYSYCLFFT_SIDE_PARAMS(side),
                                PYSYCLFFT_BLOCKS_PARAMS(blocks)) {
  namespace k = pysyclfft::kernels;
  const auto item = pysyclfft::sycl_backend::this_item();
  PYSYCLFFT_LOCAL_ARRAY(k::cplx<T>, 2 * Tile * Tile, local);
  k::transpose_square_tiles<T, Tile>(int(item.get_local_id(0)), k::index_t(item.get_group(0)),
                                     pysyclfft::sycl_backend::GroupBarrier{}, data, PYSYCLFFT_SIDE(side), PYSYCLFFT_BLOCKS(blocks), local);
}

template <typename T>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<1>))
void pysyclfft_permute_blocks(pysyclfft::kernels::cplx<T>* data, PYSYCLFFT_SIDE_PARAMS(side),
                              PYSYCLFFT_CYCLES_PARAMS(cycles), const pysyclfft::kernels::index_t* starts,
                              const pysyclfft::kernels::index_t* members) {
  namespace k = pysyclfft::kernels;
  const auto item = pysyclfft::sycl_backend::this_item();
  k::permute_block_cycles<T>(k::index_t(item.get_global_id(0)), data, PYSYCLFFT_SIDE(side), PYSYCLFFT_CYCLES(cycles), starts, members);
}
