"""DeviceArray: pysyclfft's own container for results on a SYCL device.

dpctl 0.22 has no array type (usm_ndarray moved into dpnp), so without dpnp a
device result needs one: a strided view (shape, element strides, element
offset, dtype) over a dpctl USM memory object, which keeps the allocation
alive. It is a result container, not an array library: no arithmetic. It
speaks the protocols other libraries read: __sycl_usm_array_interface__
(dpnp, dpctl), DLPack (numpy for host USM and host copies, dpnp on the device;
CuPy and PyTorch on a CUDA device), __cuda_array_interface__ (on a CUDA
device) and numpy's __array__ (a blocking copy to the host). Internally every USM
array, ours or the caller's, is handled as a DeviceArray view (zero copy).
"""
import math

import numpy as np

import dpctl.memory as dpm
from dpctl.utils import SequentialOrderManager

from . import _core

# DLPack device types and dtype codes (the public DLPack specification).
DL_CPU, DL_CUDA, DL_CUDA_MANAGED, DL_ONEAPI = 1, 2, 13, 14
DL_TYPE_CODES = {"i": 0, "u": 1, "f": 2, "c": 5, "b": 6}

USM_MEMORY = {"device": dpm.MemoryUSMDevice, "shared": dpm.MemoryUSMShared, "host": dpm.MemoryUSMHost}


def c_strides(shape):
    """Element strides of a C-ordered array of `shape`."""
    strides, step = [], 1
    for n in reversed(shape):
        strides.append(step)
        step *= max(int(n), 1)
    return tuple(reversed(strides))


class _Flags:
    """An array's flags, each computed when read (a transform call reads only `writable`)."""
    __slots__ = ("_array",)

    def __init__(self, array):
        self._array = array

    @property
    def c_contiguous(self):
        a = self._array
        return a.size == 0 or all(s == c for n, s, c in zip(a.shape, a.strides, c_strides(a.shape)) if n != 1)

    @property
    def writable(self):
        return self._array._writable


