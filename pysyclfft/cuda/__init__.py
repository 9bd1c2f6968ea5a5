"""CUDA execution layer: the pysyclfft kernel templates compiled by NVRTC
(through CuPy) and launched on CuPy arrays. Needs CuPy, a CUDA GPU and a host
C++ compiler (for the planner query); no SYCL runtime.

    import cupy, pysyclfft.cuda
    y = pysyclfft.cuda.fft(cupy.ones((1000, 1024), cupy.complex64))
"""
from ._c2c import Plan, fft, ifft, plan_for, precompile

__all__ = ["fft", "ifft", "precompile", "plan_for", "Plan"]
