"""Accuracy against long-double references, per algorithm class, both precisions.

The default run samples each class; `-m slow` adds the long sweeps (up to 2^24)."""
import numpy as np
import pytest

import pysyclfft
from pysyclfft import config
from accuracy import L2_BOUND, REAL_KINDS, errors, long_double_reference, random_complex, real_kind_case

# (length, batch) per algorithm class: single work-group, four-step, Rader, Bluestein.
SINGLE_KERNEL = [(8, 64), (60, 16), (1000, 8), (2187, 4), (4096, 4), (1331, 4), (8192, 2)]
MULTI_PASS = [(16384, 2), (3**10, 1), (2**20, 1)]
RADER = [(17, 16), (1009, 4), (12289, 2), (65537, 1)]
BLUESTEIN = [(4099, 2), (65539, 1)]
PRIME = RADER + BLUESTEIN
SLOW = [(2**22, 1), (2**24, 1), (999983, 1)]


def _check(n, batch, dtype, forward):
    x = random_complex((batch, n), dtype, seed=n)
    y = pysyclfft.fft(x) if forward else pysyclfft.ifft(x)
    l2, _ = errors(y, long_double_reference(x, forward))
    assert l2 <= L2_BOUND[dtype], f"n={n} {np.dtype(dtype).name}: L2 error {l2:.3g} above {L2_BOUND[dtype]:.3g}"


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("n,batch", SINGLE_KERNEL + MULTI_PASS + PRIME)
def test_forward_accuracy(n, batch, dtype):
    _check(n, batch, dtype, True)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("n,batch", [(1000, 4), (4096, 2), (16384, 1), (1009, 2)])
def test_backward_accuracy(n, batch, dtype):
    _check(n, batch, dtype, False)


@pytest.mark.slow
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("n,batch", SLOW)
def test_large_accuracy(n, batch, dtype):
    _check(n, batch, dtype, True)


# The generic kernels answer a new length's first calls (docs/plantime.md), so they
# meet the same bounds: smooth lengths as one FFT of radix-16 stages, primes by
# Bluestein over them (999983: a convolution of 2^21 points).
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("n", [2**20, 65539, 999983])
def test_generic_kernel_accuracy(n, dtype):
    config.set_specialization("generic")
    try:
        plan = pysyclfft.get_fft_plan(np.zeros((1, n), dtype), axes=(-1,))
        assert "generic kernels" in plan.describe()
        _check(n, 1, dtype, True)
    finally:
        config.set_specialization("wait")


# Real, C2R, DCT and DST through each path: fused single kernel (1000), unfused
# around Bluestein (4097 = 17 * 241) and around a multi-pass plan (65536).
REAL_BOUND = {np.float32: L2_BOUND[np.complex64], np.float64: L2_BOUND[np.complex128]}


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n,batch", [(1000, 8), (4097, 2), (65536, 1)])
@pytest.mark.parametrize("kind", sorted(REAL_KINDS))
def test_real_kind_accuracy(kind, n, batch, dtype):
    x, ref, call = real_kind_case(kind, n, batch, dtype, seed=n)
    l2, _ = errors(call(pysyclfft, x), ref)
    assert l2 <= REAL_BOUND[dtype], f"{kind} n={n} {np.dtype(dtype).name}: L2 error {l2:.3g}"