class DeviceArray:
    """A strided view of USM memory on a SYCL queue (see the module docstring).

    memory: a dpctl.memory.MemoryUSMDevice/Shared/Host (or an object built from
    one); strides and offset are in elements, as __sycl_usm_array_interface__
    defines them; strides default to C order."""

    __slots__ = ("usm_data", "shape", "dtype", "strides", "_element_offset", "_writable")

    def __init__(self, memory, shape, dtype, strides=None, offset=0, writable=True):
        self.usm_data = memory
        self.shape = tuple(map(int, shape))  # map, not a generator: every transform call builds views
        self.dtype = np.dtype(dtype)
        self.strides = c_strides(self.shape) if strides is None else tuple(map(int, strides))
        self._element_offset = int(offset)
        self._writable = bool(writable)

    @classmethod
    def from_numpy(cls, host, queue, usm_type="device"):
        """A new C-ordered DeviceArray on `queue` holding a copy of the numpy array `host`."""
        host = np.asarray(host)
        a = cls(USM_MEMORY[usm_type](max(host.nbytes, 1), queue=queue), host.shape, host.dtype)
        from_host(a, host)
        return a

    ndim = property(lambda self: len(self.shape))
    size = property(lambda self: math.prod(self.shape))
    itemsize = property(lambda self: self.dtype.itemsize)
    sycl_queue = property(lambda self: self.usm_data.sycl_queue)
    sycl_device = property(lambda self: self.usm_data.sycl_device)
    usm_type = property(lambda self: self.usm_data.get_usm_type())

    flags = property(_Flags)

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of a 0-d DeviceArray")
        return self.shape[0]

    def __repr__(self):
        return (f"DeviceArray(shape={self.shape}, dtype={self.dtype}, usm_type={self.usm_type!r}, "
                f"device={self.sycl_device.name!r})")

    def view(self, shape, strides, offset, dtype=None):
        """Another view of the same memory (no copy)."""
        return DeviceArray(self.usm_data, shape, self.dtype if dtype is None else dtype, strides, offset,
                           self._writable)

    def __getitem__(self, key):
        """Basic slicing by slices (and Ellipsis): a view with a new offset and shape."""
        key = key if isinstance(key, tuple) else (key,)
        if key == (Ellipsis,):
            return self
        if len(key) > self.ndim or not all(isinstance(k, slice) for k in key):
            raise IndexError("pysyclfft: DeviceArray takes only slices, one per leading axis")
        shape, strides, offset = list(self.shape), list(self.strides), self._element_offset
        for axis, k in enumerate(key):
            start, stop, step = k.indices(shape[axis])
            shape[axis] = len(range(start, stop, step))
            offset += start * strides[axis] if shape[axis] else 0
            strides[axis] *= step
        return self.view(shape, strides, offset)

    def permuted(self, order):
        """The axes reordered: axis i of the result is axis order[i] (no copy)."""
        return self.view([self.shape[i] for i in order], [self.strides[i] for i in order], self._element_offset)

    @property
    def T(self):
        """The axes reversed (no copy)."""
        return self.permuted(tuple(reversed(range(self.ndim))))

    def real_view(self):
        """A complex array seen as reals, with a trailing axis of 2 (no copy)."""
        real = np.dtype(np.float32 if self.dtype == np.complex64 else np.float64)
        if self.dtype.kind != "c":
            raise TypeError(f"pysyclfft: real_view needs a complex array, got {self.dtype}")
        return self.view(self.shape + (2,), tuple(2 * s for s in self.strides) + (1,), 2 * self._element_offset,
                         real)

    @property
    def __sycl_usm_array_interface__(self):
        return {
            "data": (self.usm_data._pointer, not self._writable),
            "shape": self.shape,
            "strides": self.strides,
            "offset": self._element_offset,
            "typestr": self.dtype.str,
            "version": 1,
            "syclobj": self.sycl_queue,
        }

    def _wait_for_writers(self):
        SequentialOrderManager[self.sycl_queue].wait()

    def _cuda_ordinal(self):
        """The CUDA device ordinal of a CUDA-backend device, else -1."""
        return _core.cuda_device_ordinal(self.sycl_device)

    @property
    def __cuda_array_interface__(self):
        """Version 3 of the CUDA Array Interface (device or shared USM of a CUDA device;
        an AttributeError elsewhere), once the queue's pending work is done."""
        if self.usm_type == "host" or self._cuda_ordinal() < 0:
            raise AttributeError("pysyclfft: __cuda_array_interface__ exists for memory of a CUDA device only")
        self._wait_for_writers()
        return {"shape": self.shape, "typestr": self.dtype.str, "data": (_address(self), not self._writable),
                "strides": tuple(s * self.itemsize for s in self.strides), "version": 3, "stream": None}

    def __dlpack_device__(self):
        """Host USM is host memory (kDLCPU), so numpy reads it directly; memory of a CUDA
        device is kDLCUDA (kDLCUDAManaged for shared USM); other USM is kDLOneAPI."""
        if self.usm_type == "host":
            return (DL_CPU, 0)
        ordinal = self._cuda_ordinal()
        if ordinal >= 0:
            return (DL_CUDA if self.usm_type == "device" else DL_CUDA_MANAGED, ordinal)
        return (DL_ONEAPI, self.sycl_device.get_device_id())

    def _ready_for(self, stream):
        """Order the consumer after the queue's pending work: on a CUDA device given the
        consumer's `stream` (DLPack: 1 legacy default, 2 per-thread default, -1 none), by
        a barrier on that stream; otherwise by waiting."""
        if stream is not None and self.__dlpack_device__()[0] in (DL_CUDA, DL_CUDA_MANAGED):
            if stream != -1:
                from . import _cuda_arrays

                _cuda_arrays.order_stream_after(self.sycl_queue, _cuda_arrays.stream_handle(stream))
            return
        self._wait_for_writers()

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        """A DLPack capsule of this array, ordered after the queue's pending work (see
        _ready_for). dl_device=(kDLCPU, 0) or copy=True export a host copy."""
        on_host = dl_device is not None and tuple(dl_device) == (DL_CPU, 0)
        if copy or (on_host and self.__dlpack_device__() != (DL_CPU, 0)):
            if copy is False:
                raise BufferError("pysyclfft: a DeviceArray reaches the host only by a copy (copy=False given)")
            return self.asnumpy().__dlpack__()
        if dl_device is not None and tuple(dl_device) != self.__dlpack_device__():
            raise BufferError(f"pysyclfft: cannot export a DeviceArray to DLPack device {tuple(dl_device)}")
        if self.dtype.kind not in DL_TYPE_CODES or not self.dtype.isnative:
            raise BufferError(f"pysyclfft: DLPack cannot express dtype {self.dtype}")
        self._ready_for(stream)
        first = self.usm_data._pointer + self._element_offset * self.itemsize
        return _core.dlpack_capsule(self, first, list(self.shape), list(self.strides), DL_TYPE_CODES[self.dtype.kind],
                                    8 * self.itemsize, *self.__dlpack_device__())

    def asnumpy(self):
        """A numpy copy (blocking: waits for the work writing this array)."""
        return to_host(self)

    def __array__(self, dtype=None, copy=None):
        if copy is False:
            raise ValueError("pysyclfft: a DeviceArray reaches numpy only by a copy (copy=False given)")
        host = self.asnumpy()
        return host if dtype is None else host.astype(dtype, copy=False)


