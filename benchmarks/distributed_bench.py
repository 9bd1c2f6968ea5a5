"""Distributed 3-D FFT (c2c or r2c): pysyclfft.distributed beside a peer, checked against one device.

    python benchmarks/distributed_bench.py --n 256 --ranks 1 2 --repeats 3 --out results.json     # CPU, mpi4py-fft
    python benchmarks/distributed_bench.py --n 256 --ranks 1 2 3 4 --dtype complex64 --device-blocks --peer none
    python benchmarks/distributed_bench.py --n 512 --ranks 1 2 --kind r2c --dtype float64 --device-blocks \\
        --peer cufft --check                                                                   # a GPU per rank

launches `mpiexec -n R` of this file (--worker) for each rank count R. Each rank
pins itself to one core (core = rank) before the SYCL runtime starts its
threads, so R ranks use R cores, and computes on its node share of the default
devices (rank modulo count: a GPU each on a node with as many GPUs as ranks).
Per rank count it times, after one warm-up, `repeats` forward transforms of an
N^3 array in a slab decomposition (output kept transposed, as mpi4py-fft's):
the wall time (slowest rank) and our split into local FFT, packing (device
copies into and out of the exchange buffers), staging (device <-> USM host
copies), MPI Alltoallv and transfer (numpy blocks to the device and back; none
with --device-blocks, whose blocks are DeviceArrays on the rank's queue).

The input is the same global array on every run: plane i (axis 0) drawn from
a generator seeded with i, so each rank draws only its planes. Peers:
mpi4py-fft's PFFT (FFTW, FFTW_MEASURE, slab) on the same ranks, or cuFFT
through CuPy on the whole global array on rank 0's GPU (`--peer cufft`).
--check compares every rank's output block with the same transform of the
whole global array in float64 on one device (CuPy's cuFFT on the rank's GPU,
else numpy) and fails past 2 eps log2(N^3) in relative L2 norm.
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import time

import numpy as np

KINDS = {"c2c": ("complex128", "complex64"), "r2c": ("float64", "float32")}


def _pin_to_core(rank):
    cores = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cores[rank % len(cores)]})


def _slowest(comm, value):
    """The largest value over the ranks (mpi4py is imported in the workers only)."""
    from mpi4py import MPI

    return comm.allreduce(value, op=MPI.MAX)


def _array_module(queue):
    """CuPy on the queue's GPU when it is a CUDA device and CuPy imports, else numpy."""
    from pysyclfft import _core

    ordinal = _core.cuda_device_ordinal(queue.sycl_device)
    if ordinal < 0:
        return np
    try:
        import cupy
    except ImportError:
        return np
    cupy.cuda.Device(ordinal).use()
    return cupy


def _free(xp):
    """Return CuPy's pooled memory and cuFFT plans (work areas) to the device before our plan runs."""
    if xp is not np:
        xp.cuda.Device().synchronize()
        xp.fft.config.get_plan_cache().clear()
        xp.get_default_memory_pool().free_all_blocks()


def _planes(xp, shape, lo, hi, real):
    """Planes lo..hi-1 (axis 0) of the global input, in float64 or complex128."""
    out = xp.empty((hi - lo,) + tuple(shape[1:]), np.float64 if real else np.complex128)
    for i in range(lo, hi):
        draw = xp.random.RandomState(seed=i).standard_normal
        out[i - lo] = draw(shape[1:]) if real else draw(shape[1:]) + 1j * draw(shape[1:])
    return out


def _input_block(plan, args, xp):
    """This rank's block of the input, in the plan's dtype: numpy, or a DeviceArray (--device-blocks)."""
    import dpctl.memory as dpm
    from pysyclfft import DeviceArray

    box = plan.input_box
    assert box.shape[1:] == plan.global_shape[1:], "a slab input holds whole planes"
    block = _planes(xp, plan.global_shape, box.lower[0], box.upper[0], args.kind == "r2c").astype(args.dtype)
    if xp is np:
        return DeviceArray.from_numpy(block, plan.queue) if args.device_blocks else block
    device = DeviceArray(dpm.MemoryUSMDevice(max(block.nbytes, 1), queue=plan.queue), block.shape, block.dtype)
    xp.asarray(device)[...] = block
    host = None if args.device_blocks else xp.asnumpy(block)
    del block
    _free(xp)
    return device if args.device_blocks else host


def _transform(xp, kind):
    return xp.fft.fftn if kind == "c2c" else xp.fft.rfftn


