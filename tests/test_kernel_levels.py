"""Accuracy of the single-kernel c2c transforms at every kernel level (on a CPU: the
work-item level for short lengths, the sub-group level for powers of two from one to
16 points per lane, team level above), every radix, contiguous and strided transforms
(the compile-time unit-stride and run-time-stride kernels), both batch dimensions, in
place and both directions, against numpy in complex128."""
import numpy as np
import pytest

from conftest import dpnp, needs_dpnp
import pysyclfft

WORK_ITEM = [1, 2, 3, 4, 5, 7, 9, 11, 13, 48, 54, 60]  # one transform per work-item on a CPU
SUB_GROUP = [8, 16, 32, 64, 128, 256]  # one per sub-group on a CPU: 16-256 (complex64), 8-128 (complex128)
TEAM = [104, 176, 224, 1000, 1536, 2187, 4096]  # radices 2..16 in teams (CPU 4096: 16 16 16, 8 8 8 8)
LENGTHS = WORK_ITEM + SUB_GROUP + TEAM
BOUND = {np.complex64: 3e-7, np.complex128: 6e-16}


@pytest.fixture(scope="module", params=[np.complex64, np.complex128], ids=["c64", "c128"])
def dtype(request):
    pysyclfft.precompile(LENGTHS, request.param)
    return request.param


def rel_l2(y, ref):
    return np.linalg.norm(np.asarray(y) - ref) / np.linalg.norm(ref)


def random(shape, dtype, seed):
    rng = np.random.default_rng(seed)
    return (rng.uniform(-1, 1, shape) + 1j * rng.uniform(-1, 1, shape)).astype(dtype)


@pytest.mark.parametrize("n", LENGTHS)
def test_contiguous_batch_both_directions(dtype, n):
    x = random((5, n), dtype, n)
    ref = np.fft.fft(x.astype(np.complex128), axis=-1)
    assert rel_l2(pysyclfft.fft(x), ref) <= BOUND[dtype]
    ref = np.fft.ifft(x.astype(np.complex128), axis=-1)
    assert rel_l2(pysyclfft.ifft(x), ref) <= BOUND[dtype]


def test_levels_on_the_cpu():
    """The OpenCL CPU device's levels (plan/kernel_params.hpp): the sub-group level for powers of
    two from one to 16 points per lane of its team sub-group (16 lanes complex64, 8 complex128),
    work-items for other lengths up to 64 points, teams above; GPUs teams. Host-only probes, so
    every device checks it."""
    from conftest import OPENCL_CPU
    from pysyclfft import _core

    def level(n, is_double):
        return _core.c2c_kernel_params(n, is_double, **OPENCL_CPU)["level"]

    for is_double, lanes in ((False, 16), (True, 8)):
        sub_group = [lanes << k for k in range(5)]
        assert [level(n, is_double) for n in sub_group] == ["sub_group"] * 5
        assert level(2 * sub_group[-1], is_double) == "team"
        assert [level(n, is_double) for n in (2, 4, 48, 60)] == ["work_item"] * 4
        assert [level(n, is_double) for n in (104, 1000, 4096)] == ["team"] * 3
    gpu = dict(OPENCL_CPU, is_cpu=False)  # GPUs keep teams (not measured there)
    assert [_core.c2c_kernel_params(n, False, **gpu)["level"] for n in (16, 64, 256)] == ["team"] * 3


@pytest.mark.parametrize("n", SUB_GROUP)
@pytest.mark.parametrize("batch", [1, 7, 33])
def test_subgroup_level_layouts(dtype, n, batch):
    """The sub-group level (kernels/subgroup_fft.hpp) on partial work-groups (16 transforms per
    group in complex64), on rows of a strided view (run-time element stride), with two batch
    dimensions, both directions."""
    base = random((3, batch, 2 * n), dtype, n + batch)
    for x in (base[0, :, :n], base[0, :, ::2], base[:, ::2, 1::2]):
        ref = np.fft.fft(x.astype(np.complex128), axis=-1)
        assert rel_l2(pysyclfft.fft(x), ref) <= BOUND[dtype]
        ref = np.fft.ifft(x.astype(np.complex128), axis=-1)
        assert rel_l2(pysyclfft.ifft(x), ref) <= BOUND[dtype]


