"""numpy.fft-compatible complex transforms (numpy 2 signatures)."""
from . import _args, _c2c


def _shape(x):
    import numpy as np

    return x.shape if hasattr(x, "shape") else np.shape(x)


def fft(x, /, n=None, axis=-1, norm=None, *, out=None):
    """1-D discrete Fourier transform along `axis` (numpy.fft.fft)."""
    axis, n = _args.one_axis(_shape(x), n, axis)
    return _c2c.c2c(x, (axis,), (n,), True, norm, out)


def ifft(x, /, n=None, axis=-1, norm=None, *, out=None):
    """1-D inverse discrete Fourier transform along `axis` (numpy.fft.ifft)."""
    axis, n = _args.one_axis(_shape(x), n, axis)
    return _c2c.c2c(x, (axis,), (n,), False, norm, out)


def fftn(x, /, s=None, axes=None, norm=None, *, out=None):
    """n-D discrete Fourier transform over `axes` (numpy.fft.fftn)."""
    axes, s = _args.axes_and_shape(_shape(x), s, axes)
    return _c2c.c2c(x, axes, s, True, norm, out)


def ifftn(x, /, s=None, axes=None, norm=None, *, out=None):
    """n-D inverse discrete Fourier transform over `axes` (numpy.fft.ifftn)."""
    axes, s = _args.axes_and_shape(_shape(x), s, axes)
    return _c2c.c2c(x, axes, s, False, norm, out)


def fft2(x, /, s=None, axes=(-2, -1), norm=None, *, out=None):
    """2-D discrete Fourier transform (numpy.fft.fft2)."""
    return fftn(x, s=s, axes=axes, norm=norm, out=out)


def ifft2(x, /, s=None, axes=(-2, -1), norm=None, *, out=None):
    """2-D inverse discrete Fourier transform (numpy.fft.ifft2)."""
    return ifftn(x, s=s, axes=axes, norm=norm, out=out)
