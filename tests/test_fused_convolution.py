"""Bluestein's and Rader's convolutions in one kernel (kernels/convolution.hpp): where each of the
two FFTs is one pass, both run in one kernel and the product with the spectrum stays in local
memory. Checked against numpy in float64 on strided and batched inputs, both directions and a
scale; in child processes the one-buffer form a GPU takes for longer lengths (every stage in place,
PYSYCLFFT_ONE_BUFFER_CONVOLUTION=1) and the two-launch form (PYSYCLFFT_FUSED_CONVOLUTION=0).
A wrong spare buffer, end value or scale gives errors of order 1."""

import numpy as np
import pytest

from conftest import C2C_ROWS_CHILD, H100, OPENCL_CPU, error_bound, relative_l2, run_checked_child

import pysyclfft
from pysyclfft import _arrays, _core, config
from test_anysize import run_in_place

# Rader of 96 (8 4 3 here: three stages) and 1008 (4 4 9 7: four; the first FFT's output goes to
# either buffer), Bluestein of 47 (M = 96) and 4099 (complex64: M = 8640 where both FFTs fit one
# kernel, as on the CPU device, else 9216 in passes; complex128: 12288, in two passes on CPUs since
# cf045ab and on GPUs); batches of 5 leave idle teams in the last work-group.
LENGTHS = [97, 1009, 47, 4099]


def fused(describe):
    return "both FFTs in one kernel" in describe


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128], ids=["c64", "c128"])
@pytest.mark.parametrize("n", LENGTHS)
def test_one_pass_convolutions_run_in_one_kernel(n, dtype):
    rng = np.random.default_rng(n)
    batch = 5
    x = (rng.uniform(-1, 1, (n, batch)) + 1j * rng.uniform(-1, 1, (n, batch))).astype(dtype)  # strided lines
    describe = pysyclfft.get_fft_plan(x, axes=(0,)).describe()
    assert fused(describe) == ("two 1-pass FFTs" in describe), describe
    ref = x.astype(np.complex128)
    for got, want in ((pysyclfft.fft(x, axis=0), np.fft.fft(ref, axis=0)),
                      (pysyclfft.ifft(x, axis=0, norm="ortho"), np.fft.ifft(ref, axis=0, norm="ortho"))):
        assert relative_l2(got, want) <= error_bound(dtype, n)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128], ids=["c64", "c128"])
@pytest.mark.parametrize("n", [97, 47])
def test_in_place(n, dtype):
    # Every team reads its transform before the barrier after which any team writes.
    rng = np.random.default_rng(n)
    x = (rng.uniform(-1, 1, (7, n)) + 1j * rng.uniform(-1, 1, (7, n))).astype(dtype)
    plan = _core.C2CPlan(_arrays.default_queue(), n, dtype == np.complex128)
    assert fused(plan.describe()), plan.describe()
    got = run_in_place(plan, x, 1, True)
    assert relative_l2(got, np.fft.fft(x.astype(np.complex128))) <= error_bound(dtype, n)


def test_small_primes_are_fused_on_every_device():
    # Not vacuous: 97 (Rader of 96) and 47 (Bluestein) are one pass on any device.
    for n in (97, 47):
        assert fused(pysyclfft.get_fft_plan(np.zeros((3, n), np.complex64), axes=(1,)).describe())


def test_a_register_bound_group_gives_way_to_two_launches():
    # As a GPU whose registers forbid the kernel's group (GroupTooLarge): every kernel capped at 8
    # work-items per group, below any the planner makes.
    _core.cap_kernel_group_size(8)
    config.clear_plan_cache()
    try:
        for n, dtype in ((97, np.complex64), (47, np.complex128)):
            x = np.random.default_rng(n).uniform(-1, 1, (3, n)).astype(dtype)
            describe = pysyclfft.get_fft_plan(x, axes=(1,)).describe()
            assert not fused(describe) and "(two launches because a kernel runs at most 8" in describe, describe
            assert relative_l2(pysyclfft.fft(x), np.fft.fft(x.astype(np.complex128))) <= error_bound(dtype, n)
    finally:
        _core.cap_kernel_group_size(0)
        config.clear_plan_cache()


def test_two_launch_form_when_asked(tmp_path):
    results = run_checked_child(tmp_path, C2C_ROWS_CHILD, [97, 47], PYSYCLFFT_FUSED_CONVOLUTION="0")
    assert results and not any(fused(r["describe"]) for r in results), [r["describe"] for r in results]


def test_one_buffer_form(tmp_path):
    results = run_checked_child(tmp_path, C2C_ROWS_CHILD, [97, 47, 1009, 4099], PYSYCLFFT_ONE_BUFFER_CONVOLUTION="1")
    # Every one-pass convolution fused in one buffer; 97 and 47 are one pass on every device (longer
    # ones may not fit one buffer: complex128 4099's 12288 points here, more on GPUs).
    one_pass = [r["describe"] for r in results if "two 1-pass FFTs" in r["describe"]]
    assert len(one_pass) >= 4 and all(fused(d) and "in one local buffer" in d for d in one_pass), one_pass


def test_float_bluestein_takes_shorter_lengths():
    """On a CPU complex64 convolves 4099 at 8640 (2^6 3^3 5) instead of 12288, both FFTs in one kernel,
    and 65539 at 9 * 2^14 instead of 3 * 2^16 in passes; complex128 and GPUs keep 2^a or 3 * 2^a
    (plan/algorithm.hpp, bluestein_fft_length; the planner asked for each device's description)."""

    def length(n, double, device):
        return int(np.prod(_core.pass_lengths(n, double, **device)))

    assert _core.pass_lengths(4099, False, **OPENCL_CPU) == [8640]  # one kernel
    assert length(4099, True, OPENCL_CPU) == 12288
    assert length(65539, False, OPENCL_CPU) == 9 * 2**14
    assert length(65539, True, OPENCL_CPU) == 3 * 2**16
    assert length(4099, False, H100) == 12288
    assert length(65539, False, H100) == 3 * 2**16
