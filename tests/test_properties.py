"""Property-based tests (hypothesis): random shapes, axes, strides, views, n/s,
norms, dtypes and array kinds against numpy.fft in complex128, plus identities
(inverse of forward, linearity, Parseval). Lengths come from a fixed set whose
kernels are compiled once, so examples cost no compilation."""
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import dpnp, needs_dpnp
import pysyclfft

LENGTHS = [1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 16, 20, 27, 32, 49, 64]
NORMS = [None, "backward", "ortho", "forward"]
DTYPES = [np.complex64, np.complex128, np.float32, np.float64, np.int32]
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module", autouse=True)
def compiled_kernels():
    pysyclfft.precompile(LENGTHS, np.complex64)
    pysyclfft.precompile(LENGTHS, np.complex128)


def tolerance(dtype, size):
    eps = np.finfo(np.float32 if np.dtype(dtype) in (np.complex64, np.float32) else np.float64).eps
    return 8 * eps * max(1.0, np.log2(max(size, 2)))


def rel_l2(y, ref):
    ref = np.asarray(ref)
    scale = np.linalg.norm(ref)
    return np.linalg.norm(np.asarray(y) - ref) / (scale if scale else 1.0)


@st.composite
def strided_arrays(draw):
    """A possibly non-contiguous, possibly reversed view of a random array."""
    shape = draw(st.lists(st.sampled_from(LENGTHS), min_size=1, max_size=4).filter(lambda s: np.prod(s) <= 8192))
    steps = draw(st.lists(st.sampled_from([1, 1, 2, -1, -2]), min_size=len(shape), max_size=len(shape)))
    dtype = draw(st.sampled_from(DTYPES))
    rng = np.random.default_rng(draw(st.integers(0, 2**31)))
    base_shape = [n * abs(s) for n, s in zip(shape, steps)]
    base = rng.uniform(-1, 1, base_shape) * 10
    if np.dtype(dtype).kind == "c":
        base = base + 1j * rng.uniform(-1, 1, base_shape)
    base = base.astype(dtype)
    view = base[tuple(slice(None, None, s) for s in steps)]
    assert view.shape == tuple(shape)
    return view


@st.composite
def transforms(draw):
    x = draw(strided_arrays())
    axes = draw(st.lists(st.integers(0, x.ndim - 1), min_size=1, max_size=x.ndim, unique=True))
    s = draw(st.none() | st.lists(st.sampled_from(LENGTHS), min_size=len(axes), max_size=len(axes)))
    norm = draw(st.sampled_from(NORMS))
    on_device = draw(st.booleans())
    return x, axes, s, norm, on_device


def result_dtype(dtype):
    return np.complex64 if np.dtype(dtype) in (np.complex64, np.float32) else np.complex128


@needs_dpnp
@SETTINGS
@given(transforms(), st.booleans())
def test_fftn_matches_numpy(case, forward):
    x, axes, s, norm, on_device = case
    ours = pysyclfft.fftn if forward else pysyclfft.ifftn
    theirs = np.fft.fftn if forward else np.fft.ifftn
    ref = theirs(x.astype(np.complex128), s=s, axes=axes, norm=norm)
    y = ours(dpnp.asarray(x) if on_device else x, s=s, axes=axes, norm=norm)
    if on_device:
        assert isinstance(y, dpnp.ndarray)
        y = dpnp.asnumpy(y)
    assert y.dtype == result_dtype(x.dtype)
    assert y.shape == ref.shape
    assert rel_l2(y, ref) <= tolerance(x.dtype, ref.size)


@SETTINGS
@given(strided_arrays(), st.sampled_from(NORMS))
def test_inverse_of_forward_is_identity(x, norm):
    y = pysyclfft.ifftn(pysyclfft.fftn(x, norm=norm), norm=norm)
    assert rel_l2(y, x.astype(np.complex128)) <= tolerance(x.dtype, x.size)


@SETTINGS
@given(strided_arrays(), st.complex_numbers(max_magnitude=4, allow_nan=False, allow_infinity=False))
def test_linearity(x, a):
    y = np.random.default_rng(1).standard_normal(x.shape).astype(x.dtype)
    lhs = pysyclfft.fftn(a * x.astype(np.complex128) + y.astype(np.complex128))
    rhs = a * pysyclfft.fftn(x.astype(np.complex128)) + pysyclfft.fftn(y.astype(np.complex128))
    assert rel_l2(lhs, rhs) <= tolerance(np.complex128, x.size)


@SETTINGS
@given(strided_arrays())
def test_parseval(x):
    y = pysyclfft.fftn(x, norm="ortho")
    nx = np.linalg.norm(x.astype(np.complex128))
    assert abs(np.linalg.norm(y) - nx) <= tolerance(x.dtype, x.size) * max(nx, 1e-30)


@needs_dpnp
@SETTINGS
@given(strided_arrays().filter(lambda a: np.dtype(a.dtype).kind == "c"), st.sampled_from(NORMS))
def test_in_place_on_device(x, norm):
    ref = np.fft.fftn(x.astype(np.complex128), norm=norm)
    d = dpnp.asarray(x)
    y = pysyclfft.fftn(d, norm=norm, out=d)
    assert y is d
    assert rel_l2(dpnp.asnumpy(d), ref) <= tolerance(x.dtype, x.size)
