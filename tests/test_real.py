"""Real transforms (rfft family, hfft/ihfft) against numpy.fft in float64.

Lengths whose complex FFT is prime or too long for one work-group (17, 101,
4099, 2**20) run the unfused path around a multi-pass, Rader or Bluestein plan.
"""

import numpy as np
import pytest
from numpy.exceptions import AxisError

from conftest import DEVICE_KIND, as_kind, dpnp, dpt, needs_dpnp

import pysyclfft
from pysyclfft import _arrays, _core
from pysyclfft._device_array import DeviceArray
from threads import run_threads
from real_helpers import assert_close as _assert_close, precompile_unfused, unfused  # noqa: F401 (unfused: a fixture)

# even, odd, prime (7, 13 single kernel; 17, 101 Rader; 4099 Bluestein), large (packed
# length 8192 = twice the double-precision single-kernel limit), beyond (2**20).
LENGTHS_1D = (1, 2, 3, 4, 5, 7, 8, 12, 13, 15, 16, 17, 100, 101, 105, 1001, 1024, 4096, 4097, 4099, 8192,
              2**20)
ND_LENGTHS = (1, 3, 4, 5, 6, 7, 8, 10, 12, 16)
DTYPES = (np.float32, np.float64)
NORMS = (None, "backward", "ortho", "forward")
UNFUSED_LENGTHS = (12, 7)  # packed (FFT length 6) and full (7)
ERROR_CONSTANT = 1.0  # observed errors stay below 0.4 eps log2(n); a wrong map or twiddle gives O(1)


@pytest.fixture(scope="module", autouse=True)
def kernels():
    """Every fused and complex kernel this module uses, in one build each."""
    lengths = set(LENGTHS_1D) | set(ND_LENGTHS) | {6, 9, 11, 14, 20, 24}
    for dtype in DTYPES:
        pysyclfft.precompile_real(sorted(lengths), ("r2c", "c2r"), dtype)
        pysyclfft.precompile(ND_LENGTHS, np.result_type(dtype, np.complex64))
    jobs = [(t, n) for t in (_core.RealTransform.r2c, _core.RealTransform.c2r) for n in UNFUSED_LENGTHS]
    precompile_unfused(jobs, True)


def assert_close(got, ref, dtype, n):
    _assert_close(got, ref, dtype, n, ERROR_CONSTANT)


@pytest.fixture
def rng():
    return np.random.default_rng(4)


def complex_of(dtype):
    return np.result_type(dtype, np.complex64)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("n", LENGTHS_1D)
def test_rfft_irfft_lengths(rng, n, dtype):
    x = rng.uniform(-1, 1, (3, n)).astype(dtype)
    assert_close(pysyclfft.rfft(x), np.fft.rfft(x.astype(np.float64)), complex_of(dtype), n)
    # A general half spectrum: irfft must drop the imaginary parts of X[0] (and X[n/2]) as numpy does.
    m = n // 2 + 1
    spectrum = (rng.uniform(-1, 1, (3, m)) + 1j * rng.uniform(-1, 1, (3, m))).astype(complex_of(dtype))
    assert_close(pysyclfft.irfft(spectrum, n), np.fft.irfft(spectrum.astype(np.complex128), n),
                 dtype, n)


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("n", (8, 7))
def test_norms(rng, n, norm):
    x = rng.standard_normal((2, n))
    assert_close(pysyclfft.rfft(x, norm=norm), np.fft.rfft(x, norm=norm), np.complex128, n)
    X = np.fft.rfft(x)
    assert_close(pysyclfft.irfft(X, n, norm=norm), np.fft.irfft(X, n, norm=norm), np.float64, n)
    assert_close(pysyclfft.hfft(X, n, norm=norm), np.fft.hfft(X, n, norm=norm), np.float64, n)
    assert_close(pysyclfft.ihfft(x, norm=norm), np.fft.ihfft(x, norm=norm), np.complex128, n)


@pytest.mark.parametrize("n", (4, 5, 12, 20, 9, 1))
def test_n_pads_and_truncates(rng, n):
    x = rng.standard_normal((3, 10))
    assert_close(pysyclfft.rfft(x, n), np.fft.rfft(x, n), np.complex128, n)
    X = np.fft.rfft(x)  # 6 points: irfft crops (n < 10) or zero-pads (n > 10) the spectrum
    assert_close(pysyclfft.irfft(X, n), np.fft.irfft(X, n), np.float64, n)
    assert_close(pysyclfft.hfft(X, n), np.fft.hfft(X, n), np.float64, n)
    assert_close(pysyclfft.ihfft(x, n), np.fft.ihfft(x, n), np.complex128, n)


def test_default_irfft_length_is_even(rng):
    X = np.fft.rfft(rng.standard_normal(12))
    assert_close(pysyclfft.irfft(X), np.fft.irfft(X), np.float64, 12)
    assert_close(pysyclfft.hfft(X), np.fft.hfft(X), np.float64, 12)


