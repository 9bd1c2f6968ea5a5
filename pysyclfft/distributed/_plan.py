"""DistributedFFT: a 2-D or 3-D FFT of a global array split over MPI ranks.

The transform is a list of stages: local FFTs over the axes each rank holds
whole, and exchanges that move one grid dimension's split from one axis to the
next. For a grid of g dimensions (slab g=1, pencil g=2) over a d-D array:

    input:  axis k split over grid dimension k (k < g), axes g..d-1 whole
    FFT over axes g..d-1 (r2c: rfftn, the last axis halved)
    for k = g-1 .. 0: exchange (grid dim k: axis k -> axis k+1), FFT over axis k
    output: axis 0 whole, axis k+1 split over grid dimension k
    unless transposed_out: exchanges back (k = 0 .. g-1: axis k+1 -> axis k),
    so that the output is split like the input.

The backward transform runs the same stages in reverse with inverse FFTs
(c2r: irfftn last). Norms factorise over the stages, so each local FFT applies
the requested norm to its own axes.

Every rank's blocks live on its SYCL queue as DeviceArrays from the first local
FFT to the last: numpy blocks are copied there at the start of a transform and
back at the end, USM blocks are used where they are and the result is given
back as the same kind of array.
"""
import numbers
import time

import numpy as np

from .. import _arrays, _core, _device_array, _memory
from ._boxes import layout_box
from ._device import check_exchange, rank_queue
from ._exchange import Exchange, ExchangeBuffers
from ._gather import gather
from ._grid import ProcessGrid, check_grid
from ._local import LocalTransform, complex_dtype
from ._turns import build_in_turns

KINDS = ("c2c", "r2c")
# fft: local FFTs; pack: the device copies into and out of the exchange buffers;
# staging: device <-> USM host copies around MPI (exchange="host"); alltoall: MPI;
# transfer: numpy blocks copied to the device and results back.
TIMINGS = ("fft", "pack", "staging", "alltoall", "transfer")
NORMS = (None, "backward", "ortho", "forward")
_DTYPES = {"c2c": (np.complex64, np.complex128), "r2c": (np.float32, np.float64)}


def _check_shape(shape):
    if not hasattr(shape, "__len__") or not all(isinstance(n, numbers.Integral) and not isinstance(n, bool)
                                                for n in shape):
        raise TypeError(f"pysyclfft.distributed: shape must be a tuple of ints, got {shape!r}")
    if len(shape) not in (2, 3) or any(n < 1 for n in shape):
        raise ValueError(f"pysyclfft.distributed: shape must hold 2 or 3 lengths >= 1, got {tuple(shape)!r}")
    return tuple(int(n) for n in shape)


def _check_dtype(dtype, kind):
    try:
        dtype = np.dtype(dtype)
    except TypeError as bad:
        raise TypeError(f"pysyclfft.distributed: invalid dtype {dtype!r}") from bad
    if dtype not in [np.dtype(t) for t in _DTYPES[kind]]:
        raise ValueError(f"pysyclfft.distributed: a {kind} transform takes dtype "
                         f"{' or '.join(np.dtype(t).name for t in _DTYPES[kind])}, got dtype={dtype.name}")
    return dtype


def _stages(ndim, grid_ndim, transposed_out):
    """('fft', axes) and ('exchange', grid dim, from axis, to axis) in forward order."""
    stages = [("fft", tuple(range(grid_ndim, ndim)))]
    for k in reversed(range(grid_ndim)):
        stages += [("exchange", k, k, k + 1), ("fft", (k,))]
    if not transposed_out:
        stages += [("exchange", k, k + 1, k) for k in range(grid_ndim)]
    return stages


def _distribution_after(distribution, stages):
    distribution = list(distribution)
    for stage in stages:
        if stage[0] == "exchange":
            _, dim, src, dst = stage
            distribution[src], distribution[dst] = None, dim
    return tuple(distribution)


