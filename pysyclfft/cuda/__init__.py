"""CUDA execution layer: the pysyclfft kernel templates compiled by NVRTC
(through CuPy) and launched on CuPy arrays. Needs CuPy, a CUDA GPU and a host
C++ compiler (for the planner query); no SYCL runtime.

    import cupy, pysyclfft.cuda
    y = pysyclfft.cuda.fft(cupy.ones((1000, 1024), cupy.complex64))
"""
__all__ = ["fft", "ifft", "precompile", "plan_for", "Plan"]


def __getattr__(name):
    # CuPy loads on first use of the layer, so that its planner query (_planner)
    # imports without it (tests/test_nvrtc_planner.py runs it on machines without CUDA).
    if name in __all__:
        from . import _c2c

        return getattr(_c2c, name)
    raise AttributeError(f"module 'pysyclfft.cuda' has no attribute {name!r}")
