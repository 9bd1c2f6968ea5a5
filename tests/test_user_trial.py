"""Cases a numpy.fft / scipy.fft user tries that the other test files did not:
each test here failed (wrong dtype, wrong exception, heap corruption) before its fix.
Lengths 8 and 16 only (compiled by the rest of the suite)."""
import numpy as np
import pytest
import scipy.fft
from numpy.exceptions import AxisError

from conftest import dpnp, dpt, needs_dpnp
import pysyclfft
from pysyclfft.interfaces import scipy_fft

from conftest import assert_fft_close, random_complex, to_numpy


# ------------------------------------------------ big-endian single precision

@pytest.mark.parametrize("f, dtype, result", [
    (pysyclfft.fft, ">f4", np.complex64), (pysyclfft.fft, ">c8", np.complex64),
    (pysyclfft.rfft, ">f4", np.complex64), (pysyclfft.irfft, ">c8", np.float32),
    (pysyclfft.fft, ">f8", np.complex128)], ids=lambda v: getattr(v, "__name__", str(v)))
def test_big_endian_input_keeps_its_precision(rng, f, dtype, result):
    """numpy 2: '>f4' is float32, so the result is single precision as for '<f4'."""
    x = random_complex(rng, (3, 16))
    x = (x if np.dtype(dtype).kind == "c" else x.real).astype(dtype)
    ref = getattr(np.fft, f.__name__)(x.astype(np.dtype(dtype).newbyteorder("=")).astype(
        np.complex128 if np.dtype(dtype).kind == "c" else np.float64))
    assert_fft_close(f(x), ref, result, 16)


# ------------------------------------------------ n / s checks

def test_bool_is_not_a_length():
    x = np.ones(8, np.complex64)
    with pytest.raises(TypeError, match="n must be an integer"):
        pysyclfft.fft(x, n=True)  # numpy: TypeError too, never a 1-point transform
    with pytest.raises(TypeError, match="s must be an integer"):
        pysyclfft.fftn(x, s=(np.True_,), axes=(0,))


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # numpy 2 warns about s without axes
@pytest.mark.parametrize("f", [pysyclfft.fftn, pysyclfft.irfftn, pysyclfft.dctn])
def test_s_longer_than_ndim_is_an_axis_error(f):
    """s without axes names the last len(s) axes: more entries than dimensions is
    numpy's AxisError (was: NotImplementedError about repeated axes)."""
    with pytest.raises(AxisError, match="axes=-3"):
        f(np.ones((8, 16)), s=(8, 8, 16))


# ------------------------------------------------ real axis repeated in axes

@pytest.mark.parametrize("name, axes, s", [
    ("rfftn", (0, 0), None), ("rfftn", (1, 0, 1), None), ("rfftn", (0, 0, 1), (10, 20, 40)),  # gh-27159
    ("irfftn", (1, 1), (16, 16)), ("irfftn", (1, 0, 1), (6, 4, 12))], ids=str)
@pytest.mark.parametrize("kind", ["numpy", pytest.param("dpnp", marks=needs_dpnp)])
def test_real_axis_repeated_as_numpy(rng, name, axes, s, kind):
    """numpy transforms one axis after the other, resizing the half spectrum between
    the passes; pysyclfft runs such calls in passes too (its one-shape plan wrote
    past its result before, then refused them)."""
    x = rng.uniform(-1, 1, (8, 16)) if name == "rfftn" else random_complex(rng, (8, 16))
    want = getattr(np.fft, name)(x, s=s, axes=axes)
    got = getattr(pysyclfft, name)(dpnp.asarray(x) if kind == "dpnp" else x, s=s, axes=axes)
    assert got.shape == want.shape
    assert_fft_close(dpnp.asnumpy(got) if kind == "dpnp" else got, want, want.dtype, 8 * 16 * 40)


@needs_dpnp
@pytest.mark.parametrize("call", [
    lambda x, c: pysyclfft.ihfftn(x, axes=(1, 1)),
    lambda x, c: pysyclfft.hfftn(c, s=(16, 16), axes=(1, 1)),
    lambda x, c: pysyclfft.get_fft_plan(x, axes=(0, 0), kind="r2c")])
@pytest.mark.parametrize("kind", ["numpy", "dpnp"])
def test_real_axis_repeated_is_refused(rng, call, kind):
    """scipy's hfftn/ihfftn refuse repeated axes, and one plan has one shape per axis."""
    x, c = rng.uniform(-1, 1, (8, 16)), random_complex(rng, (8, 16))
    if kind == "dpnp":
        x, c = dpnp.asarray(x), dpnp.asarray(c)
    with pytest.raises(NotImplementedError, match="real axis"):
        call(x, c)


def test_other_axis_repeated_in_real_transform(rng):
    """A repeated complex axis is transformed twice, as numpy does."""
    x = rng.uniform(-1, 1, (8, 16))
    assert_fft_close(pysyclfft.rfftn(x, axes=(0, 0, 1)), np.fft.rfftn(x, axes=(0, 0, 1)), np.complex128, 8 * 8 * 16)


# ------------------------------------------------ scipy.fft backend: repeated axes

