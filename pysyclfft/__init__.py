"""pysyclfft: portable FFTs written in SYCL and compiled at run time.

Works on dpnp arrays, dpnp.tensor.usm_ndarray (or anything exposing
__sycl_usm_array_interface__), computing where the data lives, and on numpy
arrays, computing on the default SYCL device. dpnp is optional (the [dpnp]
extra): without it device results are pysyclfft.DeviceArray.
"""
from . import _environment

_environment.configure()  # before anything enumerates SYCL devices

try:
    import dpctl  # noqa: E402  (loads libsycl before our extension)
except ModuleNotFoundError as missing:
    # Without the SYCL stack only the CUDA layer (pysyclfft.cuda) can be used.
    if missing.name != "dpctl":
        raise
    _no_sycl = missing

    def __getattr__(name):
        if name in __all__:
            raise ImportError(f"pysyclfft.{name} needs the SYCL runtime: {_no_sycl}")
        raise AttributeError(f"module 'pysyclfft' has no attribute {name!r}")  # lets submodules import
else:
    from . import _core  # noqa: E402

    _core.set_kernel_include_dir(str(_environment.include_dir()))
    _environment.configure_disk_caches(_core)
    _environment.configure_specialization(_core)
    _environment.configure_announcements(_core)

    from ._dct import dct, dctn, dst, dstn, idct, idctn, idst, idstn  # noqa: E402
    from ._fft import fft, fft2, fftn, ifft, ifft2, ifftn  # noqa: E402
    from ._helpers import fftfreq, fftshift, ifftshift, next_fast_len, rfftfreq  # noqa: E402
    from ._info import precompile, precompile_generic, precompile_real, runtime_info  # noqa: E402
    from ._real import hfft, hfft2, hfftn, ihfft, ihfft2, ihfftn, irfft, irfft2, irfftn, rfft, rfft2, rfftn  # noqa: E402
    from ._plan import Plan, get_fft_plan  # noqa: E402
    from . import config  # noqa: E402
    from ._device_array import DeviceArray  # noqa: E402

    def patch_dpnp_fft():
        """Make dpnp.fft's functions use pysyclfft (pysyclfft.interfaces.dpnp_fft; needs dpnp)."""
        from .interfaces import dpnp_fft
        return dpnp_fft.patch_dpnp_fft()

    def restore_dpnp_fft():
        """Give dpnp.fft its own functions back (needs dpnp)."""
        from .interfaces import dpnp_fft
        return dpnp_fft.restore_dpnp_fft()
    from .interfaces import scipy_fft  # noqa: E402,F401  (pysyclfft.interfaces.scipy_fft without an import)

__version__ = "0.1.0"

__all__ = [
    "fft", "ifft", "fft2", "ifft2", "fftn", "ifftn",
    "rfft", "irfft", "rfft2", "irfft2", "rfftn", "irfftn", "hfft", "ihfft",
    "hfft2", "ihfft2", "hfftn", "ihfftn",
    "dct", "idct", "dst", "idst", "dctn", "idctn", "dstn", "idstn",
    "get_fft_plan", "Plan", "config", "DeviceArray",
    "fftfreq", "rfftfreq", "fftshift", "ifftshift", "next_fast_len",
    "patch_dpnp_fft", "restore_dpnp_fft",
    "precompile", "precompile_generic", "precompile_real", "runtime_info",
]
