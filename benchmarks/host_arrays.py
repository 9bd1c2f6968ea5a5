"""numpy arrays on the CPU device: pysyclfft transforming them where they lie
(`direct`, what every numpy call does where the device reads host memory) against
the same calls through device copies (`copied`: to a pooled device array and back,
what numpy calls did before, and still do on GPUs), beside scipy.fft (workers=2)
on the same arrays. Each round runs every variant once per case in a new random
order; the table gives the median over rounds and the min-max spread in ms.

Usage: PYSYCLFFT_SPECIALIZE=wait PYTHONPATH=. python3 benchmarks/host_arrays.py [--rounds N] [--json out.json]
"""
import argparse
import json
import os
import statistics
import time

import numpy as np
import scipy.fft

import pysyclfft
from pysyclfft import _arrays, _core

# (plan kind, axes, input dtype, shape): batched short and long transforms, 2-D, DCT-II
CASES = [("c2c", (-1,), np.complex64, (1_000_000, 8)), ("c2c", (-1,), np.complex64, (4096, 1024)),
         ("r2c", (-1,), np.float32, (1_000_000, 8)), ("r2c", (-1,), np.float32, (125_000, 64)),
         ("r2c", (-1,), np.float32, (8192, 1024)), ("c2c", (-1,), np.complex128, (2048, 1024)),
         ("r2c", (-2, -1), np.float32, (2048, 2048)), ("dct2", (-1,), np.float32, (8192, 1024))]
SCIPY = {("c2c", 1): "fft", ("r2c", 1): "rfft", ("r2c", 2): "rfft2", ("dct2", 1): "dct"}


def plan(x, kind, axes, direct):
    """A plan of its own (not the cache's); direct=False makes its numpy calls take device copies."""
    p = pysyclfft.Plan(x, axes=axes, kind=kind)
    p._impl._reads_host_memory = direct
    return p


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--json")
    args = p.parse_args()
    queue = _arrays.default_queue()
    assert _core.reads_host_memory(queue), "the default device copies numpy arrays: nothing to compare"
    rng = np.random.default_rng(0)
    rows = []
    for kind, axes, dtype, shape in CASES:
        x = rng.uniform(-1, 1, shape).astype(dtype)
        if np.dtype(dtype).kind == "c":
            x = x + 1j * rng.uniform(-1, 1, shape).astype(dtype)
        name = SCIPY[kind, len(axes)]
        reference = getattr(scipy.fft, name)
        direct, copies = plan(x, kind, axes, True), plan(x, kind, axes, False)
        variants = {"direct": lambda: direct(x), "copied": lambda: copies(x),
                    "scipy": lambda: reference(x, axes=axes, workers=2) if len(axes) > 1 else reference(x, workers=2)}
        for run in variants.values():
            run()  # plans, kernels
        times = {v: [] for v in variants}
        for _ in range(args.rounds):
            for v in rng.permutation(list(variants)):
                t = time.perf_counter()
                variants[v]()
                times[v].append(1e3 * (time.perf_counter() - t))
        row = {"case": f"{name} {np.dtype(dtype).name} {'x'.join(map(str, shape))}"}
        for v, ts in times.items():
            row[v] = {"median_ms": statistics.median(ts), "min_ms": min(ts), "max_ms": max(ts)}
        rows.append(row)
        print(f"{row['case']:32s}" + "".join(f" {v} {row[v]['median_ms']:7.2f} ({row[v]['min_ms']:.2f}-{row[v]['max_ms']:.2f})"
                                            for v in variants) +
              f"  direct/copied {row['copied']['median_ms'] / row['direct']['median_ms']:.2f}x"
              f"  scipy/direct {row['scipy']['median_ms'] / row['direct']['median_ms']:.2f}x", flush=True)
    if args.json:
        meta = {"date_utc": time.strftime("%Y-%m-%d %H:%M", time.gmtime()), "load": os.getloadavg(),
                "device": queue.sycl_device.name, "rounds": args.rounds}
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
