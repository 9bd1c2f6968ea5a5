// SYCL entry points of the generic kernel set, compiled in one build per device
// and precision (plan/entry_points.hpp, generic_kernel_names, names them): the
// generic Stockham stage (kernels/generic_stockham.hpp), one instance per radix,
// e.g. pysyclfft_generic_stage<float, 16>, and in the double set the two steps
// around the FFT of a float Bluestein table built on the device
// (kernels/bluestein_chirp.hpp) and the runs of a float map table
// (kernels/two_level_roots.hpp). nd_range<1>: one work-item per butterfly of the
// launch's transforms, or per table entry.
#pragma once
#include "../../kernels/bluestein_chirp.hpp"
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

template <typename T>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<1>))
void pysyclfft_bluestein_padded_chirp(pysyclfft::kernels::cplx<T>* padded, const pysyclfft::kernels::cplx<T>* roots_hi,
                                      const pysyclfft::kernels::cplx<T>* roots_lo, pysyclfft::kernels::index_t n,
                                      pysyclfft::kernels::index_t m, int shift) {
  namespace k = pysyclfft::kernels;
  k::bluestein_padded_chirp<T>(k::index_t(pysyclfft::sycl_backend::this_item().get_global_id(0)), padded, roots_hi,
                               roots_lo, k::ChirpRoots{n, m, shift});
}

template <typename T>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<1>))
void pysyclfft_bluestein_float_table(pysyclfft::kernels::cplx<float>* table, const pysyclfft::kernels::cplx<T>* spectrum,
                                     const pysyclfft::kernels::cplx<T>* roots_hi,
                                     const pysyclfft::kernels::cplx<T>* roots_lo, pysyclfft::kernels::index_t n,
                                     pysyclfft::kernels::index_t m, int shift) {
  namespace k = pysyclfft::kernels;
  k::bluestein_rounded_table<T, float>(k::index_t(pysyclfft::sycl_backend::this_item().get_global_id(0)), table,
                                       spectrum, roots_hi, roots_lo, k::ChirpRoots{n, m, shift});
}

template <typename T>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<1>))
void pysyclfft_float_root_run(pysyclfft::kernels::cplx<float>* table, const pysyclfft::kernels::cplx<T>* roots_hi,
                              const pysyclfft::kernels::cplx<T>* roots_lo, pysyclfft::kernels::index_t count,
                              pysyclfft::kernels::index_t first, pysyclfft::kernels::index_t step, int shift) {
  namespace k = pysyclfft::kernels;
  k::rounded_root_run<T, float>(k::index_t(pysyclfft::sycl_backend::this_item().get_global_id(0)), table, roots_hi,
                                roots_lo, count, first, step, shift);
}