def _time_cufft(xp, x, kind, repeats):
    """Best of `repeats` cuFFT transforms of the whole array x on this GPU (after a warm-up that plans)."""
    fft, walls = _transform(xp, kind), []
    fft(x)
    for _ in range(repeats):
        xp.cuda.Device().synchronize()
        t0 = time.perf_counter()
        fft(x)
        xp.cuda.Device().synchronize()
        walls.append(time.perf_counter() - t0)
    return {"device": xp.cuda.runtime.getDeviceProperties(xp.cuda.Device().id)["name"].decode(),
            "runs": [{"wall": w} for w in walls], "best": {"wall": min(walls)}}


def _reference(comm, plan, args, xp):
    """(this rank's block of the float64 transform of the whole global input, on the host;
    cuFFT's timing of that transform in the plan's precision on rank 0, when asked)."""
    x = _planes(xp, plan.global_shape, 0, plan.global_shape[0], args.kind == "r2c")
    ref = None
    if args.check:
        full = _transform(xp, args.kind)(x)
        ref = np.ascontiguousarray(full[plan.output_box.slices]) if xp is np else xp.asnumpy(full[plan.output_box.slices])
        del full
        _free(xp)
    peer = {"skipped": f"not asked (--peer {args.peer})"}
    if args.peer == "cufft":
        peer = {"skipped": "CuPy or a CUDA device missing"} if xp is np else {"skipped": "timed on rank 0 only"}
        if xp is not np and comm.rank == 0:
            x = x.astype(args.dtype, copy=False)
            peer = _time_cufft(xp, x, args.kind, args.repeats)
    del x
    _free(xp)
    return ref, peer


def _relative_error(comm, y, ref, xp):
    """Relative L2 error of the output blocks y against the reference blocks over all ranks."""
    from mpi4py import MPI

    y = np.asarray(y) if xp is np else xp.asarray(y)  # CuPy: a view of the DeviceArray (CUDA array interface)
    sums = np.zeros(2)
    for i in range(y.shape[0]):  # a plane at a time: no copy of a whole block on the device
        exact = xp.asarray(ref[i])
        sums += [float(xp.sum(xp.abs(y[i].astype(exact.dtype) - exact) ** 2)), float(xp.sum(xp.abs(exact) ** 2))]
    total = comm.allreduce(sums, op=MPI.SUM)
    return math.sqrt(total[0] / total[1]) if total[1] > 0 else 0.0


def _time_ours(comm, args):
    from pysyclfft.distributed import DistributedFFT

    n, repeats = args.n, args.repeats
    t0 = time.perf_counter()
    plan = DistributedFFT(comm, (n, n, n), args.dtype, args.kind, grid="slab", transposed_out=True,
                          exchange=args.exchange)
    plan_seconds = _slowest(comm, time.perf_counter() - t0)
    xp = _array_module(plan.queue)
    ref, peer = _reference(comm, plan, args, xp) if args.check or args.peer == "cufft" else (None, None)
    x = _input_block(plan, args, xp)
    y = plan.forward(x)  # warm-up: first touch of buffers and kernels
    runs = []
    for _ in range(repeats):
        del y
        plan.reset_timings()
        comm.Barrier()
        t0 = time.perf_counter()
        y = plan.forward(x)
        wall = time.perf_counter() - t0
        runs.append({"wall": _slowest(comm, wall), **{k: _slowest(comm, v) for k, v in plan.timings.items()}})
    best = min(runs, key=lambda r: r["wall"])
    sent = _slowest(comm, plan.exchange_bytes)
    result = {"devices": comm.gather(plan.queue.sycl_device.name), "plan_seconds": plan_seconds, "runs": runs,
              "best": best, "bytes_sent_per_rank": sent,
              "alltoall_bytes_per_s_per_rank": sent / best["alltoall"] if best["alltoall"] > 0 else None}
    # The one exchange of a transposed-output slab stages the whole input block down and the output block up.
    staged = (plan.input_box.size * np.dtype(args.dtype).itemsize
              + plan.output_box.size * np.dtype(plan.spectral_dtype).itemsize) if comm.size > 1 else 0
    result["staging_bytes_per_s_per_rank"] = staged / best["staging"] if best["staging"] > 0 else None
    if args.check:
        plan.queue.wait()
        error, bound = _relative_error(comm, y, ref, xp), 2 * float(np.finfo(args.dtype).eps) * math.log2(n ** 3)
        result["check"] = {"relative_l2_error": error, "bound": bound, "passed": bool(error <= bound),
                           "reference": "numpy (pocketfft)" if xp is np else "cuFFT through CuPy, one GPU"}
    del x, y
    plan.free()
    return result, peer


