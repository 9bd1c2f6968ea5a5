"""Radices 3 and 5 take the leftover factors 2 on the CPU device (plan/factorize.hpp,
twos_taken_by_odd; kernel_params.hpp, twos_into_odd): single and fused map kernels of teams
run radices 6 and 10, a stage fewer. The planner's choice is checked for a CPU and an H100
(any machine), the transforms that now run those radices against numpy and scipy in
float64 on the device at hand."""

import numpy as np
import pytest
import scipy.fft

import pysyclfft
from conftest import H100, OPENCL_CPU, assert_fft_close, error_bound, relative_l2, to_numpy


def radices(n, is_double, device):
    from pysyclfft import _core

    return _core.c2c_kernel_params(n, is_double, **device)["radices"]


@pytest.mark.parametrize(
    "n, is_double, expected",
    [
        (1000, False, [10, 10, 10]),  # 8 5 5 5: the leftover 8 (radix 16 here) goes to the three 5s
        (1536, False, [16, 16, 6]),  # 16 8 4 3: the leftover 2 goes to the 3
        (1200, True, [8, 3, 10, 5]),  # 4 4 3 5 5: the leftover 2 (radix 8 here) goes to a 5
        (6000, False, [16, 3, 5, 5, 5]),  # no leftover: whole radix-16 stages stay (10 10 10 6 lost 1.4x)
        (600, True, [8, 3, 5, 5]),  # no leftover (10 10 6 lost 1.4x)
        (96, False, [8, 4, 3]),  # a leftover 4 but one 3: no stage saved
        (60, False, [4, 3, 5]),  # a work-item kernel (10 6 ran 0.88x as fast)
    ],
)
def test_cpu_radices_take_leftover_twos(n, is_double, expected):
    assert radices(n, is_double, OPENCL_CPU) == expected


def test_gpu_radices_keep_their_twos():
    for n, is_double in ((1000, False), (1536, False), (1200, True), (60, False)):
        got = radices(n, is_double, H100)
        assert 6 not in got and 10 not in got, (n, got)


LENGTHS = [80, 240, 480, 600, 1000, 1200, 1536, 3000]


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_c2c_with_radices_6_and_10(dtype):
    rng = np.random.default_rng(6)
    for n in LENGTHS:
        x = (rng.uniform(-1, 1, (5, n)) + 1j * rng.uniform(-1, 1, (5, n))).astype(dtype)
        x128 = x.astype(np.complex128)
        assert_fft_close(pysyclfft.fft(x), np.fft.fft(x128), dtype, n)
        assert_fft_close(pysyclfft.ifft(x), np.fft.ifft(x128), dtype, n)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("kind", ["rfft", "dct2", "dct3"])
def test_fused_maps_with_radices_6_and_10(kind, dtype):
    """Fused real and trigonometric kernels whose FFTs (of n/2 points: 240, 500, 1200, 1500) take 6s and 10s."""
    rng = np.random.default_rng(10)
    for n in (480, 1000, 2400, 3000):
        x = rng.uniform(-1, 1, (5, n)).astype(dtype)
        x64 = x.astype(np.float64)
        if kind == "rfft":
            got, ref = pysyclfft.rfft(x), np.fft.rfft(x64)
        else:
            got, ref = pysyclfft.dct(x, type=int(kind[-1])), scipy.fft.dct(x64, type=int(kind[-1]))
        err = relative_l2(to_numpy(got), ref)
        assert err <= error_bound(dtype, n), f"{kind} n={n} {np.dtype(dtype).name}: {err:.3g}"
