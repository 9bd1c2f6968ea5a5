"""scipy.fft backend: route scipy.fft calls to pysyclfft.

    import scipy.fft
    from pysyclfft.interfaces import scipy_fft
    with scipy.fft.set_backend(scipy_fft):
        y = scipy.fft.fft(x)       # numpy x: computed on the default SYCL device
    scipy.fft.set_global_backend(scipy_fft)   # or for the whole program

Every multimethod pysyclfft implements (the module has a function of the same
name) is served; anything else, or a call we cannot do (an unsupported length,
long double data, an argument we do not know, a `plan` that is not a
pysyclfft.Plan), returns NotImplemented so that scipy falls back to its next
backend (under `set_backend(..., only=True)` uarray then raises
BackendNotImplementedError). Bad arguments raise as scipy.fft raises them.
`workers` is validated as scipy does (0 is a ValueError, -1 means every CPU) but
the SYCL device decides its own parallelism; `overwrite_x=True` lets a USM input
receive the result. scipy.fft.fht/ifht are scipy's own host algorithm (log-spaced
coefficients around an rfft and an irfft): this backend returns NotImplemented
for them, scipy's backend computes them, and their rfft/irfft dispatch back here.
"""
import inspect

import numpy as np

import pysyclfft
from .. import _args, _arrays
from .._helpers import fftfreq, fftshift, ifftshift, next_fast_len, rfftfreq

__ua_domain__ = "numpy.scipy.fft"

__all__ = ["__ua_domain__", "__ua_function__", "__ua_convert__",
           "fftfreq", "rfftfreq", "fftshift", "ifftshift", "next_fast_len"]

# scipy.fft multimethods we may serve: the complex ones now, the rest as soon as
# pysyclfft has a function of that name.
_C2C_1D = ("fft", "ifft")
_C2C_ND = {"fft2": (-2, -1), "ifft2": (-2, -1), "fftn": None, "ifftn": None}
_OTHER = tuple(f"{p}{k}{d}" for p in ("", "i") for k in ("rfft", "hfft") for d in ("", "2", "n")) + tuple(
    f"{p}{k}{d}" for p in ("", "i") for k in ("dct", "dst") for d in ("", "n"))
_SCALAR_OR_SEQUENCE = ("s", "axes")  # scipy takes a single integer for either

_signatures = {}


def _signature(fn):
    sig = _signatures.get(fn)
    if sig is None:
        sig = _signatures[fn] = inspect.signature(fn)
    return sig


def _implementation(name):
    if name in _C2C_1D or name in _C2C_ND or name in _OTHER:
        return getattr(pysyclfft, name, None)
    return None


def _unsupported_array(x):
    """True for inputs scipy must handle itself (long double precision)."""
    dtype = _arrays.dtype_of(x)
    return dtype is not None and dtype in (np.longdouble, np.clongdouble) and \
        np.dtype(np.longdouble).itemsize > 8


def _keeps_shape(name, x, params):
    """Whether the c2c transform `name` of x gives x's shape (so x may hold it)."""
    shape = x.shape
    if name in _C2C_1D:
        axis, n = _args.one_axis(shape, params.get("n"), params.get("axis", -1))
        return n == shape[axis]
    axes, s = _args.axes_and_shape(shape, params.get("s"), params.get("axes", _C2C_ND[name]), _C2C_ND[name])
    return all(shape[a] == n for a, n in zip(axes, s))


def _may_overwrite(name, x, params):
    """overwrite_x permits reusing x's memory: do so for USM inputs of the result
    dtype and shape (numpy inputs are copied to the device anyway)."""
    if name not in _C2C_1D and name not in _C2C_ND or not _arrays.is_usm(x):
        return False
    xu = _arrays.as_device_array(x)
    if xu.dtype != _arrays.complex_result_dtype(xu.dtype, xu.sycl_queue) or not xu.flags.writable:
        return False
    return _keeps_shape(name, xu, params)


def _check_unique_axes(x, axes):
    """scipy.fft refuses a repeated axis (numpy.fft would transform it twice)."""
    if axes is None:
        return
    ndim = len(_arrays.shape_of(x))
    normalized = [_args.normalize_axis(a, ndim, "axes") for a in axes]
    if len(set(normalized)) != len(normalized):
        raise ValueError(f"pysyclfft: all axes must be unique, got axes={tuple(axes)}")


def _as_sequences(params):
    """scipy's rule: a single integer s or axes means a one-element sequence."""
    for name in _SCALAR_OR_SEQUENCE:
        value = params.get(name)
        if value is not None and np.ndim(value) == 0:
            params[name] = (value,)


def _arguments(method, impl, args, kwargs):
    """(x, overwrite_x, keyword arguments for impl) of a scipy.fft call, or None
    when impl cannot take it (an argument it does not know, a foreign plan)."""
    try:
        bound = _signature(method).bind(*args, **kwargs)
    except TypeError:
        return None  # scipy's own backend reports the bad call
    params = dict(bound.arguments)
    x = params.pop("x")
    overwrite_x = params.pop("overwrite_x", False)
    _args.check_workers(params.pop("workers", None))
    plan = params.pop("plan", None)
    if plan is not None:
        if not isinstance(plan, pysyclfft.Plan):
            return None  # scipy's fallback says what it does with other plans
        params["plan"] = plan
    _as_sequences(params)
    if params.get("s") is not None and params.get("axes", _C2C_ND.get(method.__name__)) is None:
        params["axes"] = tuple(range(-len(params["s"]), 0))  # scipy's rule, without numpy 2's warning
    accepted = _signature(impl).parameters
    if _unsupported_array(x) or any(k not in accepted for k in params):
        return None
    return x, overwrite_x, params


def __ua_function__(method, args, kwargs):
    name = method.__name__
    impl = _implementation(name)
    arguments = impl and _arguments(method, impl, args, kwargs)
    if not arguments:
        return NotImplemented
    x, overwrite_x, params = arguments
    _check_unique_axes(x, params.get("axes"))
    try:
        if overwrite_x and "out" in _signature(impl).parameters and _may_overwrite(name, x, params):
            params["out"] = x
        return impl(x, **params)
    except NotImplementedError:
        return NotImplemented


def __ua_convert__(dispatchables, coerce):
    """Accept USM arrays as they are and numpy arrays (or, when coercing,
    anything numpy.asarray takes) for the default device."""
    converted = []
    for d in dispatchables:
        value = d.value
        if d.type is np.ndarray and not (_arrays.is_usm(value) or isinstance(value, np.ndarray)):
            if not (coerce or isinstance(value, (list, tuple, int, float, complex, np.generic))):
                return NotImplemented
            try:
                value = np.asarray(value)
            except Exception:
                return NotImplemented
        converted.append(value)
    return converted
