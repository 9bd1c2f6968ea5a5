"""Device allocations: from the memory pool, failing as MemoryError.

Every device array or buffer pysyclfft allocates goes through here. Arrays come
from the memory pool (pysyclfft/_pool.py), so a repeated call reuses memory whose
pages are already touched; they are ordinary usm_ndarrays on the requested queue
and USM type. dpctl reports a failed USM allocation as USMAllocationError, which
is not a MemoryError; callers of a numpy-style library expect one, so a request
larger than the device fails with a MemoryError naming its size (and nothing
else breaks).
"""
import contextlib
import math

import numpy as np

import dpctl.memory as dpm
import dpnp.tensor as dpt

from . import _pool


@contextlib.contextmanager
def _device_request(nbytes, queue, what):
    try:
        yield
    except dpm.USMAllocationError:
        raise MemoryError(f"pysyclfft: cannot allocate {nbytes} bytes ({nbytes / 2**30:.2f} GiB) of device memory "
                          f"for {what} on {queue.sycl_device.name}") from None


def _array_bytes(shape, dtype):
    return math.prod(int(d) for d in shape) * np.dtype(dtype).itemsize


def _pooled_empty(shape, dtype, queue, usm_type, what):
    shape = tuple(int(d) for d in shape)
    nbytes = _array_bytes(shape, dtype)
    with _device_request(nbytes, queue, what):
        memory = _pool.pool.acquire(queue, usm_type, nbytes) if nbytes else None
        if memory is None:  # empty, or beyond the pool's limit
            return dpt.empty(shape, dtype=dtype, usm_type=usm_type, sycl_queue=queue)
        return dpt.usm_ndarray(shape, dtype=dtype, buffer=memory)


def empty(shape, dtype, queue, usm_type="device"):
    return _pooled_empty(shape, dtype, queue, usm_type, "an array")


def zeros(shape, dtype, queue, usm_type="device"):
    z = _pooled_empty(shape, dtype, queue, usm_type, "a zero-padded input")
    z[...] = 0
    return z


def astype(a, dtype):
    """a converted to dtype (C order)."""
    converted = _pooled_empty(a.shape, dtype, a.sycl_queue, a.usm_type, f"the input converted to {np.dtype(dtype)}")
    converted[...] = a
    return converted


def copy(a):
    """A private C-ordered copy of a."""
    duplicate = _pooled_empty(a.shape, a.dtype, a.sycl_queue, a.usm_type, "a private copy of the input")
    duplicate[...] = a
    return duplicate
