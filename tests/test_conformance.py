"""Behaving as numpy.fft, scipy.fft and dpnp.fft do where a new user (and their own
test suites) found differences: every expectation is what numpy, scipy or dpnp
itself does, checked against that library in the same test."""
import os

import numpy as np
import pytest
import scipy.fft
from numpy.exceptions import AxisError

import dpctl
import pysyclfft
from conftest import dpnp, to_numpy
from pysyclfft import config
from pysyclfft.interfaces import scipy_fft

EPS64 = np.finfo(np.float64).eps


@pytest.fixture(scope="module", autouse=True)
def compiled():
    for dtype in (np.complex64, np.complex128):
        pysyclfft.precompile((4, 8, 16), dtype)


def random(shape, complex_=True, seed=3):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape)
    return x + 1j * rng.standard_normal(shape) if complex_ else x


def close(got, want, n):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape
    assert np.linalg.norm(got - want) <= 8 * EPS64 * np.log2(max(n, 2)) * np.linalg.norm(want)


# ---------------------------------------------------------------- scipy.fft backend

@pytest.mark.parametrize("call", [
    lambda f, x: f.dctn(x, 2, axes=0),
    lambda f, x: f.fftn(x, 8, axes=1),
    lambda f, x: f.rfftn(x.real, s=16),
    lambda f, x: f.idstn(x.real, 3, s=4, axes=-1)], ids=["dctn axes", "fftn s+axes", "rfftn s", "idstn s+axes"])
def test_scalar_axes_and_s(call):
    """scipy takes a single integer for s or axes; the backend raised TypeError."""
    x = random((4, 16))
    want = call(scipy.fft, x)
    before = config.get_plan_cache().misses + config.get_plan_cache().hits
    with scipy.fft.set_backend(scipy_fft, only=True):
        got = call(scipy.fft, x)
    assert config.get_plan_cache().misses + config.get_plan_cache().hits > before  # we computed it
    close(got, want, 16)


def test_foreign_plan_is_handed_back():
    """scipy's own backend refuses plans with NotImplementedError; with only=True
    uarray says no backend took the call."""
    x = random(8)
    with scipy.fft.set_backend(scipy_fft):
        with pytest.raises(NotImplementedError, match="plan"):
            scipy.fft.fft(x, plan=object())
    with scipy.fft.set_backend(scipy_fft, only=True):
        with pytest.raises(Exception, match="No selected backends"):
            scipy.fft.fft(x, plan=object())
        ours = pysyclfft.get_fft_plan(x)
        close(scipy.fft.fft(x, plan=ours), np.fft.fft(x), 8)


@pytest.mark.parametrize("name", ["fft", "rfft", "dct", "fftn"])
def test_workers_validated_as_scipy(name):
    x = random(8, complex_=name in ("fft", "fftn"))
    cpus = os.cpu_count()
    for workers in (0, -cpus - 1):
        with pytest.raises(ValueError, match="workers"):
            getattr(scipy.fft, name)(x, workers=workers)
        with scipy.fft.set_backend(scipy_fft, only=True), pytest.raises(ValueError, match="workers"):
            getattr(scipy.fft, name)(x, workers=workers)
    with scipy.fft.set_backend(scipy_fft, only=True):
        for workers in (1, -1, -cpus, cpus + 3):  # accepted; the device decides its parallelism
            close(getattr(scipy.fft, name)(x, workers=workers), getattr(scipy.fft, name)(x), 8)
    with pytest.raises(ValueError, match="workers"):
        pysyclfft.dct(x.real, workers=0)


def test_fht_computed_by_scipy_with_our_rfft():
    """scipy's fht is a host algorithm around an rfft and an irfft: the backend hands
    fht back to scipy, whose rfft/irfft then dispatch to pysyclfft."""
    a = random(16, complex_=False)
    want = scipy.fft.fht(a, dln=0.1, mu=0.5)
    cache = config.get_plan_cache()
    before = cache.misses + cache.hits
    with scipy.fft.set_backend(scipy_fft):
        got = scipy.fft.fht(a, dln=0.1, mu=0.5)
        back = scipy.fft.ifht(got, dln=0.1, mu=0.5)
    assert cache.misses + cache.hits >= before + 4
    close(got, want, 16)
    close(back, scipy.fft.ifht(want, dln=0.1, mu=0.5), 16)


def test_scipy_fft_interface_reachable_after_import():
    import subprocess
    import sys
    code = "import pysyclfft; print(pysyclfft.interfaces.scipy_fft.__ua_domain__)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd="/", timeout=300)
    assert done.stdout.strip() == "numpy.scipy.fft", done.stderr


# ---------------------------------------------------------------- long double

@pytest.mark.skipif(np.dtype(np.longdouble).itemsize <= 8, reason="long double is double here")
@pytest.mark.parametrize("f", [pysyclfft.fft, pysyclfft.rfft, pysyclfft.irfft, pysyclfft.dct, pysyclfft.fftn])
@pytest.mark.parametrize("dtype", [np.longdouble, np.clongdouble])
def test_long_double_refused(f, dtype):
    """numpy and scipy compute long double on the host; no SYCL device does, and
    computing it in double would silently lose precision."""
    x = np.ones(8, dtype)
    if f is pysyclfft.rfft and dtype == np.clongdouble:
        return  # complex input to a real transform: its own TypeError
    assert np.fft.fft(x).dtype == np.clongdouble  # numpy keeps it
    with pytest.raises(TypeError, match=r"long double \((float|complex)\d+\).*astype"):
        f(x)


# ---------------------------------------------------------------- out of memory

def test_out_of_memory_names_step_size_and_device():
    """A length whose complex128 result is up to 4x the device memory (the planner builds at
    most 3 passes, up to 2**34 points: 256 GiB, more than an 80 GB GPU holds): was a bare MemoryError('std::bad_alloc')."""
    memory = dpctl.SyclQueue().sycl_device.global_mem_size
    n = min(2 ** int(np.ceil(np.log2(4 * memory / 16))), 2**34)
    if 16 * n <= memory:
        pytest.skip(f"the device has {memory} bytes: a length it cannot hold is beyond the planner's")
    with pytest.raises(MemoryError, match=rf"out of memory .*lengths \[{n}\].* on .*GiB of global memory"):
        pysyclfft.fft(np.ones(4), n=n)


# ---------------------------------------------------------------- fftfreq / rfftfreq

def test_frequencies_follow_numpy_types_and_errors():
    for f in ("fftfreq", "rfftfreq"):
        ours, theirs = getattr(pysyclfft, f), getattr(np.fft, f)
        assert type(ours(10, 0.1)) is np.ndarray
        np.testing.assert_array_equal(ours(10, 0.1), theirs(10, 0.1))
        for bad in (10.0, "10"):
            with pytest.raises(ValueError):
                theirs(bad)
            with pytest.raises(ValueError, match="n .*integer"):
                ours(bad)
        on_device = ours(10, 0.1, device=dpctl.SyclQueue())  # a dpnp array with dpnp, else a DeviceArray
        assert isinstance(on_device, dpnp.ndarray if dpnp is not None else pysyclfft.DeviceArray)
        np.testing.assert_allclose(to_numpy(on_device), theirs(10, 0.1), rtol=4 * np.finfo(on_device.dtype).eps)


def test_axis_error_is_numpy_and_dpnp_compatible():
    """AxisError (ours for 0-d 1-D transforms) is dpnp's ValueError and numpy's IndexError."""
    assert issubclass(AxisError, ValueError) and issubclass(AxisError, IndexError)
