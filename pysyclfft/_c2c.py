"""Complex-to-complex transforms over any set of axes, on USM or numpy arrays.

An n-D transform is a sequence of strided 1-D passes: the first reads the input
(or a padded/converted copy of it) and writes the result array, the rest run in
place on the result. The normalisation is folded into the first pass.
"""
import numpy as np

import dpnp.tensor as dpt

from dpctl.utils import SequentialOrderManager

from . import _args, _arrays, _core, _launch, _plans, _staging


def _resize_plan(shape, axes, lengths):
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
    target, crop, padded = _resize_plan(x.shape, axes, lengths)
    view = x[crop]
    if padded:
        z = dpt.zeros(target, dtype=dtype, usm_type=x.usm_type, sycl_queue=x.sycl_queue)
        z[crop] = view
        return z, True
    if view.dtype != dtype:
        return dpt.astype(view, dtype), True
    return view, False


def _host_input(x, axes, lengths, dtype):
    target, crop, padded = _resize_plan(x.shape, axes, lengths)
    view = x[crop]
    if padded:
        z = np.zeros(target, dtype=dtype)
        z[crop] = view
        return z
    return view.astype(dtype, copy=False)


def _shares_memory(a, b):
    return a.usm_data._pointer == b.usm_data._pointer


def _same_layout(a, b):
    va, vb = _launch.usm_view(a), _launch.usm_view(b)
    return va == vb


def _check_usm_out(out, shape, dtype, queue):
    if not _arrays.is_usm(out):
        raise TypeError("pysyclfft: out must be a USM array (dpnp or usm_ndarray) when the input is one")
    o = _arrays.as_usm_ndarray(out)
    if o.shape != tuple(shape):
        raise ValueError(f"pysyclfft: out has shape {o.shape}, expected {tuple(shape)}")
    if o.dtype != dtype:
        raise TypeError(f"pysyclfft: out has dtype {o.dtype}, expected {dtype}")
    if o.sycl_queue != queue:
        raise ValueError("pysyclfft: out is on a different SYCL queue than the input")
    return o


def _run_passes(src, dst, axes, lengths, forward, norm):
    """Transforms src into dst along each axis in turn (dst may be src)."""
    if dst.size == 0:
        return
    queue = dst.sycl_queue
    is_double = dst.dtype == np.complex128
    scale = 1.0
    for n in lengths:
        scale *= _args.scale_factor(norm, n, forward)
    for i, (axis, n) in enumerate(zip(axes, lengths)):
        plan = _plans.c2c_plan(queue, n, is_double)
        _launch.launch_along_axis(plan, src if i == 0 else dst, dst, axis, forward, scale if i == 0 else 1.0)


def c2c(x, axes, lengths, forward, norm, out):
    """The complex transform of x over `axes` with `lengths` points each."""
    _args.check_norm(norm)
    kind = _arrays.kind_of(x)
    if kind == _arrays.ArrayKind.NUMPY:
        return _c2c_host(np.asarray(x), axes, lengths, forward, norm, out)
    xu = _arrays.as_usm_ndarray(x)
    queue = xu.sycl_queue
    dtype = _arrays.complex_result_dtype(xu.dtype, queue)
    src, owned = _device_input(xu, axes, lengths, dtype)
    if out is not None:
        y = _check_usm_out(out, src.shape, dtype, queue)
        if _shares_memory(y, src) and not _same_layout(y, src):
            src, owned = dpt.copy(src), True  # overlapping but not identical: stage a copy
        _run_passes(src, y, axes, lengths, forward, norm)
        return out
    y = src if owned else dpt.empty(src.shape, dtype=dtype, usm_type=xu.usm_type, sycl_queue=queue)
    _run_passes(src, y, axes, lengths, forward, norm)
    return _arrays.wrap_result(y, kind)


def _c2c_host(x, axes, lengths, forward, norm, out):
    queue = _arrays.default_queue()  # in order: copies and kernels run in submission order
    dtype = _arrays.complex_result_dtype(x.dtype, queue)
    host = np.ascontiguousarray(_host_input(x, axes, lengths, dtype))
    if out is not None:
        if not isinstance(out, np.ndarray):
            raise TypeError("pysyclfft: out must be a numpy array when the input is a numpy array")
        if out.shape != host.shape:
            raise ValueError(f"pysyclfft: out has shape {out.shape}, expected {host.shape}")
        if out.dtype != dtype:
            raise TypeError(f"pysyclfft: out has dtype {out.dtype}, expected {dtype}")
    dev = _staging.device_array(queue, host.shape, dtype)
    manager = SequentialOrderManager[queue]
    _core.copy_and_wait(queue, _launch.usm_view(dev)[0], host.ctypes.data, host.nbytes, manager.submitted_events)
    _run_passes(dev, dev, axes, lengths, forward, norm)  # private copy: transform in place
    direct = out is not None and out.flags.c_contiguous and out.flags.writeable
    result = out if direct else np.empty(host.shape, dtype=dtype)
    _core.copy_and_wait(queue, result.ctypes.data, _launch.usm_view(dev)[0], result.nbytes, manager.submitted_events)
    if out is None or direct:
        return result
    np.copyto(out, result)
    return out
