"""What a cached plan adds over the kernels: per-call time of a batched c2c FFT
through each layer, on the same arrays, in one process (rounds of 400 calls of
each layer in bursts of 20, the layers taking turns, waiting for the queue after
each call; see per_call).

  bare launch   : C2CPlan.execute with its layout computed once, no dependencies
                  (what submitting the kernel and waiting for it cost on this device)
  kernel launch : C2CPlan.execute on preallocated arrays (the C++ binding), its
                  layout and event bookkeeping per call, as our transforms do
  plan(x, out)  : an explicit Plan with a preallocated output
  fft(x, out)   : pysyclfft.fft with out= (plan from the thread's cache)
  fft(x)        : pysyclfft.fft allocating its result
  new plan per call: get_fft_plan(x)(x), what a call costs without the cache
  bare numpy work: the numpy input's device work alone, on the queue it uses:
                  where the device reads host memory (the CPU device) a launch on
                  the numpy arrays where they lie, else a copy to the device,
                  launch, copy back and wait (raw USM, no order-manager dependencies)
  fft(numpy x, out), fft(numpy x): pysyclfft.fft of the numpy array, into a
                  numpy out= or allocating
  numpy, scipy  : numpy.fft.fft and scipy.fft.fft of the numpy array, for scale

Device-array layers are compared with the bare launch, numpy-input layers with the
bare numpy work: the median over rounds of each round's difference of medians, and
its spread (lowest and highest round), so load from other jobs hits both alike.

Usage: PYTHONPATH=. python3 benchmarks/plan_overhead.py [n] [batch] [dtype] [rounds] [arrays]
arrays: dpnp, device (pysyclfft.DeviceArray over dpctl memory, as on a machine without
dpnp, e.g. the GPU machine) or auto (dpnp where installed; the default).
"""
import sys
import time

import numpy as np
import scipy.fft

import dpctl.memory as dpm
import pysyclfft
from pysyclfft import _arrays, _core, _launch


