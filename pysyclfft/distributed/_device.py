"""Which SYCL queue a rank computes on, and whether its MPI may be handed device memory.

A rank's device: the caller's queue, or else device (node-local rank) modulo
(devices of the default device's backend and type), so the ranks of a node with
one GPU each spread over the GPUs and ranks beyond the GPU count share them.

exchange="device" hands USM device pointers to MPI. That is safe on a CPU
device (its device memory is host memory) and on a GPU only with an MPI built
to read that GPU's memory. mpi4py offers no query, so we ask the MPI library
itself through Open MPI's MPIX_Query_{cuda,rocm,ze}_support; an MPI that does
not answer (MPICH, or an Open MPI built without the extension) is refused, as
one that answers no: handing it device pointers would crash inside MPI.
"""
import ctypes

import dpctl

EXCHANGES = ("host", "device")
_GPU_SUPPORT_QUERIES = {"cuda": "MPIX_Query_cuda_support", "hip": "MPIX_Query_rocm_support",
                        "level_zero": "MPIX_Query_ze_support"}


def node_rank(comm):
    """This rank's index among the ranks of its node."""
    from mpi4py import MPI

    node = comm.Split_type(MPI.COMM_TYPE_SHARED)
    try:
        return node.rank
    finally:
        node.Free()


def rank_queue(comm, queue):
    """The queue this rank computes on: `queue` itself (a dpctl.SyclQueue), or
    when None an in-order queue on its node-local share of the default kind of device."""
    if queue is not None:
        if not isinstance(queue, dpctl.SyclQueue):
            raise TypeError(f"pysyclfft.distributed: queue must be a dpctl.SyclQueue or None, got "
                            f"{type(queue).__name__}")
        return queue
    default = dpctl.select_default_device()
    devices = dpctl.get_devices(backend=default.backend.name, device_type=default.device_type.name)
    device = devices[node_rank(comm) % len(devices)] if devices else default
    return dpctl.SyclQueue(device, property="in_order")


def _loaded_mpi_library():
    """The MPI library this process has loaded (from /proc/self/maps), or None."""
    try:
        with open("/proc/self/maps") as maps:
            paths = {line.split()[-1] for line in maps if "/libmpi.so" in line}
    except OSError:
        return None
    return ctypes.CDLL(sorted(paths)[0]) if paths else None


def mpi_gpu_support(backend):
    """True or False as the MPI library answers for this GPU backend, None when it cannot tell."""
    name = _GPU_SUPPORT_QUERIES.get(backend)
    library = _loaded_mpi_library() if name else None
    query = getattr(library, name, None) if library is not None else None
    if query is None:
        return None
    query.restype = ctypes.c_int
    return bool(query())


def check_exchange(exchange, queue):
    """The exchange mode, refused (ValueError naming exchange) where MPI cannot read device memory."""
    if exchange not in EXCHANGES:
        raise ValueError(f"pysyclfft.distributed: exchange must be 'host' or 'device', got exchange={exchange!r}")
    device = queue.sycl_device
    if exchange == "device" and not device.is_cpu:
        backend = device.backend.name
        support = mpi_gpu_support(backend)
        if not support:
            told = "cannot tell whether it can" if support is None else "says it cannot"
            raise ValueError(f"pysyclfft.distributed: exchange='device' hands device memory to MPI, but this MPI "
                             f"({_mpi_version()}) {told} read {backend} device memory; "
                             f"use exchange='host' (staging through host memory)")
    return exchange


def _mpi_version():
    from mpi4py import MPI

    return MPI.Get_library_version().splitlines()[0].strip()
