"""First-call latency at new lengths with the generic kernel set, against compiling
each length's kernels first; the time until the specialized kernels take over; and
the steady-state speed of both (docs/plantime.md, "Measurements").

Every process runs with a fresh kernel cache directory (our binary cache and the
SYCL runtime's, SYCL_CACHE_PERSISTENT=1 as the package sets it), so nothing but
what the process itself built is cached:
  - generic set: building the generic kernel set of one precision (cold, then
    loaded by a second process);
  - wait: the first pysyclfft.fft at each new length, compiling its kernels
    (PYSYCLFFT_SPECIALIZE=wait, the behaviour before the generic set);
  - background: the same calls with the generic set cached: the call runs on it
    at once, and `switch` is how long until the length's plan runs its own
    kernels (the worker compiling them; polled every 5 ms);
  - steady: time per transform of a ~8 MiB batch on the generic and on the
    specialized kernels, in one process (median of `repeats`).

    PYTHONPATH=$PWD python benchmarks/plantime_generic.py [--quick] [--kinds c2c,r2c,dct2] [--json FILE]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

import pysyclfft

LENGTHS = [96, 360, 1000, 4096, 6561, 65536, 2**20, 97, 1009, 4099, 65537]
QUICK_LENGTHS = [1000, 4099]

_PROBE = r"""
import json, sys, time
import numpy as np
import pysyclfft
from pysyclfft import _core, config
task, lengths, dtype = sys.argv[1], json.loads(sys.argv[2]), np.dtype(sys.argv[3])
out = {}

def batch(n, points=2**20):
    return np.ones((max(1, points // n), n), dtype)

def generic_set():
    t = time.perf_counter(); pysyclfft.precompile_generic(dtype)
    out["seconds"] = time.perf_counter() - t

KINDS = {"c2c": (pysyclfft.fft, dtype), "r2c": (pysyclfft.rfft, np.float32 if dtype == np.complex64 else np.float64),
         "dct2": (pysyclfft.dct, np.float32 if dtype == np.complex64 else np.float64)}

def first_calls():
    t = time.perf_counter(); pysyclfft.fft(np.ones(2, dtype))  # loads the generic set (background) or compiles
    out["process_first_ms"] = (time.perf_counter() - t) * 1e3
    pysyclfft.config.wait_for_specialized()
    for kind in sys.argv[5].split(","):
        call, xtype = KINDS[kind]
        for n in lengths:
            x = np.ones((4, n), xtype)
            t = time.perf_counter(); call(x); first = time.perf_counter() - t
            plan = pysyclfft.get_fft_plan(x, axes=(-1,), kind="c2c" if kind == "c2c" else "r2c")
            while kind != "dct2" and "generic" in plan.describe():
                time.sleep(0.005)
            if kind == "dct2":  # no Plan object: wait for the worker
                config.wait_for_specialized()
            out[f"{kind} {n}"] = {"first_ms": first * 1e3, "switch_ms": (time.perf_counter() - t) * 1e3}

def steady():
    for n in lengths:
        x = batch(n)
        for mode in ("generic", "wait"):
            config.set_specialization(mode)
            plan = pysyclfft.get_fft_plan(x, axes=(-1,))
            plan(x)
            times = []
            for _ in range(int(sys.argv[4])):
                t = time.perf_counter(); plan(x); times.append(time.perf_counter() - t)
            out.setdefault(n, {})[mode + "_ms"] = sorted(times)[len(times) // 2] * 1e3
        out[n]["batch"] = x.shape[0]

{"generic_set": generic_set, "first_calls": first_calls, "steady": steady}[task]()
print(json.dumps(out))
"""


def _probe(task, lengths, dtype, cache, mode, repeats=5, kinds="c2c"):
    env = dict(os.environ, SYCL_CACHE_DIR=cache, PYSYCLFFT_CACHE_DIR=cache, SYCL_CACHE_PERSISTENT="1",
               PYSYCLFFT_SPECIALIZE=mode)
    env.pop("PYSYCLFFT_DISK_CACHE", None)
    package_parent = os.path.dirname(os.path.dirname(os.path.abspath(pysyclfft.__file__)))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_parent, env.get("PYTHONPATH", "")) if p)
    proc = subprocess.run([sys.executable, "-c", _PROBE, task, json.dumps(lengths), dtype, str(repeats), kinds], env=env,
                          capture_output=True, text=True, check=True, cwd=cache)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def measure(lengths, dtype="complex64", repeats=5, kinds="c2c"):
    result = {"dtype": dtype, "lengths": lengths, "kinds": kinds.split(",")}
    with tempfile.TemporaryDirectory(prefix="pysyclfft-generic-") as cache:
        result["generic_set_cold_s"] = _probe("generic_set", [], dtype, cache, "wait")["seconds"]
        result["generic_set_cached_s"] = _probe("generic_set", [], dtype, cache, "wait")["seconds"]
        result["background"] = _probe("first_calls", lengths, dtype, cache, "background", kinds=kinds)
        result["steady"] = _probe("steady", lengths, dtype, cache, "wait", repeats)
    with tempfile.TemporaryDirectory(prefix="pysyclfft-wait-") as cache:
        result["wait"] = _probe("first_calls", lengths, dtype, cache, "wait", kinds=kinds)
    return result


def table(r):
    lines = [f"{r['dtype']}: generic sets built in {r['generic_set_cold_s']:.1f} s, loaded in "
             f"{r['generic_set_cached_s'] * 1e3:.0f} ms; a process's first call (c2c, n=2): "
             f"{r['wait']['process_first_ms']:.0f} ms compiling, {r['background']['process_first_ms']:.0f} ms "
             "on the generic set", "",
             "| kind | n | first call, compiling (ms) | first call, generic (ms) | until specialized (ms) |",
             "|---|---:|---:|---:|---:|"]
    for kind in r["kinds"]:
        for n in r["lengths"]:
            w, b = r["wait"][f"{kind} {n}"], r["background"][f"{kind} {n}"]
            lines.append(f"| {kind} | {n} | {w['first_ms']:.0f} | {b['first_ms']:.1f} | {b['switch_ms']:.0f} |")
    lines += ["", "| n | c2c generic (ms/batch) | c2c specialized (ms/batch) | batch |", "|---:|---:|---:|---:|"]
    for n in r["lengths"]:
        s = r["steady"][str(n)]
        lines.append(f"| {n} | {s['generic_ms']:.2f} | {s['wait_ms']:.2f} | {s['batch']} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"lengths {QUICK_LENGTHS} only")
    parser.add_argument("--dtype", default="complex64", choices=["complex64", "complex128"])
    parser.add_argument("--kinds", default="c2c", help="comma-separated: c2c, r2c, dct2 (first calls)")
    parser.add_argument("--json", help="write every number to this file")
    args = parser.parse_args()
    r = measure(QUICK_LENGTHS if args.quick else LENGTHS, args.dtype, kinds=args.kinds)
    print(table(r))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(r, f, indent=1)


if __name__ == "__main__":
    main()
