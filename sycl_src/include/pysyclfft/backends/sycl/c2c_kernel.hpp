// SYCL entry point of the batched single-work-group c2c transform.
// Instantiated by name (registered_names) from the planner, e.g.
//   pysyclfft_c2c<float, -1, 64, 2, 4, 4, 4>   (T, Sign, Threads, PerGroup, radices...)
#pragma once
#include "../../kernels/batched_c2c.hpp"
#include "exec.hpp"

template <typename T, int Sign, int Threads, int PerGroup, int... R>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<1>))
void pysyclfft_c2c(const pysyclfft::kernels::cplx<T>* in, pysyclfft::kernels::cplx<T>* out,
                   const pysyclfft::kernels::cplx<T>* twiddles, pysyclfft::kernels::BatchLayout layout, T scale) {
  namespace k = pysyclfft::kernels;
  using Cfg = k::C2CConfig<T, Sign, Threads, PerGroup, k::RadixList<R...>>;
  const auto item = pysyclfft::sycl_backend::this_item();
  PYSYCLFFT_LOCAL_ARRAY(k::cplx<T>, Cfg::kLocalElements, local);
  k::batched_c2c<Cfg>(int(item.get_local_id(0)), k::index_t(item.get_group(0)), pysyclfft::sycl_backend::GroupBarrier{},
                      in, out, twiddles, layout, scale, local);
}
