"""numpy.fft-compatible complex transforms (numpy 2 signatures), plus `plan=`."""
import numpy as np

from . import _args, _c2c


def _shape(x):
    return x.shape if hasattr(x, "shape") else np.shape(x)


def _run(x, axes, lengths, forward, norm, out, plan):
    if plan is None:
        return _c2c.c2c(x, axes, lengths, forward, norm, out)
    if plan.kind != "c2c" or plan.axes != tuple(axes) or plan.lengths != tuple(lengths):
        raise ValueError(f"pysyclfft: plan {plan!r} does not match this c2c transform over axes "
                         f"{list(axes)} with s={list(lengths)}")
    if norm is not None and _args.check_norm(norm) != plan.norm:
        raise ValueError(f"pysyclfft: norm={norm!r} differs from the plan's norm {plan.norm!r}")
    return plan(x, out=out, forward=forward)


def fft(x, /, n=None, axis=-1, norm=None, *, out=None, plan=None):
    """1-D discrete Fourier transform along `axis` (numpy.fft.fft)."""
    axis, n = _args.one_axis(_shape(x), n, axis)
    return _run(x, (axis,), (n,), True, norm, out, plan)


def ifft(x, /, n=None, axis=-1, norm=None, *, out=None, plan=None):
    """1-D inverse discrete Fourier transform along `axis` (numpy.fft.ifft)."""
    axis, n = _args.one_axis(_shape(x), n, axis)
    return _run(x, (axis,), (n,), False, norm, out, plan)


def fftn(x, /, s=None, axes=None, norm=None, *, out=None, plan=None):
    """n-D discrete Fourier transform over `axes` (numpy.fft.fftn)."""
    axes, s = _args.axes_and_shape(_shape(x), s, axes, numpy_deprecations=True)
    return _run(x, axes, s, True, norm, out, plan)


def ifftn(x, /, s=None, axes=None, norm=None, *, out=None, plan=None):
    """n-D inverse discrete Fourier transform over `axes` (numpy.fft.ifftn)."""
    axes, s = _args.axes_and_shape(_shape(x), s, axes, numpy_deprecations=True)
    return _run(x, axes, s, False, norm, out, plan)


def fft2(x, /, s=None, axes=(-2, -1), norm=None, *, out=None, plan=None):
    """2-D discrete Fourier transform (numpy.fft.fft2)."""
    return fftn(x, s=s, axes=axes, norm=norm, out=out, plan=plan)


def ifft2(x, /, s=None, axes=(-2, -1), norm=None, *, out=None, plan=None):
    """2-D inverse discrete Fourier transform (numpy.fft.ifft2)."""
    return ifftn(x, s=s, axes=axes, norm=norm, out=out, plan=plan)
