"""fftfreq, rfftfreq, fftshift, ifftshift and next_fast_len."""
import numpy as np
import pytest

import dpctl
from conftest import dpnp, dpt, needs_dpnp, to_numpy
import pysyclfft


@needs_dpnp
@pytest.mark.parametrize("n", [1, 2, 7, 8, 33])
@pytest.mark.parametrize("d", [1.0, 0.25, 3])
def test_frequencies_match_numpy(n, d):
    """numpy in, numpy out: without a SYCL placement the result is numpy's, float64."""
    f = pysyclfft.fftfreq(n, d)
    r = pysyclfft.rfftfreq(n, d)
    assert type(f) is np.ndarray and type(r) is np.ndarray and f.dtype == r.dtype == np.float64
    np.testing.assert_allclose(f, np.fft.fftfreq(n, d), rtol=4 * np.finfo(f.dtype).eps)
    np.testing.assert_allclose(r, np.fft.rfftfreq(n, d), rtol=4 * np.finfo(r.dtype).eps)


@pytest.mark.parametrize("n", [1, 8, 33])
def test_frequencies_on_a_device_match_numpy(n):
    q = dpctl.SyclQueue()
    f = pysyclfft.fftfreq(n, 0.5, device=q)
    r = pysyclfft.rfftfreq(n, 0.5, sycl_queue=q)
    device_type = pysyclfft.DeviceArray if dpnp is None else dpnp.ndarray  # dpnp's arrays where it is installed
    assert type(f) is device_type and type(r) is device_type and f.sycl_queue == q
    assert f.dtype == (np.float64 if q.sycl_device.has_aspect_fp64 else np.float32)  # dpnp's default float type
    np.testing.assert_allclose(to_numpy(f), np.fft.fftfreq(n, 0.5), rtol=4 * np.finfo(f.dtype).eps)
    np.testing.assert_allclose(to_numpy(r), np.fft.rfftfreq(n, 0.5), rtol=4 * np.finfo(r.dtype).eps)


def test_frequency_dtype_on_the_host():
    f = pysyclfft.fftfreq(10, 0.1, dtype=np.float32)
    assert type(f) is np.ndarray and f.dtype == np.float32
    np.testing.assert_array_equal(f, np.fft.fftfreq(10, 0.1).astype(np.float32))


def test_frequency_placement_and_dtype():
    q = dpctl.SyclQueue()
    f = pysyclfft.fftfreq(6, 0.5, dtype=np.float32, usm_type="host", sycl_queue=q)
    assert f.dtype == np.float32 and f.usm_type == "host" and f.sycl_queue == q
    np.testing.assert_allclose(f.asnumpy(), np.fft.fftfreq(6, 0.5), rtol=1e-6)
    r = pysyclfft.rfftfreq(6, device=q.sycl_device.filter_string, usm_type="shared")  # a filter string
    assert r.usm_type == "shared" and r.sycl_device == q.sycl_device
    with pytest.raises(TypeError, match="dtype"):
        pysyclfft.fftfreq(4, dtype=np.int32)
    with pytest.raises(ValueError, match="n"):
        pysyclfft.fftfreq(0)
    with pytest.raises(ValueError, match="n"):  # numpy: ValueError("n should be an integer")
        pysyclfft.rfftfreq(4.0)
    with pytest.raises(ValueError):
        np.fft.fftfreq(10.0)
    with pytest.raises(ValueError, match="n"):
        pysyclfft.fftfreq(10.0)
    with pytest.raises(TypeError, match="d"):
        pysyclfft.fftfreq(4, d="1")
    with pytest.raises(ValueError, match="d"):
        pysyclfft.fftfreq(4, d=0)


@needs_dpnp
@pytest.mark.parametrize("axes", [None, 0, 1, (0, 2), (-1,)])
def test_shifts_match_numpy(axes):
    host = np.arange(5 * 4 * 3).reshape(5, 4, 3).astype(np.float32)
    for shift in ("fftshift", "ifftshift"):
        want = getattr(np.fft, shift)(host, axes=axes)
        got_dpnp = getattr(pysyclfft, shift)(dpnp.asarray(host), axes=axes)
        got_usm = getattr(pysyclfft, shift)(dpt.asarray(host), axes=axes)
        got_np = getattr(pysyclfft, shift)(host, axes=axes)
        assert isinstance(got_dpnp, dpnp.ndarray) and isinstance(got_usm, dpt.usm_ndarray)
        assert isinstance(got_np, np.ndarray)
        assert np.array_equal(got_dpnp.asnumpy(), want) and np.array_equal(dpt.asnumpy(got_usm), want)
        assert np.array_equal(got_np, want)
    x = dpnp.asarray(host)
    assert np.array_equal(pysyclfft.ifftshift(pysyclfft.fftshift(x, axes), axes).asnumpy(), host)


@needs_dpnp
def test_shift_stays_on_the_device():
    q = dpctl.SyclQueue()
    x = dpnp.arange(10, usm_type="shared", sycl_queue=q)
    y = pysyclfft.fftshift(x)
    assert y.sycl_queue == q and y.usm_type == "shared"


def _is_13_smooth(n):
    for p in (2, 3, 5, 7, 11, 13):
        while n % p == 0:
            n //= p
    return n == 1


def test_next_fast_len():
    assert [pysyclfft.next_fast_len(t) for t in (1, 17, 19, 23, 97, 1000, 1021)] == [1, 18, 20, 24, 98, 1000, 1024]
    for t in list(range(1, 2000)) + [10007, 20015, 65537]:
        n = pysyclfft.next_fast_len(t)
        assert n >= t and _is_13_smooth(n) and not any(_is_13_smooth(m) for m in range(t, n))
    with pytest.raises(ValueError):
        pysyclfft.next_fast_len(-1)
    with pytest.raises(TypeError):
        pysyclfft.next_fast_len(2.5)
