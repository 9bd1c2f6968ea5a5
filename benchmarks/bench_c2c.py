"""Batched 1-D complex FFT benchmark: pysyclfft against numpy.fft, scipy.fft and dpnp.fft.

    python benchmarks/bench_c2c.py                 # full run (~5-10 min on 2 shared cores)
    python benchmarks/bench_c2c.py --quick         # smoke test (~1 min)
    python benchmarks/bench_c2c.py --dtype complex64 --sizes 256,1000,4096 --json out.json

Each case transforms ~64 MiB of input: a batch of rows of N points, along the
last (contiguous) axis. Data are uniform random in [-1, 1). Every variant runs
once to warm up (and is checked against numpy in complex128), then repeatedly;
the minimum time is kept. GFLOP/s = 5 N log2(N) batch / t.

Variants (all in this one process, on the same data):
  numpy        numpy.fft.fft (host, allocating)
  scipy        scipy.fft.fft(workers=2) (host, allocating)
  dpnp         dpnp.fft.fft on a dpnp array already on the SYCL device (allocating)
  ours         pysyclfft.fft on the same dpnp array (allocating)
  ours_out     pysyclfft.fft(x, out=y) into a preallocated dpnp array
Device timings end with queue.wait(). "ratio" = ours GFLOP/s / best peer GFLOP/s
(> 1: ahead of every peer).

Plan time (pysyclfft._core.C2CPlan construction: both kernels of a length and
its twiddles) is measured in processes run one after another on one fresh
cache directory (SYCL_CACHE_DIR / PYSYCLFFT_CACHE_DIR): cold (empty caches),
the second process (kernels from our binary cache), then --plan-repeats warm
processes with our binary cache and as many with only the SYCL runtime's
persistent cache (the binary cache switched off in that process), minimum of
each; in-process is a second plan of the same length in the cold process. The
run-time compilations each kind of process did are printed too. Only the public
API and pysyclfft._core are used, so the harness does not depend on kernel
internals.

Options: --quick (4 sizes, 2-3 reps), --sizes 16,1000, --dtype complex64|complex128|both,
--json FILE, --variants numpy,ours,..., --plan-only, --no-plan-time, --plan-sizes, --plan-repeats.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

DEFAULT_SIZES = [2**k for k in range(4, 14)] + [1000, 1536, 2187, 3125, 2401, 1331, 2197]
QUICK_SIZES = [16, 256, 1000, 4096]
TARGET_INPUT_BYTES = 64 * 2**20
VARIANTS = ("numpy", "scipy", "dpnp", "ours", "ours_out")
PEERS = ("numpy", "scipy", "dpnp")


def gflops(n, batch, seconds):
    return 5.0 * n * math.log2(n) * batch / seconds / 1e9 if n > 1 else 0.0


def min_time(fn, min_reps, max_reps, budget_s):
    """Minimum wall time of fn() over repetitions (after the caller's warm-up)."""
    times = []
    start = time.perf_counter()
    while len(times) < max_reps and (len(times) < min_reps or time.perf_counter() - start < budget_s):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times), len(times)


def relative_error(got, ref):
    return float(np.linalg.norm(got - ref) / np.linalg.norm(ref))


def variant_calls(x_host, x_dev, y_dev, workers):
    import dpnp
    import scipy.fft

    import pysyclfft

    q = x_dev.sycl_queue

    def on_device(f):
        def call():
            y = f()
            q.wait()
            return y
        return call

    return {
        "numpy": lambda: np.fft.fft(x_host),
        "scipy": lambda: scipy.fft.fft(x_host, workers=workers),
        "dpnp": on_device(lambda: dpnp.fft.fft(x_dev)),
        "ours": on_device(lambda: pysyclfft.fft(x_dev)),
        "ours_out": on_device(lambda: pysyclfft.fft(x_dev, out=y_dev)),
    }


def to_host(y):
    import dpnp

    return dpnp.asnumpy(y) if isinstance(y, dpnp.ndarray) else np.asarray(y)


