"""Rader's algorithm for primes p whose p-1 is a fast length, against numpy.fft
in complex128.

Error bound: relative L2 <= 2 * C * eps * log2(N), twice the Stockham bound of
test_anysize, and 3x that on the largest error relative to the RMS output (an
X[0] computed with a cancellation, error ~ eps * N * |x[0]|, fails it from
N ~ 10^4). Observed
here: 0.13-0.31 * eps * log2(N); a wrong gather, scatter or X[0] gives errors of
order 1. The kernels of every length are compiled once
per module (one build per entry point and precision).
"""
import numpy as np
import pytest

from conftest import dpnp, needs_dpnp

import pysyclfft
from pysyclfft import _arrays, _core
from test_anysize import C, DTYPES, dtype_id, random_complex, relative_l2, run_in_place, run_plan

# 23 and 53: the host's long-double spectrum FFT through radices 11 and 13 (22, 52).
RADER = [17, 23, 53, 97, 257, 1009, 7681, 12289, 65537]
# fp64 samples them (compile time): one- and two-pass (12288 = 96*128, 65536 = 256*256) FFTs.
RADER_BY_DTYPE = {np.complex64: RADER, np.complex128: [17, 53, 1009, 12289, 65537]}
ROWS = [(n, dtype) for dtype in DTYPES for n in RADER_BY_DTYPE[dtype]]
# (n, max_pass_length): Rader over three-pass FFTs (1008 = 9*14*8), which have a middle pass.
RADER_FORCED = [(1009, 16)]


def max_error_over_rms(got, ref):
    return np.max(np.abs(np.asarray(got, np.complex128) - ref)) / np.sqrt(np.mean(np.abs(ref) ** 2))


def bound(dtype, n):
    eps = float(np.finfo(np.float32 if dtype == np.complex64 else np.float64).eps)
    return 2 * C * eps * np.log2(n)


@pytest.fixture(scope="module", autouse=True)
def compiled():
    q = _arrays.default_queue()
    for dtype in DTYPES:
        pysyclfft.precompile(RADER_BY_DTYPE[dtype], dtype)
        for n, cap in RADER_FORCED:
            _core.precompile_c2c(q, [n], dtype == np.complex128, max_pass_length=cap)


@pytest.fixture
def rng():
    return np.random.default_rng(47)


@pytest.mark.parametrize("n", RADER)
def test_primes_take_the_rader_path(n):
    text = _core.C2CPlan(_arrays.default_queue(), n, False).describe()
    assert "Rader, generator" in text and f"cyclic convolution of length {n - 1} " in text, text


@pytest.mark.parametrize("n", [4099, 65539])  # 4098 = 2*3*683, 65538 = 2*3^2*11*331
def test_other_primes_take_bluestein(n):
    assert "Bluestein" in _core.C2CPlan(_arrays.default_queue(), n, False).describe()


@pytest.mark.parametrize("n,dtype", ROWS, ids=[f"{n}-{dtype_id(d)}" for n, d in ROWS])
def test_rows(rng, n, dtype):
    """Batched contiguous rows, forward and backward, every norm."""
    x = random_complex(rng, (3 if n < 2**16 else 2, n), dtype)
    ref_in = x.astype(np.complex128)
    for norm in ("backward", "ortho", "forward"):
        for ours, ref in ((pysyclfft.fft, np.fft.fft), (pysyclfft.ifft, np.fft.ifft)):
            y = ours(x, norm=norm)
            assert y.dtype == dtype and y.shape == x.shape
            expected = ref(ref_in, norm=norm)
            err = relative_l2(y, expected)
            assert err <= bound(dtype, n), f"{ours.__name__} n={n} norm={norm}: error {err:.3g}"
            err = max_error_over_rms(y, expected)
            assert err <= 3 * bound(dtype, n), f"{ours.__name__} n={n} norm={norm}: max error {err:.3g}"


