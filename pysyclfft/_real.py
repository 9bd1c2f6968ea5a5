"""numpy.fft-compatible real transforms (numpy 2 signatures and dtype rules),
and scipy.fft's Hermitian n-D transforms.

The real axis (the last of `axes`) is one map pass (kernels/real_maps.hpp): an
even length runs a half-length complex FFT with the split folded in, an odd
length the full-length FFT, fused into one kernel where the FFT fits one
work-group. The other axes are complex passes (_c2c), in place.

Two Plan kinds (pysyclfft/_plan.py) run them. "r2c": forward rfftn, backward
ihfftn (= conj(rfftn) with the directions swapped: the real pass conjugates its
output, the complex passes run backward). "c2r": backward irfftn, forward hfftn
(= irfftn of the conjugate, directions swapped: the complex passes run forward,
the real pass conjugates its input).
"""
import numpy as np
from numpy.exceptions import AxisError

from . import _args, _arrays, _c2c, _fft, _plan
from ._arrays import shape_of
from ._mapped import AxisMap, RealTransform, deliver, device_input, output_array, private_copy


def _real_dtype(dtype, queue):
    dtype = np.dtype(dtype)
    if dtype.kind == "c":
        raise TypeError(f"pysyclfft: the input of a real-input transform must be real, got dtype {dtype}")
    return _arrays.real_dtype_of(_arrays.complex_result_dtype(dtype, queue))


def _with_length(shape, axis, n):
    shape = list(shape)
    shape[axis] = n
    return tuple(shape)


def _resized(shape, axes, lengths):
    for a, n in zip(axes, lengths):
        shape = _with_length(shape, a, n)
    return shape


class _HalfSpectrumTransform:
    """What the r2c and c2r kinds share: the real pass along the last axis and
    the complex passes (a c2c transform) along the others."""

    def __init__(self, queue, complex_shape, complex_dtype, axes, lengths, norm, transform, memory):
        self.queue, self.axes, self.lengths, self._norm = queue, tuple(axes), tuple(lengths), norm
        self._complex_dtype = complex_dtype
        self._real = AxisMap(queue, transform, lengths[-1], complex_dtype == np.complex128, memory)
        self._others = (_c2c.C2CTransform(queue, complex_shape, complex_dtype, axes[:-1], lengths[:-1], norm, memory)
                        if len(axes) > 1 else None)

    @property
    def workspace_bytes(self):
        return self._real.workspace_bytes + (self._others.workspace_bytes if self._others else 0)

    def describe(self):
        lines = [f"axis {self.axes[-1]}: {self._real.describe()}"]
        return "\n".join(lines + ([self._others.describe()] if self._others else []))

    def _complex_passes(self, src, dst, forward):
        if self._others is not None:
            self._others.run_passes(src, dst, forward)

    def _real_scale(self, forward):
        return _args.scale_factor(self._norm, self.lengths[-1], forward)

    def run_device(self, xu, out, forward):
        return self._run(xu, _arrays.ArrayKind.DEVICE, out, forward)

    def run_host(self, x, out, forward):
        return self._run(x, _arrays.ArrayKind.NUMPY, out, forward)


