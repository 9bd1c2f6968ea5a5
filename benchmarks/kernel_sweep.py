"""GFLOP/s of the batched single-kernel c2c transform, per length and dtype.

Times only the kernel launch (C2CPlan.execute + wait) on preallocated USM
arrays, batched along the leading axis with the transform over the contiguous
last axis; the figure is the minimum over the repeats, GFLOP/s = 5 N log2(N)
batch / t, and the relative L2 error against numpy's complex128 FFT is checked
on the first rows. The process CPU time of the fastest call is printed too: on a
shared machine, where other jobs take cores away, flops per CPU-second compare
variants more steadily than wall time does.

    python benchmarks/kernel_sweep.py                      # default lengths, both dtypes
    python benchmarks/kernel_sweep.py -n 64 1000 --dtype complex64 --mib 32 --repeat 10
"""
import argparse
import math
import time

import numpy as np

import pysyclfft  # noqa: F401  (sets the SYCL environment before device enumeration)
from pysyclfft import _core
import dpctl
import dpnp.tensor as dpt

DEFAULT_LENGTHS = [16, 64, 256, 1024, 4096, 1000, 1536, 2187, 3125, 2401, 1331, 2197]


def sweep_one(queue, n, dtype, mib, repeat, forward=True):
    itemsize = np.dtype(dtype).itemsize
    batch = max(1, int(mib * 2**20) // (n * itemsize))
    rng = np.random.default_rng(n)
    host = (rng.uniform(-1, 1, (batch, n)) + 1j * rng.uniform(-1, 1, (batch, n))).astype(dtype)
    x = dpt.asarray(host, sycl_queue=queue)
    y = dpt.empty_like(x)
    is_double = dtype == np.complex128
    plan = _core.C2CPlan(queue, n, is_double)
    xp = x.__sycl_usm_array_interface__["data"][0]
    yp = y.__sycl_usm_array_interface__["data"][0]

    def launch():
        ev = plan.execute(xp, yp, 0, 1, 0, 1, [batch], [n], [n], forward, 1.0, [])
        ev.wait()

    launch()  # warm-up; also touches y
    rows = min(batch, max(1, 2**16 // n))
    ref = np.fft.fft(host[:rows].astype(np.complex128), axis=-1) if forward else np.fft.ifft(
        host[:rows].astype(np.complex128), axis=-1) * n
    got = dpt.asnumpy(y[:rows])
    err = np.linalg.norm(got - ref) / np.linalg.norm(ref)
    best = cpu = math.inf
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        launch()
        best = min(best, time.perf_counter() - t0)
        cpu = min(cpu, time.process_time() - c0)
    gflops = 5 * n * math.log2(n) * batch / best / 1e9 if n > 1 else 0.0
    return batch, best, gflops, err, plan.describe(), cpu


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-n", type=int, nargs="*", default=DEFAULT_LENGTHS)
    p.add_argument("--dtype", nargs="*", default=["complex64", "complex128"])
    p.add_argument("--mib", type=float, default=64, help="input size per case (MiB)")
    p.add_argument("--repeat", type=int, default=10)
    p.add_argument("--backward", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true", help="print the plan description")
    args = p.parse_args()
    queue = dpctl.SyclQueue(property="in_order")
    for dt in args.dtype:
        dtype = np.dtype(dt).type
        names = _core.precompile_c2c(queue, args.n, dtype == np.complex128)
        del names
        for n in args.n:
            batch, t, gf, err, desc, cpu = sweep_one(queue, n, dtype, args.mib, args.repeat, not args.backward)
            line = (f"{dt:>10} N={n:>5} batch={batch:>7} {t * 1e3:8.2f} ms {gf:7.1f} GFLOP/s "
                    f"(CPU time {cpu * 1e3:7.2f} ms)  err={err:.1e}")
            print(line + (f"  [{desc}]" if args.verbose else ""), flush=True)


if __name__ == "__main__":
    main()
