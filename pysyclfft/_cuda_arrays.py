"""Arrays that CUDA libraries own, computed where they live.

CuPy arrays, PyTorch CUDA tensors and any object exposing
__cuda_array_interface__ (CAI) or DLPack on a CUDA device are USM device memory
to the SYCL CUDA device of the same GPU: DPC++'s CUDA adapter works in the
device's primary context, as the CUDA runtime does. So a transform reads and
writes them in place, on the device's home queue (pysyclfft's in-order queue
there, whose plans serve every stream), ordered with the producer's current
stream on the device, with no host wait (`ordered_with_stream`): a CUDA event
recorded on that stream marks its work so far, which our first command waits
for; then the stream waits for an event after our last command, so what the
caller enqueues on it next sees the result (sycl_src/python/cuda_interop.cpp).

A library producer (CuPy, PyTorch) also allocates the results (CuPy in, CuPy
out, from its pool, on its stream) and converts the input's dtype on its
stream. Objects known only by CAI or DLPack give pysyclfft.DeviceArray results;
their conversions take pysyclfft's generic path (pysyclfft/_memory.py).
"""
import contextlib
import functools
import sys
import threading

import numpy as np

import dpctl
import dpctl.memory as dpm
from dpctl.utils import SequentialOrderManager

from . import _core
from ._device_array import DL_CUDA, DL_CUDA_MANAGED, DL_TYPE_CODES, DeviceArray, c_strides

LEGACY_STREAM = 0  # the CUstream of CUDA's legacy default stream (the protocols call it 1)
_DL_DTYPE_KINDS = {code: kind for kind, code in DL_TYPE_CODES.items()}

_lock = threading.Lock()
_devices = None  # CUDA ordinal -> dpctl.SyclDevice of the CUDA backend
_home_queues = {}  # CUDA ordinal -> dpctl.SyclQueue


def keeps_current_context(function):
    """`function` (a public entry point that reaches a device), leaving the calling thread's current
    CUDA context as it found it. DPC++'s CUDA adapter makes the context of the device it works on
    current and leaves it so: a call on another GPU's array (or a numpy call on the default GPU)
    would move CuPy's and PyTorch's current device, and the caller's next arrays would land on that
    GPU. Nothing to do where the SYCL runtime offers no CUDA device (known after the first call,
    which enumerates them inside the kept region: enumerating starts the adapter, which moves the
    context too)."""
    @functools.wraps(function)
    def kept(*args, **kwargs):
        if _devices is not None and not _devices:
            return function(*args, **kwargs)
        before = _core.cuda_current_context()  # None before the adapter has loaded the CUDA driver
        try:
            if _devices is None:
                _cuda_devices()
            return function(*args, **kwargs)
        finally:
            if before is not None and _core.cuda_current_context() != before:
                _core.set_cuda_current_context(before)
    return kept


def stream_handle(protocol_stream):
    """The CUstream a CAI or DLPack `stream` value names (None or 1: legacy default; 2: per-thread default)."""
    return LEGACY_STREAM if protocol_stream in (None, 1) else int(protocol_stream)


def _cuda_devices():
    global _devices
    with _lock:
        if _devices is None:
            found = ((_core.cuda_device_ordinal(d), d) for d in dpctl.get_devices())
            _devices = {ordinal: d for ordinal, d in found if ordinal >= 0}
        return _devices


def _sycl_device(ordinal):
    device = _cuda_devices().get(ordinal)
    if device is None:
        offered = sorted(_cuda_devices()) or "none"
        raise RuntimeError(f"pysyclfft: the array lives on CUDA device {ordinal}, which the SYCL runtime does not "
                           f"offer (its CUDA devices: {offered}). Install the SYCL CUDA adapter (docs/cuda.md) and "
                           "let ONEAPI_DEVICE_SELECTOR (if set) include cuda:gpu")
    return device


def home_queue(ordinal):
    """pysyclfft's in-order queue on CUDA device `ordinal`, in a context of that device
    alone (whose one CUcontext records the caller's stream events): the default queue when it is that
    device, so numpy and CUDA-array calls share line plans and kernels."""
    from ._arrays import default_queue

    device = _sycl_device(ordinal)
    with _lock:
        queue = _home_queues.get(ordinal)
    if queue is None:
        queue = default_queue()
        if queue.sycl_device != device or queue.sycl_context.device_count != 1:
            # A list: dpctl.SyclContext(device) is dpctl's cached context of the platform, every GPU in it.
            queue = dpctl.SyclQueue(dpctl.SyclContext([device]), device, property="in_order")
        with _lock:
            queue = _home_queues.setdefault(ordinal, queue)
    return queue


@contextlib.contextmanager
def ordered_with_stream(home, stream):
    """Order the work the block submits on `home` (a home queue) after the work enqueued
    on the CUDA stream so far, and what is enqueued on the stream later after that
    work: CUDA events waited on the device, no host wait."""
    manager = SequentialOrderManager[home]
    producer_work = _core.cuda_wait_for_stream(home, stream, manager.submitted_events)
    manager.add_event_pair(producer_work, producer_work)
    try:
        yield
    finally:
        _core.cuda_stream_wait_for(home, stream, manager.submitted_events)


