"""MPI all-to-all bandwidth through host (numpy) buffers, as the exchanges of
pysyclfft.distributed use it: each of P ranks holds 1/P of a complex128 N^3
array and sends all but its own 1/P of it in one Alltoallv (a slab transpose).

    mpiexec -n P python benchmarks/alltoall_bandwidth.py --n 256 --repeats 5

Prints one JSON line: bytes sent per rank, best time, and bytes/s per rank.
Needs only numpy and mpi4py (no SYCL), so it runs on any MPI host.
"""
import argparse
import json
import time

import numpy as np
from mpi4py import MPI


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=256)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    comm = MPI.COMM_WORLD
    size = comm.size
    elements = args.n ** 3 // size
    count = elements // size  # elements to each peer (the cube divides evenly for P a power of 2)
    send = np.ones(count * size, np.complex128)
    recv = np.empty_like(send)
    counts = np.full(size, count, np.int64)
    offsets = np.arange(size, dtype=np.int64) * count
    best = float("inf")
    for _ in range(args.repeats + 1):  # the first touches the pages
        comm.Barrier()
        t0 = time.perf_counter()
        comm.Alltoallv([send, (counts, offsets)], [recv, (counts, offsets)])
        best = min(best, comm.allreduce(time.perf_counter() - t0, op=MPI.MAX))
    sent = (size - 1) * count * 16
    if comm.rank == 0:
        print(json.dumps({"ranks": size, "n": args.n, "bytes_sent_per_rank": sent, "best_s": best,
                          "bytes_per_s_per_rank": sent / best if size > 1 else None}), flush=True)


if __name__ == "__main__":
    main()
