"""pysyclfft.DeviceArray: the device result type that needs no dpnp.

Its protocols (__sycl_usm_array_interface__, DLPack, numpy conversion), its
views, and every transform kind on USM input given as a DeviceArray, checked
against numpy/scipy in float64. These run with and without dpnp installed.
"""
import importlib

import numpy as np
import pytest
import scipy.fft as sf

import dpctl
import dpctl.memory as dpm
import pysyclfft
from pysyclfft import DeviceArray, _arrays, _core
from conftest import assert_fft_close, dpnp, dpt, needs_dpnp, random_complex, to_numpy
from real_helpers import assert_close

_MEMORY = {"device": dpm.MemoryUSMDevice, "shared": dpm.MemoryUSMShared, "host": dpm.MemoryUSMHost}


@pytest.fixture(scope="module")
def queue():
    return dpctl.SyclQueue()


def on_device(host, queue, usm_type="device"):
    """A DeviceArray holding a copy of the numpy array `host`, made with dpctl's memory API only."""
    host = np.ascontiguousarray(host)
    memory = _MEMORY[usm_type](max(host.nbytes, 1), queue=queue)
    memory.copy_from_host(host.reshape(-1).view(np.uint8))
    return DeviceArray(memory, host.shape, host.dtype)


def test_interface_describes_the_view(queue):
    host = np.arange(24, dtype=np.float32).reshape(4, 6)
    a = on_device(host, queue)
    assert (a.shape, a.dtype, a.strides, a.ndim, a.size, a.usm_type) == ((4, 6), np.float32, (6, 1), 2, 24, "device")
    assert a.sycl_queue == queue and a.sycl_device == queue.sycl_device and len(a) == 4
    assert "DeviceArray(shape=(4, 6), dtype=float32" in repr(a)
    view = a[1:4, ::2]
    interface = view.__sycl_usm_array_interface__
    assert interface["shape"] == (3, 3) and interface["strides"] == (6, 2) and interface["offset"] == 6
    assert interface["typestr"] == np.dtype(np.float32).str and interface["data"][0] == a.usm_data._pointer
    assert not interface["data"][1] and interface["syclobj"] == queue
    np.testing.assert_array_equal(view.asnumpy(), host[1:4, ::2])
    assert not view.flags.c_contiguous and a.flags.c_contiguous


def test_views_and_numpy_conversion(queue):
    host = random_complex(np.random.default_rng(1), (3, 5))
    a = on_device(host, queue, "shared")
    np.testing.assert_array_equal(np.asarray(a), host)
    np.testing.assert_array_equal(np.asarray(a, dtype=np.complex64), host.astype(np.complex64))
    np.testing.assert_array_equal(a.permuted((1, 0)).asnumpy(), host.T)
    np.testing.assert_array_equal(a[::-1, 1:].asnumpy(), host[::-1, 1:])
    real = a.real_view()
    assert real.shape == (3, 5, 2) and real.dtype == np.float64
    np.testing.assert_array_equal(real.asnumpy(), np.stack([host.real, host.imag], axis=-1))
    with pytest.raises(ValueError, match="copy"):
        np.asarray(a, copy=False)
    with pytest.raises(IndexError, match="slices"):
        a[0]


def test_dlpack_of_host_usm_is_read_by_numpy_without_a_copy(queue):
    host = np.arange(12, dtype=np.float64).reshape(3, 4)
    a = on_device(host, queue, "host")
    assert a.__dlpack_device__() == (1, 0)  # kDLCPU: host USM is host memory
    b = np.from_dlpack(a[:, 1:])
    np.testing.assert_array_equal(b, host[:, 1:])
    assert b.ctypes.data == a.usm_data._pointer + 8  # a view of the same memory
    del a
    np.testing.assert_array_equal(b, host[:, 1:])  # the capsule keeps the memory alive


