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

import pysyclfft  # noqa: E402
from .._helpers import fftfreq, fftshift, ifftshift, rfftfreq  # noqa: E402

_TRANSFORMS = ("fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn",
               "irfftn", "hfft", "ihfft")
_HELPERS = {"fftfreq": fftfreq, "rfftfreq": rfftfreq, "fftshift": fftshift, "ifftshift": ifftshift}
__all__ = list(_TRANSFORMS) + list(_HELPERS)

# dpnp's own functions, captured before any patching.
_dpnp_functions = {name: getattr(dpnp.fft, name) for name in __all__}


def _dpnp_array(y):
    return y if isinstance(y, dpnp.ndarray) else dpnp.ndarray._create_from_usm_ndarray(y)


def _transform(name, dims):
    theirs = _dpnp_functions[name]

    def call(a, size, axes, norm, out):
        dpnp.check_supported_arrays_type(a)  # dpnp.fft's input rule: TypeError otherwise
        ours = getattr(pysyclfft, name, None)  # looked up late: kinds land in other modules
        if ours is not None:
            try:
                result = ours(a, size, axes, norm, out=out)
                return out if out is not None else _dpnp_array(result)
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
