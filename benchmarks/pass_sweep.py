"""Device time of multi-pass c2c plans by pass-length cap: which split of a long
transform into passes is fastest on this device (the tuning behind
plan/algorithm.hpp's pass lengths).

For each length, the planner's own plan (cap 0) and plans whose passes are at
most `cap` points (`_core.C2CPlan(..., max_pass_length=cap)`; a cap that gives
the same passes as an earlier one is skipped) transform a batch of about --mib
MiB forward, out of place, timed on the device like benchmarks/bench.py's GPU
harness (gpu_timing.SyclMarkers: blocks of back-to-back launches on an in-order
profiling queue, the fastest block kept). Bandwidth = bytes read + written once
over the time, beside a SYCL device-to-device copy of the same run; the error is
max|y - ref| / max|ref| of the first transform against numpy in float64.

    PYSYCLFFT_SPECIALIZE=wait python benchmarks/pass_sweep.py --json sweep.json
    python benchmarks/pass_sweep.py -n 1048576 --caps 0,1024,256 --dtype complex128
"""
import argparse
import json
import time

import numpy as np

import pysyclfft  # noqa: F401  (sets the SYCL environment before devices are enumerated)
from pysyclfft import _core
from pysyclfft._device_array import DeviceArray, from_host
import dpctl
import dpctl.memory as dpm

import gpu_timing

DEFAULT_LENGTHS = [2**k for k in range(15, 25)] + [65537, 4099]
DEFAULT_CAPS = [0, 4096, 2048, 1024, 512, 256]


def passes_of(describe):
    """The pass lengths a plan's describe() names ('pass 1: 1024-point ...'), or the single kernel."""
    lengths = [part.split(": ", 1)[1].split("-point", 1)[0] for part in describe.split("; pass ")[1:]]
    return "*".join(lengths) if lengths else "single kernel"


def sweep_length(queue, markers, n, dtype, caps, mib, launches, blocks):
    itemsize = np.dtype(dtype).itemsize
    batch = max(1, int(mib * 2**20) // (n * itemsize))
    shape = (batch, n)
    rng = np.random.default_rng(n)
    first = (rng.uniform(-1, 1, n) + 1j * rng.uniform(-1, 1, n)).astype(dtype)
    x = DeviceArray(dpm.MemoryUSMDevice(batch * n * itemsize, queue=queue), shape, dtype)
    y = DeviceArray(dpm.MemoryUSMDevice(batch * n * itemsize, queue=queue), shape, dtype)
    from_host(x, np.broadcast_to(first, shape))  # every row the same: the error check needs one
    ref = np.fft.fft(first.astype(np.complex128))
    xp, yp = x.usm_data._pointer, y.usm_data._pointer
    rows, seen = [], set()
    for cap in caps:
        start = time.perf_counter()
        try:
            plan = _core.C2CPlan(queue, n, dtype == np.complex128, max_pass_length=cap)
        except Exception as e:  # noqa: BLE001 -- a cap no plan of this length fits
            rows.append({"n": n, "cap": cap, "status": f"no plan: {e}"})
            continue
        plan.wait_specialized()
        plan_s = time.perf_counter() - start
        describe = plan.describe()
        if describe in seen:
            continue
        seen.add(describe)

        def run():
            plan.execute(xp, yp, 0, 1, 0, 1, [batch], [n], [n], True, 1.0, [])

        timed = markers.blocks(run, launches=launches, blocks=blocks)
        got = y[0:1].asnumpy()[0]
        err = float(np.abs(got - ref).max() / np.abs(ref).max())
        seconds = min(timed.device_s)
        rows.append({"n": n, "cap": cap, "dtype": np.dtype(dtype).name, "batch": batch, "passes": passes_of(describe),
                     "gbs": 2 * batch * n * itemsize / seconds / 1e9, "us": seconds * 1e6, "err": err,
                     "plan_s": plan_s, "describe": describe, **timed.as_dict()})
        print(f"{n:>9} {np.dtype(dtype).name:>10} cap {cap:>5}: {rows[-1]['passes']:>16} "
              f"{rows[-1]['gbs']:7.0f} GB/s  err {err:.1e}  plan {plan_s:.1f} s", flush=True)
        del plan
    return rows


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-n", type=int, nargs="+", default=DEFAULT_LENGTHS)
    p.add_argument("--caps", default=",".join(map(str, DEFAULT_CAPS)), help="comma list; 0 = the planner's choice")
    p.add_argument("--dtype", default="complex64", choices=["complex64", "complex128"])
    p.add_argument("--mib", type=float, default=256)
    p.add_argument("--launches", type=int, default=10)
    p.add_argument("--blocks", type=int, default=5)
    p.add_argument("--json")
    args = p.parse_args()
    queue = dpctl.SyclQueue(property=["in_order", "enable_profiling"])
    markers = gpu_timing.SyclMarkers(queue)
    copy = gpu_timing.sycl_copy_gbs(markers)
    print(f"{queue.sycl_device.name}: SYCL copy {copy:.0f} GB/s", flush=True)
    caps = [int(c) for c in args.caps.split(",")]
    result = {"device": queue.sycl_device.name, "copy_gbs": copy,
              "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "rows": []}
    for n in args.n:
        result["rows"] += sweep_length(queue, markers, n, np.dtype(args.dtype).type, caps, args.mib, args.launches,
                                       args.blocks)
        if args.json:
            with open(args.json, "w") as f:
                json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
