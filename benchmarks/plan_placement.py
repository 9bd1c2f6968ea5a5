"""How much a transform's time depends on the plan behind it: the same batched
c2c FFT on the same arrays, through several fresh plans in one process (each a new
1-D plan with its own tables and scratch: the plan caches are emptied between
plans), then the same in new processes. On the OpenCL CPU device of this
project's VM, multi-pass lengths ran 2-3x apart from one plan to the next while
each plan kept its own time (docs/performance-anysize.md, "Timings that depend
on where a plan's memory lies"), so a single measurement of such a length says
little: compare medians over plans and processes.

Usage: PYTHONPATH=. python3 benchmarks/plan_placement.py N [dtype] [plans] [processes]   (needs dpnp)
Prints, per process, the milliseconds per transform call of each plan (the best
of 3 calls after a warm-up) and the median and spread over all plans.
"""
import os
import statistics
import subprocess
import sys

import numpy as np

from measure import Repetitions, min_time


def one_process(n, dtype, plans, mib=64):
    import dpnp

    import pysyclfft
    from pysyclfft import _core

    batch = max(1, int(mib * 2**20) // (n * np.dtype(dtype).itemsize))
    rng = np.random.default_rng(n)
    x = dpnp.asarray((rng.uniform(-1, 1, (batch, n)) + 1j * rng.uniform(-1, 1, (batch, n))).astype(dtype))
    y = dpnp.empty_like(x)
    def call():
        pysyclfft.fft(x, out=y)
        y.sycl_queue.wait()

    times = []
    for _ in range(plans):
        call()  # builds the plan
        times.append(min_time(call, Repetitions(3, 3, 0.0))[0] * 1e3)
        _core.clear_line_plans()  # the next call builds a new 1-D plan: new tables and scratch
        pysyclfft.config.get_plan_cache().clear()
    return times


def main(argv):
    n = int(argv[1])
    dtype = argv[2] if len(argv) > 2 else "complex64"
    plans = int(argv[3]) if len(argv) > 3 else 4
    processes = int(argv[4]) if len(argv) > 4 else 3
    if os.environ.get("PLAN_PLACEMENT_CHILD"):
        print(" ".join(f"{t:.1f}" for t in one_process(n, dtype, plans)))
        return
    env = {**os.environ, "PLAN_PLACEMENT_CHILD": "1", "PYSYCLFFT_SPECIALIZE": "wait"}
    every = []
    for p in range(processes):
        out = subprocess.run([sys.executable, *argv], env=env, capture_output=True, text=True, check=True).stdout
        times = [float(t) for t in out.split()]
        every += times
        print(f"process {p}: " + ", ".join(f"{t:.1f}" for t in times) + " ms")
    print(f"{dtype} n={n}: median {statistics.median(every):.1f} ms, {min(every):.1f}-{max(every):.1f} "
          f"over {len(every)} plans in {processes} processes")


if __name__ == "__main__":
    main(sys.argv)
