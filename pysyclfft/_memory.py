"""Device allocations: from the memory pool, failing as MemoryError.

Every device array or buffer pysyclfft allocates goes through here. Arrays come
from the memory pool (pysyclfft/_pool.py), so a repeated call reuses memory whose
pages are already touched; they are DeviceArrays (pysyclfft/_device_array.py) on
the requested queue and USM type, wrapped as dpnp/usm_ndarray only when handed
back to a caller who gave one. dpctl reports a failed USM allocation as USMAllocationError, which
is not a MemoryError; callers of a numpy-style library expect one, so a request
larger than the device fails with a MemoryError naming its size (and nothing
else breaks).

Copies between device arrays (assign) run on the device through dpnp.tensor
when dpnp is installed. Without it, a copy of two C-contiguous arrays of one
dtype is a device memcpy, and any other (strided, or converting the dtype)
goes through the host: a documented slow path for strided USM inputs that are
padded or converted; numpy inputs are prepared on the host anyway.
"""
import math

import numpy as np

import dpctl.memory as dpm

from . import _arrays, _device_array, _pool
from ._device_array import DeviceArray


def block(nbytes, queue, usm_type="device", what="an array"):
    """A USM memory object of nbytes (at least 1) on queue, from the pool where it fits."""
    try:
        memory = _pool.pool.acquire(queue, usm_type, nbytes) if nbytes else None
        if memory is None:  # empty, or beyond the pool's limit
            memory = _pool.RAW_MEMORY[usm_type](max(nbytes, 1), queue=queue)
    except dpm.USMAllocationError:
        raise MemoryError(f"pysyclfft: cannot allocate {nbytes} bytes ({nbytes / 2**30:.2f} GiB) of device memory "
                          f"for {what} on {queue.sycl_device.name}") from None
    return memory


def _pooled_empty(shape, dtype, queue, usm_type, what):
    shape = tuple(map(int, shape))
    return DeviceArray(block(math.prod(shape) * np.dtype(dtype).itemsize, queue, usm_type, what), shape, dtype)


def empty(shape, dtype, queue, usm_type="device"):
    return _pooled_empty(shape, dtype, queue, usm_type, "an array")


def zeros(shape, dtype, queue, usm_type="device"):
    z = _pooled_empty(shape, dtype, queue, usm_type, "a zero-padded input")
    z.usm_data.memset(0)  # fresh or returned block: no pending work uses it
    return z


def assign(dst, src):
    """dst[...] = src for DeviceArrays of one shape (casting the dtype), see the module docstring."""
    if _arrays.has_dpnp():
        _arrays.as_usm_ndarray(dst)[...] = _arrays.as_usm_ndarray(src)
    elif dst.dtype == src.dtype and dst.flags.c_contiguous and src.flags.c_contiguous:
        _device_array.copy_contiguous(dst, src)
    else:
        _device_array.from_host(dst, _device_array.to_host(src))


def astype(a, dtype):
    """a converted to dtype (C order)."""
    converted = _pooled_empty(a.shape, dtype, a.sycl_queue, a.usm_type, f"the input converted to {np.dtype(dtype)}")
    assign(converted, a)
    return converted


def copy(a):
    """A private C-ordered copy of a."""
    duplicate = _pooled_empty(a.shape, a.dtype, a.sycl_queue, a.usm_type, "a private copy of the input")
    assign(duplicate, a)
    return duplicate