@pytest.mark.parametrize("usm_type", ["device", "shared"])
def test_dlpack_of_device_usm(queue, usm_type):
    host = np.arange(10, dtype=np.int32)
    a = on_device(host, queue, usm_type)
    cuda_ordinal = _core.cuda_device_ordinal(queue.sycl_device)
    if cuda_ordinal >= 0:  # kDLCUDA / kDLCUDAManaged: what CUDA consumers (CuPy, PyTorch) read
        assert a.__dlpack_device__() == ({"device": 2, "shared": 13}[usm_type], cuda_ordinal)
    else:
        assert a.__dlpack_device__() == (14, queue.sycl_device.get_device_id())  # kDLOneAPI
    np.testing.assert_array_equal(np.from_dlpack(a, device="cpu"), host)  # a host copy, as asked
    capsule = a.__dlpack__()
    assert "dltensor" in repr(capsule)
    del capsule  # never consumed: the capsule's destructor frees the tensor
    with pytest.raises(BufferError, match="copy"):
        a.__dlpack__(dl_device=(1, 0), copy=False)


@needs_dpnp
def test_dlpack_into_dpnp_shares_the_device_memory(queue):
    host = random_complex(np.random.default_rng(2), (4, 8))
    a = on_device(host, queue)
    b = dpnp.from_dlpack(a)
    assert b.get_array().usm_data._pointer == a.usm_data._pointer
    np.testing.assert_array_equal(dpnp.asnumpy(b), host)
    np.testing.assert_array_equal(dpnp.asnumpy(dpnp.asarray(a)), host)  # through the USM interface


C2C = [("fft", np.fft.fft), ("ifft", np.fft.ifft), ("fft2", np.fft.fft2), ("ifftn", np.fft.ifftn)]


@pytest.mark.parametrize("name,reference", C2C, ids=[c[0] for c in C2C])
def test_complex_transforms_of_a_device_array(queue, name, reference):
    host = random_complex(np.random.default_rng(3), (6, 16))
    y = getattr(pysyclfft, name)(on_device(host, queue))
    assert isinstance(y, DeviceArray) and y.sycl_queue == queue
    assert_fft_close(y, reference(host), np.complex128, 16 if name.endswith("fft") else 96)


def test_padded_cropped_and_converted_device_input(queue):
    """Strided input padded on one axis, cropped on the other, float32 -> complex64 (the
    copies that without dpnp go through the host)."""
    host = np.random.default_rng(4).standard_normal((12, 10)).astype(np.float32)
    x = on_device(host, queue)[::2, ::-1]
    y = pysyclfft.fftn(x, s=(8, 6), axes=(0, 1))
    assert isinstance(y, DeviceArray) and y.dtype == np.complex64
    assert_fft_close(y, np.fft.fftn(host[::2, ::-1].astype(np.float64), s=(8, 6), axes=(0, 1)), np.complex64, 48)


def test_real_transforms_of_a_device_array(queue):
    rng = np.random.default_rng(5)
    real = rng.standard_normal((4, 16))
    half = random_complex(rng, (4, 9))
    x, h = on_device(real, queue), on_device(half, queue)
    for got, want, dtype, n in [
        (pysyclfft.rfft(x), np.fft.rfft(real), np.complex128, 16),
        (pysyclfft.rfftn(x), np.fft.rfftn(real), np.complex128, 64),
        (pysyclfft.irfft(h), np.fft.irfft(half), np.float64, 16),
        (pysyclfft.irfftn(h, s=(4, 16), axes=(0, 1)), np.fft.irfftn(half, s=(4, 16), axes=(0, 1)), np.float64, 64),
        (pysyclfft.hfft(h), np.fft.hfft(half), np.float64, 16),
        (pysyclfft.ihfft(x), np.fft.ihfft(real), np.complex128, 16),
    ]:
        assert isinstance(got, DeviceArray)
        assert_close(got, want, dtype, n, 1.0)


@pytest.mark.parametrize("family", ["dct", "dst"])
@pytest.mark.parametrize("type", [1, 2, 3, 4])
def test_trigonometric_transforms_of_a_device_array(queue, family, type):
    rng = np.random.default_rng(6)
    real, cplx = rng.standard_normal((3, 12)), random_complex(rng, (3, 12))
    forward, inverse = getattr(pysyclfft, family), getattr(pysyclfft, "i" + family)
    for host, dtype in ((real, np.float64), (cplx, np.complex128)):  # complex: through the real view
        y = forward(on_device(host, queue), type=type, norm="ortho")
        assert isinstance(y, DeviceArray)
        assert_close(y, getattr(sf, family)(host, type=type, norm="ortho"), dtype, 24, 2.0)
        assert_close(inverse(on_device(host, queue), type=type), getattr(sf, "i" + family)(host, type=type),
                     dtype, 24, 2.0)
    assert_close(pysyclfft.dctn(on_device(real, queue), type=type), sf.dctn(real, type=type), np.float64, 36, 2.0)


