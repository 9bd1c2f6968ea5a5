"""pysyclfft.interfaces.scipy_fft as a scipy.fft backend: scipy.fft calls reach
pysyclfft (seen in the plan cache counters) and give numpy's results."""
import functools

import numpy as np
import pytest
import scipy.fft

from conftest import dpnp, needs_dpnp
import pysyclfft
from pysyclfft import config
from pysyclfft.interfaces import scipy_fft

LENGTHS = (8, 12, 16)
C2C = ["fft", "ifft", "fft2", "ifft2", "fftn", "ifftn"]


@pytest.fixture(scope="module", autouse=True)
def compiled():
    for dtype in (np.complex64, np.complex128):
        pysyclfft.precompile(LENGTHS, dtype)


def rel_l2(got, want):
    got, want = np.asarray(got, dtype=np.complex128), np.asarray(want, dtype=np.complex128)
    return np.linalg.norm(got - want) / np.linalg.norm(want)


def random(shape, dtype, seed=1):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape) + (1j * rng.standard_normal(shape) if np.dtype(dtype).kind == "c" else 0)
    return x.astype(dtype)


def misses():
    return config.get_plan_cache().misses


def reference(name, x, **kw):
    return getattr(np.fft, name)(np.asarray(x, dtype=np.complex128), **kw)


@pytest.mark.parametrize("name", C2C)
@pytest.mark.parametrize("dtype", [np.complex64, np.float64])
def test_set_backend_numpy_input(name, dtype):
    x = random((12, 16), dtype)
    config.clear_plan_cache()
    before = misses()
    with scipy.fft.set_backend(scipy_fft, only=True):
        got = getattr(scipy.fft, name)(x, norm="ortho", workers=2)
    assert misses() == before + 1  # dispatch reached pysyclfft
    assert isinstance(got, np.ndarray)
    assert got.dtype == (np.complex64 if dtype == np.complex64 else np.complex128)
    eps = np.finfo(got.dtype).eps
    assert rel_l2(got, reference(name, x, norm="ortho")) < 8 * eps * np.log2(192)


@needs_dpnp
@pytest.mark.parametrize("name", C2C)
def test_set_global_backend_dpnp_input(name):
    host = random((8, 12), np.complex128)
    x = dpnp.asarray(host)
    config.clear_plan_cache()
    before = misses()
    scipy.fft.set_global_backend(scipy_fft)
    try:
        got = getattr(scipy.fft, name)(x)
    finally:
        scipy.fft.set_global_backend("scipy")
    assert misses() == before + 1
    assert isinstance(got, dpnp.ndarray) and got.sycl_queue == x.sycl_queue
    assert rel_l2(got.asnumpy(), reference(name, host)) < 8 * np.finfo(np.float64).eps * np.log2(96)


@needs_dpnp
def test_arguments_pass_through():
    host = random((4, 16, 12), np.complex64)
    with scipy.fft.set_backend(scipy_fft, only=True):
        a = scipy.fft.fft(host, n=8, axis=1, norm="forward")
        b = scipy.fft.ifftn(host, s=(12, 8), axes=(0, 2))
        c = scipy.fft.fft([1, 2, 3, 4])
        x = dpnp.asarray(host)
        plan = pysyclfft.get_fft_plan(x, axes=(-1,))
        d = scipy.fft.fft(x, plan=plan)
    eps = np.finfo(np.float32).eps
    assert rel_l2(a, reference("fft", host, n=8, axis=1, norm="forward")) < 8 * eps * 3
    assert rel_l2(b, reference("ifftn", host, s=(12, 8), axes=(0, 2))) < 8 * eps * 7
    assert np.allclose(c, [10, -2 + 2j, -2, -2 - 2j])
    assert np.array_equal(d.asnumpy(), plan(x).asnumpy())


