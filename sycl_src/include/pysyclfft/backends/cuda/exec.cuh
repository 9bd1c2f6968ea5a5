// CUDA execution layer: what the backend-neutral kernel templates need from CUDA.
// Compiled by NVRTC with `-default-device`, so the undecorated functions of
// kernels/ become __device__ functions without any CUDA keyword in them.
#pragma once

namespace pysyclfft::cuda_backend {

struct BlockBarrier {
  __device__ void operator()() const { __syncthreads(); }
};

// Static shared memory a block may declare; more needs dynamic shared memory and
// the cudaFuncAttributeMaxDynamicSharedMemorySize opt-in. The host driver
// (pysyclfft/cuda/_c2c.py, STATIC_SHARED_LIMIT) launches with the same rule.
constexpr unsigned long kStaticSharedLimit = 48 * 1024;

// Pointer to N elements of T in shared memory, static when it fits.
template <typename T, int N, bool Dynamic = (sizeof(T) * N > kStaticSharedLimit)> struct BlockLocal {
  __device__ static T* get() {
    __shared__ T buffer[N];
    return buffer;
  }
};
template <typename T, int N> struct BlockLocal<T, N, true> {
  __device__ static T* get() {
    extern __shared__ __align__(16) unsigned char dynamic_shared[];
    return reinterpret_cast<T*>(dynamic_shared);
  }
};

}  // namespace pysyclfft::cuda_backend
