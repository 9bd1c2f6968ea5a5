"""Shared plumbing of the real and trigonometric transforms: preparing the
input where it will be computed, running fused map kernels along an axis, and
handing the result back as the caller's array kind."""
import numpy as np

import dpnp.tensor as dpt

from . import _arrays, _c2c, _launch, _plans

RealTransform = _plans._core.RealTransform


def _shape(x):
    return x.shape if hasattr(x, "shape") else np.shape(x)


def dtype_of(x):
    return np.dtype(x.dtype) if hasattr(x, "dtype") else np.asarray(x).dtype


def queue_and_kind(x):
    kind = _arrays.kind_of(x)
    queue = _arrays.default_queue() if kind == _arrays.ArrayKind.NUMPY else _arrays.as_usm_ndarray(x).sycl_queue
    return queue, kind


def device_input(x, kind, queue, axes, lengths, dtype):
    """x cropped/zero-padded to `lengths` along `axes`, converted to `dtype`, as a
    usm_ndarray on `queue`. Returns (array, owned): owned arrays are private
    contiguous copies the caller may overwrite."""
    if kind == _arrays.ArrayKind.NUMPY:
        host = _c2c._host_input(np.asarray(x), axes, lengths, dtype)
        return dpt.asarray(np.ascontiguousarray(host), sycl_queue=queue), True
    return _c2c._device_input(_arrays.as_usm_ndarray(x), axes, lengths, dtype)


def private_copy(a, owned):
    """`a` itself when owned, else a contiguous copy (for in-place passes)."""
    return a if owned else dpt.copy(a)


def empty_like_shape(src, shape, dtype):
    return dpt.empty(tuple(shape), dtype=dtype, usm_type=src.usm_type, sycl_queue=src.sycl_queue)


def is_double(dtype):
    return np.dtype(dtype) in (np.float64, np.complex128)


def run_pass(transform, src, dst, axis, n, scale, edge_in=1.0, edge_out=1.0):
    """One fused transform of data length n along `axis` from src into dst
    (distinct arrays; dst's length along `axis` is the output length)."""
    if dst.size == 0:
        return
    plan = _plans.mapped_plan(dst.sycl_queue, transform, n, is_double(src.dtype))
    _launch.launch_along_axis(plan, src, dst, axis, float(scale), float(edge_in), float(edge_out))


def deliver(y, kind, out):
    """The result as the caller's array kind, or copied into `out`."""
    if out is None:
        return _arrays.wrap_result(y, kind)
    if kind == _arrays.ArrayKind.NUMPY:
        if not isinstance(out, np.ndarray):
            raise TypeError("pysyclfft: out must be a numpy array when the input is a numpy array")
    elif not _arrays.is_usm(out):
        raise TypeError("pysyclfft: out must be a USM array (dpnp or usm_ndarray) when the input is one")
    if tuple(out.shape) != tuple(y.shape):
        raise ValueError(f"pysyclfft: out has shape {tuple(out.shape)}, expected {tuple(y.shape)}")
    if np.dtype(out.dtype) != np.dtype(y.dtype):
        raise TypeError(f"pysyclfft: out has dtype {out.dtype}, expected {y.dtype}")
    if kind == _arrays.ArrayKind.NUMPY:
        np.copyto(out, dpt.asnumpy(y))
    else:
        o = _arrays.as_usm_ndarray(out)
        if o.sycl_queue != y.sycl_queue:
            raise ValueError("pysyclfft: out is on a different SYCL queue than the input")
        o[...] = y
    return out