def per_call(cases, queue, rng, calls=400, burst=20):
    """Median time (us) of one call of each case, waiting for the queue after
    every call: bursts of `burst` calls of one case, as a loop repeating a call
    runs, the cases taking turns burst by burst in a new random order each turn
    (load from other jobs hits them alike). Bursts, not single calls: the OpenCL
    CPU device's worker threads spin a while after a wait and then sleep, so a
    launch costs less right after other work (a case after the quick bare
    launch, say) than after host time of its own; the first call of a burst is
    not counted."""
    samples = {name: [] for name, _ in cases}
    for name, fn in cases:
        fn()
    queue.wait()
    for _ in range(calls // burst):
        for i in rng.permutation(len(cases)):
            name, fn = cases[i]
            for call in range(burst + 1):
                t = time.perf_counter()
                fn()
                queue.wait()
                if call:
                    samples[name].append(time.perf_counter() - t)
    return {name: float(np.median(v)) * 1e6 for name, v in samples.items()}


def bare_launch(queue, n, double, xu, yu):
    """The plan and its bare launch: C2CPlan.execute of xu into yu (USM arrays on
    `queue`) with the layout computed once and no dependencies (launch_cost.py too)."""
    plan1d = _core.C2CPlan(queue, n, double)
    (layout,) = _core.line_layouts(xu.shape, 1, xu._element_offset, xu.strides, yu._element_offset, yu.strides)
    xp, yp = xu.usm_data._pointer, yu.usm_data._pointer
    return plan1d, lambda: plan1d.execute(xp, yp, *layout, True, 1.0, [])


def bare_numpy_work(host, out):
    """The numpy path's device work with none of its bookkeeping, on the queue
    numpy input is computed on: where the device reads host memory, the transform
    of `host` into `out` where they lie; else a copy of `host` to the device, the
    transform in place there and a copy into `out` (a round trip)."""
    queue = _arrays.default_queue()
    plan1d = _core.C2CPlan(queue, host.shape[-1], host.dtype == np.complex128)
    (layout,) = _core.line_layouts(host.shape, 1, 0, (host.shape[-1], 1), 0, (host.shape[-1], 1))
    if _core.reads_host_memory(queue):
        return lambda: plan1d.execute(host.ctypes.data, out.ctypes.data, *layout, True, 1.0, [])
    device = dpm.MemoryUSMDevice(host.nbytes, queue=queue)
    pointer = device._pointer

    def run():
        up = _core.copy(queue, pointer, host.ctypes.data, host.nbytes, [])
        done = plan1d.execute(pointer, pointer, *layout, True, 1.0, [up])
        _core.copy_and_wait(queue, out.ctypes.data, pointer, out.nbytes, [done])

    return run


def device_arrays(host, kind):
    """x (a copy of `host`) and y on the default queue, and the USM views the
    bare launch reads: dpnp arrays, or pysyclfft.DeviceArray (kind 'device')."""
    if kind == "auto":
        try:
            import dpnp  # noqa: F401
            kind = "dpnp"
        except ImportError:
            kind = "device"
    if kind == "dpnp":
        import dpnp

        x = dpnp.asarray(host)
        y = dpnp.empty_like(x)
        return x, y, x.get_array(), y.get_array()
    queue = _arrays.default_queue()
    x = pysyclfft.DeviceArray.from_numpy(host, queue)
    y = pysyclfft.DeviceArray.from_numpy(np.zeros_like(host), queue)
    return x, y, x, y


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    n = int(argv[0]) if len(argv) > 0 else 64
    batch = int(argv[1]) if len(argv) > 1 else 16
    dtype = np.dtype(argv[2] if len(argv) > 2 else "complex64")
    rounds = int(argv[3]) if len(argv) > 3 else 5
    arrays = argv[4] if len(argv) > 4 else "auto"
    rng = np.random.default_rng(0)
    host = (rng.standard_normal((batch, n)) + 1j * rng.standard_normal((batch, n))).astype(dtype)
    host_out = np.empty_like(host)
    x, y, xu, yu = device_arrays(host, arrays)
    queue = x.sycl_queue
    plan1d, bare = bare_launch(queue, n, dtype == np.complex128, xu, yu)
    plan = pysyclfft.get_fft_plan(x, axes=(-1,))
    pysyclfft.config.clear_plan_cache()

    cases = [
        ("bare launch", bare),
        ("kernel launch", lambda: _launch.launch_along_axis(plan1d, xu, yu, 1, True, 1.0)),
        ("plan(x, out)", lambda: plan(x, out=y)),
        ("fft(x, out)", lambda: pysyclfft.fft(x, out=y)),
        ("fft(x)", lambda: pysyclfft.fft(x)),
        ("new plan per call", lambda: pysyclfft.get_fft_plan(x, axes=(-1,))(x)),
        ("bare numpy work", bare_numpy_work(host, host_out)),
        ("fft(numpy x, out)", lambda: pysyclfft.fft(host, out=host_out)),
        ("fft(numpy x)", lambda: pysyclfft.fft(host)),
        ("numpy", lambda: np.fft.fft(host)),
        ("scipy", lambda: scipy.fft.fft(host)),
    ]
    reference = {name: "bare numpy work" if "numpy x" in name else "bare launch" for name, _ in cases[1:-2]}
    print(f"batched c2c FFT, {batch} x {n} {dtype}, device {queue.sycl_device.name}, "
          f"{rounds} rounds of 400 calls")
    times = [per_call(cases, queue, rng) for _ in range(rounds)]
    medians = {name: float(np.median([t[name] for t in times])) for name, _ in cases}
    for name, _ in cases:
        line = f"  {name:18s} {medians[name]:8.1f} us/call"
        if name in reference:
            over = [t[name] - t[reference[name]] for t in times]
            line += f"   +{np.median(over):6.1f} us over the {reference[name]} ({min(over):.1f} to {max(over):.1f})"
        print(line)
    cache = pysyclfft.config.get_plan_cache()
    print(f"plan cache: {cache.hits} hits, {cache.misses} misses")
    assert np.allclose(pysyclfft.fft(x).asnumpy(), np.fft.fft(host), atol=1e-3 * np.sqrt(n))
    return medians


if __name__ == "__main__":
    main()