def test_out_plan_and_cast_into_device_arrays(queue):
    host = random_complex(np.random.default_rng(7), (4, 16))
    x = on_device(host, queue)
    out = on_device(np.zeros((4, 16), np.complex128), queue)
    assert pysyclfft.fft(x, out=out) is out
    assert_fft_close(out, np.fft.fft(host), np.complex128, 16)
    single = on_device(np.zeros((4, 16), np.complex64), queue)
    plan = pysyclfft.get_fft_plan(x, axes=(1,))
    assert plan(x, out=single) is single  # same_kind cast of the complex128 result
    assert_fft_close(single, np.fft.fft(host), np.complex64, 16)
    assert pysyclfft.fft(x, out=x) is x  # in place through out
    assert_fft_close(x, np.fft.fft(host), np.complex128, 16)


def test_helpers_on_device_arrays(queue):
    host = np.arange(5 * 4, dtype=np.float32).reshape(5, 4)
    shifted = pysyclfft.fftshift(on_device(host, queue, "shared"), axes=(0, 1))
    assert isinstance(shifted, DeviceArray) and shifted.usm_type == "shared"
    np.testing.assert_array_equal(shifted.asnumpy(), np.fft.fftshift(host, axes=(0, 1)))
    f = pysyclfft.fftfreq(7, 0.5, dtype=np.float32, usm_type="host", sycl_queue=queue)
    assert type(f) is (DeviceArray if dpnp is None else dpnp.ndarray)
    assert f.usm_type == "host" and f.sycl_queue == queue and f.dtype == np.float32
    np.testing.assert_allclose(to_numpy(f), np.fft.fftfreq(7, 0.5), rtol=1e-6)


def test_other_usm_interface_objects_give_device_arrays(queue):
    class InterfaceOnly:
        def __init__(self, array):
            self.__sycl_usm_array_interface__ = array.__sycl_usm_array_interface__

    host = random_complex(np.random.default_rng(8), (3, 8))
    a = on_device(np.concatenate([np.zeros((1, 8)), host]), queue)
    y = pysyclfft.fft(InterfaceOnly(a[1:]))  # a view with an offset, known only by its interface
    assert isinstance(y, DeviceArray)
    assert_fft_close(y, np.fft.fft(host), np.complex128, 8)


def test_without_dpnp_its_interfaces_name_the_extra():
    if dpnp is not None:
        pytest.skip("dpnp is installed")
    with pytest.raises(ImportError, match=r"pysyclfft\[dpnp\]"):
        pysyclfft.patch_dpnp_fft()
    with pytest.raises(ImportError, match=r"pysyclfft\[dpnp\]"):
        importlib.import_module("pysyclfft.interfaces.dpnp_fft")
    assert not _arrays.has_dpnp()


@needs_dpnp
def test_dpnp_and_usm_ndarray_inputs_keep_their_kind(queue):
    host = random_complex(np.random.default_rng(9), (2, 8))
    assert isinstance(pysyclfft.fft(dpnp.asarray(host)), dpnp.ndarray)
    assert type(pysyclfft.fft(dpt.asarray(host))) is dpt.usm_ndarray
    assert isinstance(pysyclfft.fft(on_device(host, queue)), DeviceArray)


@needs_dpnp
def test_sycl_arrays_have_no_cuda_producer_and_a_numpy_dtype(queue):
    host = random_complex(np.random.default_rng(10), (2, 8)).astype(np.complex64)
    for x in (dpnp.asarray(host), dpt.asarray(host), on_device(host, queue)):
        assert _arrays.cuda_producer_of(x) is None
        assert _arrays.dtype_of(x) == np.complex64 and isinstance(_arrays.dtype_of(x), np.dtype)
    out = dpt.empty((2, 8), dtype=np.complex64)  # a usm_ndarray out of another dtype: cast (same_kind)
    assert pysyclfft.fft(dpt.asarray(host.astype(np.complex128)), out=out) is out
    assert_fft_close(out, np.fft.fft(host), np.complex64, 8)
