"""A process's plans of one kind, one length after another: per length, the plan's and first
transform's ms and what the plan compiled, loaded from our binary cache, and computed or loaded as
tables. Run it once on an empty cache with --wait (and PYSYCLFFT_SPECIALIZE=wait) to fill the cache,
then again for warm plans, in either order of the lengths. --windows writes each plan's
CLOCK_MONOTONIC interval to stderr, to cut a `perf record -k CLOCK_MONOTONIC` profile of the process
to one plan (docs/plantime.md, "Where a warm plan's time goes").

    PYSYCLFFT_SPECIALIZE=wait python benchmarks/warm_plan_probe.py r2c 23100,15400,1000,4096 --wait
    python benchmarks/warm_plan_probe.py r2c 4096,1000,15400,23100 --json warm.json
"""
import argparse
import json
import sys
import time

import numpy as np

import pysyclfft
from pysyclfft import _core


def counts():
    tables = _core.table_cache_counts()
    return {"compiles": _core.compile_count(), "binary_loads": _core.binary_cache_loads(),
            "tables_computed": tables["computed"], "tables_loaded": tables["disk_loads"]}


def probe(kind, n, wait=False, windows=False):
    x = np.zeros(n, np.complex64 if kind == "c2c" else np.float32)
    before, start, mono = counts(), time.perf_counter(), time.monotonic()
    plan = pysyclfft.get_fft_plan(x, kind=kind)
    planned = time.perf_counter()
    if windows:
        sys.stderr.write(f"WINDOW {n} {mono:.6f} {time.monotonic():.6f}\n")
    plan(x)
    first = time.perf_counter()
    if wait:
        plan.wait_specialized()
    after = counts()
    return {"n": n, "plan_ms": (planned - start) * 1e3, "first_ms": (first - planned) * 1e3,
            **{k: after[k] - before[k] for k in after}}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", help="get_fft_plan's kind of a 1-D float32 (c2c: complex64) array")
    parser.add_argument("lengths", help="comma-separated, planned in this order")
    parser.add_argument("--wait", action="store_true", help="wait for each plan's own kernels")
    parser.add_argument("--windows", action="store_true", help="each plan's CLOCK_MONOTONIC interval to stderr")
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args()
    start = time.perf_counter()
    pysyclfft.fft(np.zeros(2, np.complex64))  # the process's device, queue and first kernel
    result = {"first_plan_ms": (time.perf_counter() - start) * 1e3,
              "lengths": [probe(args.kind, int(n), args.wait, args.windows) for n in args.lengths.split(",")]}
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
    print(f"{args.kind}: process's first plan {result['first_plan_ms']:.1f} ms; per length plan / first ms "
          "[compiles, binary loads, tables computed / loaded]: " +
          "  ".join(f"{r['n']}: {r['plan_ms']:.1f} / {r['first_ms']:.1f} [{r['compiles']}, {r['binary_loads']}, "
                    f"{r['tables_computed']} / {r['tables_loaded']}]" for r in result["lengths"]))


if __name__ == "__main__":
    main()
