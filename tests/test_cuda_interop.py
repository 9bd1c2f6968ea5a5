"""CuPy arrays, CUDA torch tensors and other CUDA arrays (__cuda_array_interface__,
DLPack) are computed where they live and ordered with their producer's stream
(pysyclfft/_cuda_arrays.py, docs/cuda.md "CuPy and PyTorch arrays").

The library tests need a CUDA GPU that the SYCL runtime offers (its CUDA adapter)
and CuPy or PyTorch; they skip with the reason otherwise. References are numpy /
scipy in float64 (long double where the accuracy suite uses it is not needed: the
bounds are C * eps * log2(N) of the computed precision)."""
import contextlib
import math
import time

import numpy as np
import pytest
import scipy.fft as sfft

import dpctl
import pysyclfft
from pysyclfft import _core, _cuda_arrays
from pysyclfft.interfaces import scipy_fft as backend

SYCL_CUDA_DEVICES = [d for d in dpctl.get_devices() if _core.cuda_device_ordinal(d) >= 0]
NO_SYCL_CUDA = "the SYCL runtime offers no CUDA device (no NVIDIA GPU, or no SYCL CUDA adapter)"

try:
    import cupy
    cupy.cuda.runtime.getDeviceCount()
except Exception:  # not installed, or no CUDA driver/GPU
    cupy = None
try:
    import torch
    if not torch.cuda.is_available():
        torch = None
except ImportError:
    torch = None

SPIN_CYCLES = 2_000_000_000  # about 1 s of one GPU thread at 1.98 GHz (H100): longer than any call below


class CupyLib:
    name = "cupy"

    def __init__(self):
        self._spin = cupy.RawKernel(r'''extern "C" __global__ void spin(long long cycles) {
            long long start = clock64(); while (clock64() - start < cycles) {} }''', "spin")

    def array(self, host):
        return cupy.asarray(host)

    def host(self, a):
        assert isinstance(a, cupy.ndarray), f"expected a CuPy array, got {type(a).__name__}"
        return cupy.asnumpy(a)

    def empty(self, shape, dtype):
        return cupy.empty(shape, dtype)

    def new_stream(self):
        return cupy.cuda.Stream(non_blocking=True)

    def using(self, stream):
        return stream

    def spin(self, cycles):
        self._spin((1,), (1,), (np.int64(cycles),))

    def copy_into(self, dst, src):
        dst[...] = src

    def busy(self, stream):
        return not stream.done

    def synchronize(self):
        cupy.cuda.Device().synchronize()


class TorchLib:
    name = "torch"

    def array(self, host):
        return torch.from_numpy(np.ascontiguousarray(host)).to("cuda")

    def host(self, a):
        assert isinstance(a, torch.Tensor) and a.is_cuda, f"expected a CUDA tensor, got {type(a).__name__}"
        return a.cpu().numpy()

    def empty(self, shape, dtype):
        return torch.empty(shape, dtype=getattr(torch, np.dtype(dtype).name), device="cuda")

    def new_stream(self):
        return torch.cuda.Stream()

    def using(self, stream):
        return torch.cuda.stream(stream)

    def spin(self, cycles):
        torch.cuda._sleep(cycles)

    def copy_into(self, dst, src):
        dst.copy_(src)

    def busy(self, stream):
        return not stream.query()

    def synchronize(self):
        torch.cuda.synchronize()


def _lib_param(name, module):
    reason = NO_SYCL_CUDA if not SYCL_CUDA_DEVICES else f"{name} with a CUDA GPU is not available"
    return pytest.param(name, marks=pytest.mark.skipif(not SYCL_CUDA_DEVICES or module is None, reason=reason))


@pytest.fixture(scope="module", params=[_lib_param("cupy", cupy), _lib_param("torch", torch)])
def lib(request):
    return CupyLib() if request.param == "cupy" else TorchLib()


needs_cupy = pytest.mark.skipif(cupy is None or not SYCL_CUDA_DEVICES, reason="needs CuPy with a CUDA GPU and a SYCL CUDA device")
needs_torch = pytest.mark.skipif(torch is None or not SYCL_CUDA_DEVICES, reason="needs PyTorch with CUDA and a "
                                 "SYCL CUDA device")


def eps(dtype):
    return float(np.finfo(np.float32 if np.dtype(dtype) in (np.float32, np.complex64) else np.float64).eps)


