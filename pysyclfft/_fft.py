"""numpy.fft-compatible complex transforms (numpy 2 signatures), plus `plan=`."""
from . import _args, _plan
from ._arrays import shape_of


def _run(x, axes, lengths, forward, norm, out, plan):
    return _plan.run("c2c", x, axes, lengths, norm, out, plan, forward)


def fft(x, /, n=None, axis=-1, norm=None, *, out=None, plan=None):
    """1-D discrete Fourier transform along `axis` (numpy.fft.fft)."""
    axis, n = _args.one_axis(shape_of(x), n, axis)
    return _run(x, (axis,), (n,), True, norm, out, plan)


def ifft(x, /, n=None, axis=-1, norm=None, *, out=None, plan=None):
    """1-D inverse discrete Fourier transform along `axis` (numpy.fft.ifft)."""
    axis, n = _args.one_axis(shape_of(x), n, axis)
    return _run(x, (axis,), (n,), False, norm, out, plan)


def fftn(x, /, s=None, axes=None, norm=None, *, out=None, plan=None):
    """n-D discrete Fourier transform over `axes` (numpy.fft.fftn)."""
    axes, s = _args.axes_and_shape(shape_of(x), s, axes, numpy_deprecations=True)
    return _run(x, axes, s, True, norm, out, plan)


def ifftn(x, /, s=None, axes=None, norm=None, *, out=None, plan=None):
    """n-D inverse discrete Fourier transform over `axes` (numpy.fft.ifftn)."""
    axes, s = _args.axes_and_shape(shape_of(x), s, axes, numpy_deprecations=True)
    return _run(x, axes, s, False, norm, out, plan)


def fft2(x, /, s=None, axes=(-2, -1), norm=None, *, out=None, plan=None):
    """2-D discrete Fourier transform (numpy.fft.fft2)."""
    return fftn(x, s=s, axes=axes, norm=norm, out=out, plan=plan)


def ifft2(x, /, s=None, axes=(-2, -1), norm=None, *, out=None, plan=None):
    """2-D inverse discrete Fourier transform (numpy.fft.ifft2)."""
    return ifftn(x, s=s, axes=axes, norm=norm, out=out, plan=plan)
