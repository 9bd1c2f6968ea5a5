"""Array kinds the API accepts, and how results are given back.

USM arrays (dpnp.ndarray, usm_ndarray, anything with __sycl_usm_array_interface__)
are computed where they live and returned as the same kind; numpy (and any
other array-like) input is copied to the default SYCL device and back.
"""
import threading

import numpy as np

import dpctl
import dpnp
import dpnp.tensor as dpt
from dpctl.utils import SequentialOrderManager


class ArrayKind:
    NUMPY = "numpy"
    DPNP = "dpnp"
    USM = "usm_ndarray"


def is_usm(x):
    # The known kinds first: their __sycl_usm_array_interface__ getter waits for the queue.
    return isinstance(x, (dpnp.ndarray, dpt.usm_ndarray)) or hasattr(x, "__sycl_usm_array_interface__")


def kind_of(x):
    if isinstance(x, dpnp.ndarray):
        return ArrayKind.DPNP
    if is_usm(x):
        return ArrayKind.USM
    return ArrayKind.NUMPY


def shape_of(x):
    """The shape of an array or array-like, without converting it."""
    if hasattr(x, "shape"):
        return x.shape
    if is_usm(x):  # an object exposing only the interface (the docs promise it is a USM array)
        return tuple(x.__sycl_usm_array_interface__["shape"])
    return np.shape(x)


def as_usm_ndarray(x):
    """A usm_ndarray view of a USM array (no copy)."""
    if isinstance(x, dpnp.ndarray):
        return x.get_array()
    if isinstance(x, dpt.usm_ndarray):
        return x
    return dpt.asarray(x)


_default_queue = None
_default_queue_lock = threading.Lock()


def default_queue():
    """The queue numpy inputs are computed on (SYCL's default device, in order)."""
    global _default_queue
    with _default_queue_lock:
        if _default_queue is None:
            _default_queue = dpctl.SyclQueue(property="in_order")
        return _default_queue


def wrap_result(y, kind):
    """Turn a usm_ndarray result into the caller's array kind."""
    if kind == ArrayKind.DPNP:
        return dpnp.ndarray._create_from_usm_ndarray(y)
    if kind == ArrayKind.NUMPY:
        return dpt.asnumpy(y)
    return y


def check_dtype(dtype):
    """The dtype as numpy.dtype when pysyclfft computes it (numeric, at most double precision)."""
    dtype = np.dtype(dtype)
    if dtype.kind not in "biufc":
        raise TypeError(f"pysyclfft: unsupported array dtype {dtype} (expected a numeric array)")
    if dtype.kind in "fc" and dtype.itemsize > (16 if dtype.kind == "c" else 8):
        # Extended precision lives on the host and no SYCL device computes it;
        # computing it in double would silently drop digits the caller paid for.
        raise TypeError(f"pysyclfft: long double ({dtype}) is not supported: no SYCL device computes extended "
                        "precision. Convert to float64/complex128 (x.astype(numpy.complex128)) to compute in "
                        "double precision here, or use scipy.fft or numpy.fft, which compute long double on the host")
    return dtype


def complex_result_dtype(dtype, queue):
    """numpy 2 rules: single precision stays single, everything else is double;
    a device without fp64 computes in single precision (as dpnp does)."""
    dtype = check_dtype(dtype)
    single = dtype.newbyteorder("=") in (np.float16, np.float32, np.complex64)  # '>f4' is single too
    if not single and not queue.sycl_device.has_aspect_fp64:
        single = True
    return np.dtype(np.complex64 if single else np.complex128)


def real_dtype_of(complex_dtype):
    return np.dtype(np.float32 if np.dtype(complex_dtype) == np.complex64 else np.float64)


_warm_lock = threading.Lock()
_warm = False


def warm_up_dpctl(queue):
    """Run once, under a Python lock, the dpctl paths a transform uses.
    Their extensions initialise function-local statics on first use while
    calling Python; threads meeting there for the first time at once deadlock
    (one waits on the static's guard holding the GIL the other one needs)."""
    global _warm
    if _warm:
        return
    with _warm_lock:
        if _warm:
            return
        manager = SequentialOrderManager[queue]
        manager.add_event_pair(dpctl.SyclEvent(), dpctl.SyclEvent())
        manager.submitted_events
        manager.wait()
        _warm = True