def assert_close(got, ref, dtype, n, constant=1.0):
    """Relative L2 error of the host array got (of `dtype`) within constant * eps * log2(n) of ref."""
    assert got.shape == ref.shape, f"shape {got.shape}, expected {ref.shape}"
    assert got.dtype == np.dtype(dtype), f"dtype {got.dtype}, expected {np.dtype(dtype)}"
    bound = constant * eps(dtype) * max(1.0, math.log2(n))
    err = np.linalg.norm(got - ref) / max(np.linalg.norm(ref), 1e-300)
    assert err <= bound, f"relative L2 error {err:.3g} > {bound:.3g} (n={n}, {np.dtype(dtype).name})"


def random(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-0.5, 0.5, shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.uniform(-0.5, 0.5, shape)
    return x.astype(dtype)


COMPLEX = (np.complex64, np.complex128)
REAL = (np.float32, np.float64)


@pytest.mark.parametrize("dtype", COMPLEX)
def test_fft_same_kind_and_correct(lib, dtype):
    host = random((3, 64), dtype)
    x = lib.array(host)
    y = pysyclfft.fft(x)
    assert_close(lib.host(y), np.fft.fft(host.astype(np.complex128)), dtype, 64)
    assert_close(lib.host(pysyclfft.ifft(y)), host.astype(np.complex128), dtype, 64)
    np.testing.assert_array_equal(lib.host(x), host)  # the input is untouched


@pytest.mark.parametrize("dtype", COMPLEX)
def test_fftn_strided_inputs(lib, dtype):
    host = random((16, 48), dtype, seed=1)
    x = lib.array(host)
    for view, ref_view in ((x[:, ::2], host[:, ::2]), (x.T, host.T), (x[2:14:3, 5:29], host[2:14:3, 5:29])):
        y = pysyclfft.fftn(view)
        assert_close(lib.host(y), np.fft.fftn(ref_view.astype(np.complex128)), dtype, ref_view.size)


@needs_cupy
def test_negative_strides_cupy():
    host = random((8, 24), np.complex128, seed=2)
    y = pysyclfft.fft(cupy.asarray(host)[::-1, ::-1], axis=0)
    assert_close(cupy.asnumpy(y), np.fft.fft(host[::-1, ::-1], axis=0), np.complex128, 8)


@pytest.mark.parametrize("dtype", COMPLEX)
def test_out_of_the_same_kind(lib, dtype):
    host = random((4, 32), dtype, seed=3)
    out = lib.empty((4, 32), dtype)
    y = pysyclfft.fft(lib.array(host), out=out)
    assert y is out
    assert_close(lib.host(out), np.fft.fft(host.astype(np.complex128)), dtype, 32)
    strided_out = lib.empty((4, 64), dtype)[:, ::2]  # a strided out is written in place
    pysyclfft.fft(lib.array(host), out=strided_out)
    assert_close(lib.host(strided_out), np.fft.fft(host.astype(np.complex128)), dtype, 32)


@pytest.mark.parametrize("dtype", REAL)
def test_real_transforms(lib, dtype):
    cdtype = np.complex64 if dtype == np.float32 else np.complex128
    host = random((5, 64), dtype, seed=4)
    x = lib.array(host)
    spectrum = pysyclfft.rfft(x)
    assert_close(lib.host(spectrum), np.fft.rfft(host.astype(np.float64)), cdtype, 64)
    assert_close(lib.host(pysyclfft.irfft(spectrum, n=64)), host.astype(np.float64), dtype, 64)
    assert_close(lib.host(pysyclfft.rfftn(x)), np.fft.rfftn(host.astype(np.float64)), cdtype, host.size)
    half = lib.array(np.fft.rfft(host.astype(np.float64)).astype(cdtype))
    assert_close(lib.host(pysyclfft.hfft(half, n=64)), sfft.hfft(lib.host(half).astype(np.complex128), n=64), dtype, 64)
    # a real input to a complex transform: the producer converts it on its stream
    assert_close(lib.host(pysyclfft.fft(x)), np.fft.fft(host.astype(np.float64)), cdtype, 64)


@pytest.mark.parametrize("dtype", REAL)
def test_trig_transforms(lib, dtype):
    host = random((3, 32), dtype, seed=5)
    x = lib.array(host)
    for family in ("dct", "dst"):
        for type in (1, 2, 3, 4):
            got = getattr(pysyclfft, family)(x, type, norm="ortho")
            ref = getattr(sfft, family)(host.astype(np.float64), type, norm="ortho")
            assert_close(lib.host(got), ref, dtype, 32, constant=2.0)
    got = pysyclfft.dctn(x[:, ::2], 2, orthogonalize=True)  # an uncached plan of its own
    assert_close(lib.host(got), sfft.dctn(host[:, ::2].astype(np.float64), 2, orthogonalize=True), dtype, 48, 2.0)


def test_plan_and_scipy_backend(lib):
    host = random((6, 40), np.complex64, seed=6)
    x = lib.array(host)
    plan = pysyclfft.get_fft_plan(x, axes=(-1,))
    ref = np.fft.fft(host.astype(np.complex128))
    assert_close(lib.host(plan(x)), ref, np.complex64, 40)
    assert_close(lib.host(pysyclfft.fft(x, plan=plan)), ref, np.complex64, 40)
    with sfft.set_backend(backend, only=True):
        assert_close(lib.host(sfft.fft(x)), ref, np.complex64, 40)
        real = lib.array(host.real.copy())
        assert_close(lib.host(sfft.dct(real, 2)), sfft.dct(host.real.astype(np.float64), 2), np.float32, 40, 2.0)
    shifted = pysyclfft.fftshift(x, axes=-1)
    np.testing.assert_array_equal(lib.host(shifted), np.fft.fftshift(host, axes=-1))


def check_stream_ordering(lib, stream):
    """Producer: a long kernel, then the input written, on `stream`; the transform;
    consumer: a kernel on the stream reading the result. No explicit syncs in
    between; the call returns while the long kernel still runs."""
    host = random((8, 256), np.complex64, seed=7)
    data = lib.array(host)
    pysyclfft.fft(data)  # plan and kernels ready: the timed call below only enqueues work
    lib.synchronize()  # `data` is complete before the stream starts
    with lib.using(stream):
        x = lib.empty(host.shape, host.dtype)
        x[...] = 0
        lib.spin(SPIN_CYCLES)
        lib.copy_into(x, data)  # the input is written after the long kernel only
        start = time.perf_counter()
        y = pysyclfft.fft(x)
        call_seconds = time.perf_counter() - start
        still_busy = lib.busy(stream)
        consumed = y * 2  # a kernel of the producer's library, on the stream
    # The caller's stream only: the host copy below runs on the legacy default stream, which
    # a non-blocking stream does not wait for (read unsynchronized, `consumed` was still zeros).
    stream.synchronize()
    assert still_busy, "the stream finished during the call: the call waited for it (or the spin was too short)"
    assert call_seconds < 0.25, f"the call took {call_seconds:.3f} s: it waited on the host"
    assert_close(lib.host(consumed) / 2, np.fft.fft(host.astype(np.complex128)), np.complex64, 256)


def test_stream_ordering_without_host_wait(lib):
    check_stream_ordering(lib, lib.new_stream())


@needs_cupy
def test_stream_ordering_per_thread_default_stream():
    """CUDA's per-thread default stream (handle 2) names the calling thread's: ordered as any other."""
    check_stream_ordering(CupyLib(), cupy.cuda.Stream.ptds)


@pytest.mark.skipif(cupy is None or len(SYCL_CUDA_DEVICES) < 2, reason="needs CuPy and two SYCL CUDA devices")
def test_stream_ordering_on_every_gpu():
    """Each GPU's home queue is in a context of that GPU alone; the order holds there as on one GPU
    (with DPC++ barriers between queues it did not: docs/cuda.md, "Several GPUs")."""
    for ordinal in range(cupy.cuda.runtime.getDeviceCount()):
        with cupy.cuda.Device(ordinal):
            check_stream_ordering(CupyLib(), cupy.cuda.Stream(non_blocking=True))


def test_default_stream_round_trip(lib):
    host = random((4, 128), np.complex128, seed=8)
    x = lib.array(host)
    for _ in range(3):  # each result feeds the next call and a library kernel at once
        x = pysyclfft.ifft(pysyclfft.fft(x) * 1)
    assert_close(lib.host(x), host, np.complex128, 128, constant=6.0)


@needs_cupy
def test_same_primary_context_as_cupy():
    queue = _cuda_arrays.home_queue(cupy.cuda.Device().id)
    assert _core.cuda_context_handle(queue) == cupy.cuda.driver.ctxGetCurrent()


class InterfaceOnly:
    """An object exposing only __cuda_array_interface__ (what Numba and others offer)."""

    def __init__(self, cai, keep=None):
        self.__cuda_array_interface__, self.keep = cai, keep


class DLPackOnly:
    """An object exposing only DLPack (delegating to a tensor)."""

    def __init__(self, tensor):
        self.tensor = tensor

    def __dlpack__(self, **kwargs):
        return self.tensor.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self.tensor.__dlpack_device__()


@pytest.mark.skipif(cupy is None or len(SYCL_CUDA_DEVICES) < 2, reason="needs CuPy and two SYCL CUDA devices")
def test_arrays_on_every_gpu():
    """Each GPU's arrays are computed on that GPU, in a context of it alone (dpctl's context for one
    device is the platform's, holding every GPU, where the stream ordering needs one CUcontext)."""
    host = random((3, 64), np.complex64)
    for ordinal in range(cupy.cuda.runtime.getDeviceCount()):
        with cupy.cuda.Device(ordinal):
            y = pysyclfft.fft(cupy.asarray(host))
            assert y.device.id == ordinal
            assert_close(cupy.asnumpy(y), np.fft.fft(host.astype(np.complex128)), np.complex64, 64)
        queue = _cuda_arrays.home_queue(ordinal)
        assert queue.sycl_context.device_count == 1 and _core.cuda_device_ordinal(queue.sycl_device) == ordinal


@needs_cupy
def test_interface_only_objects_give_device_arrays():
    host = random((2, 64), np.complex64, seed=9)
    x = cupy.asarray(host)
    y = pysyclfft.fft(InterfaceOnly(x.__cuda_array_interface__, keep=x))
    assert isinstance(y, pysyclfft.DeviceArray)
    assert_close(cupy.asnumpy(cupy.asarray(y)), np.fft.fft(host.astype(np.complex128)), np.complex64, 64)


@needs_torch
def test_dlpack_only_objects_give_device_arrays():
    host = random((2, 64), np.complex128, seed=10)
    y = pysyclfft.fft(DLPackOnly(torch.from_numpy(host).to("cuda")))
    assert isinstance(y, pysyclfft.DeviceArray)
    assert y.__dlpack_device__() == (2, 0)
    assert_close(torch.from_dlpack(y).cpu().numpy(), np.fft.fft(host), np.complex128, 64)


def test_bad_inputs(lib):
    x = lib.array(random((4, 16), np.complex64))
    with pytest.raises(TypeError, match="out must be of ArrayType"):
        pysyclfft.fft(x, out=np.empty((4, 16), np.complex64))  # host memory for a device input
    with pytest.raises(TypeError, match="out must be of ArrayType numpy.ndarray"):
        pysyclfft.fft(np.ones((4, 16), np.complex64), out=lib.empty((4, 16), np.complex64))
    with pytest.raises(ValueError, match="wrong shape"):
        pysyclfft.fft(x, out=lib.empty((4, 8), np.complex64))
    with pytest.raises(TypeError, match="Cannot cast"):
        pysyclfft.fft(x, out=lib.empty((4, 16), np.float32))
    plan = pysyclfft.get_fft_plan(x)
    with pytest.raises(ValueError, match="made for USM arrays"):
        plan(np.ones((4, 16), np.complex64))
    other_queue = dpctl.SyclQueue(dpctl.SyclContext(SYCL_CUDA_DEVICES[0]), SYCL_CUDA_DEVICES[0])
    elsewhere = pysyclfft.DeviceArray.from_numpy(np.empty((4, 16), np.complex64), other_queue)
    with pytest.raises(ValueError, match="different SYCL queue"):
        pysyclfft.fft(x, out=elsewhere)


@needs_torch
def test_tensor_requiring_grad_is_refused():
    x = torch.ones((2, 8), dtype=torch.complex64, device="cuda", requires_grad=True)
    with pytest.raises(TypeError, match="requires grad"):
        pysyclfft.fft(x)


@needs_torch
def test_lazy_conjugate_views_are_read_as_their_values():
    host = random((2, 16), np.complex64, seed=11)
    x = torch.from_numpy(host).to("cuda").conj()  # a view whose memory holds the unconjugated values
    assert_close(pysyclfft.fft(x).cpu().numpy(), np.fft.fft(np.conj(host).astype(np.complex128)), np.complex64, 16)
    with pytest.raises(ValueError, match="read-only"):
        pysyclfft.fft(torch.from_numpy(host).to("cuda"), out=torch.empty(2, 16, dtype=torch.complex64,
                                                                         device="cuda").conj())


@pytest.mark.skipif(not SYCL_CUDA_DEVICES, reason=NO_SYCL_CUDA)
def test_host_memory_presented_as_cuda_array():
    host = np.ones((4, 16), np.complex64)
    cai = {"shape": host.shape, "typestr": host.dtype.str, "data": (host.ctypes.data, False), "version": 3,
           "strides": None, "stream": None}
    with pytest.raises(ValueError, match="not memory the SYCL device"):
        pysyclfft.fft(InterfaceOnly(cai, keep=host))


@pytest.mark.skipif(bool(SYCL_CUDA_DEVICES), reason="the SYCL runtime offers a CUDA device here")
def test_cuda_array_without_a_sycl_cuda_device():
    """Without the SYCL CUDA adapter a CUDA array cannot be computed: a clear error, no crash."""
    host = np.ones((4, 16), np.complex64)
    cai = {"shape": host.shape, "typestr": host.dtype.str, "data": (host.ctypes.data, False), "version": 3,
           "strides": None, "stream": None}
    with pytest.raises(RuntimeError, match="CUDA device 0, which the SYCL runtime does not offer"):
        pysyclfft.fft(InterfaceOnly(cai, keep=host))
    with contextlib.suppress(AttributeError):  # a DeviceArray of a non-CUDA device has no CUDA interface
        pysyclfft.DeviceArray.from_numpy(host, dpctl.SyclQueue()).__cuda_array_interface__
        pytest.fail("a DeviceArray off CUDA exposed __cuda_array_interface__")


@pytest.mark.skipif(cupy is None or len(SYCL_CUDA_DEVICES) < 2, reason="needs CuPy and two SYCL CUDA devices")
def test_current_device_is_left_as_found():
    """A call on another GPU's array, or a numpy call (the default GPU), leaves CuPy's current device
    as it was: DPC++'s CUDA adapter leaves the context of the device it worked on current (seen on two
    H100s: an array on GPU 1 moved CuPy's current device to 1)."""
    host = random((2, 32), np.complex64)
    for home in range(2):
        with cupy.cuda.Device(home):
            for other in range(2):
                with cupy.cuda.Device(other):
                    x = cupy.asarray(host)
                pysyclfft.fft(x)
                assert cupy.cuda.runtime.getDevice() == home
                pysyclfft.fftshift(x)
                assert cupy.cuda.runtime.getDevice() == home
            pysyclfft.fft(host)
            assert cupy.cuda.runtime.getDevice() == home


@pytest.mark.skipif(not SYCL_CUDA_DEVICES, reason=NO_SYCL_CUDA)
def test_no_current_context_stays_none():
    """With no CUDA context current on the thread, a call leaves none current (the adapter would
    leave the default GPU's)."""
    before = _core.cuda_current_context()
    try:
        _core.set_cuda_current_context(0)
        pysyclfft.fft(np.ones(24, np.complex64))
        assert _core.cuda_current_context() == 0
    finally:
        _core.set_cuda_current_context(before)


def test_current_context_is_put_back(monkeypatch):
    """The rule itself, where no GPU is: a context the call made current is replaced by the caller's."""
    current = [5]
    monkeypatch.setattr(_cuda_arrays, "_devices", {0: "a SYCL CUDA device"})
    monkeypatch.setattr(_core, "cuda_current_context", lambda: current[0])
    monkeypatch.setattr(_core, "set_cuda_current_context", lambda c: current.__setitem__(0, c))

    @_cuda_arrays.keeps_current_context
    def switches():
        current[0] = 7
        return "result"

    assert switches() == "result" and current == [5]
    monkeypatch.setattr(_cuda_arrays, "_devices", {})  # no SYCL CUDA device: the context is not touched
    current[0] = 7
    monkeypatch.setattr(_core, "set_cuda_current_context", lambda c: pytest.fail("set without a CUDA device"))
    assert switches() == "result" and current == [7]


def test_no_cuda_driver_no_current_context():
    with open("/proc/self/maps") as maps:
        if "libcuda.so" in maps.read():
            pytest.skip("a CUDA driver is loaded in this process")
    assert _core.cuda_current_context() is None


def test_stream_ordering_refuses_queues_of_other_backends():
    """The driver-level ordering needs a CUDA queue: any other device gets a ValueError naming it."""
    queue = dpctl.SyclQueue()
    if _core.cuda_device_ordinal(queue.sycl_device) >= 0:
        pytest.skip("the default device is a CUDA device")
    for order in (_core.cuda_wait_for_stream, _core.cuda_stream_wait_for):
        with pytest.raises(ValueError, match="CUDA backend"):
            order(queue, 0, [])
