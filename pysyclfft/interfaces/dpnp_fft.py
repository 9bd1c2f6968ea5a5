"""dpnp.fft's functions, names and signatures, computed by pysyclfft.

Use it directly (`from pysyclfft.interfaces import dpnp_fft as fft`), or switch
existing dpnp code with one line:

    pysyclfft.patch_dpnp_fft()          # dpnp.fft.fft & co. now run pysyclfft
    pysyclfft.restore_dpnp_fft()        # back to dpnp's own
    with pysyclfft.patch_dpnp_fft():    # or only inside a block
        y = dpnp.fft.fft(x)

As dpnp.fft, the transforms take dpnp or usm_ndarray arrays and return dpnp
arrays. A transform pysyclfft does not have yet, or a length it cannot do yet,
is computed by dpnp's own function. Only lookups through the dpnp.fft module
see the patch: names imported from it earlier keep dpnp's functions.
Needs dpnp (the [dpnp] extra): importing this module without it raises ImportError.
"""
from .. import _arrays

dpnp = _arrays.require_dpnp("pysyclfft.interfaces.dpnp_fft")
import dpnp.fft  # noqa: E402
from dpnp.exceptions import ExecutionPlacementError  # noqa: E402
from dpnp.tensor import get_execution_queue  # noqa: E402

import pysyclfft  # noqa: E402
from .._helpers import fftshift, ifftshift, sample_frequencies  # noqa: E402

_TRANSFORMS = ("fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn",
               "irfftn", "hfft", "ihfft")


def _frequency_arguments(d, dtype):
    """dpnp.fft's class for a d that is not a scalar, or a dtype that is not real
    floating: ValueError (pysyclfft's own fftfreq raises TypeError, as numpy's
    arithmetic does for such a d)."""
    if not dpnp.isscalar(d):
        raise ValueError(f"pysyclfft: d (the sample spacing) must be a scalar, got {d!r}")
    if dtype is not None and not dpnp.issubdtype(dtype, dpnp.floating):
        raise ValueError(f"pysyclfft: dtype must be a real floating-point type, got {dtype}")
    return d


def fftfreq(n, /, d=1.0, *, dtype=None, device=None, usm_type=None, sycl_queue=None):
    """dpnp.fft.fftfreq: a dpnp array on the given (or default) device."""
    return sample_frequencies(n, _frequency_arguments(d, dtype), True, dtype, device, usm_type, sycl_queue, on_device=True)


def rfftfreq(n, /, d=1.0, *, dtype=None, device=None, usm_type=None, sycl_queue=None):
    """dpnp.fft.rfftfreq: a dpnp array on the given (or default) device."""
    return sample_frequencies(n, _frequency_arguments(d, dtype), False, dtype, device, usm_type, sycl_queue, on_device=True)


_HELPERS = {"fftfreq": fftfreq, "rfftfreq": rfftfreq, "fftshift": fftshift, "ifftshift": ifftshift}
__all__ = list(_TRANSFORMS) + list(_HELPERS)

# dpnp's own functions, captured before any patching.
_dpnp_functions = {name: getattr(dpnp.fft, name) for name in __all__}


_REAL_RESULT = ("irfft", "irfft2", "irfftn", "hfft")


def _dpnp_array(y):
    return y if isinstance(y, dpnp.ndarray) else dpnp.ndarray._create_from_usm_ndarray(y)


def _check_as_dpnp(name, dims, a, size, axes, out):
    """dpnp.fft's rules where its exception classes differ from numpy's (which
    pysyclfft's own functions follow)."""
    if dims != 1 and axes is None and size is not None:
        raise ValueError("pysyclfft: `axes` should not be `None` if `s` is not `None` (dpnp.fft's rule)")
    if dims != 1 and axes is not None and len(axes) == 0 and name.startswith(("rfft", "irfft")):
        raise IndexError("pysyclfft: empty axes: a real transform needs at least one axis")
    if out is None:
        return
    dpnp.check_supported_arrays_type(out)
    if get_execution_queue((a.sycl_queue, out.sycl_queue)) is None:
        raise ExecutionPlacementError("pysyclfft: the input and out are on incompatible SYCL queues")
    wanted = dpnp.floating if name in _REAL_RESULT else dpnp.complexfloating
    if not dpnp.issubdtype(out.dtype, wanted):
        raise TypeError(f"pysyclfft: out must have a {'real floating' if name in _REAL_RESULT else 'complex'} "
                        f"data type for {name}, got {out.dtype}")


def _transform(name, dims):
    theirs = _dpnp_functions[name]

    def call(a, size, axes, norm, out):
        dpnp.check_supported_arrays_type(a)  # dpnp.fft's input rule: TypeError otherwise
        _check_as_dpnp(name, dims, a, size, axes, out)
        ours = getattr(pysyclfft, name, None)  # looked up late: kinds land in other modules
        if ours is not None:
            try:
                return _dpnp_array(ours(a, size, axes, norm, out=out))
            except NotImplementedError:
                pass
        return theirs(a, size, axes, norm, out=out)

    if dims == 1:
        def transform(a, n=None, axis=-1, norm=None, out=None):
            return call(a, n, axis, norm, out)
    elif dims == 2:
        def transform(a, s=None, axes=(-2, -1), norm=None, out=None):
            return call(a, s, axes, norm, out)
    else:
        def transform(a, s=None, axes=None, norm=None, out=None):
            return call(a, s, axes, norm, out)
    transform.__name__ = transform.__qualname__ = name
    transform.__doc__ = f"dpnp.fft.{name}, computed by pysyclfft where it can (else by dpnp)."
    return transform


for _name in _TRANSFORMS:
    globals()[_name] = _transform(_name, 2 if _name.endswith("2") else 0 if _name.endswith("n") else 1)
del _name


class _Patch:
    """Returned by patch_dpnp_fft(); as a context manager it restores on exit."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        restore_dpnp_fft()
        return False


def patch_dpnp_fft():
    """Make dpnp.fft's functions use pysyclfft (see the module docstring)."""
    for name in __all__:
        setattr(dpnp.fft, name, globals()[name])
    return _Patch()


def restore_dpnp_fft():
    """Give dpnp.fft its own functions back."""
    for name, fn in _dpnp_functions.items():
        setattr(dpnp.fft, name, fn)


def is_dpnp_fft_patched():
    return all(getattr(dpnp.fft, name) is globals()[name] for name in __all__)
