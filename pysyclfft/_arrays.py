"""Array kinds the API accepts, and how results are given back.

USM arrays are computed where they live. Results come back as the input's kind:
dpnp in, dpnp out; usm_ndarray in, usm_ndarray out (both need dpnp, the
optional extra); any other __sycl_usm_array_interface__ object gives a
pysyclfft.DeviceArray. Arrays of CUDA libraries are USM too (CuPy in, CuPy out;
a CUDA torch tensor in, a tensor out; other __cuda_array_interface__ or DLPack
objects on a CUDA device give a DeviceArray): pysyclfft/_cuda_arrays.py has
their rules. numpy (and any other array-like) input is copied to the default
SYCL device and back. Inside, every device array is a DeviceArray view.
"""
import threading

import numpy as np

import dpctl
import dpctl.memory as dpm
from dpctl.utils import SequentialOrderManager

from . import _cuda_arrays
from ._device_array import DeviceArray

try:  # optional: without dpnp every device result is a DeviceArray
    import dpnp
    import dpnp.tensor as dpt
except ModuleNotFoundError as missing:
    if not (missing.name or "").startswith("dpnp"):
        raise
    dpnp = dpt = None


class ArrayKind:
    NUMPY = "numpy"
    DPNP = "dpnp"
    USM_NDARRAY = "usm_ndarray"
    DEVICE = "DeviceArray"  # DeviceArray, other __sycl_usm_array_interface__ objects, other CUDA arrays
    CUPY = "cupy"
    TORCH = "torch"


def has_dpnp():
    return dpnp is not None


def require_dpnp(what):
    """dpnp itself, or an ImportError naming the extra that installs it."""
    if dpnp is None:
        raise ImportError(f"pysyclfft: {what} needs dpnp, which is not installed "
                          "(install it with the extra: pip install \"pysyclfft[dpnp]\")")
    return dpnp


def _dpnp_kind(x):
    if dpnp is None:
        return None
    if isinstance(x, dpnp.ndarray):
        return ArrayKind.DPNP
    if isinstance(x, dpt.usm_ndarray):
        return ArrayKind.USM_NDARRAY
    return None


def _is_sycl_usm(x):
    # The known kinds first: their __sycl_usm_array_interface__ getter waits for the queue.
    return isinstance(x, DeviceArray) or _dpnp_kind(x) is not None or hasattr(x, "__sycl_usm_array_interface__")


def is_usm(x):
    """Whether x is a device array (computed where it lives), not host data."""
    return _is_sycl_usm(x) or _cuda_arrays.producer_of(x) is not None


def cuda_producer_of(x):
    """The CUDA library producer of x (pysyclfft/_cuda_arrays.py), None for other arrays.
    dpnp's arrays are SYCL arrays, answered at once: probing their protocols costs
    microseconds a call."""
    return None if _dpnp_kind(x) is not None else _cuda_arrays.producer_of(x)


def kind_of(x):
    known = _dpnp_kind(x)
    if known is not None:
        return known
    if _is_sycl_usm(x):
        return ArrayKind.DEVICE
    producer = _cuda_arrays.producer_of(x)
    return ArrayKind.NUMPY if producer is None else producer.kind


def shape_of(x):
    """The shape of an array or array-like, without converting it."""
    if hasattr(x, "shape"):
        return tuple(x.shape)
    if is_usm(x):  # an object exposing only an interface (the docs promise it is a device array)
        return as_device_array(x).shape
    return np.shape(x)


def dtype_of(x):
    """x's dtype as a numpy.dtype (a torch tensor's too), None for objects without one."""
    if isinstance(x, np.ndarray) or _dpnp_kind(x) is not None:
        return x.dtype  # a numpy.dtype already; no view to build
    producer = _cuda_arrays.producer_of(x)
    if producer is not None:
        return producer.dtype(x)
    if _is_sycl_usm(x):
        return as_device_array(x).dtype
    dtype = getattr(x, "dtype", None)
    return None if dtype is None else np.dtype(dtype)


def _from_interface(x):
    """A DeviceArray view of an object exposing __sycl_usm_array_interface__."""
    interface = x.__sycl_usm_array_interface__
    memory = dpm.as_usm_memory(x)
    dtype = np.dtype(interface["typestr"])
    first = interface["data"][0] + interface.get("offset", 0) * dtype.itemsize
    return DeviceArray(memory, interface["shape"], dtype, interface.get("strides"),
                       (first - memory._pointer) // dtype.itemsize, writable=not interface["data"][1])


def as_device_array(x):
    """A DeviceArray view of a USM array (no copy)."""
    if isinstance(x, DeviceArray):
        return x
    kind = _dpnp_kind(x)
    if kind is None:
        if hasattr(x, "__sycl_usm_array_interface__"):
            return _from_interface(x)
        return _cuda_arrays.as_device_array(x, _cuda_arrays.producer_of(x))
    u = x.get_array() if kind == ArrayKind.DPNP else x
    return DeviceArray(u.usm_data, u.shape, u.dtype, u.strides, u._element_offset, u.flags.writable)


def as_usm_ndarray(a):
    """The DeviceArray a as a usm_ndarray over the same memory (needs dpnp)."""
    require_dpnp("a usm_ndarray result")
    return dpt.usm_ndarray(a.shape, dtype=a.dtype, buffer=a.usm_data, strides=a.strides, offset=a._element_offset)


_default_queue = None
_default_queue_lock = threading.Lock()


def default_queue():
    """The queue numpy inputs are computed on (SYCL's default device, in order)."""
    global _default_queue
    if _default_queue is not None:  # made once: no lock needed to read it
        return _default_queue
    with _default_queue_lock:
        if _default_queue is None:
            _default_queue = dpctl.SyclQueue(property="in_order")
        return _default_queue


def wrap_result(y, kind):
    """Turn a DeviceArray result into the caller's array kind (no copy on the device)."""
    if kind == ArrayKind.DPNP:
        return dpnp.ndarray._create_from_usm_ndarray(as_usm_ndarray(y))
    if kind == ArrayKind.USM_NDARRAY:
        return as_usm_ndarray(y)
    if kind == ArrayKind.NUMPY:
        return y.asnumpy()
    if kind in (ArrayKind.CUPY, ArrayKind.TORCH):
        return _cuda_arrays.producer_of_kind(kind).wrap(y)
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
