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


def fft(x, /, *, n=None, axis=-1, norm="backward"):
    """One-dimensional discrete Fourier transform."""
    return _apply(pysyclfft.fft, x, n=n, axis=axis, norm=norm)


def ifft(x, /, *, n=None, axis=-1, norm="backward"):
    """One-dimensional inverse discrete Fourier transform."""
    return _apply(pysyclfft.ifft, x, n=n, axis=axis, norm=norm)


def fftn(x, /, *, s=None, axes=None, norm="backward"):
    """n-dimensional discrete Fourier transform."""
    return _apply(pysyclfft.fftn, x, s=s, axes=axes, norm=norm)


def ifftn(x, /, *, s=None, axes=None, norm="backward"):
    """n-dimensional inverse discrete Fourier transform."""
    return _apply(pysyclfft.ifftn, x, s=s, axes=axes, norm=norm)


def rfft(x, /, *, n=None, axis=-1, norm="backward"):
    """One-dimensional discrete Fourier transform of real input."""
    return _apply(pysyclfft.rfft, x, n=n, axis=axis, norm=norm)


def irfft(x, /, *, n=None, axis=-1, norm="backward"):
    """Inverse of rfft: n real points from the half spectrum."""
    return _apply(pysyclfft.irfft, x, n=n, axis=axis, norm=norm)


def rfftn(x, /, *, s=None, axes=None, norm="backward"):
    """n-dimensional discrete Fourier transform of real input (the last axis real)."""
    return _apply(pysyclfft.rfftn, x, s=s, axes=axes, norm=norm)


def irfftn(x, /, *, s=None, axes=None, norm="backward"):
    """Inverse of rfftn."""
    return _apply(pysyclfft.irfftn, x, s=s, axes=axes, norm=norm)


def hfft(x, /, *, n=None, axis=-1, norm="backward"):
    """Transform of a Hermitian-symmetric signal given by its first half: n real points."""
    return _apply(pysyclfft.hfft, x, n=n, axis=axis, norm=norm)


def ihfft(x, /, *, n=None, axis=-1, norm="backward"):
    """Inverse of hfft."""
    return _apply(pysyclfft.ihfft, x, n=n, axis=axis, norm=norm)


def fftshift(x, /, *, axes=None):
    """Move the zero-frequency term to the centre."""
    return _apply(pysyclfft.fftshift, x, axes=axes)


def ifftshift(x, /, *, axes=None):
    """Inverse of fftshift."""
    return _apply(pysyclfft.ifftshift, x, axes=axes)


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
