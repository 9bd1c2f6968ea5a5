"""Device allocations that fail as MemoryError.

dpctl reports a failed USM allocation as USMAllocationError, which is not a
MemoryError; callers of a numpy-style library expect one. Every device array or
buffer pysyclfft allocates goes through here, so a request larger than the
device fails with a MemoryError naming its size (and nothing else breaks).
"""
import contextlib
import math

import numpy as np

import dpctl.memory as dpm
import dpnp.tensor as dpt


@contextlib.contextmanager
def _device_request(nbytes, queue, what):
    try:
        yield
    except dpm.USMAllocationError:
        raise MemoryError(f"pysyclfft: cannot allocate {nbytes} bytes ({nbytes / 2**30:.2f} GiB) of device memory "
                          f"for {what} on {queue.sycl_device.name}") from None


def _array_bytes(shape, dtype):
    return math.prod(int(d) for d in shape) * np.dtype(dtype).itemsize


def empty(shape, dtype, queue, usm_type="device"):
    with _device_request(_array_bytes(shape, dtype), queue, "an array"):
        return dpt.empty(tuple(shape), dtype=dtype, usm_type=usm_type, sycl_queue=queue)


def zeros(shape, dtype, queue, usm_type="device"):
    with _device_request(_array_bytes(shape, dtype), queue, "a zero-padded input"):
        return dpt.zeros(tuple(shape), dtype=dtype, usm_type=usm_type, sycl_queue=queue)


def astype(a, dtype):
    with _device_request(_array_bytes(a.shape, dtype), a.sycl_queue, f"the input converted to {np.dtype(dtype)}"):
        return dpt.astype(a, dtype)


def copy(a, order="K"):
    with _device_request(_array_bytes(a.shape, a.dtype), a.sycl_queue, "a private copy of the input"):
        return dpt.copy(a, order=order)


def buffer(nbytes, queue):
    """Raw USM device memory (staging buffers)."""
    with _device_request(nbytes, queue, "a staging buffer"):
        return dpm.MemoryUSMDevice(nbytes, queue=queue)
