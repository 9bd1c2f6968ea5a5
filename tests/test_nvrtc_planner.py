"""The NVRTC layer's kernel parameters come from the one planner (pysyclfft/cuda/plan_query.cpp over
plan/kernel_params.hpp), with its own radix-16 threshold: its kernels, neither inlined nor laid out
against bank conflicts, lost 14-21% at 1024-2048 points on an H200 with the SYCL kernels' radix 16 from
1024 points, so they keep radix 8 below 4096 (KernelRole::nvrtc). The query is host C++ only: it is
compiled and run here through the layer's own module (pysyclfft/cuda/_planner.py), without CUDA."""
import numpy as np

from pysyclfft.cuda import _planner

H100_LIMITS = (227 * 1024, 1024)  # local memory bytes, work-items per group


def query(*lengths):
    return {n: p["radices"] for n, p in _planner.query_plans(lengths, np.complex64, H100_LIMITS).items()}


def test_nvrtc_kernels_keep_radix_8_below_4096_points():
    radices = query(1024, 2048, 4096)
    assert radices[1024] == [8, 8, 4, 4], radices
    assert max(radices[2048]) == 8, radices
    assert radices[4096] == [16, 16, 16], radices  # not vacuous: radix 16 from 4096 as before
