"""Transforms of every plan kind over any set of axes, on USM or numpy arrays.

`NdTransform` is what a Plan (pysyclfft/_plan.py) runs: a face of one C++ NdPlan
(sycl_src/include/pysyclfft/plan/nd_plan.hpp), which plans and runs everything
n-D (pass order, batch dimensions, the real axis, pad/crop, scale folding, work
buffers, memory='minimal'). Here are the array-side rules: each kind's dtypes
and scales, the result array, the out= check, and host<->device copies.
"""
import numpy as np

from dpctl.utils import SequentialOrderManager

from . import _args, _arrays, _core, _environment, _keepalive, _launch, _memory

KINDS = ("c2c", "r2c", "c2r") + tuple(f"{t}{i}" for t in ("dct", "dst") for i in range(1, 5))
_CORE_KIND = {kind: getattr(_core.TransformKind, kind) for kind in KINDS}


def crop_slices(shape, axes, lengths):
    """The slices of an array of `shape` that a transform of `lengths` points along `axes` reads."""
    target = list(shape)
    for a, n in zip(axes, lengths):
        target[a] = n
    return tuple(slice(0, min(t, s)) for t, s in zip(target, shape))


def _aligned(a):
    """Whether a numpy array's data suits the kernels' loads of its elements where it lies."""
    return a.ctypes.data % 16 == 0


def _same_array(a, b):
    """Whether two C-ordered numpy arrays are the same elements (an in-place call)."""
    return a.ctypes.data == b.ctypes.data and a.shape == b.shape and a.dtype == b.dtype


def _shares_memory(a, b):
    return a.usm_data._pointer == b.usm_data._pointer


def _same_layout(a, b):
    return a.dtype == b.dtype and _launch.usm_view(a) == _launch.usm_view(b)


def check_out(out, shape, dtype, queue, on_host):
    """The array a transform writes for a caller's `out` (a numpy array for numpy
    input, a DeviceArray view of a USM array for USM input), checked against
    the result's shape, dtype and queue."""
    if on_host:
        if not isinstance(out, np.ndarray):
            raise TypeError("pysyclfft: out must be of ArrayType numpy.ndarray when the input is a numpy array")
        o, writable = out, out.flags.writeable
    else:
        if not _arrays.is_usm(out):
            raise TypeError("pysyclfft: out must be of ArrayType dpnp.ndarray or usm_ndarray, or a "
                            "pysyclfft.DeviceArray, a CuPy array or a CUDA torch tensor, when the input is a device "
                            f"array; got {type(out).__name__}")
        o = _arrays.as_device_array(out)
        writable = o.flags.writable
    if o.shape != tuple(shape):
        raise ValueError(f"pysyclfft: out has wrong shape {o.shape}, expected {tuple(shape)}")
    if o.dtype != dtype:
        raise TypeError(f"pysyclfft: Cannot cast the {dtype} result to out's dtype {o.dtype}")
    if not on_host and o.sycl_queue != queue:
        raise ValueError(f"pysyclfft: out is on a different SYCL queue than the input (out's device: "
                         f"{o.sycl_device.name}, the input's: {queue.sycl_device.name})")
    if not writable:
        raise ValueError("pysyclfft: out is read-only")
    return o


def _dtypes(kind, dtype, queue):
    """(dtype the plan reads, result dtype) of a `kind` transform of `dtype` input:
    c2c complex; r2c real in (float32 stays single), complex out; c2r the reverse;
    DCT/DST real (float32 and float16 single, other real input double) or complex
    (its precision kept), the same out."""
    dtype = np.dtype(dtype)
    if kind.startswith(("dct", "dst")):
        if dtype.kind not in "biufc":
            raise TypeError(f"pysyclfft: unsupported array dtype {dtype} (expected a numeric array)")
        complex_dtype = _arrays.complex_result_dtype(dtype, queue)
        result = complex_dtype if dtype.kind == "c" else _arrays.real_dtype_of(complex_dtype)
        return result, result
    if kind == "r2c":
        if dtype.kind == "c":
            raise TypeError(f"pysyclfft: the input of a real-input transform must be real, got dtype {dtype}")
        complex_dtype = _arrays.complex_result_dtype(dtype, queue)
        return _arrays.real_dtype_of(complex_dtype), complex_dtype
    complex_dtype = _arrays.complex_result_dtype(dtype, queue)
    return complex_dtype, (_arrays.real_dtype_of(complex_dtype) if kind == "c2r" else complex_dtype)


def _scale(kind, norm, lengths, forward):
    """The product of each axis's normalisation, of its logical size (DCT/DST: the equivalent DFT's)."""
    scale = 1.0
    for n in lengths:
        size = _core.logical_size(_CORE_KIND[kind], n)
        scale *= _args.scale_factor(norm, size, forward) if size else 1.0  # 0: a 1-point DCT-I, which NdPlan refuses
    return scale