class DistributedFFT:
    """Forward and backward FFT of a global array of `shape` split over `comm`.

    comm: an mpi4py communicator. shape: the global (real, for r2c) shape, 2-D or 3-D.
    dtype: complex64/complex128 (c2c) or float32/float64 (r2c).
    kind: 'c2c' or 'r2c' (forward rfftn, backward irfftn).
    grid: None or 'slab' (every rank a block of axis 0), 'pencil' (a balanced
      (p0, p1) grid, 3-D only), or a tuple (p,) or (p0, p1) whose product is comm.size.
    norm: as numpy.fft ('backward' by default, 'ortho', 'forward').
    transposed_out: keep the output in the transposed layout (axis 0 whole),
      skipping the exchanges that would split it like the input.
    queue: the dpctl.SyclQueue this rank computes on; None picks one on the
      node-local rank's share of the default kind of device (a GPU per rank).
    exchange: 'host' (MPI reads USM host copies of the packed blocks: any MPI) or
      'device' (MPI reads the device buffers: a GPU-aware MPI, or a CPU device).

    forward(x) takes this rank's block of the input (input_box.shape, dtype), a
    numpy array or a USM array on `queue`, and returns its block of the spectrum
    (output_box.shape, complex) as the same kind of array; backward(y) the reverse. Boxes of every rank: input_boxes, output_boxes."""

    def __init__(self, comm, shape, dtype=np.complex128, kind="c2c", *, grid=None, norm=None,
                 transposed_out=False, queue=None, exchange="host"):
        if kind not in KINDS:
            raise ValueError(f"pysyclfft.distributed: kind must be 'c2c' or 'r2c', got kind={kind!r}")
        if norm not in NORMS:
            raise ValueError(f"pysyclfft.distributed: norm must be 'backward', 'ortho' or 'forward', got {norm!r}")
        if not isinstance(transposed_out, (bool, np.bool_)):
            raise TypeError(f"pysyclfft.distributed: transposed_out must be True or False, got {transposed_out!r}")
        self.kind, self.norm, self.transposed_out = kind, norm or "backward", bool(transposed_out)
        self.global_shape = _check_shape(shape)
        self.dtype = _check_dtype(dtype, kind)
        self.spectral_dtype = complex_dtype(self.dtype)
        spectral = list(self.global_shape)
        if kind == "r2c":
            spectral[-1] = spectral[-1] // 2 + 1
        self.spectral_shape = tuple(spectral)
        self.grid = check_grid(grid, comm.size, len(self.global_shape))
        self.comm = comm
        if exchange not in ("host", "device"):  # before the collective rank_queue
            check_exchange(exchange, None)
        self.queue = rank_queue(comm, queue)
        self.exchange = check_exchange(exchange, self.queue)
        self._grid = ProcessGrid(comm, self.grid)
        ndim, grid_ndim = len(self.global_shape), len(self.grid)
        self.input_distribution = tuple(k if k < grid_ndim else None for k in range(ndim))
        self._stage_list = _stages(ndim, grid_ndim, self.transposed_out)
        self.output_distribution = _distribution_after(self.input_distribution, self._stage_list)
        self.timings = dict.fromkeys(TIMINGS, 0.0)
        try:
            self._forward, self._backward = build_in_turns(comm, self._build_steps)
        except Exception:
            self._grid.free()  # a failed plan keeps no communicators
            raise

    # The boxes (see _boxes.Box) of this rank and of every rank, in comm rank order.
    def _boxes(self, shape, distribution, ranks):
        return [layout_box(shape, distribution, self.grid, self._grid.coords_of(r)) for r in ranks]

    input_box = property(lambda self: self._boxes(self.global_shape, self.input_distribution,
                                                  [self.comm.rank])[0], doc="This rank's block of the input.")
    output_box = property(lambda self: self._boxes(self.spectral_shape, self.output_distribution,
                                                   [self.comm.rank])[0], doc="This rank's block of the output.")
    input_boxes = property(lambda self: self._boxes(self.global_shape, self.input_distribution,
                                                    range(self.comm.size)), doc="Every rank's input block.")
    output_boxes = property(lambda self: self._boxes(self.spectral_shape, self.output_distribution,
                                                     range(self.comm.size)), doc="Every rank's output block.")

    def _build_steps(self):
        """The forward and backward step lists: LocalTransform and Exchange objects."""
        forward, shape, dtype, global_shape = [], self.input_box.shape, self.dtype, self.global_shape
        for index, stage in enumerate(self._stage_list):
            if stage[0] == "fft":
                step = LocalTransform(self.queue, shape, dtype, stage[1], self.kind if index == 0 else "c2c",
                                      self.norm, True)
                shape, dtype, global_shape = step.out_shape, step.out_dtype, self.spectral_shape
            else:
                _, dim, src, dst = stage
                step = Exchange(self._grid.subcomms[dim], src, dst, global_shape, shape, dtype)
                shape = step.shape_after
            forward.append(step)
        backward, shape = [], self.output_box.shape
        for index, stage in reversed(list(enumerate(self._stage_list))):
            if stage[0] == "fft":
                real = index == 0 and self.kind == "r2c"
                axes = stage[1]
                lengths = [self.global_shape[a] for a in axes] if real else None
                step = LocalTransform(self.queue, shape, self.spectral_dtype, axes, "c2r" if real else "c2c",
                                      self.norm, False, lengths)
            else:
                _, dim, src, dst = stage
                step = Exchange(self._grid.subcomms[dim], dst, src, self.spectral_shape, shape, self.spectral_dtype)
            shape = step.out_shape if stage[0] == "fft" else step.shape_after
            backward.append(step)
        exchanges = [step for step in forward + backward if isinstance(step, Exchange)]
        self._buffers = ExchangeBuffers(self.queue, max([step.buffer_bytes for step in exchanges], default=0),
                                        self.exchange)
        if exchanges:  # compile the packing kernel in this rank's turn too
            pointer = self._buffers.device_send._pointer
            _core.copy_rows(self.queue, pointer, pointer, 1, 1, 1, 1, self.spectral_dtype == np.complex128, []).wait()
        return forward, backward

    def _on_device(self, x, box, dtype, name):
        """This rank's block x (numpy, or USM on the plan's queue) as a C-ordered DeviceArray."""
        usm = _arrays.is_usm(x)
        if not usm and not isinstance(x, np.ndarray):
            raise TypeError(f"pysyclfft.distributed: {name} must be a numpy array or a USM array, got "
                            f"{type(x).__name__}")
        a = _arrays.as_device_array(x) if usm else x
        if a.shape != box.shape or a.dtype != dtype:
            raise ValueError(f"pysyclfft.distributed: {name} must be this rank's block, {dtype.name} of shape "
                             f"{box.shape}; got {a.dtype.name} of shape {a.shape}")
        if not usm:
            t0 = time.perf_counter()
            host, a = a, _memory.empty(a.shape, a.dtype, self.queue)  # pooled: memory already touched
            _device_array.from_host(a, host)
            self.timings["transfer"] += time.perf_counter() - t0
            return a
        if a.sycl_queue != self.queue:
            raise ValueError(f"pysyclfft.distributed: {name} must be on the plan's queue (plan.queue, on "
                             f"{self.queue.sycl_device.name}); build the plan with queue={name}.sycl_queue")
        # The local plans are bound to C strides (a length-1 axis may have any stride
        # and still be called contiguous, so the strides themselves are compared).
        return a if a.strides == _device_array.c_strides(a.shape) else _memory.copy(a)

    def _run(self, steps, x):
        y = self._on_device(x, *((self.input_box, self.dtype, "x") if steps is self._forward else
                                 (self.output_box, self.spectral_dtype, "y")))
        for step in steps:
            y = step(y, self._buffers, self.timings)
        if _arrays.kind_of(x) != _arrays.ArrayKind.NUMPY:
            return _arrays.wrap_result(y, _arrays.kind_of(x))
        t0 = time.perf_counter()
        host = y.asnumpy()
        self.timings["transfer"] += time.perf_counter() - t0
        return host

    def forward(self, x):
        """This rank's block of the spectrum from its block x of the input (numpy or USM)."""
        return self._run(self._forward, x)

    def backward(self, y):
        """This rank's block of the input (inverse transform) from its block y of the spectrum."""
        return self._run(self._backward, y)

    def gather_input(self, x, root=None):
        """The global input array from every rank's block (on root, or every rank when root is None)."""
        return gather(self.comm, x, self.input_boxes, self.global_shape, root)

    def gather_output(self, y, root=None):
        """The global spectrum from every rank's block (on root, or every rank when root is None)."""
        return gather(self.comm, y, self.output_boxes, self.spectral_shape, root)

    def reset_timings(self):
        for key in self.timings:
            self.timings[key] = 0.0

    @property
    def exchange_bytes(self):
        """Bytes this rank sends to other ranks in one forward transform."""
        return sum(step.bytes_sent for step in self._forward if isinstance(step, Exchange))

    def __repr__(self):
        return (f"<pysyclfft.distributed.DistributedFFT {self.kind} {self.dtype.name}{list(self.global_shape)} "
                f"grid={self.grid} norm={self.norm!r} transposed_out={self.transposed_out} exchange={self.exchange!r} "
                f"input split {self.input_distribution} -> output split {self.output_distribution}>")

    def free(self):
        """Release the plan's MPI communicators (collective; the plan is unusable after)."""
        self._grid.free()
