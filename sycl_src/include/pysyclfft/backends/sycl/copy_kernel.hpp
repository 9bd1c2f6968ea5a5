// SYCL entry point of the row copy, e.g. pysyclfft_copy_rows<double>: `rows` rows
// of `width` complex elements from src (rows `src_pitch` elements apart) to dst
// (rows `dst_pitch` apart), one work-item per element. A block of a C-ordered
// array cut along one axis is such a set of rows, so this packs and unpacks the
// blocks of pysyclfft.distributed's exchanges on the device.
#pragma once
#include "../../kernels/complex.hpp"
#include "../../kernels/layout.hpp"
#include "exec.hpp"

template <typename T>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<1>))
void pysyclfft_copy_rows(const pysyclfft::kernels::cplx<T>* src, pysyclfft::kernels::cplx<T>* dst,
                         pysyclfft::kernels::index_t width, pysyclfft::kernels::index_t rows,
                         pysyclfft::kernels::index_t src_pitch, pysyclfft::kernels::index_t dst_pitch) {
  using pysyclfft::kernels::index_t;
  const index_t i = index_t(pysyclfft::sycl_backend::this_item().get_global_id(0));
  if (i >= width * rows) return;
  const index_t row = i / width, column = i - row * width;
  dst[row * dst_pitch + column] = src[row * src_pitch + column];
}
