"""Complex-to-complex transforms over any set of axes, on USM or numpy arrays.

An n-D transform is a sequence of strided 1-D passes: the first reads the input
(or a padded/converted copy of it) and writes the result array, the rest run in
place on the result. The normalisation is folded into the first pass.

`C2CTransform` is the "c2c" kind of a Plan (pysyclfft/_plan.py): everything that
depends only on the plan's arguments (result dtype, compiled 1-D plans, scale
factors) is settled once when it is built.
"""
import numpy as np

from dpctl.utils import SequentialOrderManager

from . import _args, _arrays, _core, _environment, _launch, _memory, _plans


def resize_plan(shape, axes, lengths):
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
    target, crop, padded = resize_plan(x.shape, axes, lengths)
    if padded:
        z = _memory.zeros(target, dtype, x.sycl_queue, x.usm_type)
        _memory.assign(z[crop], x[crop])
        return z, True
    view = x if target == x.shape else x[crop]
    if view.dtype != dtype:
        return _memory.astype(view, dtype), True
    return view, False


def _host_input(x, axes, lengths, dtype):
    target, crop, padded = resize_plan(x.shape, axes, lengths)
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


def launch_passes(src, dst, axes, plans, forward, scale):
    """Transforms src into dst along each axis in turn with its 1-D plan (dst may
    be src); the scale is folded into the first pass."""
    if dst.size == 0:
        return
    if not axes:  # nothing to transform: the result is the (converted) input
        if dst is not src:
            _memory.assign(dst, src)
        return
    for i, (axis, plan) in enumerate(zip(axes, plans)):
        _launch.launch_along_axis(plan, src if i == 0 else dst, dst, axis, forward, scale if i == 0 else 1.0)


class C2CTransform:
    """The complex transform of arrays of one shape/dtype on one queue over
    `axes` with `lengths` points each (padding or cropping the input)."""

    def __init__(self, queue, shape, dtype, axes, lengths, norm, memory="auto"):
        self.queue = queue
        self.axes, self.lengths = tuple(axes), tuple(lengths)
        self.result_dtype = _arrays.complex_result_dtype(dtype, queue)
        self.out_shape = resize_plan(shape, axes, lengths)[0]
        self._scale = {True: _scale(norm, lengths, True), False: _scale(norm, lengths, False)}
        is_double = self.result_dtype == np.complex128
        # Compile the kernels of every length in one run-time compilation.
        core_memory = "minimal" if memory == "minimal" else "default"
        _environment.retry_after_clearing_disk_cache(
            lambda: _core.precompile_c2c(queue, sorted(set(self.lengths)), is_double, memory=core_memory))
        self._plans = [_plans.c2c_plan(queue, n, is_double, memory) for n in self.lengths]

    @property
    def workspace_bytes(self):
        """Device memory the transform holds (twiddle tables, counted once per length)."""
        return sum({p.n: p.workspace_bytes for p in self._plans}.values())

    def describe(self):
        return "\n".join(f"axis {a}: {p.describe()}" for a, p in zip(self.axes, self._plans))

    def run_passes(self, src, dst, forward):
        """The passes from src into dst (dst may be src), scaled for the direction."""
        launch_passes(src, dst, self.axes, self._plans, forward, self._scale[forward])

    def run_device(self, xu, out, forward):
        """Transform of the DeviceArray xu into `out` (a checked DeviceArray, may be
        xu itself) or into a new array; returns the result DeviceArray."""
        src, owned = _device_input(xu, self.axes, self.lengths, self.result_dtype)
        if out is None:
            out = src if owned else _memory.empty(src.shape, self.result_dtype, self.queue, xu.usm_type)
        elif _shares_memory(out, src) and not _same_layout(out, src):
            src = _memory.copy(src)  # overlapping but not identical: stage a copy
        self.run_passes(src, out, forward)
        return out

    def run_host(self, x, out, forward):
        """Transform of the numpy array x on the plan's (in-order) queue, through
        a pooled device array; returns numpy (`out` when given)."""
        host = np.ascontiguousarray(_host_input(x, self.axes, self.lengths, self.result_dtype))
        dev = _memory.empty(host.shape, self.result_dtype, self.queue)
        manager = SequentialOrderManager[self.queue]
        _core.copy_and_wait(self.queue, _launch.usm_view(dev)[0], host.ctypes.data, host.nbytes,
                            manager.submitted_events)
        self.run_passes(dev, dev, forward)  # private copy: transform in place
        direct = out is not None and out.flags.c_contiguous and out.flags.writeable
        result = out if direct else np.empty(host.shape, dtype=self.result_dtype)
        _core.copy_and_wait(self.queue, result.ctypes.data, _launch.usm_view(dev)[0], result.nbytes,
                            manager.submitted_events)
        if out is None or direct:
            return result
        np.copyto(out, result)
        return out

