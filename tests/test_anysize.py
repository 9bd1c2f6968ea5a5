"""Complex transforms of lengths beyond one work-group (four-step passes) and
with prime factors above 13 (Bluestein; Rader for primes p with a fast p-1,
more in test_rader.py), against numpy.fft in complex128.

Error bounds: relative L2 <= C * eps * log2(N), doubled for Bluestein. Observed
here: four-step <= 0.15 * eps * log2(N), Bluestein <= 0.31; an index or
twiddle error gives errors of order 1. Kernels are compiled once per module
(one build per entry point and precision); large lengths use batch 1 or 2.
"""
import math

import numpy as np
import pytest

from conftest import H100, OPENCL_CPU, dpnp, dpt, needs_dpnp

import pysyclfft
from pysyclfft import DeviceArray, _arrays, _core, _launch

C = 0.5
DTYPES = (np.complex64, np.complex128)

POW2 = [2**k for k in range(1, 23)]
SLOW_POW2 = [2**23, 2**24]
SMOOTH = [3**12, 5**8, 7**7, 2**10 * 3**5 * 5**2]
PRIMES = [17, 97, 1009, 4099, 65537, 999983]
ONE_LARGE_PRIME = [2 * 10007, 3 * 4099]
LENGTHS = POW2 + SMOOTH + PRIMES + ONE_LARGE_PRIME

# Multi-pass shapes the device limits do not reach at small n, forced by capping
# the pass length (one cap, so one build).
MAX_PASS = 16
FORCED = [
    4096,  # three passes 16*16*16
    3072,  # three mixed-radix passes
    1500,  # three passes of radices 2, 3, 5
    240,   # two passes
    96,    # two passes, column pass of 8 columns: 4 lines per work-group (CPU)
    103,   # Bluestein over two-pass FFTs of length 256 (102 = 2*3*17: no Rader)
    1019,  # Bluestein over three-pass FFTs of length 2048 (1018 = 2*509)
]


def dtype_id(dtype):
    return np.dtype(dtype).name


def has_prime_above_13(n):
    for p in (2, 3, 5, 7, 11, 13):
        while n % p == 0:
            n //= p
    return n != 1


def bound(dtype, n):
    eps = float(np.finfo(np.float32 if dtype == np.complex64 else np.float64).eps)
    return (2 if has_prime_above_13(n) else 1) * C * eps * max(1.0, math.log2(n))


def relative_l2(got, ref):
    return np.linalg.norm(np.asarray(got, np.complex128) - ref) / np.linalg.norm(ref)


def random_complex(rng, shape, dtype):
    return (rng.uniform(-1, 1, shape) + 1j * rng.uniform(-1, 1, shape)).astype(dtype)


def batch_for(n):
    return 3 if n <= 2**16 else 2 if n <= 2**20 else 1


@pytest.fixture(scope="module", autouse=True)
def compiled():
    for dtype in DTYPES:
        pysyclfft.precompile(LENGTHS, dtype)
        _core.precompile_c2c(_arrays.default_queue(), FORCED, dtype == np.complex128, max_pass_length=MAX_PASS)
        for n, cap in MINIMAL_FORCED:
            _core.precompile_c2c(_arrays.default_queue(), [n], dtype == np.complex128, max_pass_length=cap,
                                 memory="minimal")


@pytest.fixture
def rng():
    return np.random.default_rng(31)


def check_rows(rng, n, dtype):
    """Contiguous rows, forward and backward, numpy in and out."""
    x = random_complex(rng, (batch_for(n), n), dtype)
    ref_in = x.astype(np.complex128)
    for ours, ref in ((pysyclfft.fft, np.fft.fft), (pysyclfft.ifft, np.fft.ifft)):
        y = ours(x)
        assert y.dtype == dtype and y.shape == x.shape
        err = relative_l2(y, ref(ref_in))
        assert err <= bound(dtype, n), f"{ours.__name__} n={n}: error {err:.3g} > {bound(dtype, n):.3g}"


@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
@pytest.mark.parametrize("n", LENGTHS)
def test_lengths(rng, n, dtype):
    check_rows(rng, n, dtype)


@pytest.mark.slow
@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
@pytest.mark.parametrize("n", SLOW_POW2)
def test_large_powers_of_two(rng, n, dtype):
    check_rows(rng, n, dtype)


@pytest.mark.slow
def test_2_27_complex64(rng):
    """The issue's largest required size: one 2^27-point fp32 transform (1 GiB)."""
    check_rows(rng, 2**27, np.complex64)


@needs_dpnp
@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
@pytest.mark.parametrize("n", [2**15, 3**12, 4099, 2 * 10007])
def test_non_last_axis(rng, n, dtype):
    """Down the columns of a reversed dpnp array (negative element stride), with
    the batch along the contiguous axis, and norm="ortho"."""
    x = dpnp.asarray(random_complex(rng, (n, 3), dtype))[::-1]
    ref_in = dpnp.asnumpy(x).astype(np.complex128)
    for ours, ref in ((pysyclfft.fft, np.fft.fft), (pysyclfft.ifft, np.fft.ifft)):
        y = ours(x, axis=0, norm="ortho")
        assert isinstance(y, dpnp.ndarray)
        err = relative_l2(dpnp.asnumpy(y), ref(ref_in, axis=0, norm="ortho"))
        assert err <= bound(dtype, n), f"{ours.__name__} n={n}: error {err:.3g}"


