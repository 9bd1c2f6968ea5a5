// SYCL entry point of one pass of a multi-pass, Bluestein or Rader transform
// (kernels/multipass.hpp). Instantiated by name from the planner, e.g.
//   pysyclfft_pass<float, -1, 64, 1, 8, 8, 4>   (T, Sign, Threads, PerGroup, radices...)
#pragma once
#include "../../kernels/multipass.hpp"
#include "exec.hpp"

template <typename T, int Sign, int Threads, int PerGroup, int... R>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<1>))
void pysyclfft_pass(const pysyclfft::kernels::cplx<T>* in, pysyclfft::kernels::cplx<T>* out,
                    const pysyclfft::kernels::cplx<T>* twiddles, const pysyclfft::kernels::cplx<T>* load_table,
                    const pysyclfft::kernels::cplx<T>* store_table, const pysyclfft::kernels::cplx<T>* store_low,
                    pysyclfft::kernels::PassSide in_side, pysyclfft::kernels::PassSide out_side,
                    pysyclfft::kernels::PassGeometry geometry, T scale,
                    pysyclfft::kernels::cplx<T>* ends) {
  namespace k = pysyclfft::kernels;
  using Cfg = k::C2CConfig<T, Sign, Threads, PerGroup, k::RadixList<R...>>;
  const auto item = pysyclfft::sycl_backend::this_item();
  PYSYCLFFT_LOCAL_ARRAY(k::cplx<T>, Cfg::kLocalElements, local);
  k::multipass_pass<Cfg, Sign>(int(item.get_local_id(0)), k::index_t(item.get_group(0)),
                                            pysyclfft::sycl_backend::GroupBarrier{}, in, out, twiddles, load_table,
                                            store_table, store_low, in_side, out_side, geometry, scale, ends, local);
}
