"""numpy.fft-compatible real transforms (numpy 2 signatures and dtype rules),
and scipy.fft's Hermitian n-D transforms.

Two Plan kinds (pysyclfft/_plan.py) run them, each one C++ NdPlan (the real
axis, the last of `axes`, is a map pass; the others complex passes: see
sycl_src/include/pysyclfft/plan/half_spectrum_nd_plan.hpp). "r2c": forward
rfftn, backward ihfftn (the conjugate of rfftn, directions swapped). "c2r":
backward irfftn, forward hfftn (irfftn of the conjugate, directions swapped).
"""
from . import _args, _fft, _plan
from ._arrays import shape_of


def _in_one_plan(axes, lengths):
    """Whether one r2c/c2r plan does the transform: the real axis appears once and
    every other axis keeps one length."""
    return axes[-1] not in axes[:-1] and len(set(zip(axes, lengths))) == len(set(axes))


def _check_no_plan(plan, axes, lengths):
    if plan is not None:
        raise ValueError(f"pysyclfft: a plan cannot serve axes {list(axes)} with s={list(lengths)}: a repeated "
                         "axis is transformed in several passes")


def _c2r_length(shape, n, axis):
    """(axis, n) of a 1-D c2r transform: n defaults to 2*(m-1)."""
    axis = _args.normalize_axis(axis, len(shape))
    return axis, _args.check_points(2 * (shape[axis] - 1) if n is None else n)


def rfft(a, n=None, axis=-1, norm=None, out=None, *, plan=None):
    """1-D discrete Fourier transform of real input (numpy.fft.rfft)."""
    axis, n = _args.one_axis(shape_of(a), n, axis)
    return _plan.run("r2c", a, (axis,), (n,), norm, out, plan, True)


def irfft(a, n=None, axis=-1, norm=None, out=None, *, plan=None):
    """Inverse of rfft: n real points from the half spectrum (numpy.fft.irfft)."""
    axis, n = _c2r_length(shape_of(a), n, axis)
    return _plan.run("c2r", a, (axis,), (n,), norm, out, plan, False)


def rfftn(a, s=None, axes=None, norm=None, out=None, *, plan=None):
    """n-D discrete Fourier transform of real input, the last axis real (numpy.fft.rfftn)."""
    axes, s = _args.real_axes(shape_of(a), s, axes, resizing=True)
    if _in_one_plan(axes, s):
        return _plan.run("r2c", a, axes, s, norm, out, plan, True)
    _check_no_plan(plan, axes, s)  # numpy: the real axis first, then the others last to first
    half = _plan.run("r2c", a, axes[-1:], s[-1:], norm, None, None, True)
    return _fft.run_passes(half, axes[:-1], s[:-1], True, norm, out, None)


def irfftn(a, s=None, axes=None, norm=None, out=None, *, plan=None):
    """Inverse of rfftn (numpy.fft.irfftn)."""
    axes, s = _args.c2r_axes(shape_of(a), s, axes, resizing=True)
    if _in_one_plan(axes, s):
        return _plan.run("c2r", a, axes, s, norm, out, plan, False)
    _check_no_plan(plan, axes, s)  # numpy: the complex axes first to last, then the real one
    spectrum = _fft.run_passes(a, axes[:-1], s[:-1], False, norm, None, None, last_first=False)
    return _plan.run("c2r", spectrum, axes[-1:], s[-1:], norm, out, None, False)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None, *, plan=None):
    """2-D discrete Fourier transform of real input (numpy.fft.rfft2)."""
    return rfftn(a, s=s, axes=axes, norm=norm, out=out, plan=plan)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None, *, plan=None):
    """Inverse of rfft2 (numpy.fft.irfft2)."""
    return irfftn(a, s=s, axes=axes, norm=norm, out=out, plan=plan)


def hfft(a, n=None, axis=-1, norm=None, out=None, *, plan=None):
    """Transform of a Hermitian-symmetric signal given by its first half: a real
    spectrum of n points (numpy.fft.hfft: irfft of the conjugate, directions
    swapped; the forward direction of a "c2r" plan)."""
    axis, n = _c2r_length(shape_of(a), n, axis)
    return _plan.run("c2r", a, (axis,), (n,), norm, out, plan, True)


def ihfft(a, n=None, axis=-1, norm=None, out=None, *, plan=None):
    """Inverse of hfft (numpy.fft.ihfft: conjugate of rfft, directions swapped;
    the backward direction of an "r2c" plan)."""
    axis, n = _args.one_axis(shape_of(a), n, axis)
    return _plan.run("r2c", a, (axis,), (n,), norm, out, plan, False)


def hfftn(x, s=None, axes=None, norm=None, out=None, *, plan=None):
    """n-D transform of a Hermitian-symmetric signal given by its half along the
    last axis: a real spectrum (scipy.fft.hfftn: irfftn of the conjugate,
    directions swapped). The last output length defaults to 2*(m-1)."""
    axes, s = _args.c2r_axes(shape_of(x), s, axes, numpy_deprecations=False)
    return _plan.run("c2r", x, axes, s, norm, out, plan, True)


def ihfftn(x, s=None, axes=None, norm=None, out=None, *, plan=None):
    """Inverse of hfftn for a real spectrum (scipy.fft.ihfftn: the conjugate of
    rfftn, directions swapped)."""
    axes, s = _args.real_axes(shape_of(x), s, axes, numpy_deprecations=False)
    return _plan.run("r2c", x, axes, s, norm, out, plan, False)


def hfft2(x, s=None, axes=(-2, -1), norm=None, out=None, *, plan=None):
    """2-D hfftn (scipy.fft.hfft2)."""
    return hfftn(x, s=s, axes=axes, norm=norm, out=out, plan=plan)


def ihfft2(x, s=None, axes=(-2, -1), norm=None, out=None, *, plan=None):
    """2-D ihfftn (scipy.fft.ihfft2)."""
    return ihfftn(x, s=s, axes=axes, norm=norm, out=out, plan=plan)
