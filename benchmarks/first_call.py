"""First call of one length in this (fresh) process: plan time, first transform, error.

    python benchmarks/first_call.py N DTYPE [KIND] [--double-set-loaded]   # e.g. 1000003 complex64

One JSON line on stdout. KIND: c2c (default; DTYPE complex), r2c or dct2 (DTYPE real).
--double-set-loaded: also transform 8 complex128 points before the plan, so the double generic set
is in memory (a float table's spectrum runs on it): the plan's time then leaves out that set's load.

Run it in a new process per length (the plan and table caches of a process would hide the cost),
after `python -m pysyclfft precompile` where the generic sets should be cached. The process's own
start (import, device, generic set) is excluded, as benchmarks/plantime.py does: one 8-point
transform runs first. Plan = `get_fft_plan` (default specialization: background); then the first
transform of numpy input; L2 = ||y - ref|| / ||ref|| against numpy/scipy in float64.
"""
import json
import sys
import time

import numpy as np
import scipy.fft

import pysyclfft


# kind: (our function, the float64 reference)
KINDS = {"c2c": (pysyclfft.fft, np.fft.fft), "r2c": (pysyclfft.rfft, np.fft.rfft),
         "dct2": (lambda x: pysyclfft.dct(x, 2), lambda x: scipy.fft.dct(x, 2))}


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n, dtype = int(args[0]), np.dtype(args[1])
    kind = args[2] if len(args) > 2 else "c2c"
    ours, reference = KINDS[kind]
    rng = np.random.default_rng(n)
    x = rng.uniform(-0.5, 0.5, n).astype(dtype)
    if dtype.kind == "c":
        x += 1j * rng.uniform(-0.5, 0.5, n).astype(dtype)
    ours(np.ones(8, dtype))
    if "--double-set-loaded" in sys.argv:
        pysyclfft.fft(np.ones(8, np.complex128))
    t0 = time.perf_counter()
    plan = pysyclfft.get_fft_plan(x, kind=kind)
    t1 = time.perf_counter()
    y = ours(x)
    t2 = time.perf_counter()
    ref = reference(x.astype(np.complex128 if dtype.kind == "c" else np.float64))
    print(json.dumps({"n": n, "dtype": dtype.name, "kind": kind, "plan_ms": 1e3 * (t1 - t0),
                      "first_transform_ms": 1e3 * (t2 - t1), "l2": float(np.linalg.norm(y - ref) / np.linalg.norm(ref)),
                      "plan": plan.describe().splitlines()[1]}))


if __name__ == "__main__":
    main()