@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
def test_batch_over_scratch_chunks_and_middle_axis(rng, dtype):
    """A 3-D array transformed along its middle axis: two batch dimensions, more
    transforms than one scratch chunk holds (8 MiB of points per chunk on a CPU)."""
    n = 2**15
    x = random_complex(rng, (5, n, 7), dtype)
    y = pysyclfft.fft(x, axis=1)
    err = relative_l2(y, np.fft.fft(x.astype(np.complex128), axis=1))
    assert err <= bound(dtype, n)


@needs_dpnp
@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
def test_in_place_out_argument(rng, dtype):
    """out= aliasing the input: passes read the input before the last writes it."""
    n = 4099 * 3
    x = dpnp.asarray(random_complex(rng, (2, n), dtype))
    ref = np.fft.fft(dpnp.asnumpy(x).astype(np.complex128))
    pysyclfft.fft(x, out=x)
    assert relative_l2(dpnp.asnumpy(x), ref) <= bound(dtype, n)


def on_device_keeping_layout(x):
    """DeviceArrays on the default queue holding the 2-D numpy array x, and an empty
    one of its shape, both in x's memory order (a transposed x stays column-major)."""
    transposed = not x.flags.c_contiguous
    base = np.ascontiguousarray(x.T if transposed else x)
    queue = _arrays.default_queue()
    xd, yd = DeviceArray.from_numpy(base, queue), DeviceArray.from_numpy(np.empty_like(base), queue)
    return (xd.T, yd.T) if transposed else (xd, yd)


def run_plan(plan, x, axis, forward):
    xd, yd = on_device_keeping_layout(x)
    _launch.launch_along_axis(plan, xd, yd, axis, forward, 1.0).wait()
    return yd.asnumpy()


@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
@pytest.mark.parametrize("n", FORCED)
def test_forced_pass_shapes(rng, n, dtype):
    """Three passes and multi-pass Bluestein at small n, by capping the pass length."""
    plan = _core.C2CPlan(_arrays.default_queue(), n, dtype == np.complex128, max_pass_length=MAX_PASS)
    x = random_complex(rng, (2, n), dtype)
    ref_in = x.astype(np.complex128)
    err = relative_l2(run_plan(plan, x, 1, True), np.fft.fft(ref_in))
    assert err <= bound(dtype, n)
    err = relative_l2(run_plan(plan, x.T, 0, False), np.fft.ifft(ref_in.T, axis=0) * n)
    assert err <= bound(dtype, n)


def test_forced_shapes_cover_column_groups():
    """A pass over neighbouring columns runs a group of them interleaved (on the
    CPU in SIMD lanes: 16, 8 or 4 lines, a divisor of the column count) or, when no such divisor
    exists, its lines by teams; that holds for the twiddled passes (all but the
    last) and the last pass (rows in, columns out). FORCED must exercise each
    (test_forced_pass_shapes checks their values, strided and contiguous)."""
    q = _arrays.default_queue()
    if not q.sycl_device.is_cpu:
        pytest.skip("FORCED is chosen for the CPU's lane counts (16, 8, 4)")
    found = set()
    for n in FORCED:
        passes = _core.C2CPlan(q, n, False, max_pass_length=MAX_PASS).describe().split("; pass ")[1:]
        for part in passes:
            lanes = part.split(" neighbouring lines per")[0].rsplit(" ", 1)[1] if "interleaved" in part else "teams"
            found.add(("twiddled" if "twiddles W_" in part else "last", lanes))
    assert {("twiddled", k) for k in ("16", "8", "4", "teams")} <= found
    assert {("last", k) for k in ("16", "8", "teams")} <= found


def test_three_pass_plan_describes_itself():
    plan = _core.C2CPlan(_arrays.default_queue(), 4096, False, max_pass_length=MAX_PASS)
    text = plan.describe()
    assert "four-step, 16*16*16 in 3 passes" in text
    assert text.count("Stockham") == 3 and "twiddles W_4096 fused" in text and "twiddles W_256 fused" in text


@pytest.mark.parametrize("is_double", [False, True], ids=["complex64", "complex128"])
def test_gpu_passes_are_short(is_double):
    """On a GPU, lengths whose two-pass split needs passes over 1024 points take three
    shorter passes (algorithm.hpp, kGpuMaxPassPoints: 1.6-2x faster on the H100); up to
    2^20 two passes stay; CPUs keep the fewest passes."""
    for n in [2**e for e in range(15, 26)] + [3 * 2**20, 10**7, 3**13]:
        gpu = _core.pass_lengths(n, is_double, **H100)
        cpu = _core.pass_lengths(n, is_double, **OPENCL_CPU)
        assert math.prod(gpu) == math.prod(cpu) == n
        assert len(cpu) == 2, (n, cpu)
        if n <= 2**20:
            assert gpu == cpu, (n, gpu)
        else:
            assert len(gpu) == 3 and max(gpu) <= 1024, (n, gpu)


