"""Distributed 3-D c2c FFT: pysyclfft.distributed beside mpi4py-fft (FFTW).

    python benchmarks/distributed_bench.py --n 256 --ranks 1 2 --repeats 3 --out results.json
    python benchmarks/distributed_bench.py --n 256 --ranks 1 2 3 4 --dtype complex64 --device-blocks  # a GPU

launches `mpiexec -n R` of this file (--worker) for each rank count R. Each rank
pins itself to one core (core = rank) before the SYCL runtime starts its
threads, so R ranks use R cores. Per rank count it times, after one warm-up,
`repeats` forward transforms of an N^3 array in a slab decomposition (output
kept transposed, as mpi4py-fft's): the wall time (slowest rank) and our split
into local FFT, packing (device copies into and out of the exchange buffers),
staging (device <-> USM host copies), MPI Alltoallv and transfer (numpy blocks
to the device and back; none with --device-blocks, whose blocks are
DeviceArrays on the rank's queue); then mpi4py-fft's PFFT (FFTW, FFTW_MEASURE,
slab) on the same shape. Needs mpi4py, mpiexec and, for the peer, mpi4py-fft
(it is skipped if missing). Ranks share the node's devices (rank modulo count).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time

import numpy as np


def _pin_to_core(rank):
    cores = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cores[rank % len(cores)]})


def _slowest(comm, value):
    """The largest value over the ranks (mpi4py is imported in the workers only)."""
    from mpi4py import MPI

    return comm.allreduce(value, op=MPI.MAX)


def _time_ours(comm, args):
    import pysyclfft
    from pysyclfft.distributed import DistributedFFT

    n, repeats = args.n, args.repeats
    t0 = time.perf_counter()
    plan = DistributedFFT(comm, (n, n, n), args.dtype, grid="slab", transposed_out=True, exchange=args.exchange)
    plan_seconds = _slowest(comm, time.perf_counter() - t0)
    rng = np.random.default_rng(comm.rank)
    x = (rng.standard_normal(plan.input_box.shape) + 1j * rng.standard_normal(plan.input_box.shape)).astype(args.dtype)
    if args.device_blocks:
        x = pysyclfft.DeviceArray.from_numpy(x, plan.queue)
    plan.forward(x)  # warm-up: first touch of buffers and kernels
    runs = []
    for _ in range(repeats):
        plan.reset_timings()
        comm.Barrier()
        t0 = time.perf_counter()
        plan.forward(x)
        wall = time.perf_counter() - t0
        runs.append({"wall": _slowest(comm, wall), **{k: _slowest(comm, v) for k, v in plan.timings.items()}})
    best = min(runs, key=lambda r: r["wall"])
    sent = _slowest(comm, plan.exchange_bytes)
    bandwidth = sent / best["alltoall"] if best["alltoall"] > 0 else None
    # The one exchange of a transposed-output slab stages the whole input block down and the output block up.
    itemsize = np.dtype(args.dtype).itemsize
    staged = (plan.input_box.size + plan.output_box.size) * itemsize if comm.size > 1 else 0
    device = plan.queue.sycl_device.name
    plan.free()
    return {"device": device, "plan_seconds": plan_seconds, "runs": runs, "best": best, "bytes_sent_per_rank": sent,
            "alltoall_bytes_per_s_per_rank": bandwidth,
            "staging_bytes_per_s_per_rank": staged / best["staging"] if best["staging"] > 0 else None}


def _time_mpi4py_fft(comm, n, repeats, dtype):
    try:
        from mpi4py_fft import PFFT, newDistArray
    except ImportError as missing:
        return {"skipped": f"mpi4py-fft not importable: {missing}"}
    fft = PFFT(comm, (n, n, n), axes=(0, 1, 2), dtype=dtype, slab=True, backend="fftw",
               planner_effort="FFTW_MEASURE")
    u = newDistArray(fft, False)
    u_hat = newDistArray(fft, True)
    rng = np.random.default_rng(comm.rank)
    u[:] = rng.standard_normal(u.shape) + 1j * rng.standard_normal(u.shape)
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
    result = {"ranks": comm.size, "n": args.n, "ours": _time_ours(comm, args),
              "mpi4py_fft": _time_mpi4py_fft(comm, args.n, args.repeats, args.dtype) if args.peer else
              {"skipped": "not asked (--no-peer)"}}
    if comm.rank == 0:
        print(json.dumps(result), flush=True)


def launch(args):
    mpiexec = shutil.which("mpiexec", path=os.pathsep.join([os.path.dirname(sys.executable), os.environ["PATH"]]))
    results = []
    for ranks in args.ranks:
        worker_args = ["--worker", "--n", str(args.n), "--repeats", str(args.repeats), "--dtype", args.dtype,
                       "--exchange", args.exchange] + ["--device-blocks"] * args.device_blocks + ["--no-peer"] * (not args.peer)
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
                      "dtype": args.dtype, "exchange": args.exchange,
                      "blocks": "device" if args.device_blocks else "numpy",
                      "decomposition": "slab, transposed output", "results": results}
            with open(args.out, "w") as f:
                json.dump(record, f, indent=1)


def _row(result):
    ours, peer = result["ours"]["best"], result["mpi4py_fft"]
    peer_wall = f"{peer['best']['wall']:.3f}" if "best" in peer else peer["skipped"]
    return (f"| {result['n']}^3 | {result['ranks']} | {ours['wall']:.4f} | {ours['fft']:.4f} | {ours['pack']:.4f} | "
            f"{ours['staging']:.4f} | {ours['alltoall']:.4f} | {ours['transfer']:.4f} | {peer_wall} |")


def _machine():
    model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")),
                 "unknown CPU")
    return f"{model}, {os.cpu_count()} cores"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=256)
    parser.add_argument("--ranks", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--dtype", default="complex128", choices=["complex128", "complex64"])
    parser.add_argument("--exchange", default="host", choices=["host", "device"])
    parser.add_argument("--device-blocks", action="store_true", help="blocks as DeviceArrays on the rank's queue")
    parser.add_argument("--no-peer", dest="peer", action="store_false", help="skip mpi4py-fft")
    parser.add_argument("--out", default=None, help="JSON file for the raw results")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    worker(args) if args.worker else launch(args)


if __name__ == "__main__":
    main()
