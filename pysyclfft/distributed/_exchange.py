"""One redistribution step (a global transpose) inside one sub-communicator.

Before: axis `from_axis` is split over the sub-communicator's p ranks and axis
`to_axis` is whole on each rank. After: `from_axis` whole, `to_axis` split.
Rank j receives from every rank that rank's piece of j's block of `to_axis`,
sent with one MPI Alltoallv of contiguous buffers. The local arrays are
DeviceArrays on the plan's queue; the p send blocks are packed one after
another into a device buffer by a row-copy kernel (a block of a C-ordered array
cut along one axis is a set of equally spaced rows), and the received blocks
unpacked likewise. With exchange="host" the packed buffer goes to MPI through
USM host memory (device-to-host copy, Alltoallv on host buffers, host-to-device
copy), which any MPI reads; with exchange="device" MPI gets the device buffers
themselves (an MPI that reads device memory, or a CPU device, whose device
memory is host memory). See docs/distributed.md.
"""
import math
import time

import dpctl.memory as dpm
import numpy as np
from dpctl.utils import SequentialOrderManager

from .. import _core, _memory
from ._boxes import block_sizes


def _block_shapes(shape, axis, sizes):
    """Shapes of `shape` cut into blocks of the given sizes along `axis`."""
    return [tuple(size if i == axis else n for i, n in enumerate(shape)) for size in sizes]


def _offsets(counts):
    return np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.int64)


class ExchangeBuffers:
    """The buffers of a plan's exchanges, shared by all of them (they run one at
    a time), allocated once so that repeated transforms reuse touched memory:
    exchange="host": one device buffer (packed sends, then the received blocks)
    and a USM host send and receive buffer; "device": a device send and receive buffer."""

    def __init__(self, queue, nbytes, exchange):
        size = max(nbytes, 1)
        self.exchange = exchange
        self.device_send = dpm.MemoryUSMDevice(size, queue=queue)
        self.device_recv = dpm.MemoryUSMDevice(size, queue=queue) if exchange == "device" else self.device_send
        if exchange == "host":
            self.host_send, self.host_recv = dpm.MemoryUSMHost(size, queue=queue), dpm.MemoryUSMHost(size, queue=queue)


def _mpi_buffer(memory, count, dtype):
    """An MPI message buffer of `count` elements of dtype at a USM allocation."""
    from mpi4py import MPI

    return MPI.buffer.fromaddress(memory._pointer, count * np.dtype(dtype).itemsize)


def _mpi_complex(dtype):
    from mpi4py import MPI

    return MPI.C_FLOAT_COMPLEX if np.dtype(dtype) == np.complex64 else MPI.C_DOUBLE_COMPLEX


class Exchange:
    """Moves the split of one sub-communicator from `from_axis` to `to_axis`
    for local (complex) arrays of shape `shape_before` (giving `shape_after`)."""

    def __init__(self, subcomm, from_axis, to_axis, global_shape, shape_before, dtype):
        self.comm = subcomm
        self.from_axis, self.to_axis = from_axis, to_axis
        self.dtype = np.dtype(dtype)
        self.shape_before = tuple(shape_before)
        parts, me = subcomm.size, subcomm.rank
        self.to_sizes = block_sizes(global_shape[to_axis], parts)
        self.from_sizes = block_sizes(global_shape[from_axis], parts)
        send_shapes = _block_shapes(self.shape_before, to_axis, self.to_sizes)
        after = list(self.shape_before)
        after[from_axis] = global_shape[from_axis]
        after[to_axis] = self.to_sizes[me]
        self.shape_after = tuple(after)
        recv_shapes = _block_shapes(self.shape_after, from_axis, self.from_sizes)
        self.send_counts = np.array([math.prod(s) for s in send_shapes], dtype=np.int64)
        self.recv_counts = np.array([math.prod(s) for s in recv_shapes], dtype=np.int64)
        self.send_offsets, self.recv_offsets = _offsets(self.send_counts), _offsets(self.recv_counts)
        self.buffer_bytes = max(int(self.send_counts.sum()), int(self.recv_counts.sum())) * self.dtype.itemsize

    @property
    def bytes_sent(self):
        """Bytes this rank sends to the other ranks (its own block stays)."""
        me = self.comm.rank
        return int(self.send_counts.sum() - self.send_counts[me]) * self.dtype.itemsize

    def _copy_blocks(self, queue, array, axis, sizes, buffer, offsets, pack):
        """Pack (array's blocks along `axis` -> buffer at `offsets`) or unpack (the
        reverse), one row copy per block; waits for them."""
        shape = array.shape
        inner, outer = math.prod(shape[axis + 1:]), math.prod(shape[:axis])
        pitch, itemsize = shape[axis] * inner, self.dtype.itemsize
        base = array.usm_data._pointer + array._element_offset * itemsize
        deps = SequentialOrderManager[queue].submitted_events
        events, start = [], 0
        for size, offset in zip(sizes, offsets):
            block = base + start * inner * itemsize
            packed = buffer._pointer + int(offset) * itemsize
            src, dst, src_pitch, dst_pitch = (block, packed, pitch, size * inner) if pack else \
                (packed, block, size * inner, pitch)
            events.append(_core.copy_rows(queue, src, dst, size * inner, outer, src_pitch, dst_pitch,
                                          self.dtype == np.complex128, deps))
            start += size
        for event in events:
            event.wait()

    def _alltoallv(self, send, recv):
        datatype = _mpi_complex(self.dtype)
        self.comm.Alltoallv([_mpi_buffer(send, int(self.send_counts.sum()), self.dtype),
                             (self.send_counts, self.send_offsets), datatype],
                            [_mpi_buffer(recv, int(self.recv_counts.sum()), self.dtype),
                             (self.recv_counts, self.recv_offsets), datatype])

    def __call__(self, x, buffers, timings):
        """The DeviceArray x (C-ordered, shape_before) redistributed: a new
        DeviceArray (x itself on a single rank, where nothing moves)."""
        if self.comm.size == 1:
            return x
        queue = x.sycl_queue
        t0 = time.perf_counter()
        self._copy_blocks(queue, x, self.to_axis, self.to_sizes, buffers.device_send, self.send_offsets, True)
        t1 = time.perf_counter()
        if buffers.exchange == "host":
            send_bytes = int(self.send_counts.sum()) * self.dtype.itemsize
            recv_bytes = int(self.recv_counts.sum()) * self.dtype.itemsize
            _core.copy_and_wait(queue, buffers.host_send._pointer, buffers.device_send._pointer, send_bytes, [])
            t2 = time.perf_counter()
            self._alltoallv(buffers.host_send, buffers.host_recv)
            t3 = time.perf_counter()
            _core.copy_and_wait(queue, buffers.device_recv._pointer, buffers.host_recv._pointer, recv_bytes, [])
            t4 = time.perf_counter()
        else:
            t2 = t1
            self._alltoallv(buffers.device_send, buffers.device_recv)
            t3 = t4 = time.perf_counter()
        out = _memory.empty(self.shape_after, self.dtype, queue)
        self._copy_blocks(queue, out, self.from_axis, self.from_sizes, buffers.device_recv, self.recv_offsets, False)
        t5 = time.perf_counter()
        timings["pack"] += (t1 - t0) + (t5 - t4)
        timings["staging"] += (t2 - t1) + (t4 - t3)
        timings["alltoall"] += t3 - t2
        return out