@pytest.mark.parametrize("n", [8, 64, 1000, 4096])
def test_strided_axis(dtype, n):
    """Transforms along axis 0: element stride = row length (run-time-stride kernel)."""
    x = random((n, 3), dtype, n + 1)
    ref = np.fft.fft(x.astype(np.complex128), axis=0)
    assert rel_l2(pysyclfft.fft(x, axis=0), ref) <= BOUND[dtype]


@needs_dpnp
@pytest.mark.parametrize("n", [16, 1536])
def test_two_batch_dimensions_and_in_place(dtype, n):
    """A sliced 3-D dpnp array gives two batch dimensions with gaps; out=x is in place."""
    base = random((3, 4, n), dtype, n + 2)
    x = dpnp.asarray(base)[:, ::2, :]
    ref = np.fft.fft(base[:, ::2, :].astype(np.complex128), axis=-1)
    assert rel_l2(dpnp.asnumpy(pysyclfft.fft(x)), ref) <= BOUND[dtype]
    y = dpnp.asarray(base)
    pysyclfft.fft(y, out=y)
    assert rel_l2(dpnp.asnumpy(y), np.fft.fft(base.astype(np.complex128), axis=-1)) <= BOUND[dtype]


@pytest.mark.parametrize("n", [4, 8, 16, 32])
@pytest.mark.parametrize("batch", [1, 15, 16, 37, 300])
def test_subgroup_transposed_batches(dtype, n, batch):
    """Work-item batches of 4 points up to the sub-group level's lengths (below 16 points in
    complex64, 8 in complex128) load whole vectors per sub-group and transpose them in registers
    (kernels/transposed_rows.hpp) when a sub-group's transforms are all there and contiguous:
    full sub-groups, a partial last one (15, 37, 300: per-lane loads), in place and out of place."""
    x = random((batch, n), dtype, 10 * n + batch)
    ref = np.fft.fft(x.astype(np.complex128), axis=-1)
    plan = pysyclfft.get_fft_plan(x, axes=(-1,))
    transposed = f"sub-groups of {n} move them transposed" in plan.describe()
    device = pysyclfft._arrays.default_queue().sycl_device
    if device.is_cpu and 16 in device.sub_group_sizes:  # the OpenCL CPU device: team kernels' lanes are 16
        assert transposed == (n < (16 if dtype == np.complex64 else 8)), plan.describe()
    assert rel_l2(plan(x), ref) <= BOUND[dtype]
    assert rel_l2(pysyclfft.ifft(x), np.fft.ifft(x.astype(np.complex128), axis=-1)) <= BOUND[dtype]
    if dpnp is not None:
        y = dpnp.asarray(x)
        pysyclfft.fft(y, out=y)
        assert rel_l2(dpnp.asnumpy(y), ref) <= BOUND[dtype]


# complex128 lengths whose two Stockham buffers exceed the OpenCL CPU device's 256 KiB of local memory.
ONE_BUFFER = [10240, 12288, 15625, 16384]


@pytest.mark.parametrize("n", ONE_BUFFER)
def test_long_single_kernels_in_one_buffer(n):
    """Where two Stockham buffers do not fit, a single kernel runs its middle stages in place in one
    (plan/kernel_params.hpp, choose_batched_c2c_kernel): on the CPU device too, where these lengths
    ran as two passes before. Rows and columns, both directions."""
    x = random((3, n), np.complex128, n)
    describe = pysyclfft.get_fft_plan(x, axes=(-1,)).describe()
    device = pysyclfft._arrays.default_queue().sycl_device
    if device.is_cpu and device.local_mem_size == 256 * 1024:
        assert "four-step" not in describe and "stages in place in one local buffer" in describe, describe
    for axis, data in ((-1, x), (0, np.ascontiguousarray(x.T))):
        ref = np.fft.fft(data.astype(np.complex128), axis=axis)
        assert rel_l2(pysyclfft.fft(data, axis=axis), ref) <= BOUND[np.complex128]
        ref = np.fft.ifft(data.astype(np.complex128), axis=axis)
        assert rel_l2(pysyclfft.ifft(data, axis=axis), ref) <= BOUND[np.complex128]


