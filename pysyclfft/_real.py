"""numpy.fft-compatible real transforms (numpy 2 signatures and dtype rules).

The real axis (the last of `axes`) is one map pass (kernels/real_maps.hpp): an
even length runs a half-length complex FFT with the split folded in, an odd
length the full-length FFT, fused into one kernel where the FFT fits one
work-group. The other axes are complex passes (_c2c), in place.
"""

from . import _args, _arrays, _c2c
from ._mapped import (RealTransform, deliver, device_input, dtype_of, output_array, private_copy, queue_and_kind,
                      run_pass, shape_of)


def _real_dtype(x, queue):
    dtype = dtype_of(x)
    if dtype.kind == "c":
        raise TypeError(f"pysyclfft: the input of a real-input transform must be real, got dtype {dtype}")
    return _arrays.real_dtype_of(_arrays.complex_result_dtype(dtype, queue))


def _complex_dtype(x, queue):
    return _arrays.complex_result_dtype(dtype_of(x), queue)


def _with_length(shape, axis, n):
    shape = list(shape)
    shape[axis] = n
    return shape


def _swap_direction(norm):
    """hfft/ihfft are irfft/rfft in the other direction: backward and forward swap."""
    return {"backward": "forward", "ortho": "ortho", "forward": "backward"}[_args.check_norm(norm)]


def _r2c(x, axes, lengths, norm, out=None, conjugate=False):
    """Real-to-complex over `axes` (the last one real): (usm result, array kind).
    `conjugate` (1-D only: ihfft) conjugates the result inside the kernel."""
    queue, kind = queue_and_kind(x)
    _args.check_norm(norm)
    src, _ = device_input(x, kind, queue, axes, lengths, _real_dtype(x, queue))
    axis, n = axes[-1], lengths[-1]
    shape = _with_length(src.shape, axis, n // 2 + 1)
    y = output_array(src, shape, _arrays.complex_result_dtype(src.dtype, queue), kind, out)
    run_pass(RealTransform.r2c, src, y, axis, n, _args.scale_factor(norm, n, True), conjugate=conjugate)
    _c2c._run_passes(y, y, axes[:-1], lengths[:-1], True, norm)
    return y, kind


def _c2r(x, axes, lengths, norm, out=None, conjugate=False):
    """Complex-to-real over `axes` (the last one real, `lengths` the output lengths).
    `conjugate` (1-D only: hfft) conjugates the input inside the kernel."""
    queue, kind = queue_and_kind(x)
    _args.check_norm(norm)
    axis, n = axes[-1], lengths[-1]
    in_lengths = tuple(lengths[:-1]) + (n // 2 + 1,)
    src, owned = device_input(x, kind, queue, axes, in_lengths, _complex_dtype(x, queue))
    if len(axes) > 1:
        src = private_copy(src, owned)  # the complex passes run in place
    _c2c._run_passes(src, src, axes[:-1], lengths[:-1], False, norm)
    y = output_array(src, _with_length(src.shape, axis, n), _arrays.real_dtype_of(src.dtype), kind, out)
    run_pass(RealTransform.c2r, src, y, axis, n, _args.scale_factor(norm, n, False), conjugate=conjugate)
    return y, kind


def _c2r_axes(shape, s, axes):
    """numpy's (axes, output lengths) of irfftn: the last length defaults to 2*(m-1)."""
    given = s is not None
    axes, s = _args.axes_and_shape(shape, s, axes, numpy_deprecations=True)
    if not given:
        s = tuple(s[:-1]) + (_args.check_points(2 * (shape[axes[-1]] - 1), "n"),)
    return axes, s


def rfft(a, n=None, axis=-1, norm=None, out=None):
    """1-D discrete Fourier transform of real input (numpy.fft.rfft)."""
    axis, n = _args.one_axis(shape_of(a), n, axis)
    y, kind = _r2c(a, (axis,), (n,), norm, out=out)
    return deliver(y, kind, out)


def irfft(a, n=None, axis=-1, norm=None, out=None):
    """Inverse of rfft: n real points from the half spectrum (numpy.fft.irfft)."""
    shape = shape_of(a)
    axis = _args.normalize_axis(axis, len(shape))
    n = _args.check_points(2 * (shape[axis] - 1) if n is None else n)
    y, kind = _c2r(a, (axis,), (n,), norm, out=out)
    return deliver(y, kind, out)


def rfftn(a, s=None, axes=None, norm=None, out=None):
    """n-D discrete Fourier transform of real input, the last axis real (numpy.fft.rfftn)."""
    axes, s = _args.axes_and_shape(shape_of(a), s, axes, numpy_deprecations=True)
    y, kind = _r2c(a, axes, s, norm, out=out)
    return deliver(y, kind, out)


def irfftn(a, s=None, axes=None, norm=None, out=None):
    """Inverse of rfftn (numpy.fft.irfftn)."""
    axes, s = _c2r_axes(shape_of(a), s, axes)
    y, kind = _c2r(a, axes, s, norm, out=out)
    return deliver(y, kind, out)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """2-D discrete Fourier transform of real input (numpy.fft.rfft2)."""
    return rfftn(a, s=s, axes=axes, norm=norm, out=out)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """Inverse of rfft2 (numpy.fft.irfft2)."""
    return irfftn(a, s=s, axes=axes, norm=norm, out=out)


def hfft(a, n=None, axis=-1, norm=None, out=None):
    """Transform of a Hermitian-symmetric signal given by its first half: a real
    spectrum of n points (numpy.fft.hfft: irfft of the conjugate, directions swapped)."""
    shape = shape_of(a)
    axis = _args.normalize_axis(axis, len(shape))
    n = _args.check_points(2 * (shape[axis] - 1) if n is None else n)
    y, kind = _c2r(a, (axis,), (n,), _swap_direction(norm), out=out, conjugate=True)
    return deliver(y, kind, out)


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    """Inverse of hfft (numpy.fft.ihfft: conjugate of rfft, directions swapped)."""
    axis, n = _args.one_axis(shape_of(a), n, axis)
    y, kind = _r2c(a, (axis,), (n,), _swap_direction(norm), out=out, conjugate=True)
    return deliver(y, kind, out)
