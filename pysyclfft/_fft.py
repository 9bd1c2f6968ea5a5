"""numpy.fft-compatible complex transforms (numpy 2 signatures), plus `plan=`."""
import numpy as np

from . import _args, _arrays, _memory, _plan
from ._arrays import shape_of


def _run(x, axes, lengths, forward, norm, out, plan):
    return _plan.run("c2c", x, axes, lengths, norm, out, plan, forward)


def run_passes(x, axes, lengths, forward, norm, out, plan, last_first=True):
    """An n-D complex transform as numpy does it, one axis after the other (the
    last first, as numpy's fftn; irfftn goes first to last): one plan per group
    of axes that keeps one length each (_args.resizing_groups), single precision
    carried in double between them. No axes (axes=(),
    or a 0-d array): numpy returns its input array itself, untransformed."""
    if not axes:
        x = x if _arrays.is_usm(x) else np.asarray(x)
        _arrays.check_dtype(_arrays.dtype_of(x))
        return x
    groups = _args.resizing_groups(axes, lengths, last_first)
    if len(groups) > 1 and plan is not None:
        raise ValueError(f"pysyclfft: a plan cannot serve axes {list(axes)} with s={list(lengths)}: an axis "
                         "repeated with another length is transformed in several passes")
    single = len(groups) > 1 and _computes_single_in_double(x)
    if single:
        x = _as_dtype(x, np.complex128)
    for group_axes, group_lengths in groups[:-1]:
        x = _run(x, group_axes, group_lengths, forward, norm, None, None)
    y = _run(x, *groups[-1], forward, norm, out, plan)  # a complex128 result is cast into out
    return _as_dtype(y, np.complex64) if single and out is None else y


def _computes_single_in_double(x):
    """Whether a single-precision x is carried through several passes in double:
    its device computes double (numpy computes its complex64 transforms in double
    too), so the passes' rounding does not add up; the result is single again."""
    _, queue, _, _, dtype, _ = _plan.array_signature(x)
    return _arrays.complex_result_dtype(dtype, queue) == np.complex64 and queue.sycl_device.has_aspect_fp64


def _as_dtype(x, dtype):
    """x converted to dtype, the same kind of array."""
    producer = _arrays.cuda_producer_of(x)
    if producer is not None:
        return producer.astype(x, dtype)
    if _arrays.is_usm(x):
        return _arrays.wrap_result(_memory.astype(_arrays.as_device_array(x), dtype), _arrays.kind_of(x))
    return np.asarray(x).astype(dtype)


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
    axes, s = _args.axes_and_shape(shape_of(x), s, axes, numpy_deprecations=True, resizing=True)
    return run_passes(x, axes, s, True, norm, out, plan)


def ifftn(x, /, s=None, axes=None, norm=None, *, out=None, plan=None):
    """n-D inverse discrete Fourier transform over `axes` (numpy.fft.ifftn)."""
    axes, s = _args.axes_and_shape(shape_of(x), s, axes, numpy_deprecations=True, resizing=True)
    return run_passes(x, axes, s, False, norm, out, plan)


def fft2(x, /, s=None, axes=(-2, -1), norm=None, *, out=None, plan=None):
    """2-D discrete Fourier transform (numpy.fft.fft2)."""
    return fftn(x, s=s, axes=axes, norm=norm, out=out, plan=plan)


def ifft2(x, /, s=None, axes=(-2, -1), norm=None, *, out=None, plan=None):
    """2-D inverse discrete Fourier transform (numpy.fft.ifft2)."""
    return ifftn(x, s=s, axes=axes, norm=norm, out=out, plan=plan)