@needs_dpnp
def test_overwrite_x_reuses_usm_input():
    host = random((8, 16), np.complex128)
    x = dpnp.asarray(host)
    with scipy.fft.set_backend(scipy_fft, only=True):
        y = scipy.fft.fft2(x, overwrite_x=True)
        assert y is x
        assert rel_l2(x.asnumpy(), np.fft.fft2(host)) < 8 * np.finfo(np.float64).eps * 7
        z = scipy.fft.fft(x, n=12, overwrite_x=True)  # another shape: a new array
        assert z is not x and z.shape == (8, 12)
        f = dpnp.asarray(host.real)
        assert scipy.fft.fft(f, overwrite_x=True) is not f  # real input cannot hold the result
        h = host.copy()
        scipy.fft.fft(h, overwrite_x=True)  # numpy inputs: permission only
        assert np.array_equal(h, host)


def test_unsupported_calls_fall_back_to_scipy():
    before = misses()
    x = random(17, np.complex128)  # 17: no radix for it yet
    with scipy.fft.set_backend(scipy_fft):
        got = scipy.fft.fft(x)
    assert np.allclose(got, np.fft.fft(x))
    assert misses() == before + 1  # the length-17 attempt reached the planner, then scipy computed it
    with scipy.fft.set_backend(scipy_fft):
        # Not a pysyclfft function: scipy computes it (its rfft/irfft calls may reach us).
        h = scipy.fft.fht(random(16, np.float64), dln=0.1, mu=0.5)
    assert h.shape == (16,)
    with scipy.fft.set_backend(scipy_fft, only=True):
        with pytest.raises(Exception, match="No selected backends"):
            scipy.fft.fht(random(16, np.float64), dln=0.1, mu=0.5)
    if np.dtype(np.longdouble).itemsize > 8:
        before = misses()
        with scipy.fft.set_backend(scipy_fft):
            ld = scipy.fft.fft(random(16, np.clongdouble))
        assert ld.dtype == np.clongdouble  # scipy computed it
        assert misses() == before  # without asking our planner


def test_helpers_are_exported():
    assert scipy_fft.next_fast_len(17) == 18 and scipy_fft.next_fast_len(1000) == 1000
    assert np.allclose(scipy_fft.fftfreq(8, 0.1), np.fft.fftfreq(8, 0.1))
    assert np.allclose(scipy_fft.rfftfreq(9, 2.0), np.fft.rfftfreq(9, 2.0))
    assert np.array_equal(scipy_fft.fftshift(np.arange(5)), np.fft.fftshift(np.arange(5)))
    assert np.array_equal(scipy_fft.ifftshift(np.arange(5)), np.fft.ifftshift(np.arange(5)))


@pytest.mark.parametrize("name, kwargs", [
    ("rfft", {}), ("irfft", {"n": 16}), ("hfft", {}), ("ihfft", {}), ("rfft2", {}), ("irfftn", {"s": (8, 16)}),
    ("dct", {"type": 2, "norm": "ortho"}), ("idst", {"type": 3}), ("dctn", {"type": 1, "s": (8, 12)}),
    ("dst", {"type": 2, "norm": "ortho", "orthogonalize": False}),
])
def test_real_and_trigonometric_multimethods_reach_pysyclfft(name, kwargs, monkeypatch):
    if not hasattr(pysyclfft, name):
        pytest.skip(f"pysyclfft has no {name} yet")
    calls = []
    ours = getattr(pysyclfft, name)

    @functools.wraps(ours)  # keeps the signature the backend matches arguments against
    def spy(*args, **kw):
        calls.append(name)
        return ours(*args, **kw)

    monkeypatch.setattr(pysyclfft, name, spy)
    complex_input = name in ("irfft", "hfft", "irfftn")
    x = random((8, 12), np.complex128 if complex_input else np.float64)
    want = getattr(scipy.fft, name)(x, **kwargs)  # scipy's own backend
    with scipy.fft.set_backend(scipy_fft, only=True):
        got = getattr(scipy.fft, name)(x, **kwargs)
    assert calls == [name]
    assert got.dtype == want.dtype and got.shape == want.shape
    assert np.linalg.norm(got - want) / np.linalg.norm(want) < 8 * np.finfo(np.float64).eps * 7