@needs_dpnp
@pytest.mark.parametrize("axis", (0, 1, -3))
def test_axis_of_strided_dpnp_array(rng, axis):
    x = rng.standard_normal((8, 12, 6))
    xd = dpnp.asarray(x)[::-1, :, ::2]  # negative and non-unit strides
    ref = x[::-1, :, ::2]
    y = pysyclfft.rfft(xd, axis=axis)
    assert isinstance(y, dpnp.ndarray) and y.sycl_queue == xd.sycl_queue
    n = ref.shape[axis]
    assert_close(y, np.fft.rfft(ref, axis=axis), np.complex128, n)
    Y = dpnp.asarray(np.fft.rfft(ref, axis=axis))
    z = pysyclfft.irfft(Y, n, axis=axis)
    assert isinstance(z, dpnp.ndarray) and z.sycl_queue == Y.sycl_queue
    assert_close(z, ref, np.float64, n)


ND_CASES = [  # (shape, s, axes)
    ((6, 8, 10), None, None),
    ((6, 8, 10), None, (0, 2)),
    ((6, 8, 10), None, (1,)),
    ((6, 8, 10), None, (2, 0)),  # the real axis is axes[-1] = 0
    ((6, 8, 10), (5, 12), (0, 2)),  # crop one axis, pad the other
    ((4, 7, 3), (3, 7), None),  # odd real axis, s without axes: the last len(s) axes
    ((1, 12), None, None),
]


@pytest.mark.parametrize("shape,s,axes", ND_CASES)
def test_rfftn_irfftn(rng, shape, s, axes):
    x = rng.standard_normal(shape)
    count = len(shape) if s is None else len(s)
    ref_axes = axes if axes is not None else tuple(range(len(shape) - count, len(shape)))
    ref = np.fft.rfftn(x, s, ref_axes)
    total = ref.size
    assert_close(pysyclfft.rfftn(x, s, axes), ref, np.complex128, total)
    out_shape = s if s is not None else tuple(x.shape[a] for a in ref_axes)
    ref_back = np.fft.irfftn(ref, out_shape, ref_axes)
    assert_close(pysyclfft.irfftn(ref, out_shape, axes), ref_back, np.float64, total)
    assert_close(pysyclfft.irfftn(ref, axes=ref_axes), np.fft.irfftn(ref, axes=ref_axes), np.float64, total)


@needs_dpnp
def test_rfft2_irfft2_dpnp_float32(rng):
    x = rng.standard_normal((5, 8, 12)).astype(np.float32)
    xd = dpnp.asarray(x)
    y = pysyclfft.rfft2(xd)
    assert isinstance(y, dpnp.ndarray) and y.sycl_queue == xd.sycl_queue
    assert_close(y, np.fft.rfft2(x.astype(np.float64)), np.complex64, 96)
    z = pysyclfft.irfft2(y, s=(8, 12))
    assert isinstance(z, dpnp.ndarray) and z.sycl_queue == xd.sycl_queue
    assert_close(z, x.astype(np.float64), np.float32, 96)


@needs_dpnp
def test_usm_ndarray_in_usm_ndarray_out(rng):
    x = rng.standard_normal((4, 16))
    xu = dpt.asarray(x)
    y = pysyclfft.rfft(xu)
    assert isinstance(y, dpt.usm_ndarray) and y.sycl_queue == xu.sycl_queue
    assert_close(y, np.fft.rfft(x), np.complex128, 16)


@pytest.mark.parametrize("dtype,expected", [(np.int32, np.complex128), (np.int64, np.complex128),
                                            (np.bool_, np.complex128), (np.float16, np.complex64),
                                            (np.float32, np.complex64), (np.float64, np.complex128)])
def test_dtype_rules(rng, dtype, expected):
    x = (rng.uniform(0, 5, 16)).astype(dtype)
    y = pysyclfft.rfft(x)
    assert_close(y, np.fft.rfft(x.astype(np.float64)), expected, 16)
    back = pysyclfft.irfft(y)
    assert back.dtype == np.float32 if expected == np.complex64 else back.dtype == np.float64


@needs_dpnp
def test_complex_input_to_rfft_is_a_type_error():
    with pytest.raises(TypeError):
        pysyclfft.rfft(np.ones(8, np.complex128))
    with pytest.raises(TypeError):
        pysyclfft.rfftn(dpnp.ones((4, 4), dtype=np.complex64))
    with pytest.raises(TypeError):
        pysyclfft.ihfft(np.ones(8, np.complex64))


@needs_dpnp
def test_out_argument(rng):
    x = rng.standard_normal((3, 16))
    out = np.empty((3, 9), np.complex128)
    assert pysyclfft.rfft(x, out=out) is out
    assert_close(out, np.fft.rfft(x), np.complex128, 16)
    xd = dpnp.asarray(x)
    outd = dpnp.empty((3, 16), dtype=np.float64)
    assert pysyclfft.irfft(pysyclfft.rfft(xd), out=outd) is outd
    assert_close(outd, x, np.float64, 16)
    big = dpnp.zeros((6, 9), dtype=np.complex128)
    view = big[::2]  # a strided out is written in place, rows between stay untouched
    assert pysyclfft.rfftn(xd, axes=(0, 1), out=view) is view
    assert_close(view, np.fft.rfftn(x, axes=(0, 1)), np.complex128, 48)
    assert not dpnp.asnumpy(big[1::2]).any()
    out_f = np.empty((9, 3), np.complex128).T  # a non-contiguous numpy out
    pysyclfft.rfft(x, out=out_f)
    assert_close(out_f, np.fft.rfft(x), np.complex128, 16)
    with pytest.raises(ValueError):
        pysyclfft.rfft(x, out=np.empty((3, 8), np.complex128))
    with pytest.raises(TypeError):
        pysyclfft.rfft(x, out=np.empty((3, 9), np.float64))  # complex into real: not a "same_kind" cast