@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
def test_workspace(rng, dtype):
    """A four-step plan owns O(sqrt N) tables and, once it has run, scratch for the
    batch it ran, up to one chunk (the device's chunk of points, or one transform); a
    Bluestein plan two such buffers of its padded length plus the chirp and its spectrum
    (read where the table cache holds them by a device that reads host memory)."""
    q = _arrays.default_queue()
    point = np.dtype(dtype).itemsize
    elements = _core.scratch_chunk_elements(q, dtype == np.complex128, 1)  # 8 MiB of points on a CPU, more on a GPU
    n = 2**20
    plan = _core.C2CPlan(q, n, dtype == np.complex128)
    assert "four-step, 1024*1024 in 2 passes" in plan.describe()
    assert plan.workspace_bytes < 64 * 1024 * point  # tables only until it runs
    run_in_place(plan, random_complex(rng, (2, n), dtype), 1, True)
    scratch = min(2, max(1, elements // n)) * n * point
    assert scratch < plan.workspace_bytes < scratch + 64 * 1024 * point
    shorter = dtype == np.complex64 and q.sycl_device.is_cpu  # plan/algorithm.hpp, bluestein_fft_length
    n, m = 65539, 9 * 2**14 if shorter else 3 * 2**16
    plan = _core.C2CPlan(q, n, dtype == np.complex128)
    assert f"Bluestein, chirp convolution of length {m}" in plan.describe()
    chirp = 0 if _core.reads_host_memory(q) else (n + m) * point
    elements = _core.scratch_chunk_elements(q, dtype == np.complex128, 2)  # its passes' and the second FFT's buffers
    for batch in (2, 2 * (elements // m)):  # below the chunk (it grows to the batch), then beyond it
        run_in_place(plan, random_complex(rng, (batch, n), dtype), 1, True)
        fixed = 2 * min(batch, elements // m) * m * point + chirp
        assert fixed < plan.workspace_bytes < fixed + 64 * 1024 * point


# ------------------------------------------------------------- memory="minimal"

# (n, max_pass_length): square, 1:2 and 1:3 in-place splits; 81 is not a multiple of the tile.
MINIMAL_FORCED = [(4096, 64), (2048, 64), (19683, 243)]


def run_in_place(plan, x, axis, forward):
    xd, _ = on_device_keeping_layout(x)
    _launch.launch_along_axis(plan, xd, xd, axis, forward, 1.0).wait()
    return xd.asnumpy()


@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
@pytest.mark.parametrize("n,cap", MINIMAL_FORCED)
def test_minimal_memory_shapes(rng, n, cap, dtype):
    """In place along rows and columns (strided), forward and backward."""
    plan = _core.C2CPlan(_arrays.default_queue(), n, dtype == np.complex128, max_pass_length=cap, memory="minimal")
    assert "in place (memory=minimal)" in plan.describe()
    x = random_complex(rng, (2, n), dtype)
    ref_in = x.astype(np.complex128)
    assert relative_l2(run_in_place(plan, x, 1, True), np.fft.fft(ref_in)) <= bound(dtype, n)
    got = run_in_place(plan, np.ascontiguousarray(x.T), 0, False)
    assert relative_l2(got, np.fft.ifft(ref_in.T, axis=0) * n) <= bound(dtype, n)


def check_minimal_matches_default(rng, n, dtype):
    """In place with no scratch: extra device memory below 1% of the data, and
    the same values as the default plan (within the error bound)."""
    q = _arrays.default_queue()
    is_double = dtype == np.complex128
    minimal = _core.C2CPlan(q, n, is_double, memory="minimal")
    default = _core.C2CPlan(q, n, is_double)
    x = random_complex(rng, (1, n), dtype)
    run_in_place(default, x, 1, True)  # its scratch grows to the batch it runs
    assert default.workspace_bytes >= n * np.dtype(dtype).itemsize
    got = run_in_place(minimal, x, 1, True)
    assert minimal.workspace_bytes < 0.01 * n * np.dtype(dtype).itemsize
    assert relative_l2(got, np.fft.fft(x.astype(np.complex128))) <= bound(dtype, n)
    # Not bit for bit: on a CPU the default plan runs column groups with lane
    # twiddles (docs/multipass.md), the minimal plan teams with two-level twiddles.
    expected = run_plan(default, x, 1, True)
    assert relative_l2(got, expected) <= bound(dtype, n)


@needs_dpnp
@pytest.mark.parametrize("n", [2**20, 2**21])
def test_minimal_memory_matches_default(rng, n):
    check_minimal_matches_default(rng, n, np.complex64)


@needs_dpnp
@pytest.mark.slow
def test_minimal_memory_2_24(rng):
    check_minimal_matches_default(rng, 2**24, np.complex64)


def test_minimal_memory_rejects_bluestein_lengths():
    with pytest.raises(ValueError, match="minimal"):
        _core.C2CPlan(_arrays.default_queue(), 65537, False, memory="minimal")
    with pytest.raises(ValueError, match="memory"):
        _core.C2CPlan(_arrays.default_queue(), 65536, False, memory="small")