def _extent(a):
    """(lowest, highest) element displacement of a's elements from its offset."""
    low = sum((n - 1) * s for n, s in zip(a.shape, a.strides) if s < 0)
    high = sum((n - 1) * s for n, s in zip(a.shape, a.strides) if s > 0)
    return low, high


def _copy_and_wait(queue, dst, src, nbytes):
    """Blocking copy after all work submitted on `queue` (no GIL-taking host task: thread safe)."""
    _core.copy_and_wait(queue, dst, src, nbytes, SequentialOrderManager[queue].submitted_events)


def _address(a, displacement=0):
    return a.usm_data._pointer + (a._element_offset + displacement) * a.itemsize


def to_host(a, into=None):
    """A C-ordered numpy copy of the DeviceArray a, or a written into the numpy
    array `into` (of a's shape and dtype). The memory a's elements span is copied
    to the host, then gathered there (straight into `into` when both are C-ordered)."""
    if into is not None and into.flags.c_contiguous and into.flags.writeable and a.flags.c_contiguous:
        if a.size:
            _copy_and_wait(a.sycl_queue, into.ctypes.data, _address(a), into.nbytes)
        return into
    if a.size == 0:
        return np.empty(a.shape, dtype=a.dtype) if into is None else into
    low, high = _extent(a)
    span = np.empty(high - low + 1, dtype=a.dtype)
    _copy_and_wait(a.sycl_queue, span.ctypes.data, _address(a, low), span.nbytes)
    strides = tuple(s * a.itemsize for s in a.strides)
    elements = np.lib.stride_tricks.as_strided(span[-low:], a.shape, strides)
    if into is None:
        return np.ascontiguousarray(elements)
    np.copyto(into, elements)
    return into


def from_host(dst, host):
    """Write the numpy array `host` (broadcast and cast to dst) into the DeviceArray
    dst; a strided dst is read, updated on the host and written back."""
    values = np.broadcast_to(np.asarray(host).astype(dst.dtype, copy=False), dst.shape)
    if dst.size == 0:
        return
    if dst.flags.c_contiguous:
        values = np.ascontiguousarray(values)
        _copy_and_wait(dst.sycl_queue, _address(dst), values.ctypes.data, values.nbytes)
        return
    low, high = _extent(dst)
    span = np.empty(high - low + 1, dtype=dst.dtype)
    _copy_and_wait(dst.sycl_queue, span.ctypes.data, _address(dst, low), span.nbytes)
    strides = tuple(s * dst.itemsize for s in dst.strides)
    np.lib.stride_tricks.as_strided(span[-low:], dst.shape, strides)[...] = values
    _copy_and_wait(dst.sycl_queue, _address(dst, low), span.ctypes.data, span.nbytes)


def copy_contiguous(dst, src):
    """dst[...] = src for C-contiguous arrays of one shape and dtype: one device memcpy."""
    if src.size:
        _copy_and_wait(dst.sycl_queue, _address(dst), _address(src), src.size * src.itemsize)
