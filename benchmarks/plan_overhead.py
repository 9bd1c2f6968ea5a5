"""What a cached plan adds over the kernels: per-call time of a batched c2c FFT
through each layer, on the same arrays, in one process (minimum of repeats).

  kernel launch : C2CPlan.execute on preallocated arrays (the C++ binding)
  plan(x, out)  : an explicit Plan with a preallocated output
  fft(x, out)   : pysyclfft.fft with out= (plan from the thread's cache)
  fft(x)        : pysyclfft.fft allocating its result
  fft(x), no cache : plan cache size 0 (a plan built every call)

Usage: PYTHONPATH=. python3 benchmarks/plan_overhead.py [n] [batch] [dtype]
"""
import sys
import time

import numpy as np

import dpnp
import pysyclfft
from pysyclfft import _launch, _plans
from dpctl.utils import SequentialOrderManager


def per_call(fn, queue, calls=200, repeats=7):
    fn()
    queue.wait()
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        for _ in range(calls):
            fn()
        queue.wait()
        best = min(best, (time.perf_counter() - t) / calls)
    return best * 1e6


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 64
    batch = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    dtype = np.dtype(sys.argv[3] if len(sys.argv) > 3 else "complex64")
    rng = np.random.default_rng(0)
    host = (rng.standard_normal((batch, n)) + 1j * rng.standard_normal((batch, n))).astype(dtype)
    x = dpnp.asarray(host)
    y = dpnp.empty_like(x)
    queue = x.sycl_queue
    xu, yu = x.get_array(), y.get_array()
    plan1d = _plans.c2c_plan(queue, n, dtype == np.complex128)
    plan = pysyclfft.get_fft_plan(x, axes=(-1,))
    pysyclfft.config.clear_plan_cache()

    def no_cache():
        pysyclfft.config.set_plan_cache_size(0)
        pysyclfft.fft(x)
        pysyclfft.config.set_plan_cache_size(16)

    cases = [
        ("kernel launch", lambda: _launch.launch_along_axis(plan1d, xu, yu, 1, True, 1.0)),
        ("plan(x, out)", lambda: plan(x, out=y)),
        ("fft(x, out)", lambda: pysyclfft.fft(x, out=y)),
        ("fft(x)", lambda: pysyclfft.fft(x)),
        ("fft(x), no cache", no_cache),
    ]
    print(f"batched c2c FFT, {batch} x {n} {dtype}, device {queue.sycl_device.name}")
    base = None
    for name, fn in cases:
        t = per_call(fn, queue, calls=50 if "no cache" in name else 200)
        base = t if base is None else base
        print(f"  {name:18s} {t:9.1f} us/call   (+{t - base:7.1f} us over the kernel launch)")
    cache = pysyclfft.config.get_plan_cache()
    print(f"plan cache: {cache.hits} hits, {cache.misses} misses")
    assert np.allclose(pysyclfft.fft(x).asnumpy(), np.fft.fft(host), atol=1e-3 * np.sqrt(n))


if __name__ == "__main__":
    main()
