"""The array API standard's fft extension (2024.12 signatures) over pysyclfft.

    from pysyclfft.interfaces import array_api_fft as fft
    y = fft.fft(x, n=8, axis=0, norm="ortho")    # x: any array-API array

    import array_api_strict as xp
    fft = array_api_fft.namespace(xp)            # fftfreq/rfftfreq give xp arrays
    xp_fft = fft.rfftfreq(16, d=0.1, device=x.device)

Arrays pysyclfft takes itself (numpy, dpnp, usm_ndarray, DeviceArray, CUDA
arrays) are transformed where they live and come back as their own kind. Any other array
of an array-API namespace (array-api-strict, PyTorch on the CPU, ...) is read
on the host through DLPack, transformed on the default SYCL device, and
returned as an array of its own namespace on its own device. Dtypes follow the
standard: fft/ifft/fftn/ifftn keep a complex dtype, rfft*/ihfft give the
complex dtype of a real input's precision, irfft*/hfft the real dtype of a
complex input's precision (pysyclfft's numpy rules agree on every input the
standard defines).
"""
import inspect
import types

import numpy as np

import pysyclfft
from .. import _arrays

__all__ = ["fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft",
           "fftfreq", "rfftfreq", "fftshift", "ifftshift", "namespace"]


def _is_foreign(x):
    """An array of another array-API library (pysyclfft takes numpy and USM arrays itself)."""
    return hasattr(x, "__array_namespace__") and not (isinstance(x, np.ndarray) or _arrays.is_usm(x))


def _on_host(x):
    """A numpy view of a foreign array, read through DLPack."""
    try:
        return np.from_dlpack(x)
    except (BufferError, RuntimeError, TypeError, ValueError) as error:
        raise TypeError(f"pysyclfft: cannot read a {type(x).__module__}.{type(x).__name__} on device "
                        f"{getattr(x, 'device', '?')} on the host through DLPack ({error}); pysyclfft takes "
                        "numpy and SYCL USM arrays, and other arrays that export host memory") from None


def _apply(function, x, **arguments):
    """function(x, **arguments), a foreign x read on the host and the result given back in its namespace."""
    if not _is_foreign(x):
        return function(x, **arguments)
    result = function(_on_host(x), **arguments)
    return x.__array_namespace__().asarray(result, device=x.device)


# The standard's defaults; x is positional-only and every other parameter keyword-only.
_DEFAULTS = {"n": None, "axis": -1, "s": None, "axes": None, "norm": "backward"}


def _wrapper(name, parameters, doc):
    """The standard's `name`: pysyclfft's function of that name through _apply,
    with the standard's signature (`parameters`: the names after x)."""
    signature = inspect.Signature(
        [inspect.Parameter("x", inspect.Parameter.POSITIONAL_ONLY)]
        + [inspect.Parameter(p, inspect.Parameter.KEYWORD_ONLY, default=_DEFAULTS[p]) for p in parameters.split()])
    function = getattr(pysyclfft, name)

    def wrapper(*args, **kwargs):
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as error:  # a positional n, s, axis, ...: named as Python names it
            raise TypeError(f"{name}() {error}") from None
        bound.apply_defaults()
        x = bound.arguments.pop("x")
        return _apply(function, x, **bound.arguments)

    wrapper.__name__ = wrapper.__qualname__ = name
    wrapper.__doc__, wrapper.__signature__, wrapper.__module__ = doc, signature, __name__
    return wrapper


fft = _wrapper("fft", "n axis norm", "One-dimensional discrete Fourier transform.")
ifft = _wrapper("ifft", "n axis norm", "One-dimensional inverse discrete Fourier transform.")
fftn = _wrapper("fftn", "s axes norm", "n-dimensional discrete Fourier transform.")
ifftn = _wrapper("ifftn", "s axes norm", "n-dimensional inverse discrete Fourier transform.")
rfft = _wrapper("rfft", "n axis norm", "One-dimensional discrete Fourier transform of real input.")
irfft = _wrapper("irfft", "n axis norm", "Inverse of rfft: n real points from the half spectrum.")
rfftn = _wrapper("rfftn", "s axes norm",
                 "n-dimensional discrete Fourier transform of real input (the last axis real).")
irfftn = _wrapper("irfftn", "s axes norm", "Inverse of rfftn.")
hfft = _wrapper("hfft", "n axis norm",
                "Transform of a Hermitian-symmetric signal given by its first half: n real points.")
ihfft = _wrapper("ihfft", "n axis norm", "Inverse of hfft.")
fftshift = _wrapper("fftshift", "axes", "Move the zero-frequency term to the centre.")
ifftshift = _wrapper("ifftshift", "axes", "Inverse of fftshift.")


def fftfreq(n, /, *, d=1.0, dtype=None, device=None):
    """Sample frequencies of an n-point FFT: a numpy array, or a device array
    when `device` names a SYCL device or queue (pysyclfft.fftfreq)."""
    return pysyclfft.fftfreq(n, d, dtype=dtype, device=device)


def rfftfreq(n, /, *, d=1.0, dtype=None, device=None):
    """Sample frequencies of an n-point real FFT (see fftfreq)."""
    return pysyclfft.rfftfreq(n, d, dtype=dtype, device=device)


def _frequencies_in(xp, full):
    """fftfreq (full) or rfftfreq of namespace xp: computed on the host, given as an
    xp array of `dtype` (xp's default real floating dtype) on `device`."""
    def frequencies(n, /, *, d=1.0, dtype=None, device=None):
        if dtype is None:  # the namespace's default (inspection API of 2023.12 on), else float64
            info = getattr(xp, "__array_namespace_info__", None)
            dtype = info().default_dtypes(device=device)["real floating"] if info else xp.float64
        host = pysyclfft.fftfreq(n, d) if full else pysyclfft.rfftfreq(n, d)
        return xp.asarray(host, dtype=dtype, device=device)

    frequencies.__name__ = frequencies.__qualname__ = "fftfreq" if full else "rfftfreq"
    frequencies.__doc__ = (fftfreq if full else rfftfreq).__doc__.split(":")[0] + f" (an array of {xp.__name__})."
    return frequencies


def namespace(xp):
    """The fft extension for the array-API namespace xp (a module such as
    array_api_strict): the transforms as above, fftfreq/rfftfreq giving xp arrays.
    Install it as xp's own with `xp.fft = namespace(xp)`."""
    module = types.ModuleType(f"pysyclfft.interfaces.array_api_fft[{xp.__name__}]", __doc__)
    for name in __all__[:-1]:
        setattr(module, name, globals()[name])
    module.fftfreq, module.rfftfreq = _frequencies_in(xp, True), _frequencies_in(xp, False)
    module.__all__ = __all__[:-1]
    return module
