// CUDA entry point of the batched single-block c2c transform, the twin of
// backends/sycl/c2c_kernel.hpp. Instantiated by NVRTC name expression, e.g.
//   pysyclfft_c2c<float, -1, 64, 2, 0, 4, 4, 4>   (T, Sign, Threads, PerGroup, Stride, radices...)
// A block is a work-group: Threads*PerGroup threads, PerGroup transforms.
// Stride: compile-time element stride, or 0 for the layout's run-time stride.
#pragma once
#include "../../kernels/batched_c2c.hpp"
#include "exec.cuh"

template <typename T, int Sign, int Threads, int PerGroup, int Stride, int... R>
__global__ void __launch_bounds__(Threads * PerGroup)
    pysyclfft_c2c(const pysyclfft::kernels::cplx<T>* in, pysyclfft::kernels::cplx<T>* out,
                  const pysyclfft::kernels::cplx<T>* twiddles, pysyclfft::kernels::BatchLayout layout, T scale) {
  namespace k = pysyclfft::kernels;
  namespace cb = pysyclfft::cuda_backend;
  using Cfg = k::C2CConfig<T, Sign, Threads, PerGroup, k::RadixList<R...>>;
  k::cplx<T>* local = cb::BlockLocal<k::cplx<T>, Cfg::kLocalElements>::get();
  k::team_c2c<Cfg, Stride, 1>(int(threadIdx.x) % Threads, 0, int(threadIdx.x) / Threads, k::index_t(blockIdx.x),
                              cb::BlockBarrier{}, in, out, twiddles, layout, scale, local);
}
