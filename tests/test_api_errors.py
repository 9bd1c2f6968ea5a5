"""Bad arguments raise ValueError / IndexError (AxisError) / TypeError naming the argument."""
import numpy as np
import pytest
from numpy.exceptions import AxisError

import dpctl
from conftest import KINDS, as_kind, dpnp, like, needs_dpnp, to_numpy

import pysyclfft

pytestmark = pytest.mark.filterwarnings("ignore:pysyclfft. `axes` should not be `None`:DeprecationWarning")  # s without axes

ONE_D = [pysyclfft.fft, pysyclfft.ifft]
N_D = [pysyclfft.fftn, pysyclfft.ifftn, pysyclfft.fft2, pysyclfft.ifft2]
ALL = ONE_D + N_D


def fname(f):
    return f.__name__


@pytest.fixture(params=KINDS)
def x(request):
    return as_kind(np.ones((4, 8), np.complex64), request.param)


@pytest.mark.parametrize("f", ALL, ids=fname)
@pytest.mark.parametrize("norm", ["ortho2", "Backward", "", 1])
def test_bad_norm(f, x, norm):
    with pytest.raises(ValueError, match="norm"):
        f(x, norm=norm)


@pytest.mark.parametrize("f", ONE_D, ids=fname)
@pytest.mark.parametrize("n", [0, -1, -8])
def test_n_not_positive(f, x, n):
    with pytest.raises(ValueError, match=rf"\bn={n}\b"):
        f(x, n=n)


@pytest.mark.parametrize("f", ONE_D, ids=fname)
@pytest.mark.parametrize("n", [2.5, 8.0, "8", [8]])
def test_n_not_integer(f, x, n):
    with pytest.raises(TypeError, match=r"\bn must be an integer"):
        f(x, n=n)


@pytest.mark.parametrize("f", ONE_D, ids=fname)
@pytest.mark.parametrize("axis", [2, -3, 100])
def test_axis_out_of_range(f, x, axis):
    with pytest.raises(AxisError, match=rf"axis={axis}\b"):
        f(x, axis=axis)
    with pytest.raises(IndexError):  # AxisError is an IndexError and a ValueError, as in numpy
        f(x, axis=axis)


@pytest.mark.parametrize("f", ONE_D, ids=fname)
def test_axis_not_integer(f, x):
    with pytest.raises(TypeError, match="axis must be an integer"):
        f(x, axis=1.0)


@pytest.mark.parametrize("f", N_D, ids=fname)
def test_axes_out_of_range(f, x):
    with pytest.raises(AxisError, match=r"axes=2\b"):
        f(x, axes=(0, 2))


@pytest.mark.parametrize("f", N_D, ids=fname)
@pytest.mark.parametrize("axes", [1, (0, 1.5)], ids=str)
def test_axes_not_integers(f, x, axes):
    with pytest.raises(TypeError, match="axes"):
        f(x, axes=axes)


@pytest.mark.parametrize("f", ALL, ids=fname)
@pytest.mark.parametrize("kind", KINDS)
def test_zero_dimensional_input(f, kind):
    a = np.array(1.0 + 0j, np.complex64)
    a = as_kind(a, kind)
    if f in (pysyclfft.fftn, pysyclfft.ifftn):  # over every axis, of which a 0-d array has none
        assert f(a) is a and getattr(np.fft, f.__name__)(to_numpy(a)) == to_numpy(a)
    else:
        with pytest.raises(AxisError, match="0-d"):
            f(a)


def test_fft2_of_1d_names_axes():
    with pytest.raises(AxisError, match="axes"):
        pysyclfft.fft2(np.ones(8, np.complex64))


@pytest.mark.parametrize("f", ALL, ids=fname)
@pytest.mark.parametrize("kind", KINDS)
def test_empty_axis(f, kind):
    a = np.ones((3, 0), np.complex64)
    a = as_kind(a, kind)
    with pytest.raises(ValueError, match=r"axis 1\b.*empty"):
        f(a)


@pytest.mark.parametrize("f", N_D, ids=fname)
@pytest.mark.parametrize("s", [(0, 8), (4, -2), (-3, 8)], ids=str)
def test_s_not_positive(f, x, s):
    with pytest.raises(ValueError, match=r"\bs=-?\d"):
        f(x, s=s)


@pytest.mark.parametrize("f", N_D, ids=fname)
@pytest.mark.parametrize("s", [8, (2.5, 8), ("4", 8)], ids=str)
def test_s_not_integers(f, x, s):
    with pytest.raises(TypeError, match=r"\bs must be"):
        f(x, s=s)


@pytest.mark.parametrize("f", N_D, ids=fname)
def test_s_and_axes_lengths_differ(f, x):
    with pytest.raises(ValueError, match="s and axes"):
        f(x, s=(4, 8), axes=(1,))
    with pytest.raises(ValueError, match="s and axes"):
        f(x, s=(4,), axes=(0, 1))


@pytest.mark.parametrize("f", ONE_D + [pysyclfft.fftn], ids=fname)
@pytest.mark.parametrize("a", [np.array(["a", "b"]), np.array([object(), object()])], ids=["str", "object"])
def test_non_numeric_dtype(f, a):
    with pytest.raises(TypeError, match="dtype"):
        f(a)


# ---------------------------------------------------------------- out=

@pytest.mark.parametrize("f", ALL, ids=fname)
def test_out_wrong_shape(f, x):
    out = like(x, np.empty((4, 9), dtype=np.complex64))
    with pytest.raises(ValueError, match=r"out has wrong shape \(4, 9\)"):
        f(x, out=out)


@pytest.mark.parametrize("f", ALL, ids=fname)
def test_out_wrong_dtype(f, x):
    # numpy's out= casting is "same_kind": complex into int is refused (complex128 into complex64 is cast).
    out = like(x, np.empty((4, 8), dtype=np.int32))
    with pytest.raises(TypeError, match="out's dtype int32"):
        f(x, out=out)


def test_out_of_padded_shape_must_match():
    with pytest.raises(ValueError, match=r"out has wrong shape \(4, 8\), expected \(4, 16\)"):
        pysyclfft.fft(np.ones((4, 8), np.complex64), n=16, out=np.empty((4, 8), np.complex64))


@needs_dpnp
def test_out_on_other_queue():
    x = dpnp.ones((4, 8), dtype=np.complex64)
    out = dpnp.empty((4, 8), dtype=np.complex64, sycl_queue=dpctl.SyclQueue())
    with pytest.raises(ValueError, match="out is on a different SYCL queue"):
        pysyclfft.fft(x, out=out)


@needs_dpnp
def test_out_kind_mismatch():
    with pytest.raises(TypeError, match="out must be of ArrayType dpnp.ndarray or usm_ndarray"):
        pysyclfft.fft(dpnp.ones((4, 8), dtype=np.complex64), out=np.empty((4, 8), np.complex64))
    with pytest.raises(TypeError, match="out must be of ArrayType numpy.ndarray"):
        pysyclfft.fft(np.ones((4, 8), np.complex64), out=dpnp.empty((4, 8), dtype=np.complex64))


def test_out_not_writable():
    out = np.empty((4, 8), np.complex64)
    out.flags.writeable = False
    with pytest.raises(ValueError, match="out"):
        pysyclfft.fft(np.ones((4, 8), np.complex64), out=out)
