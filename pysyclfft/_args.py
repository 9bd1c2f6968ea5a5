"""Checking and normalising the numpy-style arguments shared by every transform."""
import operator
import os
import warnings

import numpy as np
from numpy.exceptions import AxisError

NORMS = (None, "backward", "ortho", "forward")


def check_norm(norm):
    if norm not in NORMS:
        raise ValueError(f'pysyclfft: invalid norm={norm!r}; expected None, "backward", "ortho" or "forward"')
    return norm or "backward"


def scale_factor(norm, n, forward):
    """Factor applied by a transform of total size n (folded into the kernel)."""
    norm = check_norm(norm)
    if norm == "ortho":
        return 1.0 / np.sqrt(float(n))
    if (norm == "forward") == forward:
        return 1.0 / float(n)
    return 1.0


def check_integer(value, name, lowest):
    """value as an int >= lowest; bools are refused (they are flags, not counts)."""
    if isinstance(value, bool):
        raise TypeError(f"pysyclfft: {name} must be an integer, got bool")
    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError(f"pysyclfft: {name} must be an integer, got {type(value).__name__}") from None
    if value < lowest:
        raise ValueError(f"pysyclfft: {name} must be >= {lowest}, got {value}")
    return value


def count_from_environment(variable, default):
    """The non-negative integer the environment variable sets, or default when it is unset."""
    text = os.environ.get(variable)
    if text is None:
        return default
    try:
        return check_integer(int(text), variable, 0)
    except ValueError:
        raise ValueError(f"pysyclfft: {variable}={text!r} is not a non-negative integer") from None


def check_points(n, name="n", not_integer=TypeError):
    """n as an int >= 1. `not_integer` is the class raised for a non-integer: numpy's fft raises
    TypeError, its fftfreq ValueError."""
    if isinstance(n, (bool, np.bool_)):
        raise not_integer(f"pysyclfft: {name} must be an integer, got bool")
    try:
        n = operator.index(n)
    except TypeError:
        raise not_integer(f"pysyclfft: {name} must be an integer, got {type(n).__name__}") from None
    if n < 1:
        raise ValueError(f"pysyclfft: Invalid number of FFT data points {name}={n}; {name} must be >= 1")
    return n


def normalize_axis(axis, ndim, name="axis"):
    try:
        axis = operator.index(axis)
    except TypeError:
        raise TypeError(f"pysyclfft: {name} must be an integer, got {type(axis).__name__}") from None
    if ndim == 0:
        raise AxisError(f"pysyclfft: {name}={axis} is out of bounds for a 0-d array (transforms need at least 1 dimension)")
    if not -ndim <= axis < ndim:
        raise AxisError(f"pysyclfft: {name}={axis} is out of bounds for an array of dimension {ndim}")
    return axis % ndim


def one_axis(shape, n, axis):
    """(axis, n) for a 1-D transform; n defaults to the axis length."""
    axis = normalize_axis(axis, len(shape))
    if n is None:
        n = shape[axis]
        if n < 1:
            raise ValueError(f"pysyclfft: Invalid number of FFT data points ({n}) along axis {axis}: the axis is empty")
    return axis, check_points(n)


