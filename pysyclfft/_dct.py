"""scipy.fft-compatible discrete cosine and sine transforms, types I-IV.

The Plan kinds "dct1".."dct4" and "dst1".."dst4" (pysyclfft/_plan.py) run them,
each one C++ NdPlan (sycl_src/include/pysyclfft/plan/trig_nd_plan.hpp: a map pass
per axis, fused into one kernel where its FFT fits one work-group; complex input
as its real and imaginary parts, scipy's behaviour): forward is the transform
of that type, backward its inverse.
"""
import numpy as np

from . import _args, _plan
from ._arrays import shape_of


def _check_type(type):
    if isinstance(type, bool) or not isinstance(type, (int, np.integer)):
        raise TypeError(f"pysyclfft: type must be an integer (1, 2, 3 or 4), got {type!r}")
    if type not in (1, 2, 3, 4):
        raise ValueError(f"pysyclfft: invalid type={type!r}; DCT/DST types are 1, 2, 3 and 4")
    return int(type)


def _trig(x, family, type, axes, lengths, norm, orthogonalize, forward, workers, plan):
    """A DCT/DST function's body: through `plan` or the thread's plan cache, or,
    for an `orthogonalize` other than the norm's default (not part of cached
    plans), through an uncached Plan of its own."""
    type = _check_type(type)
    norm = _args.check_norm(norm) if plan is None or norm is not None else plan.norm
    _args.check_workers(workers)
    if orthogonalize is None or bool(orthogonalize) == (norm == "ortho"):
        return _plan.run(f"{family}{type}", x, axes, lengths, norm, None, plan, forward)
    if plan is not None:
        raise ValueError(f"pysyclfft: orthogonalize={orthogonalize!r} differs from the plan's (norm {plan.norm!r})")
    kind = f"{family}{type}"
    return _plan.Plan(x, lengths, axes, kind, norm=norm, orthogonalize=orthogonalize)(x, forward=forward)


def dct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None, plan=None):
    """Discrete cosine transform of type 1-4 along `axis` (scipy.fft.dct)."""
    axis, n = _args.one_axis(shape_of(x), n, axis)
    return _trig(x, "dct", type, (axis,), (n,), norm, orthogonalize, True, workers, plan)


def idct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None, plan=None):
    """Inverse discrete cosine transform of type 1-4 along `axis` (scipy.fft.idct)."""
    axis, n = _args.one_axis(shape_of(x), n, axis)
    return _trig(x, "dct", type, (axis,), (n,), norm, orthogonalize, False, workers, plan)


def dst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None, plan=None):
    """Discrete sine transform of type 1-4 along `axis` (scipy.fft.dst)."""
    axis, n = _args.one_axis(shape_of(x), n, axis)
    return _trig(x, "dst", type, (axis,), (n,), norm, orthogonalize, True, workers, plan)


def idst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None, plan=None):
    """Inverse discrete sine transform of type 1-4 along `axis` (scipy.fft.idst)."""
    axis, n = _args.one_axis(shape_of(x), n, axis)
    return _trig(x, "dst", type, (axis,), (n,), norm, orthogonalize, False, workers, plan)


def dctn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, orthogonalize=None, plan=None):
    """n-D discrete cosine transform over `axes` (scipy.fft.dctn)."""
    axes, s = _args.axes_and_shape(shape_of(x), s, axes)
    return _trig(x, "dct", type, axes, s, norm, orthogonalize, True, workers, plan)


def idctn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None, plan=None):
    """Inverse n-D discrete cosine transform over `axes` (scipy.fft.idctn)."""
    axes, s = _args.axes_and_shape(shape_of(x), s, axes)
    return _trig(x, "dct", type, axes, s, norm, orthogonalize, False, workers, plan)


def dstn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None, plan=None):
    """n-D discrete sine transform over `axes` (scipy.fft.dstn)."""
    axes, s = _args.axes_and_shape(shape_of(x), s, axes)
    return _trig(x, "dst", type, axes, s, norm, orthogonalize, True, workers, plan)


def idstn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None, plan=None):
    """Inverse n-D discrete sine transform over `axes` (scipy.fft.idstn)."""
    axes, s = _args.axes_and_shape(shape_of(x), s, axes)
    return _trig(x, "dst", type, axes, s, norm, orthogonalize, False, workers, plan)
