"""Host cost of an execution's launches: C2CPlan.execute back to back without waiting
(`submit`: host time per call; `wall`: until the queue is done), and one call with its
wait, on the default SYCL device; every answer is checked against numpy in float64.

A multi-pass plan makes several launches per execution; on CUDA, kernels from our
binary cache go in one native command (plan/launch_sequence.hpp), kernels compiled in
this process one command each: run once with an empty cache and once more to see both
(docs/cuda.md, "one command"). PYSYCLFFT_SPECIALIZE=generic times the generic kernels.

Usage: python3 benchmarks/launch_cost.py [--calls N] [--label TEXT] [--profiling]
"""
import argparse
import time

import dpctl
import numpy as np

from plan_overhead import bare_launch
from pysyclfft import DeviceArray

CASES = ((64, 16), (32768, 4), (1 << 20, 2), (65537, 3))  # one launch; two passes; two large passes; Bluestein


def measure(queue, n, batch, calls):
    """(submit us, wall us, call-and-wait us, relative error) of a batch x n complex64 forward FFT."""
    host = (np.arange(batch * n).reshape(batch, n) % 7 - 3).astype(np.complex64)
    x, y = DeviceArray.from_numpy(host, queue), DeviceArray.from_numpy(np.zeros_like(host), queue)
    _, run = bare_launch(queue, n, False, x, y)
    run().wait()
    out = y.asnumpy()
    ref = np.fft.fft(host.astype(np.complex128), axis=-1)
    error = float(np.abs(out - ref).max() / np.abs(ref).max())
    submit = wall = float("inf")
    for _ in range(2):
        t0 = time.perf_counter()
        for _ in range(calls):
            run()
        t1 = time.perf_counter()
        queue.wait()
        submit, wall = min(submit, (t1 - t0) / calls), min(wall, (time.perf_counter() - t0) / calls)
    single = []
    for _ in range(max(calls // 10, 3)):
        t0 = time.perf_counter()
        run().wait()
        single.append(time.perf_counter() - t0)
    return submit * 1e6, wall * 1e6, float(np.median(single)) * 1e6, error


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--calls", type=int, default=1000, help="back-to-back calls per timing (fewer for 2^20)")
    p.add_argument("--label", default="", help="a tag printed on every line")
    p.add_argument("--profiling", action="store_true", help="an in-order queue with profiling, as bench.py's")
    args = p.parse_args(argv)
    props = ["in_order", "enable_profiling"] if args.profiling else ["in_order"]
    queue = dpctl.SyclQueue(dpctl.select_default_device(), property=props)
    lines = []
    for n, batch in CASES:
        calls = args.calls if n < 1 << 20 else max(1, args.calls // 10)
        submit, wall, single, error = measure(queue, n, batch, calls)
        ok = error < 1e-6 * np.log2(n)
        line = (f"{args.label} {queue.sycl_device.name}: {batch} x {n} complex64: submit {submit:.1f} us/call, "
                f"wall {wall:.1f} us/call, call and wait {single:.1f} us; error {error:.1e} {'OK' if ok else 'WRONG'}")
        print(line.strip(), flush=True)
        lines.append(line)
    return lines


if __name__ == "__main__":
    main()