def axes_and_shape(shape, s, axes, default_axes=None, numpy_deprecations=False, resizing=False):
    """numpy 2's rules for fftn-style (s, axes): returns (axes, lengths).

    `default_axes` (e.g. (-2, -1) for fft2) applies when both are None; an entry
    -1 in s keeps that axis' length. `numpy_deprecations`: warn as numpy 2 does
    about s without axes and None in s (scipy.fft's functions allow both).
    `resizing`: the caller runs numpy's passes itself (see resizing_groups): an
    axis repeated with another length, or none at all (a 0-d array, which numpy
    returns untransformed); otherwise both are refused."""
    ndim = len(shape)
    if axes is None and s is None and default_axes is not None:
        axes = default_axes
    if s is not None:
        try:
            s = tuple(s)
        except TypeError:
            raise TypeError("pysyclfft: s must be a sequence of integers") from None
    if axes is None:
        if s is not None and numpy_deprecations:
            warnings.warn("pysyclfft: `axes` should not be `None` if `s` is not `None` (deprecated in NumPy 2.0); "
                          "pass the axes s refers to", DeprecationWarning, stacklevel=4)
        # numpy's rule: s names the last len(s) axes; more entries than dimensions is an AxisError.
        axes = tuple(range(ndim)) if s is None else tuple(range(-len(s), 0))
    else:
        try:
            axes = tuple(axes)
        except TypeError:
            raise TypeError("pysyclfft: axes must be a sequence of integers") from None
    if ndim == 0 and not resizing:
        raise AxisError("pysyclfft: cannot transform a 0-d array (it has no axes)")
    axes = tuple(normalize_axis(a, ndim, "axes") for a in axes)
    if s is None:
        s = tuple(shape[a] for a in axes)
        for a, n in zip(axes, s):
            if n < 1:
                raise ValueError(f"pysyclfft: Invalid number of FFT data points ({n}) along axis {a}: the axis is empty")
    else:
        if len(s) != len(axes):
            raise ValueError(f"pysyclfft: s and axes must have the same length, got {len(s)} and {len(axes)}")
        if numpy_deprecations and any(n is None for n in s):
            warnings.warn("pysyclfft: passing an array containing `None` values to `s` is deprecated in NumPy 2.0; "
                          "use -1 for an axis' own length", DeprecationWarning, stacklevel=4)
        s = tuple(shape[a] if (n is None or not isinstance(n, np.ndarray) and n == -1) else check_points(n, "s")
                  for a, n in zip(axes, s))
        for a, n in zip(axes, s):
            if n < 1:
                raise ValueError(f"pysyclfft: Invalid number of FFT data points ({n}) along axis {a}")
    if not resizing and len({(a, n) for a, n in zip(axes, s)}) != len(set(axes)):
        # numpy resizes between the passes over such an axis; one target shape cannot.
        raise NotImplementedError("pysyclfft: an axis repeated in axes with different lengths in s "
                                  "is not supported")
    return axes, s


def real_axes(shape, s, axes, numpy_deprecations=True, resizing=False):
    """(axes, lengths) of a real transform: at least one axis, the last being the real one.
    `resizing`: the caller runs an axis repeated with another length, or the real
    axis repeated, in several passes (see _in_one_plan)."""
    axes, s = axes_and_shape(shape, s, axes, numpy_deprecations=numpy_deprecations, resizing=resizing)
    if not axes:  # AxisError: numpy's class (IndexError) and ours before (ValueError)
        raise AxisError("pysyclfft: axes must not be empty: a real transform needs at least one axis "
                        f"(a 0-d array has none), got {len(shape)}-d input and no axes")
    if axes[-1] in axes[:-1] and not resizing:
        # numpy resizes the half spectrum between such passes; one plan has one shape per axis.
        raise NotImplementedError(f"pysyclfft: the real axis {axes[-1]} (the last of axes) repeated in axes "
                                  "is not supported")
    return axes, s


def c2r_axes(shape, s, axes, numpy_deprecations=True, resizing=False):
    """numpy's (axes, output lengths) of irfftn: the last length defaults to 2*(m-1)."""
    given = s is not None
    axes, s = real_axes(shape, s, axes, numpy_deprecations, resizing)
    if not given:
        s = tuple(s[:-1]) + (check_points(2 * (shape[axes[-1]] - 1), "n"),)
    return axes, s


def plan_axes(kind, shape, s, axes):
    """A Plan's (axes, lengths) from numpy's s and axes, by its kind's rules."""
    if kind == "r2c":
        return real_axes(shape, s, axes, numpy_deprecations=False)
    if kind == "c2r":
        return c2r_axes(shape, s, axes, numpy_deprecations=False)
    return axes_and_shape(shape, s, axes)


def resizing_groups(axes, lengths, last_first):
    """Split a transform over (axes, lengths) into the consecutive groups one
    transform each can do, as numpy applies them one axis after the other (the
    last axis first when `last_first`): an axis met again with another length
    starts a new group (numpy resizes between such passes). Returns
    [(axes, lengths)] in application order, each group in the order of `axes`."""
    passes = list(zip(axes, lengths))
    if last_first:
        passes.reverse()
    groups, current = [], []
    for axis, n in passes:
        if any(a == axis and m != n for a, m in current):
            groups.append(current)
            current = []
        current.append((axis, n))
    groups.append(current)
    if last_first:
        groups = [group[::-1] for group in groups]
    return [(tuple(a for a, _ in g), tuple(n for _, n in g)) for g in groups]


def check_workers(workers):
    """scipy.fft's `workers` rule: None, a positive count, or a negative one
    counting back from os.cpu_count() (-1: every CPU). The SYCL device decides
    its own parallelism, so the value is only validated."""
    if workers is None:
        return None
    workers, cpus = check_integer(workers, "workers", -(2**63)), os.cpu_count() or 1
    if workers == 0:
        raise ValueError("pysyclfft: workers must not be zero")
    if workers < -cpus:
        raise ValueError(f"pysyclfft: workers value out of range; got {workers}, must not be less than {-cpus}")
    return workers
