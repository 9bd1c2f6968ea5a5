// CUDA entry point of the batched single-block c2c transform, the twin of
// backends/sycl/c2c_kernel.hpp. Instantiated by NVRTC name expression, e.g.
//   pysyclfft_c2c<float, -1, 64, 2, 4, 4, 4>   (T, Sign, Threads, PerGroup, radices...)
// A block is a work-group: Threads*PerGroup threads, PerGroup transforms.
#pragma once
#include "../../kernels/batched_c2c.hpp"
#include "exec.cuh"

template <typename T, int Sign, int Threads, int PerGroup, int... R>
__global__ void __launch_bounds__(Threads * PerGroup)
    pysyclfft_c2c(const pysyclfft::kernels::cplx<T>* in, pysyclfft::kernels::cplx<T>* out,
                  const pysyclfft::kernels::cplx<T>* twiddles, pysyclfft::kernels::BatchLayout layout, T scale) {
  namespace k = pysyclfft::kernels;
  namespace cb = pysyclfft::cuda_backend;
  using Cfg = k::C2CConfig<T, Sign, Threads, PerGroup, k::RadixList<R...>>;
  k::cplx<T>* local = cb::BlockLocal<k::cplx<T>, Cfg::kLocalElements>::get();
  k::batched_c2c<Cfg>(int(threadIdx.x), k::index_t(blockIdx.x), cb::BlockBarrier{}, in, out, twiddles, layout, scale,
                      local);
}
