// SYCL entry point of the generic Stockham stage (kernels/generic_stockham.hpp),
// one instance per radix and precision, all compiled in one build per device
// (plan/generic_kernels.hpp names them), e.g. pysyclfft_generic_stage<float, 16>.
// nd_range<1>: one work-item per butterfly of the launch's transforms.
#pragma once
#include "../../kernels/generic_stockham.hpp"
#include "exec.hpp"
#include "scalar_params.hpp"

template <typename T, int R>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<1>))
void pysyclfft_generic_stage(const pysyclfft::kernels::cplx<T>* in, pysyclfft::kernels::cplx<T>* out,
                             const pysyclfft::kernels::cplx<T>* twiddle_hi, const pysyclfft::kernels::cplx<T>* twiddle_lo,
                             const pysyclfft::kernels::cplx<T>* load_table,
                             const pysyclfft::kernels::cplx<T>* store_table, PYSYCLFFT_SIDE_PARAMS(in_side),
                             PYSYCLFFT_SIDE_PARAMS(out_side), PYSYCLFFT_STAGE_PARAMS(stage), T scale) {
  namespace k = pysyclfft::kernels;
  k::generic_stage<T, R>(k::index_t(pysyclfft::sycl_backend::this_item().get_global_id(0)), in, out, twiddle_hi,
                         twiddle_lo, load_table, store_table, PYSYCLFFT_SIDE(in_side), PYSYCLFFT_SIDE(out_side),
                         PYSYCLFFT_STAGE(stage), scale);
}