@pytest.mark.parametrize("call", [
    lambda x: scipy.fft.fftn(x, axes=(0, 0)),
    lambda x: scipy.fft.ifftn(x, axes=(1, -1)),
    lambda x: scipy.fft.rfftn(x.real, axes=(1, 1))])
def test_scipy_backend_refuses_repeated_axes(rng, call):
    """scipy.fft raises ValueError('all axes must be unique'); the backend computed
    numpy's twice-transformed result (or fell back) instead."""
    x = random_complex(rng, (8, 16))
    with pytest.raises(ValueError, match="unique"):
        call(x)  # scipy's own backend
    with scipy.fft.set_backend(scipy_fft, only=True):
        with pytest.raises(ValueError, match="all axes must be unique"):
            call(x)


# ------------------------------------------------ out= casting (numpy's "same_kind")

def test_out_of_another_dtype_of_the_same_kind_is_cast(rng):
    x = random_complex(rng, (4, 16))
    out = np.empty((4, 16), np.complex64)
    assert pysyclfft.fft(x, out=out) is out  # complex128 result into complex64, as numpy.fft.fft(x, out=out)
    assert_fft_close(out, np.fft.fft(x), np.complex64, 16)
    real_out = np.empty((4, 30), np.complex128)  # float64 result into complex128
    assert pysyclfft.irfft(x, out=real_out) is real_out
    assert_fft_close(real_out, np.fft.irfft(x).astype(np.complex128), np.complex128, 30)
    half = np.empty((4, 9), np.complex64)
    assert pysyclfft.rfft(x.real, out=half, plan=pysyclfft.get_fft_plan(x.real, axes=(1,), kind="r2c", out=half)) \
        is half
    assert_fft_close(half, np.fft.rfft(x.real), np.complex64, 16)


@needs_dpnp
def test_usm_out_of_another_dtype_is_cast(rng):
    x = random_complex(rng, (4, 16))
    out = dpnp.empty((4, 16), dtype=np.complex64)
    assert pysyclfft.ifft(dpnp.asarray(x), out=out) is out
    assert_fft_close(out, np.fft.ifft(x), np.complex64, 16)


@needs_dpnp
def test_out_cast_checks_out_before_work(rng):
    x = random_complex(rng, (4, 16))
    with pytest.raises(ValueError, match="out has wrong shape"):
        pysyclfft.fft(x, out=np.empty((4, 8), np.complex64))
    with pytest.raises(TypeError, match="out must be of ArrayType dpnp.ndarray"):
        pysyclfft.fft(dpnp.asarray(x), out=np.empty((4, 16), np.complex64))
    with pytest.raises(TypeError, match="out's dtype float64"):  # complex into real: not "same_kind"
        pysyclfft.fft(x, out=np.empty((4, 16), np.float64))


# ------------------------------------------------ USM arrays known only by their interface

class _InterfaceOnly:
    """An object exposing only __sycl_usm_array_interface__ (the docs accept it as a USM array)."""

    def __init__(self, array):
        self._array = array

    @property
    def __sycl_usm_array_interface__(self):
        return self._array.__sycl_usm_array_interface__


@needs_dpnp
def test_object_with_only_the_usm_interface(rng):
    """Its shape was read as () (a 0-d AxisError) before."""
    x = random_complex(rng, (4, 16))
    y = pysyclfft.fft(_InterfaceOnly(dpt.asarray(x)))
    assert_fft_close(y, np.fft.fft(x), np.complex128, 16)
    assert_fft_close(pysyclfft.rfftn(_InterfaceOnly(dpt.asarray(x.real)), axes=(0, 1)),
                     np.fft.rfftn(x.real), np.complex128, 64)
    np.testing.assert_array_equal(to_numpy(pysyclfft.fftshift(_InterfaceOnly(dpt.asarray(x)), axes=(1, 1))),
                                  np.fft.fftshift(x, axes=(1, 1)))


# ------------------------------------------------ next_fast_len of a huge target

def test_next_fast_len_of_a_huge_target_returns():
    """A search n, n+1, ... ran for hours near 10**18 (13-smooth numbers are sparse there)."""
    n = pysyclfft.next_fast_len(10**18 + 1)
    assert n == 1000002781185408000  # = 2^10 3^6 5^3 7^8 11 13^2
    assert pysyclfft.next_fast_len(n) == n and pysyclfft.next_fast_len(n + 1) > n


def test_plan_direction_must_be_a_bool():
    x = np.ones((4, 16), np.complex128)
    with pytest.raises(TypeError, match="forward must be True or False"):
        pysyclfft.get_fft_plan(x)(x, forward="no")  # was a KeyError from inside the plan


@pytest.mark.parametrize("lengths, error", [("8", TypeError), (8, TypeError), ([0], ValueError), ([-8], ValueError),
                                            ([True], TypeError), ([8.5], TypeError)])
@pytest.mark.parametrize("compile_", [pysyclfft.precompile, pysyclfft.precompile_real], ids=["c2c", "real"])
def test_precompile_refuses_bad_lengths(compile_, lengths, error):
    with pytest.raises(error, match="lengths"):
        compile_(lengths)


def test_in_place_must_be_a_bool():
    with pytest.raises(TypeError, match="in_place"):
        pysyclfft.get_fft_plan(np.zeros(8, np.complex64), in_place="yes")
