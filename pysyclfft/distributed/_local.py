"""A rank's local FFT over the axes it holds whole, by a pysyclfft Plan on the
rank's SYCL queue, from and to DeviceArrays on that queue."""
import time

import numpy as np
from dpctl.utils import SequentialOrderManager

import pysyclfft

from .. import _memory


def complex_dtype(dtype):
    return np.result_type(np.dtype(dtype), np.complex64)


def result_shape(shape, axes, kind, real_lengths):
    """Shape after the transform: r2c halves the last transformed axis, c2r
    restores its real length."""
    shape = list(shape)
    if kind == "r2c":
        shape[axes[-1]] = shape[axes[-1]] // 2 + 1
    elif kind == "c2r":
        shape[axes[-1]] = real_lengths[-1]
    return tuple(shape)


class LocalTransform:
    """kind 'c2c' (fftn if forward else ifftn), 'r2c' (forward: rfftn) or 'c2r'
    (backward: irfftn to real_lengths) over `axes` of C-ordered DeviceArrays of
    `shape` on `queue`."""

    def __init__(self, queue, shape, dtype, axes, kind, norm, forward, real_lengths=None):
        self.queue, self.shape, self.dtype, self.axes, self.kind = queue, tuple(shape), np.dtype(dtype), tuple(axes), kind
        self.forward = forward
        self.out_shape = result_shape(shape, axes, kind, real_lengths)
        self.out_dtype = np.dtype(np.float32 if self.dtype == np.complex64 else np.float64) if kind == "c2r" \
            else complex_dtype(dtype)
        # An empty block (an axis shorter than the ranks sharing it) has nothing to transform.
        self._plan = None if 0 in self.shape else pysyclfft.get_fft_plan(
            _memory.empty(shape, dtype, queue), s=real_lengths, axes=axes, kind=kind, norm=norm)

    def __call__(self, x, buffers, timings):
        """The transform of x, waited for (`buffers`, the exchanges', is not needed here)."""
        if self._plan is None:
            return _memory.empty(self.out_shape, self.out_dtype, self.queue)
        t0 = time.perf_counter()
        y = self._plan(x, forward=self.forward)
        SequentialOrderManager[self.queue].wait()
        timings["fft"] += time.perf_counter() - t0
        return y