def test_cpu_power_of_two_radices():
    """The CPU's radix rule (plan/kernel_params.hpp, cpu_max_pow2_radix): radix 16 in single-precision
    single kernels from 512 points (fused real and trigonometric kernels: below), radix 8 in passes, in
    double precision and below. Host-only probes, so every device checks it."""
    from conftest import OPENCL_CPU
    from pysyclfft import _core

    def largest(n, is_double=False):
        return max(_core.c2c_kernel_params(n, is_double, **OPENCL_CPU)["radices"])

    assert [largest(n) for n in (384, 512, 1024, 1536, 8192, 16384)] == [8, 16, 16, 16, 16, 16]
    assert [largest(n, True) for n in (256, 1024, 8192)] == [8, 8, 8]
    assert max(_core.pass_kernel_params(256, 0, True, False, **OPENCL_CPU)["radices"]) == 8


def test_cpu_column_groups_of_doubles_fill_one_simd_register():
    """A CPU's complex128 column groups take as many lines as one SIMD register holds doubles (AVX2: 4,
    AVX-512: 8; plan/kernel_params.hpp, register_lanes), complex64 ones 16 lines on either, GPUs
    theirs whatever the width. Host-only probes."""
    from conftest import H100, OPENCL_CPU
    from pysyclfft import _core

    def lines(is_double, simd_doubles, device=OPENCL_CPU):
        return _core.pass_kernel_params(256, 256, False, is_double, **device, simd_doubles=simd_doubles)["interleave"]

    assert [lines(True, 4), lines(True, 8), lines(False, 4), lines(False, 8)] == [4, 8, 16, 16]
    assert lines(True, 1, H100) == lines(True, 8, H100)


@pytest.mark.parametrize("kind, n, radix", [("r2c", 512, 16), ("r2c", 4096, 16), ("c2r", 4096, 16), ("dct1", 4097, 16),
                                             ("dct2", 512, 16), ("dct2", 4096, 8), ("dst3", 2048, 8)])
def test_cpu_radices_of_fused_maps(kind, n, radix):
    """The fused real and trigonometric kernels' FFTs take radix 16 from 256 points, but the fused
    DCT/DST-II/III (Makhoul) below 1024-point FFTs only."""
    if not pysyclfft._arrays.default_queue().sycl_device.is_cpu:
        pytest.skip("the CPU's radix rule")
    x = np.zeros((2, n // 2 + 1), np.complex64) if kind == "c2r" else np.zeros((2, n), np.float32)
    describe = pysyclfft.get_fft_plan(x, axes=(-1,), kind=kind).describe()
    radices = describe.split("radices ")[1].split(";")[0].split()
    assert max(map(int, radices)) == radix, describe


def test_cpu_groups_by_precision():
    """CPU work-groups of teams (plan/kernel_params.hpp, choose_c2c_params): single precision packs
    short transforms up to 64 work-items, double precision stops at 16 (complex128 128-point teams ran
    1.4x faster; the sub-group level has since taken that length)."""
    from conftest import OPENCL_CPU
    from pysyclfft import _core

    def group(n, is_double):
        k = _core.c2c_kernel_params(n, is_double, **OPENCL_CPU)
        assert k["level"] == "team"
        return k["threads"] * k["per_group"]

    assert [group(n, False) for n in (96, 192, 512)] == [64, 64, 64]
    assert [group(n, True) for n in (96, 192, 256)] == [16, 24, 32]