def ordered(producer, x, queue):
    """ordered_with_stream for the stream of x's producer; nothing for SYCL arrays (producer None)."""
    return contextlib.nullcontext() if producer is None else ordered_with_stream(queue, producer.stream(x))


def order_stream_after(queue, stream):
    """Make the CUDA stream wait (on the device) for the work submitted on `queue`, a home queue."""
    _core.cuda_stream_wait_for(queue, stream, SequentialOrderManager[queue].submitted_events)


class _Holder:
    """Another library's allocation as __sycl_usm_array_interface__, what dpctl's memory
    objects are made from; the memory object keeps it, and it keeps the owner."""

    __slots__ = ("__sycl_usm_array_interface__", "owner")

    def __init__(self, address, nbytes, readonly, queue, owner):
        self.__sycl_usm_array_interface__ = {"data": (address, readonly), "shape": (nbytes,), "strides": None,
                                             "typestr": "|u1", "version": 1, "syclobj": queue}
        self.owner = owner


def _element_strides(byte_strides, itemsize):
    if any(s % itemsize for s in byte_strides):
        raise ValueError(f"pysyclfft: array strides {tuple(byte_strides)} (bytes) are not multiples of the "
                         f"element size {itemsize}")
    return tuple(s // itemsize for s in byte_strides)


def _unusable(address, queue, error):
    return ValueError(f"pysyclfft: the array's memory (address {address:#x}) is not memory the SYCL device "
                      f"{queue.sycl_device.name} can use: {error}")


def _device_array(address, shape, strides, dtype, readonly, ordinal, owner):
    """A DeviceArray over another library's memory, spanning exactly the elements' bytes."""
    queue = home_queue(ordinal)
    shape = tuple(int(n) for n in shape)
    strides = c_strides(shape) if strides is None else tuple(int(s) for s in strides)
    if 0 in shape:  # nothing to read or write: a placeholder allocation
        return DeviceArray(dpm.MemoryUSMDevice(1, queue=queue), shape, dtype, strides, 0, not readonly)
    low = sum((n - 1) * s for n, s in zip(shape, strides) if s < 0)
    high = sum((n - 1) * s for n, s in zip(shape, strides) if s > 0)
    first = address + low * dtype.itemsize
    try:
        memory = dpm.as_usm_memory(_Holder(first, (high - low + 1) * dtype.itemsize, readonly, queue, owner))
    except Exception as error:
        raise _unusable(address, queue, error) from None
    return DeviceArray(memory, shape, dtype, strides, -low, writable=not readonly)


class _Producer:
    """What pysyclfft asks of the library that owns a CUDA array. This base serves objects
    known only by a protocol: DeviceArray results, pysyclfft's own conversions."""

    kind = "DeviceArray"

    def describe(self, x):
        """(address of element 0, shape, element strides or None, dtype, read only, CUDA ordinal, owner)."""
        raise NotImplementedError

    def dtype(self, x):
        return np.dtype(self.describe(x)[3])

    def stream(self, x):
        """The CUstream whose work produced x and which will consume the result."""
        return LEGACY_STREAM

    def empty(self, x, shape, dtype):
        """A new array of this kind on x's device, or None where the library has no allocator for us."""
        return None

    def astype(self, x, dtype):
        """x converted to dtype on its stream (x itself when it has that dtype or no converter is known)."""
        return x

    def roll(self, x, shifts, axes):
        """x rolled on its stream, or None."""
        return None

    def wrap(self, a):
        """The DeviceArray a as this kind, sharing its memory."""
        return a


class _Interface(_Producer):
    """Any object exposing __cuda_array_interface__ (version 2 or 3)."""

    def owns(self, x):
        return hasattr(x, "__cuda_array_interface__")

    def describe(self, x):
        cai = x.__cuda_array_interface__
        if cai.get("mask") is not None:
            raise TypeError("pysyclfft: masked arrays (__cuda_array_interface__ with a mask) are not supported")
        dtype = np.dtype(cai["typestr"])
        strides = cai.get("strides")
        strides = None if strides is None else _element_strides(strides, dtype.itemsize)
        address, readonly = cai["data"]
        ordinal = min(_cuda_devices(), default=0)
        if address:  # CAI names no device: the allocation's own one
            queue = home_queue(ordinal)
            try:
                ordinal = _core.cuda_device_ordinal(_core.cuda_pointer_device(queue, address))
            except Exception as error:
                raise _unusable(address, queue, error) from None
        return address, cai["shape"], strides, dtype, bool(readonly), ordinal, x

    def stream(self, x):
        return stream_handle(x.__cuda_array_interface__.get("stream"))


class _DLPack(_Producer):
    """Any object exporting DLPack on a CUDA device; exported for the legacy default stream."""

    def owns(self, x):
        device = getattr(x, "__dlpack_device__", None)
        return device is not None and not isinstance(x, np.ndarray) and device()[0] in (DL_CUDA, DL_CUDA_MANAGED)

    @staticmethod
    def _export(x):
        try:
            return x.__dlpack__(stream=1, max_version=(1, 0))
        except TypeError:  # a producer of the unversioned protocol
            return x.__dlpack__(stream=1)

    def describe(self, x):
        try:
            capsule = self._export(x)
        except (BufferError, RuntimeError, TypeError, ValueError) as error:
            raise TypeError(f"pysyclfft: a {type(x).__name__} on DLPack device {tuple(x.__dlpack_device__())} "
                            f"did not export its memory through DLPack ({error})") from None
        owner, address, shape, strides, (code, bits, lanes), (_, ordinal), readonly = _core.import_dlpack(capsule)
        if code not in _DL_DTYPE_KINDS or lanes != 1:
            raise TypeError(f"pysyclfft: unsupported DLPack dtype (code {code}, {bits} bits, {lanes} lanes)")
        kind = _DL_DTYPE_KINDS[code]
        dtype = np.dtype(np.bool_) if kind == "b" else np.dtype(f"{kind}{bits // 8}")
        return address, shape, strides, dtype, readonly, ordinal, owner


class _CuPy(_Producer):
    kind = "cupy"

    def __init__(self, cupy):
        self.cupy = cupy

    def owns(self, x):
        return isinstance(x, self.cupy.ndarray)

    def dtype(self, x):
        return x.dtype

    def describe(self, x):
        strides = _element_strides(x.strides, x.itemsize)
        return x.data.ptr, x.shape, strides, x.dtype, False, x.device.id, x

    def stream(self, x):
        with x.device:
            return self.cupy.cuda.get_current_stream().ptr

    def empty(self, x, shape, dtype):
        with x.device:
            return self.cupy.empty(shape, dtype)

    def astype(self, x, dtype):
        with x.device:
            return x.astype(dtype, copy=False)

    def roll(self, x, shifts, axes):
        with x.device:
            return self.cupy.roll(x, shifts, axes)

    def wrap(self, a):
        return self.cupy.asarray(a)  # through a.__cuda_array_interface__


class _Torch(_Producer):
    kind = "torch"

    def __init__(self, torch):
        self.torch = torch

    def owns(self, x):
        return isinstance(x, self.torch.Tensor) and x.is_cuda

    def _numpy_dtype(self, dtype):
        try:
            return np.dtype(str(dtype).removeprefix("torch."))
        except TypeError:
            raise TypeError(f"pysyclfft: unsupported tensor dtype {dtype}") from None

    def dtype(self, x):
        return self._numpy_dtype(x.dtype)

    def describe(self, x):
        if x.requires_grad:
            raise TypeError("pysyclfft: the tensor requires grad, and pysyclfft records no gradients: pass "
                            "x.detach() (or use torch.fft where gradients are needed)")
        readonly = x.is_conj() or x.is_neg()
        if readonly:  # a lazily conjugated or negated view: its memory holds other values
            x = x.resolve_conj().resolve_neg()
        dtype = self._numpy_dtype(x.dtype)
        return x.data_ptr(), tuple(x.shape), tuple(x.stride()), dtype, readonly, x.device.index, x

    def stream(self, x):
        return self.torch.cuda.current_stream(x.device).cuda_stream

    def _torch_dtype(self, dtype):
        return getattr(self.torch, np.dtype(dtype).name)

    def empty(self, x, shape, dtype):
        return self.torch.empty(tuple(shape), dtype=self._torch_dtype(dtype), device=x.device)

    def astype(self, x, dtype):
        return x.to(self._torch_dtype(dtype))

    def roll(self, x, shifts, axes):
        return self.torch.roll(x, shifts, axes)

    def wrap(self, a):
        return self.torch.as_tensor(a, device=f"cuda:{_core.cuda_device_ordinal(a.sycl_device)}")


_GENERIC = (_Interface(), _DLPack())
_libraries = {}  # module -> its producer


def _library_producers():
    """Producers of the libraries the program has imported (never importing one)."""
    found = []
    for name, cls in (("cupy", _CuPy), ("torch", _Torch)):
        module = sys.modules.get(name)
        if module is not None and hasattr(module, "ndarray" if name == "cupy" else "Tensor"):
            producer = _libraries.get(module)
            if producer is None:
                producer = _libraries.setdefault(module, cls(module))
            found.append(producer)
    return found


def producer_of(x):
    """The producer of x when x is a CUDA library's array (see the module docstring), else None."""
    if isinstance(x, (np.ndarray, DeviceArray)):
        return None
    for producer in (*_library_producers(), *_GENERIC):
        if producer.owns(x):
            return producer
    return None


def producer_of_kind(kind):
    """The producer whose results are of `kind` ('cupy', 'torch')."""
    return next(p for p in _library_producers() if p.kind == kind)


def as_device_array(x, producer):
    """A DeviceArray view of x's memory on its device's home queue (no copy)."""
    address, shape, strides, dtype, readonly, ordinal, owner = producer.describe(x)
    return _device_array(address, shape, strides, np.dtype(dtype), readonly, ordinal, owner)