def bench_case(n, dtype, args):
    import dpnp

    itemsize = np.dtype(dtype).itemsize
    batch = max(1, TARGET_INPUT_BYTES // (n * itemsize))
    rng = np.random.default_rng(n)
    x_host = (rng.uniform(-1, 1, (batch, n)) + 1j * rng.uniform(-1, 1, (batch, n))).astype(dtype)
    x_dev = dpnp.asarray(x_host)
    y_dev = dpnp.empty_like(x_dev)
    rows = slice(0, min(batch, max(1, 2**16 // n)))  # check a few rows against complex128
    ref = np.fft.fft(x_host[rows].astype(np.complex128))
    result = {"n": n, "batch": batch, "dtype": np.dtype(dtype).name, "ms": {}, "gflops": {}, "error": {},
              "reps": {}}
    for name, call in variant_calls(x_host, x_dev, y_dev, args.workers).items():
        if name not in args.variants:
            continue
        y = call()  # warm-up, and the accuracy check
        result["error"][name] = relative_error(to_host(y[rows]), ref)
        del y
        t, reps = min_time(call, args.min_reps, args.max_reps, args.budget)
        result["ms"][name] = t * 1e3
        result["gflops"][name] = gflops(n, batch, t)
        result["reps"][name] = reps
    peers = [result["gflops"][p] for p in PEERS if p in result["gflops"]]
    if peers:
        best = max(peers)
        result["best_peer"] = max((p for p in PEERS if p in result["gflops"]), key=result["gflops"].get)
        for ours in ("ours", "ours_out"):
            if ours in result["gflops"]:
                result[f"ratio_{ours}"] = result["gflops"][ours] / best
    return result


# ---------------------------------------------------------------- plan time

_PLAN_PROBE = r"""
import json, sys, time
import numpy as np
import pysyclfft
from pysyclfft import _core
import dpctl
q = dpctl.SyclQueue(property="in_order")
sizes, is_double, runtime_cache_only = json.loads(sys.argv[1]), sys.argv[2] == "1", sys.argv[3] == "1"
if runtime_cache_only:
    _core.set_binary_cache("", 0)  # leave only the SYCL runtime's persistent cache
t = time.perf_counter(); _core.C2CPlan(q, 2, is_double); first = time.perf_counter() - t
out = {"process_first_plan_n2": first, "first": {}, "again": {}}
for n in sizes:
    t = time.perf_counter(); _core.C2CPlan(q, n, is_double); out["first"][n] = time.perf_counter() - t
    t = time.perf_counter(); _core.C2CPlan(q, n, is_double); out["again"][n] = time.perf_counter() - t
out["compiles"], out["binary_loads"] = _core.compile_count(), _core.binary_cache_loads()
print(json.dumps(out))
"""


def _probe_plans(sizes, is_double, cache_dir, runtime_cache_only=False):
    env = dict(os.environ, SYCL_CACHE_DIR=cache_dir, PYSYCLFFT_CACHE_DIR=cache_dir, SYCL_CACHE_PERSISTENT="1")
    env.pop("PYSYCLFFT_DISK_CACHE", None)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH", "")) if p)
    proc = subprocess.run([sys.executable, "-c", _PLAN_PROBE, json.dumps(sizes), "1" if is_double else "0",
                           "1" if runtime_cache_only else "0"], env=env, capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


# Processes on one fresh cache directory: the first compiles (cold), the second
# finds every build in our binary cache; then `repeats` warm processes of each
# kind (min taken): with our binary cache, and with only the SYCL runtime's
# persistent cache (what a warm plan cost before the binary cache).
PLAN_COLUMNS = ("cold", "second", "warm", "runtime_cache")


def plan_times(sizes, dtype, repeats=3):
    """{n: {cold, second, warm, runtime_cache, in_process}} in ms, and per column the
    first plan of the process (N=2) and the run-time compilations the process did."""
    is_double = np.dtype(dtype) == np.complex128
    with tempfile.TemporaryDirectory(prefix="pysyclfft-bench-cache-") as cache:
        runs = {"cold": [_probe_plans(sizes, is_double, cache)], "second": [_probe_plans(sizes, is_double, cache)],
                "warm": [], "runtime_cache": []}
        for _ in range(repeats):  # interleaved, so load changes hit both kinds alike
            runs["warm"].append(_probe_plans(sizes, is_double, cache))
            runs["runtime_cache"].append(_probe_plans(sizes, is_double, cache, runtime_cache_only=True))
    table = {n: {**{f"{c}_ms": min(r["first"][str(n)] for r in runs[c]) * 1e3 for c in PLAN_COLUMNS},
                 "in_process_ms": runs["cold"][0]["again"][str(n)] * 1e3} for n in sizes}
    overhead = {f"{c}_ms": min(r["process_first_plan_n2"] for r in runs[c]) * 1e3 for c in PLAN_COLUMNS}
    overhead.update({f"{c}_compiles": max(r["compiles"] for r in runs[c]) for c in PLAN_COLUMNS})
    return table, overhead


# ---------------------------------------------------------------- report

def fmt(v, digits=1):
    return "n/a" if v is None else f"{v:.{digits}f}"


def markdown_table(results, variants):
    cols = [v for v in variants]
    head = ["N", "batch"] + [f"{c} GF/s" for c in cols] + ["best peer", "ours/best", "ours_out/best", "ours ms",
                                                           "ours_out ms", "ours err"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in results:
        cells = [str(r["n"]), str(r["batch"])]
        cells += [fmt(r["gflops"].get(c)) for c in cols]
        cells += [r.get("best_peer", "n/a"), fmt(r.get("ratio_ours"), 2), fmt(r.get("ratio_ours_out"), 2),
                  fmt(r["ms"].get("ours"), 2), fmt(r["ms"].get("ours_out"), 2),
                  f"{r['error'].get('ours', float('nan')):.1e}"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def plan_table(table, overhead):
    lines = ["| N | cold ms | 2nd process ms | warm ms | warm, SYCL runtime cache only ms | in-process ms |",
             "|---|---|---|---|---|---|"]
    for n, t in table.items():
        lines.append(f"| {n} | {t['cold_ms']:.0f} | {t['second_ms']:.1f} | {t['warm_ms']:.1f} | "
                     f"{t['runtime_cache_ms']:.0f} | {t['in_process_ms']:.3f} |")
    lines.append("| first plan of a process (N=2) | " +
                 " | ".join(f"{overhead[c + '_ms']:.0f}" for c in PLAN_COLUMNS) + " | |")
    lines.append("| run-time compilations per process | " +
                 " | ".join(str(overhead[c + "_compiles"]) for c in PLAN_COLUMNS) + " | |")
    return "\n".join(lines)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="small sizes and few repetitions (smoke test)")
    p.add_argument("--sizes", help="comma-separated lengths (default: 16..8192 and seven mixed-radix sizes)")
    p.add_argument("--dtype", choices=["complex64", "complex128", "both"], default="both")
    p.add_argument("--json", help="write all results to this file")
    p.add_argument("--variants", default=",".join(VARIANTS), help=f"subset of {','.join(VARIANTS)}")
    p.add_argument("--workers", type=int, default=2, help="scipy.fft workers")
    p.add_argument("--no-plan-time", action="store_true", help="skip the plan-time subprocesses")
    p.add_argument("--plan-only", action="store_true", help="only the plan-time measurement")
    p.add_argument("--plan-sizes", help="lengths for plan timing (default: 16,256,1000,2187,8192)")
    p.add_argument("--plan-repeats", type=int, default=3, help="warm processes of each kind (min taken)")
    args = p.parse_args(argv)
    args.sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else (QUICK_SIZES if args.quick else DEFAULT_SIZES)
    args.variants = [v for v in args.variants.split(",") if v]
    unknown = set(args.variants) - set(VARIANTS)
    if unknown:
        p.error(f"unknown variants {sorted(unknown)}")
    args.dtypes = ["complex64", "complex128"] if args.dtype == "both" else [args.dtype]
    if args.plan_sizes:
        args.plan_sizes = [int(s) for s in args.plan_sizes.split(",")]
    else:
        args.plan_sizes = [16, 1000] if args.quick else [16, 256, 1000, 2187, 8192]
    args.min_reps, args.max_reps, args.budget = (2, 3, 0.2) if args.quick else (3, 20, 1.0)
    return args


def main(argv=None):
    args = parse_args(argv)
    import dpnp
    import scipy

    import pysyclfft

    info = pysyclfft.runtime_info()
    header = {
        "device": info["default_device"], "sycl_runtime": info["sycl_runtime"], "pysyclfft": info["pysyclfft"],
        "numpy": np.__version__, "scipy": scipy.__version__, "dpnp": dpnp.__version__, "cpus": os.cpu_count(),
        "command": " ".join([os.path.basename(sys.argv[0])] + (sys.argv[1:] if argv is None else argv)),
        "input_mib": TARGET_INPUT_BYTES / 2**20, "timing": f"min of {args.min_reps}-{args.max_reps} reps "
                                                           f"(~{args.budget} s) after one warm-up",
    }
    print("# pysyclfft c2c benchmark\n")
    for k, v in header.items():
        print(f"- {k}: {v}")
    report = {"header": header, "results": {}, "plan_time": {}}
    for dtype in args.dtypes:
        if not args.plan_only:
            report["results"][dtype] = run_throughput(dtype, args)
        if not args.no_plan_time:
            table, overhead = plan_times(args.plan_sizes, dtype, 1 if args.quick else args.plan_repeats)
            print(f"\n### {dtype}: plan time (C2CPlan construction, forward + backward kernels)\n")
            print(plan_table(table, overhead))
            report["plan_time"][dtype] = {"sizes": {str(k): v for k, v in table.items()}, "process_first": overhead}
        sys.stdout.flush()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)


def run_throughput(dtype, args):
    """The GFLOP/s table of one precision (kernels compiled first, in one build)."""
    import dpnp

    import pysyclfft

    queue = dpnp.empty(1).sycl_queue
    t = time.perf_counter()
    kernels = pysyclfft.precompile(args.sizes, dtype, queue=queue)
    print(f"\n## {dtype}: batched 1-D c2c, forward, ~64 MiB input\n")
    print(f"(precompiled {kernels} kernels for {len(args.sizes)} lengths in {time.perf_counter() - t:.1f} s)\n")
    results = []
    for n in args.sizes:
        r = bench_case(n, dtype, args)
        results.append(r)
        print(f"  N={n}: " + ", ".join(f"{k} {v:.1f}" for k, v in r["gflops"].items()) + " GFLOP/s",
              file=sys.stderr, flush=True)
    print(markdown_table(results, args.variants))
    return results


if __name__ == "__main__":
    main()
