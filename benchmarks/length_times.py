"""Best-of-7 wall time of our forward c2c plan for each N:dtype given, over a batch of
64 MiB (one process; one JSON line: [n, dtype, ms, one local buffer, passes]). Builds are
compared by running it alternately under each (e.g. PYTHONPATH=<other build>), since on
this VM a plan's time depends on where its memory lies (docs/performance-anysize.md).

    PYSYCLFFT_SPECIALIZE=wait python benchmarks/length_times.py 16384:complex128 32768:complex128
"""
import json
import sys
import time

import numpy as np

import pysyclfft


def best_ms(n, dtype, calls=7):
    batch = (64 << 20) // (n * dtype.itemsize)
    rng = np.random.default_rng(1)
    x = (rng.standard_normal((batch, n)) + 1j * rng.standard_normal((batch, n))).astype(dtype)
    plan = pysyclfft.get_fft_plan(x, axes=(1,))
    plan.forward(x)
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        plan.forward(x)
        times.append(time.perf_counter() - start)
    described = plan.describe().splitlines()[1]
    return min(times) * 1e3, "one local buffer" in described, "pass" in described


if __name__ == "__main__":
    rows = []
    for job in sys.argv[1:]:
        n, dtype = job.split(":")
        rows.append([int(n), dtype, *best_ms(int(n), np.dtype(dtype))])
    print(json.dumps(rows))
