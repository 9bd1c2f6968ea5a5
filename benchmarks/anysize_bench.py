"""Time pysyclfft's multi-pass and Bluestein plans against numpy.fft and scipy.fft
(workers=2) on this machine, complex64 and complex128, 1-D along the last axis.

    python benchmarks/anysize_bench.py [--mib 32] [--repeat 5] [--lengths N ...] [--markdown FILE]

Data on the device for pysyclfft (dpnp arrays, compute-follows-data; the time
includes launching and waiting, not host copies); numpy/scipy on host arrays.
Batch = as many transforms as fit `--mib` MiB of input+output (at least one).
Cell: minimum ms over `--repeat` calls after one warm-up, and GFLOP/s = 5 N log2 N
batch / t. FFTW, mkl_fft and dpnp figures for comparison: ../shared/anchors/cpu_peers.md.
"""
import argparse
import math
import time

import numpy as np
import scipy.fft as sfft

import dpnp
import pysyclfft

LENGTHS = [2**k for k in range(14, 23)] + [3**7, 11**3, 1009, 4099, 65537]


def best_ms(fn, repeat):
    fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return 1e3 * min(times)


def measure(n, dtype, mib, repeat):
    batch = max(1, int(mib * 2**20 // (2 * n * np.dtype(dtype).itemsize)))
    rng = np.random.default_rng(n)
    x = (rng.uniform(-1, 1, (batch, n)) + 1j * rng.uniform(-1, 1, (batch, n))).astype(dtype)
    xd = dpnp.asarray(x)
    flops = 5 * n * math.log2(n) * batch
    row = {"n": n, "dtype": np.dtype(dtype).name, "batch": batch}
    row["pysyclfft"] = best_ms(lambda: pysyclfft.fft(xd).sycl_queue.wait(), repeat)
    row["numpy"] = best_ms(lambda: np.fft.fft(x), repeat)
    row["scipy"] = best_ms(lambda: sfft.fft(x, workers=2), repeat)
    row["gflops"] = {k: flops / (row[k] * 1e6) for k in ("pysyclfft", "numpy", "scipy")}
    row["plan"] = pysyclfft._plans.c2c_plan(xd.sycl_queue, n, dtype == np.complex128).describe().split(";")[0]
    return row


def markdown(rows):
    out = ["| n | dtype | batch | plan | pysyclfft ms / GFLOP/s | numpy | scipy (2 workers) |", "|---|---|---|---|---|---|---|"]
    for r in rows:
        cell = lambda k: f"{r[k]:.2f} / {r['gflops'][k]:.1f}"  # noqa: E731
        plan = r["plan"].split(": ", 1)[1]
        out.append(f"| {r['n']} | {r['dtype']} | {r['batch']} | {plan} | {cell('pysyclfft')} | {cell('numpy')} | {cell('scipy')} |")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mib", type=float, default=32)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--lengths", type=int, nargs="+", default=LENGTHS)
    ap.add_argument("--markdown")
    args = ap.parse_args()
    rows = []
    for dtype in (np.complex64, np.complex128):
        pysyclfft.precompile(args.lengths, dtype)
        for n in args.lengths:
            rows.append(measure(n, dtype, args.mib, args.repeat))
            print(rows[-1], flush=True)
    table = markdown(rows)
    print(table)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(table + "\n")


if __name__ == "__main__":
    main()
