"""Best-of-7 wall time of our forward plan for each [KIND:]N:DTYPE given, over a batch of
64 MiB of input (one process; one JSON line: [kind, n, dtype, ms, one local buffer, passes]).
KIND is c2c (the default), r2c, c2r or dct1-4/dst1-4 (get_fft_plan's kinds); N is the
transform length (c2r: of its real output); DTYPE the input's (c2r: the real output's).
Builds are compared by running it alternately under each (e.g. PYTHONPATH=<other build>),
since on this VM a plan's time depends on where its memory lies
(docs/performance-anysize.md).

    PYSYCLFFT_SPECIALIZE=wait python benchmarks/length_times.py 16384:complex128 r2c:4096:float32
"""
import json
import sys
import time

import numpy as np

import pysyclfft


def batch_input(kind, n, dtype):
    """Random input of about 64 MiB for a forward plan of this kind."""
    rng = np.random.default_rng(1)
    batch = (64 << 20) // (n * dtype.itemsize)
    if kind == "c2r":  # dtype: the real output's; the input is the half spectrum
        half = (batch, n // 2 + 1)
        return (rng.standard_normal(half) + 1j * rng.standard_normal(half)).astype(np.result_type(dtype, np.complex64))
    x = rng.standard_normal((batch, n))
    return (x + 1j * rng.standard_normal((batch, n)) if kind == "c2c" else x).astype(dtype)


def best_ms(kind, n, dtype, calls=7):
    x = batch_input(kind, n, dtype)
    plan = pysyclfft.get_fft_plan(x, axes=(1,), kind=kind, **({"s": (n,)} if kind == "c2r" else {}))
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
        *kind, n, dtype = job.split(":")
        kind = kind[0] if kind else "c2c"
        rows.append([kind, int(n), dtype, *best_ms(kind, int(n), np.dtype(dtype))])
    print(json.dumps(rows))