def _time_mpi4py_fft(comm, args):
    try:
        from mpi4py_fft import PFFT, newDistArray
    except ImportError as missing:
        return {"skipped": f"mpi4py-fft not importable: {missing}"}
    n, repeats = args.n, args.repeats
    fft = PFFT(comm, (n, n, n), axes=(0, 1, 2), dtype=args.dtype, slab=True, backend="fftw",
               planner_effort="FFTW_MEASURE")
    u = newDistArray(fft, False)
    u_hat = newDistArray(fft, True)
    u[:] = _planes(np, (n, n, n), u.substart[0], u.substart[0] + u.shape[0], args.kind == "r2c")
    fft.forward(u, u_hat)
    walls = []
    for _ in range(repeats):
        comm.Barrier()
        t0 = time.perf_counter()
        fft.forward(u, u_hat)
        walls.append(_slowest(comm, time.perf_counter() - t0))
    fft.destroy()
    return {"runs": [{"wall": w} for w in walls], "best": {"wall": min(walls)}}


def worker(args):
    from mpi4py import MPI

    comm = MPI.COMM_WORLD
    _pin_to_core(comm.rank)
    ours, peer = _time_ours(comm, args)
    if args.peer == "mpi4py-fft":
        peer = _time_mpi4py_fft(comm, args)
    result = {"ranks": comm.size, "n": args.n, "ours": ours, "peer": peer or {"skipped": "--peer none"}}
    if comm.rank == 0:
        print(json.dumps(result), flush=True)


def launch(args):
    mpiexec = shutil.which("mpiexec", path=os.pathsep.join([os.path.dirname(sys.executable), os.environ["PATH"]]))
    results = []
    for ranks in args.ranks:
        worker_args = ["--worker", "--n", str(args.n), "--repeats", str(args.repeats), "--kind", args.kind,
                       "--dtype", args.dtype, "--exchange", args.exchange, "--peer", args.peer]
        worker_args += ["--device-blocks"] * args.device_blocks + ["--check"] * args.check
        # Open MPI refuses root and more ranks than cores unless told; MPICH ignores these.
        env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                   OMPI_MCA_rmaps_base_oversubscribe="1")
        done = subprocess.run([mpiexec, "-n", str(ranks), sys.executable, __file__] + worker_args, capture_output=True,
                              text=True, env=env)
        if done.returncode != 0:
            sys.exit(f"mpiexec -n {ranks} failed:\n{done.stdout[-2000:]}{done.stderr[-4000:]}")
        results.append(json.loads(done.stdout.strip().splitlines()[-1]))
        print(_row(results[-1]), flush=True)
        if args.out:  # after every rank count, so that a run cut short keeps what it measured
            record = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "machine": _machine(),
                      "kind": args.kind, "dtype": args.dtype, "exchange": args.exchange, "peer": args.peer,
                      "blocks": "device" if args.device_blocks else "numpy",
                      "decomposition": "slab, transposed output", "results": results}
            with open(args.out, "w") as f:
                json.dump(record, f, indent=1)
    failed = [r["ranks"] for r in results if not r["ours"].get("check", {"passed": True})["passed"]]
    if failed:
        sys.exit(f"--check failed on {failed} ranks: the distributed result differs from the one-device transform")


def _row(result):
    ours, peer = result["ours"]["best"], result["peer"]
    peer_wall = f"{peer['best']['wall']:.4f}" if "best" in peer else peer["skipped"]
    check = result["ours"].get("check")
    error = f"{check['relative_l2_error']:.2e}" if check else "not checked"
    return (f"| {result['n']}^3 | {result['ranks']} | {ours['wall']:.4f} | {ours['fft']:.4f} | {ours['pack']:.4f} | "
            f"{ours['staging']:.4f} | {ours['alltoall']:.4f} | {ours['transfer']:.4f} | {peer_wall} | {error} |")


def _machine():
    model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")),
                 "unknown CPU")
    return f"{model}, {os.cpu_count()} cores"


def _arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=256)
    parser.add_argument("--ranks", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--kind", default="c2c", choices=sorted(KINDS))
    parser.add_argument("--dtype", default=None, help="the input's: complex128/complex64 (c2c), float64/float32 (r2c)")
    parser.add_argument("--exchange", default="host", choices=["host", "device"])
    parser.add_argument("--device-blocks", action="store_true", help="blocks as DeviceArrays on the rank's queue")
    parser.add_argument("--peer", default="mpi4py-fft", choices=["mpi4py-fft", "cufft", "none"])
    parser.add_argument("--no-peer", dest="peer", action="store_const", const="none", help="as --peer none")
    parser.add_argument("--check", action="store_true", help="compare with the one-device transform of the whole array")
    parser.add_argument("--out", default=None, help="JSON file for the raw results")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.dtype = args.dtype or KINDS[args.kind][0]
    if args.dtype not in KINDS[args.kind]:
        parser.error(f"--dtype {args.dtype} is not an input dtype of --kind {args.kind}: {KINDS[args.kind]}")
    return args


def main():
    args = _arguments()
    worker(args) if args.worker else launch(args)


if __name__ == "__main__":
    main()
