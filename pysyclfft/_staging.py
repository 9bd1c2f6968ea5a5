"""Reusable device buffers for numpy inputs.

Fresh USM memory costs a page fault per page on first touch (about 21 ms per
64 MiB on the OpenCL CPU device, more than the transform itself), so each
thread keeps its largest staging buffer per queue and reuses it. Calls on one
thread finish (they copy the result back) before the next one starts, so a
thread never hands out a buffer still in use.
"""
import threading

import dpnp.tensor as dpt

from . import _memory

MAX_CACHED_BYTES = 1 << 30  # larger requests are not kept after the call

_local = threading.local()


def device_array(queue, shape, dtype):
    """An uninitialised usm_ndarray on `queue`, backed by this thread's staging buffer."""
    nbytes = int(dpt.empty(0, dtype=dtype, sycl_queue=queue).itemsize)
    for d in shape:
        nbytes *= int(d)
    if nbytes == 0 or nbytes > MAX_CACHED_BYTES:
        return _memory.empty(shape, dtype, queue)
    buffers = getattr(_local, "buffers", None)
    if buffers is None:
        buffers = _local.buffers = {}
    mem = buffers.get(queue)
    if mem is None or mem.nbytes < nbytes:
        mem = buffers[queue] = _memory.buffer(nbytes, queue)
    return dpt.usm_ndarray(shape, dtype=dtype, buffer=mem)


def release():
    """Drop this thread's staging buffers."""
    _local.buffers = {}
