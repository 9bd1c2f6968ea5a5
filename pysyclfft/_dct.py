"""scipy.fft-compatible discrete cosine and sine transforms, types I-IV.

Each axis is one map pass (kernels/trig_maps.hpp): a complex FFT whose load and
store apply the transform's pre/post-processing, fused into one kernel (one trip
through memory per axis) where the FFT fits one work-group. Complex input is transformed as its real and
imaginary parts (scipy's behaviour), through a real view of a private copy.
"""
import operator

import numpy as np

import dpnp.tensor as dpt

from . import _args, _arrays
from ._mapped import (RealTransform, deliver, device_input, dtype_of, empty_like_shape, queue_and_kind, run_pass,
                      shape_of)

_INVERSE_TYPE = {1: 1, 2: 3, 3: 2, 4: 4}
_SQRT2 = float(np.sqrt(2.0))


def _check_type(type):
    if type not in (1, 2, 3, 4) or isinstance(type, bool):
        raise ValueError(f"pysyclfft: invalid type={type!r}; DCT/DST types are 1, 2, 3 and 4")
    return int(type)


def _check_workers(workers):
    if workers is not None and operator.index(workers) == 0:
        raise ValueError("pysyclfft: workers must not be zero")


def _logical_size(family, type, n):
    """The length of the equivalent DFT, which the normalisations divide by."""
    if type == 1:
        return 2 * (n - 1) if family == "dct" else 2 * (n + 1)
    return 2 * n


def _orthogonalize_edges(family, type):
    """(input, output) factors of scipy's orthogonalize on the end points."""
    r = 1.0 / _SQRT2
    return {("dct", 1): (_SQRT2, r), ("dct", 2): (1.0, r), ("dct", 3): (_SQRT2, 1.0),
            ("dst", 2): (1.0, r), ("dst", 3): (_SQRT2, 1.0)}.get((family, type), (1.0, 1.0))


def _trig_dtype(x, queue):
    """float32 stays single (float16 too), other real input is double; complex keeps its precision."""
    dtype = dtype_of(x)
    if dtype.kind not in "biufc":
        raise TypeError(f"pysyclfft: unsupported array dtype {dtype} (expected a numeric array)")
    c = _arrays.complex_result_dtype(dtype, queue)
    return c if dtype.kind == "c" else _arrays.real_dtype_of(c)


def _real_view(a):
    """A contiguous complex array seen as reals, with a trailing axis of 2."""
    real = _arrays.real_dtype_of(a.dtype)
    strides = tuple(2 * s for s in a.strides) + (1,)
    return dpt.usm_ndarray(a.shape + (2,), dtype=real, buffer=a, strides=strides)


def _trig(x, family, type, axes, lengths, norm, orthogonalize, forward, workers):
    type = _check_type(type)
    norm = _args.check_norm(norm)
    _check_workers(workers)
    if len(set(axes)) != len(axes):
        raise ValueError("pysyclfft: all axes must be unique")
    if orthogonalize is None:
        orthogonalize = norm == "ortho"
    kernel_type = type if forward else _INVERSE_TYPE[type]
    transform = getattr(RealTransform, f"{family}{kernel_type}")
    edge_in, edge_out = _orthogonalize_edges(family, kernel_type) if orthogonalize else (1.0, 1.0)
    for a, n in zip(axes, lengths):
        if family == "dct" and type == 1 and n < 2:
            raise ValueError(f"pysyclfft: a type 1 DCT needs at least 2 points, got {n} along axis {a}")
    queue, kind = queue_and_kind(x)
    src, owned = device_input(x, kind, queue, axes, lengths, _trig_dtype(x, queue))
    result = empty_like_shape(src, src.shape, src.dtype)
    if src.dtype.kind == "c":
        if not owned or not src.flags.c_contiguous:
            src, owned = dpt.copy(src, order="C"), True
        src, dst = _real_view(src), _real_view(result)
    else:
        dst = result
    # Pass i writes buffers[(P-1-i) % 2], so the last pass writes the result; the private input can be the
    # other buffer only when the first pass (which reads it) does not write there, i.e. for an odd count P.
    count = len(axes)
    buffers = [dst, src if owned and count % 2 else None]
    cur = src
    for i, (axis, n) in enumerate(zip(axes, lengths)):
        j = (count - 1 - i) % 2
        if buffers[j] is None:
            buffers[j] = empty_like_shape(src, src.shape, src.dtype)
        scale = _args.scale_factor(norm, _logical_size(family, type, n), forward)
        run_pass(transform, cur, buffers[j], axis, n, scale, edge_in, edge_out)
        cur = buffers[j]
    return result, kind


def dct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """Discrete cosine transform of type 1-4 along `axis` (scipy.fft.dct)."""
    axis, n = _args.one_axis(shape_of(x), n, axis)
    y, kind = _trig(x, "dct", type, (axis,), (n,), norm, orthogonalize, True, workers)
    return deliver(y, kind, None)


def idct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """Inverse discrete cosine transform of type 1-4 along `axis` (scipy.fft.idct)."""
    axis, n = _args.one_axis(shape_of(x), n, axis)
    y, kind = _trig(x, "dct", type, (axis,), (n,), norm, orthogonalize, False, workers)
    return deliver(y, kind, None)


def dst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """Discrete sine transform of type 1-4 along `axis` (scipy.fft.dst)."""
    axis, n = _args.one_axis(shape_of(x), n, axis)
    y, kind = _trig(x, "dst", type, (axis,), (n,), norm, orthogonalize, True, workers)
    return deliver(y, kind, None)


def idst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """Inverse discrete sine transform of type 1-4 along `axis` (scipy.fft.idst)."""
    axis, n = _args.one_axis(shape_of(x), n, axis)
    y, kind = _trig(x, "dst", type, (axis,), (n,), norm, orthogonalize, False, workers)
    return deliver(y, kind, None)


def dctn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, orthogonalize=None):
    """n-D discrete cosine transform over `axes` (scipy.fft.dctn)."""
    axes, s = _args.axes_and_shape(shape_of(x), s, axes)
    y, kind = _trig(x, "dct", type, axes, s, norm, orthogonalize, True, workers)
    return deliver(y, kind, None)


def idctn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """Inverse n-D discrete cosine transform over `axes` (scipy.fft.idctn)."""
    axes, s = _args.axes_and_shape(shape_of(x), s, axes)
    y, kind = _trig(x, "dct", type, axes, s, norm, orthogonalize, False, workers)
    return deliver(y, kind, None)


def dstn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """n-D discrete sine transform over `axes` (scipy.fft.dstn)."""
    axes, s = _args.axes_and_shape(shape_of(x), s, axes)
    y, kind = _trig(x, "dst", type, axes, s, norm, orthogonalize, True, workers)
    return deliver(y, kind, None)


def idstn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """Inverse n-D discrete sine transform over `axes` (scipy.fft.idstn)."""
    axes, s = _args.axes_and_shape(shape_of(x), s, axes)
    y, kind = _trig(x, "dst", type, axes, s, norm, orthogonalize, False, workers)
    return deliver(y, kind, None)
