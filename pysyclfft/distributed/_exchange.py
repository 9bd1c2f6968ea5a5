"""One redistribution step (a global transpose) inside one sub-communicator.

Before: axis `from_axis` is split over the sub-communicator's p ranks and axis
`to_axis` is whole on each rank. After: `from_axis` whole, `to_axis` split.
Rank j receives from every rank that rank's piece of j's block of `to_axis`,
sent with one MPI Alltoallv through contiguous host (numpy) buffers: pack the
p send blocks one after another, exchange, unpack the p received blocks into
place. The buffers are the host staging a GPU rank would also need with an MPI
that cannot read device memory (docs/distributed.md).
"""
import time

import numpy as np

from ._boxes import block_sizes


def _block_shapes(shape, axis, sizes):
    """Shapes of `shape` cut into blocks of the given sizes along `axis`."""
    return [tuple(size if i == axis else n for i, n in enumerate(shape)) for size in sizes]


def _offsets(counts):
    return np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.int64)


class StagingBuffers:
    """The host send and receive buffers of a plan's exchanges, shared by all of
    them (they run one at a time): two buffers of the largest exchange's size,
    allocated once so that repeated transforms reuse memory already touched."""

    def __init__(self, nbytes):
        self._send, self._recv = np.empty(nbytes, np.uint8), np.empty(nbytes, np.uint8)

    def views(self, count_send, count_recv, dtype):
        """Flat send and receive arrays of `dtype` with the given element counts."""
        itemsize = np.dtype(dtype).itemsize
        return (self._send[:count_send * itemsize].view(dtype), self._recv[:count_recv * itemsize].view(dtype))


class Exchange:
    """Moves the split of one sub-communicator from `from_axis` to `to_axis`
    for local arrays of shape `shape_before` (giving `shape_after`)."""

    def __init__(self, subcomm, from_axis, to_axis, global_shape, shape_before, dtype):
        self.comm = subcomm
        self.from_axis, self.to_axis = from_axis, to_axis
        self.dtype = np.dtype(dtype)
        self.shape_before = tuple(shape_before)
        parts = subcomm.size
        me = subcomm.rank
        to_sizes = block_sizes(global_shape[to_axis], parts)
        from_sizes = block_sizes(global_shape[from_axis], parts)
        self.send_shapes = _block_shapes(self.shape_before, to_axis, to_sizes)
        after = list(self.shape_before)
        after[from_axis] = global_shape[from_axis]
        after[to_axis] = to_sizes[me]
        self.shape_after = tuple(after)
        self.recv_shapes = _block_shapes(self.shape_after, from_axis, from_sizes)
        self.send_counts = np.array([int(np.prod(s)) for s in self.send_shapes], dtype=np.int64)
        self.recv_counts = np.array([int(np.prod(s)) for s in self.recv_shapes], dtype=np.int64)
        self.send_offsets, self.recv_offsets = _offsets(self.send_counts), _offsets(self.recv_counts)
        self.buffer_bytes = max(int(self.send_counts.sum()), int(self.recv_counts.sum())) * self.dtype.itemsize

    @property
    def bytes_sent(self):
        """Bytes this rank sends to the other ranks (its own block stays)."""
        me = self.comm.rank
        return int(self.send_counts.sum() - self.send_counts[me]) * self.dtype.itemsize

    def _pieces(self, flat, offsets, counts, shapes):
        return [flat[o:o + c].reshape(s) for o, c, s in zip(offsets, counts, shapes)]

    def _cut(self, array, axis, shapes):
        """Views of `array` along `axis` in blocks of the given shapes."""
        views, start = [], 0
        for shape in shapes:
            index = [slice(None)] * array.ndim
            index[axis] = slice(start, start + shape[axis])
            views.append(array[tuple(index)])
            start += shape[axis]
        return views

    def __call__(self, x, buffers, timings):
        """x redistributed (a new C-contiguous array; x itself on a single rank, where
        nothing moves) through the StagingBuffers `buffers`."""
        if self.comm.size == 1:
            return x
        t0 = time.perf_counter()
        send, recv = buffers.views(int(self.send_counts.sum()), int(self.recv_counts.sum()), self.dtype)
        for piece, view in zip(self._pieces(send, self.send_offsets, self.send_counts, self.send_shapes),
                               self._cut(x, self.to_axis, self.send_shapes)):
            piece[...] = view
        t1 = time.perf_counter()
        self.comm.Alltoallv([send, (self.send_counts, self.send_offsets)],
                            [recv, (self.recv_counts, self.recv_offsets)])
        t2 = time.perf_counter()
        out = np.empty(self.shape_after, self.dtype)
        for view, piece in zip(self._cut(out, self.from_axis, self.recv_shapes),
                               self._pieces(recv, self.recv_offsets, self.recv_counts, self.recv_shapes)):
            view[...] = piece
        t3 = time.perf_counter()
        timings["pack"] += (t1 - t0) + (t3 - t2)
        timings["alltoall"] += t2 - t1
        return out