@pytest.mark.parametrize("n", UNFUSED_LENGTHS)
def test_unfused_path(rng, unfused, n):
    x = rng.standard_normal((n, 3, 4))
    xd = as_kind(x, DEVICE_KIND)[:, ::-1]
    ref = x[:, ::-1]
    assert_close(pysyclfft.rfft(xd, axis=0), np.fft.rfft(ref, axis=0), np.complex128, n)
    X = np.fft.rfft(ref, axis=0)
    assert_close(pysyclfft.irfft(as_kind(X, DEVICE_KIND), n, axis=0, norm="ortho"), np.fft.irfft(X, n, axis=0, norm="ortho"),
                 np.float64, n)
    y = rng.standard_normal((4, n))
    assert_close(pysyclfft.rfftn(y), np.fft.rfftn(y), np.complex128, 4 * n)
    assert_close(pysyclfft.ihfft(y), np.fft.ihfft(y), np.complex128, n)
    assert_close(pysyclfft.hfft(X, n, axis=0), np.fft.hfft(X, n, axis=0), np.float64, n)


@pytest.mark.parametrize("dtype", DTYPES)
def test_unfused_pairs_where_they_lie(rng, unfused, dtype):
    """The packed unfused path lets the complex FFT read the reals (rfft) or write them (irfft) as whole
    complex values where they lie so (plan/real_line_plan.hpp, as_pairs), and keeps its load or store
    pass where they do not: device views at odd offsets, odd row distances."""
    n = UNFUSED_LENGTHS[0]
    queue = _arrays.default_queue()
    wide = rng.standard_normal((3, n + 2)).astype(dtype)
    ctype = np.result_type(dtype, np.complex64)
    X = np.fft.rfft(wide[:, :n]).astype(ctype)
    whole = DeviceArray.from_numpy(wide, queue)
    # Rows n + 2 apart (even) from offset 0 and 2, n + 1 apart (odd), and from an odd offset.
    odd = DeviceArray.from_numpy(np.ascontiguousarray(wide[:, :n + 1]), queue)
    for view, host in ((whole[:, :n], wide[:, :n]), (whole[:, 2:], wide[:, 2:]), (odd[:, :n], wide[:, :n]),
                       (odd[:, 1:], wide[:, 1:n + 1])):
        assert_close(pysyclfft.rfft(view).asnumpy(), np.fft.rfft(host), ctype, n)
    out = DeviceArray.from_numpy(np.zeros_like(wide), queue)
    for start in (0, 1, 2):  # irfft into rows n + 2 apart from an even, an odd and an even offset
        target = out[:, start:start + n]
        pysyclfft.irfft(DeviceArray.from_numpy(X, queue), n, out=target)
        assert_close(target.asnumpy(), np.fft.irfft(X, n), dtype, n)
    plan = pysyclfft.get_fft_plan(wide[:, :n], axes=(-1,), kind="r2c")
    assert "none where the reals lie as whole complex values" in plan.describe(), plan.describe()


@needs_dpnp
@pytest.mark.parametrize("as_dpnp", [False, True])
def test_threads(rng, as_dpnp):
    """Several Python threads calling real transforms at once neither hang nor mix up results."""
    jobs = {(t, n): rng.standard_normal((5, n)) for t in range(4) for n in (12, 15, 100)}
    inputs = {k: dpnp.asarray(a) if as_dpnp else a for k, a in jobs.items()}
    results = {}

    def work(t):
        for n in (12, 15, 100):
            results[t, n] = (pysyclfft.rfft(inputs[t, n]), pysyclfft.irfft(pysyclfft.rfft(inputs[t, n]), n))

    run_threads(work, 4)
    for (t, n), a in jobs.items():
        spectrum, back = results[t, n]
        assert_close(spectrum, np.fft.rfft(a), np.complex128, n)
        assert_close(back, a, np.float64, n)


def test_bad_arguments():
    x = np.ones((4, 8))
    with pytest.raises(ValueError):
        pysyclfft.rfft(x, n=0)
    with pytest.raises(ValueError):
        pysyclfft.irfft(np.ones(1, np.complex128))  # default n = 2*(1-1) = 0
    with pytest.raises(ValueError):
        pysyclfft.rfft(x, norm="bogus")
    with pytest.raises(AxisError):
        pysyclfft.rfft(x, axis=2)
    with pytest.raises(TypeError):
        pysyclfft.irfft(x, n=2.5)
    with pytest.raises(ValueError):
        pysyclfft.rfftn(x, s=(4,), axes=(0, 1))
