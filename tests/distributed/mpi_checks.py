"""Checks of pysyclfft.distributed, run under `mpiexec -n N python mpi_checks.py`
(tests/test_distributed.py launches it for N = 1..4).

Every case compares the gathered result with numpy.fft of the gathered global
array in float64/complex128: forward against fftn/rfftn, backward against
ifftn/irfftn of an independent random spectrum, and the round trip. Errors are
normalised L2 (||y - ref|| / ||ref||), bounded by BOUND_FACTOR * eps * log2(N).
The cases take their blocks in turn as numpy arrays, pysyclfft.DeviceArrays and
(with dpnp) usm_ndarrays on the plan's queue, whose results must be the same
kind of array, and exchange in turn through host memory and, where MPI may read
device memory (a CPU device here), through the device buffers.
Prints one line per failure and exits 1 if any case failed on any rank.
"""
import itertools
import math
import sys

import dpctl
import numpy as np
from mpi4py import MPI

import pysyclfft
from pysyclfft.distributed import DistributedFFT
from pysyclfft.distributed._device import mpi_gpu_support, rank_queue

try:
    import dpnp.tensor as dpt
except ImportError:
    dpt = None

COMM = MPI.COMM_WORLD
BOUND_FACTOR = 2.0
NORMS = ("backward", "ortho", "forward")
REAL = {"c2c": {np.complex64: np.float32, np.complex128: np.float64}, "r2c": None}


