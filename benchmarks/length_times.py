"""Best-of-7 wall time of our forward plan for each [KIND:]N:DTYPE given, over a batch of
64 MiB of input (one process; one JSON line: [kind, n, dtype, ms, one local buffer, passes]).
--out: into a preallocated output (plan.forward(x, out=y)), so no call faults in fresh pages;
--mib M and --calls C change the batch's size and the number of calls.
KIND is c2c (the default), r2c, c2r or dct1-4/dst1-4 (get_fft_plan's kinds); N is the
transform length (c2r: of its real output); DTYPE the input's (c2r: the real output's).
Builds are compared by running it alternately under each (e.g. PYTHONPATH=<other build>),
since on this VM a plan's time depends on where its memory lies
(docs/performance-anysize.md).

    PYSYCLFFT_SPECIALIZE=wait python benchmarks/length_times.py 16384:complex128 r2c:4096:float32
    PYSYCLFFT_SPECIALIZE=wait python benchmarks/length_times.py --out --mib 32 --calls 30 r2c:64:float64
"""
import argparse
import json
import time

import numpy as np

import pysyclfft


def batch_input(kind, n, dtype, mib=64):
    """Random input of about `mib` MiB for a forward plan of this kind."""
    rng = np.random.default_rng(1)
    batch = (mib << 20) // (n * dtype.itemsize)
    if kind == "c2r":  # dtype: the real output's; the input is the half spectrum
        half = (batch, n // 2 + 1)
        return (rng.standard_normal(half) + 1j * rng.standard_normal(half)).astype(np.result_type(dtype, np.complex64))
    x = rng.standard_normal((batch, n))
    return (x + 1j * rng.standard_normal((batch, n)) if kind == "c2c" else x).astype(dtype)


def best_ms(kind, n, dtype, calls=7, mib=64, into_out=False):
    x = batch_input(kind, n, dtype, mib)
    plan = pysyclfft.get_fft_plan(x, axes=(1,), kind=kind, **({"s": (n,)} if kind == "c2r" else {}))
    y = plan.forward(x)
    out = {"out": y} if into_out else {}
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        plan.forward(x, **out)
        times.append(time.perf_counter() - start)
    described = plan.describe().splitlines()[1]
    return min(times) * 1e3, "one local buffer" in described, "pass" in described


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("jobs", nargs="+", metavar="[KIND:]N:DTYPE")
    parser.add_argument("--out", action="store_true", help="into a preallocated output")
    parser.add_argument("--mib", type=int, default=64)
    parser.add_argument("--calls", type=int, default=7)
    args = parser.parse_args()
    rows = []
    for job in args.jobs:
        *kind, n, dtype = job.split(":")
        kind = kind[0] if kind else "c2c"
        rows.append([kind, int(n), dtype, *best_ms(kind, int(n), np.dtype(dtype), args.calls, args.mib, args.out)])
    print(json.dumps(rows))