class NdTransform:
    """The `kind` transform of arrays of one shape/dtype on one queue over `axes`
    with `lengths` points each (padding or cropping the input; c2r: the real
    output's lengths). DCT/DST: `orthogonalize` is scipy's (default: norm == 'ortho')."""

    def __init__(self, queue, kind, shape, dtype, axes, lengths, norm, memory="auto", orthogonalize=None):
        self.queue, self.kind = queue, kind
        self.axes, self.lengths = tuple(axes), tuple(lengths)
        self.input_dtype, self.result_dtype = _dtypes(kind, dtype, queue)
        # What the plan reads of the input (c2r: the half spectrum), where it is converted or copied first.
        in_lengths = self.lengths[:-1] + (self.lengths[-1] // 2 + 1,) if kind == "c2r" else self.lengths
        self._crop = crop_slices(shape, self.axes, in_lengths)
        trig = kind.startswith(("dct", "dst"))
        options = dict(memory=memory, kind=_CORE_KIND[kind],
                       complex_data=trig and self.result_dtype.kind == "c",
                       orthogonalize=trig and (norm == "ortho" if orthogonalize is None else bool(orthogonalize)))
        is_double = self.result_dtype in (np.float64, np.complex128)
        self._plan = _environment.retry_after_clearing_disk_cache(
            lambda: _core.NdPlan(queue, shape, self.axes, self.lengths, is_double,
                                 _scale(kind, norm, self.lengths, True), _scale(kind, norm, self.lengths, False),
                                 **options))
        self.out_shape = tuple(self._plan.out_shape)
        self._reads_host_memory = _core.reads_host_memory(queue)

    @property
    def workspace_bytes(self):
        """Device memory the transform holds (tables counted once per length, work buffers)."""
        return self._plan.workspace_bytes

    def describe(self):
        return self._plan.describe()

    def _run_plan(self, src, dst, forward):
        """The transform of the DeviceArray src into dst (dst may be src with its
        layout), ordered after the queue's earlier work: one C++ call."""
        manager = SequentialOrderManager[self.queue]
        event = self._plan.execute(src.usm_data._pointer, src._element_offset, src.strides, dst.usm_data._pointer,
                                   dst._element_offset, dst.strides, forward, manager.submitted_events)
        _keepalive.hold(event, src, dst, self._plan)  # the plan owns the work buffers its kernels use
        manager.add_event_pair(event, event)

    def _fits_result(self, a):
        return a.shape == self.out_shape and a.dtype == self.result_dtype

    def run_device(self, xu, out, forward):
        """Transform of the DeviceArray xu into `out` (a checked DeviceArray, may be
        xu itself) or into a new array; returns the result DeviceArray."""
        src = xu
        if xu.dtype != self.input_dtype:  # converted once, cropped first
            src = _memory.astype(xu[self._crop], self.input_dtype)
        if out is None:  # a private copy of the result's shape and dtype: transform it in place
            out = src if src is not xu and self._fits_result(src) else \
                _memory.empty(self.out_shape, self.result_dtype, self.queue, xu.usm_type)
        elif _shares_memory(out, src) and not _same_layout(out, src):
            src = _memory.copy(src)  # overlapping but not identical: stage a copy
        self._run_plan(src, out, forward)
        return out

    def run_host(self, x, out, forward):
        """Transform of the numpy array x on the plan's queue; returns numpy (`out`
        when given). One C++ call transforms and waits (each wait costs about as much
        as a small transform's kernel), so no kernel is pending when it returns: on a
        device that reads host memory (the CPU device) straight from x into the
        result, else through pooled device arrays, copying there and back."""
        host = np.ascontiguousarray(x[self._crop], dtype=self.input_dtype)
        direct = out is not None and out.flags.c_contiguous and out.flags.writeable
        result = out if direct else np.empty(self.out_shape, dtype=self.result_dtype)
        deps = SequentialOrderManager[self.queue].submitted_events
        if self._reads_host_memory and _aligned(host) and _aligned(result) and \
                (_same_array(host, result) or not np.may_share_memory(host, result)):
            self._plan.execute_on_host(self.queue, host, result, forward, deps)
        else:  # device memory only (no array views): in place where the result fits the input
            src = _memory.block(host.nbytes, self.queue, what="the input on the device")
            dev = src if self._fits_result(host) else \
                _memory.block(result.nbytes, self.queue, what="the result on the device")
            self._plan.execute_host(self.queue, host, src._pointer, dev._pointer, result, forward, deps)
        if out is None or direct:
            return result
        np.copyto(out, result)
        return out
