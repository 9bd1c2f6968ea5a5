"""What a cached plan adds over the kernels: per-call time of a batched c2c FFT
through each layer, on the same arrays, in one process (median of 400 calls
each, the layers taking turns call by call).

  bare launch   : C2CPlan.execute with its layout computed once, no dependencies
                  (what submitting the kernel and waiting for it cost on this device)
  kernel launch : C2CPlan.execute on preallocated arrays (the C++ binding), its
                  layout and event bookkeeping per call, as our transforms do
  plan(x, out)  : an explicit Plan with a preallocated output
  fft(x, out)   : pysyclfft.fft with out= (plan from the thread's cache)
  fft(x)        : pysyclfft.fft allocating its result
  new plan per call: get_fft_plan(x)(x), what a call costs without the cache
  fft(numpy x)  : pysyclfft.fft of the numpy array (copies to the device and back)
  numpy, scipy  : numpy.fft.fft and scipy.fft.fft of the numpy array, for scale

Usage: PYTHONPATH=. python3 benchmarks/plan_overhead.py [n] [batch] [dtype]
"""
import sys
import time

import numpy as np
import scipy.fft

import dpnp
import pysyclfft
from pysyclfft import _core, _launch


def per_call(cases, queue, calls=400):
    """Median time (us) of one call of each case, waiting for the queue after
    every call. The cases take turns call by call, so load from other jobs on
    the machine hits them alike."""
    samples = {name: [] for name, _ in cases}
    for name, fn in cases:
        fn()
    queue.wait()
    for _ in range(calls):
        for name, fn in cases:
            t = time.perf_counter()
            fn()
            queue.wait()
            samples[name].append(time.perf_counter() - t)
    return {name: float(np.median(v)) * 1e6 for name, v in samples.items()}


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
    plan1d = _core.C2CPlan(queue, n, dtype == np.complex128)
    plan = pysyclfft.get_fft_plan(x, axes=(-1,))
    pysyclfft.config.clear_plan_cache()

    (layout,) = _core.line_layouts(xu.shape, 1, xu._element_offset, xu.strides, yu._element_offset, yu.strides)
    xp, yp = xu.usm_data._pointer, yu.usm_data._pointer
    cases = [
        ("bare launch", lambda: plan1d.execute(xp, yp, *layout, True, 1.0, [])),
        ("kernel launch", lambda: _launch.launch_along_axis(plan1d, xu, yu, 1, True, 1.0)),
        ("plan(x, out)", lambda: plan(x, out=y)),
        ("fft(x, out)", lambda: pysyclfft.fft(x, out=y)),
        ("fft(x)", lambda: pysyclfft.fft(x)),
        ("new plan per call", lambda: pysyclfft.get_fft_plan(x, axes=(-1,))(x)),
        ("fft(numpy x)", lambda: pysyclfft.fft(host)),
        ("numpy", lambda: np.fft.fft(host)),
        ("scipy", lambda: scipy.fft.fft(host)),
    ]
    print(f"batched c2c FFT, {batch} x {n} {dtype}, device {queue.sycl_device.name}")
    times = per_call(cases, queue)
    base, bare = times["kernel launch"], times["bare launch"]
    for name, _ in cases:
        print(f"  {name:17s} {times[name]:9.1f} us/call   (+{times[name] - base:7.1f} us over the kernel launch, "
              f"+{times[name] - bare:7.1f} over the bare launch)")
    cache = pysyclfft.config.get_plan_cache()
    print(f"plan cache: {cache.hits} hits, {cache.misses} misses")
    assert np.allclose(pysyclfft.fft(x).asnumpy(), np.fft.fft(host), atol=1e-3 * np.sqrt(n))


if __name__ == "__main__":
    main()
