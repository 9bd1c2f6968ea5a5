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


def _named(transform, name, doc):
    transform.__name__ = transform.__qualname__ = name
    transform.__doc__ = doc
    return transform


def _along_axis(family, forward):
    """scipy.fft's dct/idct/dst/idst: one axis, `n` points."""
    def transform(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None,
                  plan=None):
        axis, n = _args.one_axis(shape_of(x), n, axis)
        return _trig(x, family, type, (axis,), (n,), norm, orthogonalize, forward, workers, plan)
    name = family if forward else "i" + family
    return _named(transform, name, f"{_TITLES[family, forward]} of type 1-4 along `axis` (scipy.fft.{name}).")


def _over_axes(family, forward):
    """scipy.fft's dctn/idctn/dstn/idstn: `axes`, `s` points along them."""
    def transform(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None,
                  plan=None):
        axes, s = _args.axes_and_shape(shape_of(x), s, axes)
        return _trig(x, family, type, axes, s, norm, orthogonalize, forward, workers, plan)
    name = (family if forward else "i" + family) + "n"
    return _named(transform, name, f"n-D {_TITLES[family, forward].lower()} over `axes` (scipy.fft.{name}).")


_TITLES = {("dct", True): "Discrete cosine transform", ("dct", False): "Inverse discrete cosine transform",
           ("dst", True): "Discrete sine transform", ("dst", False): "Inverse discrete sine transform"}
dct, idct, dst, idst = (_along_axis(f, d) for f in ("dct", "dst") for d in (True, False))
dctn, idctn, dstn, idstn = (_over_axes(f, d) for f in ("dct", "dst") for d in (True, False))
