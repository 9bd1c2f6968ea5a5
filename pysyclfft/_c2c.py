"""Complex-to-complex transforms over any set of axes, on USM or numpy arrays.

The n-D planning (pass order, batch dimensions, pad/crop, scale folding) is the
C++ NdPlan's; here are the array-side rules: dtype conversion, the result array,
out= checks and host<->device copies.

`C2CTransform` is the "c2c" kind of a Plan (pysyclfft/_plan.py): everything that
depends only on the plan's arguments (result dtype, the NdPlan with its compiled
1-D plans, scale factors) is settled once when it is built.
"""
import numpy as np

from dpctl.utils import SequentialOrderManager

from . import _args, _arrays, _core, _environment, _keepalive, _launch, _memory


def resized_shape(shape, axes, lengths):
    """Target shape, slices that truncate, and whether any axis is padded."""
    target = list(shape)
    for a, n in zip(axes, lengths):
        target[a] = n
    crop = tuple(slice(0, min(t, s)) for t, s in zip(target, shape))
    padded = any(t > s for t, s in zip(target, shape))
    return tuple(target), crop, padded


def _device_input(x, axes, lengths, dtype):
    """x cropped/zero-padded to `lengths` along `axes` and converted to `dtype`.
    Returns (array, owned): owned arrays are private copies we may overwrite."""
    target, crop, padded = resized_shape(x.shape, axes, lengths)
    if padded:
        z = _memory.zeros(target, dtype, x.sycl_queue, x.usm_type)
        _memory.assign(z[crop], x[crop])
        return z, True
    view = x if target == x.shape else x[crop]
    if view.dtype != dtype:
        return _memory.astype(view, dtype), True
    return view, False


def _host_input(x, axes, lengths, dtype):
    target, crop, padded = resized_shape(x.shape, axes, lengths)
    view = x[crop]
    if padded:
        z = np.zeros(target, dtype=dtype)
        z[crop] = view
        return z
    return view.astype(dtype, copy=False)


def _shares_memory(a, b):
    return a.usm_data._pointer == b.usm_data._pointer


def _same_layout(a, b):
    return _launch.usm_view(a) == _launch.usm_view(b)


def check_usm_out(out, shape, dtype, queue):
    """A DeviceArray view of a caller's USM `out` for a result of shape/dtype on queue."""
    if not _arrays.is_usm(out):
        raise TypeError("pysyclfft: out must be of ArrayType dpnp.ndarray or usm_ndarray, or a pysyclfft.DeviceArray, "
                        "when the input is a USM array")
    o = _arrays.as_device_array(out)
    if o.shape != tuple(shape):
        raise ValueError(f"pysyclfft: out has wrong shape {o.shape}, expected {tuple(shape)}")
    if o.dtype != dtype:
        raise TypeError(f"pysyclfft: Cannot cast the {dtype} result to out's dtype {o.dtype}")
    if o.sycl_queue != queue:
        raise ValueError("pysyclfft: out is on a different SYCL queue than the input")
    if not o.flags.writable:
        raise ValueError("pysyclfft: out is read-only")
    return o


def check_host_out(out, shape, dtype):
    if not isinstance(out, np.ndarray):
        raise TypeError("pysyclfft: out must be of ArrayType numpy.ndarray when the input is a numpy array")
    if out.shape != tuple(shape):
        raise ValueError(f"pysyclfft: out has wrong shape {out.shape}, expected {tuple(shape)}")
    if out.dtype != dtype:
        raise TypeError(f"pysyclfft: Cannot cast the {dtype} result to out's dtype {out.dtype}")
    if not out.flags.writeable:
        raise ValueError("pysyclfft: out is read-only")
    return out


def _scale(norm, lengths, forward):
    scale = 1.0
    for n in lengths:
        scale *= _args.scale_factor(norm, n, forward)
    return scale


class C2CTransform:
    """The complex transform of arrays of one shape/dtype on one queue over
    `axes` with `lengths` points each (padding or cropping the input): a face
    of one C++ NdPlan (sycl_src/include/pysyclfft/plan/nd_plan.hpp), which
    orders the 1-D passes, merges batch dimensions and pads or crops."""

    def __init__(self, queue, shape, dtype, axes, lengths, norm, memory="auto"):
        self.queue = queue
        self.axes, self.lengths = tuple(axes), tuple(lengths)
        self.result_dtype = _arrays.complex_result_dtype(dtype, queue)
        is_double = self.result_dtype == np.complex128
        core_memory = "minimal" if memory == "minimal" else "default"
        self._plan = _environment.retry_after_clearing_disk_cache(
            lambda: _core.NdPlan(queue, shape, self.axes, self.lengths, is_double, _scale(norm, lengths, True),
                                 _scale(norm, lengths, False), memory=core_memory))
        self.out_shape = tuple(self._plan.out_shape)

    @property
    def workspace_bytes(self):
        """Device memory the transform holds (twiddle tables, counted once per length)."""
        return self._plan.workspace_bytes

    def describe(self):
        return self._plan.describe()

    def run_passes(self, src, dst, forward):
        """The transform of the usm_ndarray src into dst (dst may be src with its
        layout), ordered after the queue's earlier work: one C++ call."""
        manager = SequentialOrderManager[self.queue]
        event = self._plan.execute(src.usm_data._pointer, src._element_offset, src.strides, dst.usm_data._pointer,
                                   dst._element_offset, dst.strides, forward, manager.submitted_events)
        _keepalive.hold(event, src, dst)
        manager.add_event_pair(event, event)

    def run_device(self, xu, out, forward):
        """Transform of the DeviceArray xu into `out` (a checked DeviceArray, may be
        xu itself) or into a new array; returns the result DeviceArray."""
        src = xu
        if xu.dtype != self.result_dtype:  # converted once, cropped first
            src = _memory.astype(xu[resized_shape(xu.shape, self.axes, self.lengths)[1]], self.result_dtype)
        if out is None:
            fits = src is not xu and src.shape == self.out_shape  # a private copy: transform it in place
            out = src if fits else _memory.empty(self.out_shape, self.result_dtype, self.queue, xu.usm_type)
        elif _shares_memory(out, src) and not _same_layout(out, src):
            src = _memory.copy(src)  # overlapping but not identical: stage a copy
        self.run_passes(src, out, forward)
        return out

    def run_host(self, x, out, forward):
        """Transform of the numpy array x on the plan's (in-order) queue, through
        pooled device arrays; returns numpy (`out` when given)."""
        host = np.ascontiguousarray(x[resized_shape(x.shape, self.axes, self.lengths)[1]], dtype=self.result_dtype)
        src = _memory.empty(host.shape, self.result_dtype, self.queue)
        manager = SequentialOrderManager[self.queue]
        _core.copy_and_wait(self.queue, src.usm_data._pointer, host.ctypes.data, host.nbytes,
                            manager.submitted_events)
        dev = src if src.shape == self.out_shape else _memory.empty(self.out_shape, self.result_dtype, self.queue)
        self.run_passes(src, dev, forward)  # in place unless padded
        direct = out is not None and out.flags.c_contiguous and out.flags.writeable
        result = out if direct else np.empty(self.out_shape, dtype=self.result_dtype)
        _core.copy_and_wait(self.queue, result.ctypes.data, dev.usm_data._pointer, result.nbytes,
                            manager.submitted_events)
        if out is None or direct:
            return result
        np.copyto(out, result)
        return out