def pencil_grids(size):
    return [(p0, size // p0) for p0 in range(1, size + 1) if size % p0 == 0]


def cases():
    """(shape, kind, dtype, grid, transposed_out); norms cycle over the cases."""
    grids_3d = [None] + pencil_grids(COMM.size)
    for shape, grids in (((9, 10, 11), grids_3d), ((3, 5, 6), [None, "pencil"]), ((9, 10), [None]),
                         ((2, 7), [(COMM.size,)])):
        for grid, kind, transposed in itertools.product(grids, ("c2c", "r2c"), (False, True)):
            for dtype in ((np.complex64, np.complex128) if kind == "c2c" else (np.float32, np.float64)):
                yield shape, kind, np.dtype(dtype), grid, transposed


def array_kinds():
    """How blocks are handed to the plan: (name, to the plan's queue, result type)."""
    kinds = [("numpy", lambda a, queue: a, np.ndarray),
             ("DeviceArray", lambda a, queue: pysyclfft.DeviceArray.from_numpy(a, queue), pysyclfft.DeviceArray)]
    if dpt is not None:
        kinds.append(("usm_ndarray", lambda a, queue: dpt.asarray(a, sycl_queue=queue), dpt.usm_ndarray))
    return kinds


ARRAY_KINDS = array_kinds()
QUEUE = rank_queue(COMM, None)  # the queue plans built with queue=None pick
# exchange='device' is accepted on a CPU device (device memory is host memory) and with a GPU-aware MPI.
DEVICE_EXCHANGE = QUEUE.sycl_device.is_cpu or bool(mpi_gpu_support(QUEUE.sycl_device.backend.name))


def relative_error(y, ref):
    return float(np.linalg.norm((y - ref).ravel()) / np.linalg.norm(np.asarray(ref).ravel()))


def bound(dtype, shape):
    return BOUND_FACTOR * np.finfo(dtype).eps * max(1.0, math.log2(math.prod(shape)))


def random_global(shape, dtype, seed):
    rng = np.random.default_rng(seed)  # the same on every rank
    x = rng.uniform(-0.5, 0.5, shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.uniform(-0.5, 0.5, shape)
    return x.astype(dtype)


def check_case(index, shape, kind, dtype, grid, transposed):
    norm = NORMS[index % len(NORMS)]
    exchange = "device" if DEVICE_EXCHANGE and index % 2 else "host"
    plan = DistributedFFT(COMM, shape, dtype, kind, grid=grid, norm=norm, transposed_out=transposed,
                          queue=QUEUE if index % 2 else None, exchange=exchange)
    array_kind, to_queue, result_type = ARRAY_KINDS[(index // 2) % len(ARRAY_KINDS)]
    failures = []

    def block(a, box):
        return to_queue(np.ascontiguousarray(a[box.slices]), plan.queue)

    def expect_kind(what, y):
        if not isinstance(y, result_type):
            failures.append(f"{what} of a {array_kind} block gave a {type(y).__name__}")

    def expect_close(what, y, ref, limit_dtype):
        err = relative_error(y, ref)
        if not err <= bound(limit_dtype, shape):
            failures.append(f"{what}: error {err:.3g} > {bound(limit_dtype, shape):.3g}")

    x = random_global(shape, dtype, seed=index)
    y_local = plan.forward(block(x, plan.input_box))
    expect_kind("forward", y_local)
    forward_ref = (np.fft.fftn if kind == "c2c" else np.fft.rfftn)(x.astype(np.float64 if kind == "r2c"
                                                                            else np.complex128), norm=norm)
    expect_close("forward", plan.gather_output(y_local), forward_ref, dtype)
    expect_close("round trip", plan.gather_input(plan.backward(y_local)), x, dtype)

    if kind == "c2c":
        spectrum = random_global(plan.spectral_shape, dtype, seed=1000 + index)
        backward_ref = np.fft.ifftn(spectrum.astype(np.complex128), norm=norm)
    else:  # a half spectrum of a real signal (irfftn of anything else is not unique)
        signal = random_global(shape, np.float64, seed=1000 + index)
        spectrum = np.fft.rfftn(signal, norm=norm).astype(plan.spectral_dtype)
        backward_ref = np.fft.irfftn(spectrum.astype(np.complex128), s=shape, axes=range(len(shape)), norm=norm)
    x_local = plan.backward(block(spectrum, plan.output_box))
    expect_kind("backward", x_local)
    expect_close("backward", plan.gather_input(x_local), backward_ref, dtype)

    expected_split_of_axis0 = None if transposed else plan.input_distribution[0]
    if plan.output_distribution[0] != expected_split_of_axis0 or \
            (not transposed and plan.output_distribution != plan.input_distribution):
        failures.append(f"output layout: {plan!r}")
    if failures:
        failures = [f"{array_kind} blocks, exchange={exchange!r}: {f}" for f in failures]
    plan.free()
    return failures


def expect_error(error_type, fragment, make):
    try:
        make()
    except error_type as raised:
        return [] if fragment in str(raised) else [f"{error_type.__name__} without {fragment!r}: {raised}"]
    except Exception as other:
        return [f"expected {error_type.__name__} naming {fragment!r}, got {type(other).__name__}: {other}"]
    return [f"expected {error_type.__name__} naming {fragment!r}, nothing raised"]


def bad_input_failures():
    size = COMM.size
    failures = []
    failures += expect_error(ValueError, "grid", lambda: DistributedFFT(COMM, (8, 8, 8), grid=(size + 1, 1)))
    failures += expect_error(ValueError, "grid", lambda: DistributedFFT(COMM, (8, 8, 8), grid=(size, 1, 1)))
    failures += expect_error(ValueError, "grid", lambda: DistributedFFT(COMM, (8, 8), grid=(1, size)))
    failures += expect_error(ValueError, "grid", lambda: DistributedFFT(COMM, (8, 8), grid=(0,)))
    failures += expect_error(TypeError, "grid", lambda: DistributedFFT(COMM, (8, 8), grid="cubes"))
    failures += expect_error(ValueError, "dtype", lambda: DistributedFFT(COMM, (8, 8), np.float64, "c2c"))
    failures += expect_error(ValueError, "dtype", lambda: DistributedFFT(COMM, (8, 8), np.complex64, "r2c"))
    failures += expect_error(ValueError, "kind", lambda: DistributedFFT(COMM, (8, 8), kind="c2r"))
    failures += expect_error(ValueError, "norm", lambda: DistributedFFT(COMM, (8, 8), norm="both"))
    failures += expect_error(ValueError, "shape", lambda: DistributedFFT(COMM, (8, 0, 8)))
    failures += expect_error(ValueError, "shape", lambda: DistributedFFT(COMM, (8,)))
    failures += expect_error(ValueError, "exchange", lambda: DistributedFFT(COMM, (8, 8), exchange="sideways"))
    failures += expect_error(TypeError, "queue", lambda: DistributedFFT(COMM, (8, 8), queue="cpu"))
    if not DEVICE_EXCHANGE:  # a GPU whose MPI cannot read its memory (the H100 machine's Open MPI)
        failures += expect_error(ValueError, "exchange", lambda: DistributedFFT(COMM, (8, 8), exchange="device"))
    failures += expect_error(TypeError, "shape", lambda: DistributedFFT(COMM, (8, 8.0)))
    plan = DistributedFFT(COMM, (6, 7), np.complex128)
    failures += expect_error(ValueError, "x must be", lambda: plan.forward(np.zeros((6, 7), np.complex128)[:0]))
    failures += expect_error(ValueError, "x must be",
                             lambda: plan.forward(np.zeros(plan.input_box.shape, np.complex64)))
    failures += expect_error(TypeError, "x must be", lambda: plan.forward([[0j] * 7] * 6))
    other_queue = dpctl.SyclQueue(plan.queue.sycl_device)
    failures += expect_error(ValueError, "plan's queue", lambda: plan.forward(
        pysyclfft.DeviceArray.from_numpy(np.zeros(plan.input_box.shape, np.complex128), other_queue)))
    failures += expect_error(ValueError, "y must be", lambda: plan.backward(np.zeros((1, 1), np.complex128)))
    plan.free()
    return failures


def main():
    failures = [f"bad input: {f}" for f in bad_input_failures()]
    for line in failures:
        print(f"rank {COMM.rank}/{COMM.size} FAILED {line}", flush=True)
    count = 0
    for index, (shape, kind, dtype, grid, transposed) in enumerate(cases()):
        case_failures = [f"{shape} {kind} {dtype.name} grid={grid} transposed_out={transposed}: {f}"
                         for f in check_case(index, shape, kind, dtype, grid, transposed)]
        for line in case_failures:  # at once: a run cut short by a timeout still shows them
            print(f"rank {COMM.rank}/{COMM.size} FAILED {line}", flush=True)
        failures += case_failures
        count += 1
        if COMM.rank == 0:
            print(f"case {count} done", flush=True)
    failed_anywhere = COMM.allreduce(len(failures))
    if COMM.rank == 0:
        print(f"{COMM.size} ranks: {count} cases, {failed_anywhere} failures", flush=True)
    return 1 if failed_anywhere else 0


if __name__ == "__main__":
    try:
        status = main()
    except BaseException:  # one rank's error would leave the others waiting in a collective
        import traceback

        traceback.print_exc()
        sys.stdout.flush()
        status = 2
        COMM.Abort(status)
    sys.exit(status)
