"""Assembling a distributed array on one rank or on all of them (for checks,
I/O and small problems; a real run keeps its data distributed)."""
import numpy as np

from .. import _arrays


def gather(comm, local, boxes, global_shape, root=None):
    """The global numpy array from each rank's `local` block (numpy or USM) of boxes[rank]: on every
    rank (root=None, allgather) or on `root` only (other ranks get None)."""
    local = _arrays.as_device_array(local).asnumpy() if _arrays.is_usm(local) else np.ascontiguousarray(local)
    if root is None:
        blocks = comm.allgather(local)
    else:
        blocks = comm.gather(local, root=root)
        if comm.rank != root:
            return None
    result = np.empty(global_shape, local.dtype)
    for box, block in zip(boxes, blocks):
        result[box.slices] = block
    return result