class R2CTransform(_HalfSpectrumTransform):
    """Real input, half spectrum out: forward rfftn, backward ihfftn."""

    def __init__(self, queue, shape, dtype, axes, lengths, norm, memory="auto"):
        self._input_dtype = _real_dtype(dtype, queue)
        self.result_dtype = _arrays.complex_result_dtype(self._input_dtype, queue)
        self.out_shape = _with_length(_resized(shape, axes, lengths), axes[-1], lengths[-1] // 2 + 1)
        super().__init__(queue, self.out_shape, self.result_dtype, axes, lengths, norm, RealTransform.r2c, memory)

    def _run(self, x, kind, out, forward):
        src, _ = device_input(x, kind, self.queue, self.axes, self.lengths, self._input_dtype)
        y = output_array(src, self.out_shape, self.result_dtype, kind, out)
        self._real.run(src, y, self.axes[-1], self._real_scale(forward), conjugate=not forward)
        self._complex_passes(y, y, forward)
        return deliver(y, kind, out)


class C2RTransform(_HalfSpectrumTransform):
    """Half spectrum in, real output of `lengths`: backward irfftn, forward hfftn."""

    def __init__(self, queue, shape, dtype, axes, lengths, norm, memory="auto"):
        if memory == "minimal" and len(axes) > 1:
            raise ValueError("pysyclfft: memory='minimal': a c2r transform over two or more axes runs its complex "
                             "passes on a copy of the input (a work buffer); use memory='auto'")
        complex_dtype = _arrays.complex_result_dtype(dtype, queue)
        self.result_dtype = _arrays.real_dtype_of(complex_dtype)
        self._in_lengths = tuple(lengths[:-1]) + (lengths[-1] // 2 + 1,)
        self.out_shape = _resized(shape, axes, lengths)
        super().__init__(queue, _resized(shape, axes, self._in_lengths), complex_dtype, axes, lengths, norm,
                         RealTransform.c2r, memory)

    def _run(self, x, kind, out, forward):
        src, owned = device_input(x, kind, self.queue, self.axes, self._in_lengths, self._complex_dtype)
        if self._others is not None:
            src = private_copy(src, owned)  # the complex passes run in place
        self._complex_passes(src, src, forward)
        y = output_array(src, self.out_shape, self.result_dtype, kind, out)
        self._real.run(src, y, self.axes[-1], self._real_scale(forward), conjugate=forward)
        return deliver(y, kind, out)


def _real_axes(shape, s, axes, numpy_deprecations=True, resizing=False):
    """(axes, lengths) of a real transform: at least one axis, the last being the real one.
    `resizing`: the caller runs an axis repeated with another length, or the real
    axis repeated, in several passes (see _in_one_plan)."""
    axes, s = _args.axes_and_shape(shape, s, axes, numpy_deprecations=numpy_deprecations, resizing=resizing)
    if not axes:  # AxisError: numpy's class (IndexError) and ours before (ValueError)
        raise AxisError("pysyclfft: axes must not be empty: a real transform needs at least one axis "
                        f"(a 0-d array has none), got {len(shape)}-d input and no axes")
    if axes[-1] in axes[:-1] and not resizing:
        # numpy resizes the half spectrum between such passes; one plan has one shape per axis.
        raise NotImplementedError(f"pysyclfft: the real axis {axes[-1]} (the last of axes) repeated in axes "
                                  "is not supported")
    return axes, s


def _in_one_plan(axes, lengths):
    """Whether one r2c/c2r plan does the transform: the real axis appears once and
    every other axis keeps one length."""
    return axes[-1] not in axes[:-1] and len(set(zip(axes, lengths))) == len(set(axes))


def _check_no_plan(plan, axes, lengths):
    if plan is not None:
        raise ValueError(f"pysyclfft: a plan cannot serve axes {list(axes)} with s={list(lengths)}: a repeated "
                         "axis is transformed in several passes")


def _c2r_axes(shape, s, axes, numpy_deprecations=True, resizing=False):
    """numpy's (axes, output lengths) of irfftn: the last length defaults to 2*(m-1)."""
    given = s is not None
    axes, s = _real_axes(shape, s, axes, numpy_deprecations, resizing)
    if not given:
        s = tuple(s[:-1]) + (_args.check_points(2 * (shape[axes[-1]] - 1), "n"),)
    return axes, s


def _r2c_factory(queue, shape, dtype, s, axes, norm, memory):
    axes, lengths = _real_axes(shape, s, axes, numpy_deprecations=False)
    return R2CTransform(queue, shape, dtype, axes, lengths, norm, memory)


def _c2r_factory(queue, shape, dtype, s, axes, norm, memory):
    axes, lengths = _c2r_axes(shape, s, axes, numpy_deprecations=False)
    return C2RTransform(queue, shape, dtype, axes, lengths, norm, memory)


_plan.register_kind("r2c", _r2c_factory)
_plan.register_kind("c2r", _c2r_factory)


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
    axes, s = _real_axes(shape_of(a), s, axes, resizing=True)
    if _in_one_plan(axes, s):
        return _plan.run("r2c", a, axes, s, norm, out, plan, True)
    _check_no_plan(plan, axes, s)  # numpy: the real axis first, then the others last to first
    half = _plan.run("r2c", a, axes[-1:], s[-1:], norm, None, None, True)
    return _fft.run_passes(half, axes[:-1], s[:-1], True, norm, out, None)


def irfftn(a, s=None, axes=None, norm=None, out=None, *, plan=None):
    """Inverse of rfftn (numpy.fft.irfftn)."""
    axes, s = _c2r_axes(shape_of(a), s, axes, resizing=True)
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
    axes, s = _c2r_axes(shape_of(x), s, axes, numpy_deprecations=False)
    return _plan.run("c2r", x, axes, s, norm, out, plan, True)


def ihfftn(x, s=None, axes=None, norm=None, out=None, *, plan=None):
    """Inverse of hfftn for a real spectrum (scipy.fft.ihfftn: the conjugate of
    rfftn, directions swapped)."""
    axes, s = _real_axes(shape_of(x), s, axes, numpy_deprecations=False)
    return _plan.run("r2c", x, axes, s, norm, out, plan, False)


def hfft2(x, s=None, axes=(-2, -1), norm=None, out=None, *, plan=None):
    """2-D hfftn (scipy.fft.hfft2)."""
    return hfftn(x, s=s, axes=axes, norm=norm, out=out, plan=plan)


def ihfft2(x, s=None, axes=(-2, -1), norm=None, out=None, *, plan=None):
    """2-D ihfftn (scipy.fft.ihfft2)."""
    return ihfftn(x, s=s, axes=axes, norm=norm, out=out, plan=plan)
