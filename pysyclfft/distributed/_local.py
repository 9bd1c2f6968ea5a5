"""A rank's local FFT over the axes it holds whole, by a pysyclfft Plan on the
rank's SYCL device (numpy arrays: the default device)."""
import time

import numpy as np

import pysyclfft


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
    (backward: irfftn to real_lengths) over `axes` of C-contiguous arrays of `shape`."""

    def __init__(self, shape, dtype, axes, kind, norm, forward, real_lengths=None):
        self.shape, self.dtype, self.axes, self.kind = tuple(shape), np.dtype(dtype), tuple(axes), kind
        self.forward = forward
        self.out_shape = result_shape(shape, axes, kind, real_lengths)
        self.out_dtype = np.dtype(np.float32 if self.dtype == np.complex64 else np.float64) if kind == "c2r" \
            else complex_dtype(dtype)
        # An empty block (an axis shorter than the ranks sharing it) has nothing to transform.
        self._plan = None if 0 in self.shape else pysyclfft.get_fft_plan(
            np.empty(shape, dtype), s=real_lengths, axes=axes, kind=kind, norm=norm)

    def __call__(self, x, buffers, timings):
        """The transform of x (`buffers`, the exchanges' staging, is not needed here)."""
        if self._plan is None:
            return np.empty(self.out_shape, self.out_dtype)
        t0 = time.perf_counter()
        y = self._plan(x, forward=self.forward)
        timings["fft"] += time.perf_counter() - t0
        return y