@needs_dpnp
@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
@pytest.mark.parametrize("n", [17, 1009, 65537])
def test_non_last_axis(rng, n, dtype):
    """Down the columns of a reversed dpnp array (negative element stride)."""
    x = dpnp.asarray(random_complex(rng, (n, 3), dtype))[::-1]
    ref_in = dpnp.asnumpy(x).astype(np.complex128)
    for ours, ref in ((pysyclfft.fft, np.fft.fft), (pysyclfft.ifft, np.fft.ifft)):
        y = ours(x, axis=0)
        err = relative_l2(dpnp.asnumpy(y), ref(ref_in, axis=0))
        assert err <= bound(dtype, n), f"{ours.__name__} n={n}: error {err:.3g}"


@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
@pytest.mark.parametrize("n,cap", RADER_FORCED)
def test_forced_pass_shapes(rng, n, cap, dtype):
    """Rader over multi-pass FFTs at small n (x[0] saved by the first pass, A[0]
    by the last, X[0] written by the second FFT's last), rows and columns."""
    plan = _core.C2CPlan(_arrays.default_queue(), n, dtype == np.complex128, max_pass_length=cap)
    assert "Rader" in plan.describe()
    x = random_complex(rng, (2, n), dtype)
    ref_in = x.astype(np.complex128)
    assert relative_l2(run_plan(plan, x, 1, True), np.fft.fft(ref_in)) <= bound(dtype, n)
    got = run_plan(plan, x.T, 0, False)
    assert relative_l2(got, np.fft.ifft(ref_in.T, axis=0) * n) <= bound(dtype, n)


@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
@pytest.mark.parametrize("n,cap", [(17, 0), (1009, 16), (65537, 0)])
def test_in_place(rng, n, cap, dtype):
    """Output aliasing the input: X[0] is written after every read of x[0]."""
    plan = _core.C2CPlan(_arrays.default_queue(), n, dtype == np.complex128, max_pass_length=cap)
    x = random_complex(rng, (2, n), dtype)
    assert relative_l2(run_in_place(plan, x, 1, True), np.fft.fft(x.astype(np.complex128))) <= bound(dtype, n)


def test_batch_over_scratch_chunks(rng):
    """More transforms than one scratch chunk (8 of length 65536 in complex64), along the middle
    axis: the end values are kept per chunk."""
    n = 65537
    x = random_complex(rng, (3, n, 7), np.complex64)
    y = pysyclfft.fft(x, axis=1)
    assert relative_l2(y, np.fft.fft(x.astype(np.complex128), axis=1)) <= bound(np.complex64, n)


@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
def test_workspace(rng, dtype):
    """The tables (gather, scatter, spectrum and the passes' twiddles; a device that
    reads host memory reads the first three where the table cache holds them) and,
    once the plan has run, two scratch buffers of length p-1 and two end values per
    transform of the batch it ran, up to one chunk."""
    n, m = 65537, 65536
    point = np.dtype(dtype).itemsize
    plan = _core.C2CPlan(_arrays.default_queue(), n, dtype == np.complex128)
    tables = 0 if _core.reads_host_memory(_arrays.default_queue()) else m * point + 2 * m * 8
    assert tables < plan.workspace_bytes < tables + 64 * 1024 * point  # no scratch until it runs
    # A convolution's two buffers: 8 MiB of points in both on a CPU, more on a GPU
    chunk = _core.scratch_chunk_elements(_arrays.default_queue(), dtype == np.complex128, 2) // m
    for batch in (3, 2 * chunk):  # below the chunk (it grows to the batch), then beyond it
        run_in_place(plan, random_complex(rng, (batch, n), dtype), 1, True)
        transforms = min(batch, chunk)
        fixed = 2 * transforms * m * point + 2 * transforms * point + tables
        assert fixed < plan.workspace_bytes < fixed + 64 * 1024 * point


def test_minimal_memory_rejects_rader_lengths():
    with pytest.raises(ValueError, match="minimal"):
        _core.C2CPlan(_arrays.default_queue(), 1009, False, memory="minimal")
