"""pysyclfft beside the FFT libraries a Python user has, on whatever SYCL device is the default.

    python benchmarks/bench.py --suite c2c                    # batched 1-D c2c, 16..8192 and mixed radices
    python benchmarks/bench.py --suite anysize                # 2^14..2^22, 3^7, 11^3, primes 1009/4099/65537
    python benchmarks/bench.py --suite real,dct               # R2C 1024/4096/2^20; DCT-II 1024 and 1024x1024
    python benchmarks/bench.py --suite batched,batched_real   # c2c and R2C of 8..64 points in a large batch
    python benchmarks/bench.py --suite nd,nd_real             # c2c and R2C of 1024^2 and 256^3
    python benchmarks/bench.py --suite workloads              # STFT, convolution, Poisson, 1e6 x 8 rfft (workloads.py)
    python benchmarks/bench.py --suite plantime               # first-call latency of 50 random lengths, every kind
    python benchmarks/bench.py --suite all --json run.json --markdown run.md --plot run.png
    python benchmarks/bench.py --suite c2c --quick            # smoke test: small sizes and batches
    python benchmarks/bench.py --from-json run.json --markdown run.md --plot run.png   # re-render only
    python benchmarks/bench.py --from-json a.json,b.json --json best.json   # best of runs, per case and peer

On a GPU (the default SYCL device is one, or --gpu) the GPU harness runs instead, unless --host:
gpu_bench.py (device-side timing, cuFFT/VkFFT beside us on NVIDIA); its own --help.

Every case transforms a batch of about --mib MiB of input (64; 4 with --quick) over
the last axis (axes), uniform random data in [-1, 1). Each peer (see peers.py:
numpy, scipy, pyfftw, mkl_fft, dpnp, ours, ours_out) runs once to warm up, and
that result is checked against numpy in float64; then the minimum wall time over
3-20 calls (about 1 s) is kept, device waits included. Peers that are not
installed or lack a transform are skipped with a note. GFLOP/s = 5 N log2(N)
batch / t for c2c, 2.5 N log2(N) batch / t for R2C and DCT-II (N = points per
transform). `ours/best` = our GFLOP/s over the best other peer's in the same run.

All peers run in this one process, one after another on the same data. So that
idle OpenMP threads of one library do not spin on the cores the next one needs,
OMP_WAIT_POLICY=PASSIVE and KMP_BLOCKTIME=0 are set unless already set.
"""
import os

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # before any OpenMP runtime loads
os.environ.setdefault("KMP_BLOCKTIME", "0")

import argparse  # noqa: E402
import copy  # noqa: E402
import platform  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

import cases as cases_mod  # noqa: E402
import gpu_bench  # noqa: E402
import measure  # noqa: E402
import peers  # noqa: E402
import plantime  # noqa: E402
import report  # noqa: E402
import harness_common  # noqa: E402
import workloads  # noqa: E402

PRECISIONS = {"single": ("single",), "double": ("double",), "both": ("single", "double"),
              "complex64": ("single",), "float32": ("single",), "complex128": ("double",), "float64": ("double",)}
SUITE_NAMES = cases_mod.THROUGHPUT_SUITES + ("plantime", "workloads")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--suite", default="c2c", help=f"comma list of {', '.join(SUITE_NAMES)}, or all")
    p.add_argument("--quick", action="store_true", help="small sizes, 4 MiB batches, 2-3 repetitions")
    p.add_argument("--host", action="store_true",
                   help="this harness (host libraries beside ours) even when the default device is a GPU")
    p.add_argument("--dtype", choices=sorted(PRECISIONS), help="precision (default: each suite's own)")
    p.add_argument("--sizes", help="comma-separated lengths instead of the suite's (dct: n and n x n)")
    p.add_argument("--peers", default=",".join(peers.PEERS), help="comma list (default: all)")
    p.add_argument("--mib", type=float, help="input MiB per case (default 64, --quick 4)")
    p.add_argument("--plan-kinds", default="all", help=f"plantime: comma list of {', '.join(plantime.KINDS)}, or all")
    p.add_argument("--plan-lengths", type=int, default=50,
                   help="plantime: how many of the seeded random lengths (default 50, --quick 3); --sizes overrides")
    p.add_argument("--json", help="write every number to this file (updated after each case)")
    p.add_argument("--markdown", help="write the tables to this file (they are printed too)")
    p.add_argument("--plot", help="write a GFLOP/s bar chart (png/svg/pdf; needs matplotlib)")
    p.add_argument("--from-json", help="no measuring: render the tables/plot of earlier --json runs "
                   "(comma list: the best of them per case and peer)")
    args = p.parse_args(argv)
    args.suites = harness_common.comma_list(p, args.suite, SUITE_NAMES, "suites", everything="all")
    args.peers = harness_common.comma_list(p, args.peers, peers.PEERS, "peers")
    args.sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else None
    args.mib = args.mib or (4 if args.quick else 64)
    args.reps = measure.QUICK if args.quick else measure.FULL
    return args


def _cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def _now(fmt="%Y-%m-%d %H:%M"):
    return time.strftime(fmt, time.gmtime())


def _load():
    return " / ".join(f"{v:.2f}" for v in os.getloadavg())


def new_run(args, argv):
    reps = args.reps
    command = "python benchmarks/bench.py " + " ".join(sys.argv[1:] if argv is None else argv)
    meta = {"command": command, "start_utc": _now(), "load_before": _load(), "cpu": _cpu_name(),
            "cpus": os.cpu_count(), "device": peers.device_name(),
            "input_mib": args.mib, "threads": peers.THREADS,
            "repetitions": f"{reps.min_reps}-{reps.max_reps} calls (~{reps.budget_s:g} s)",
            "omp_env": f"OMP_WAIT_POLICY={os.environ['OMP_WAIT_POLICY']}, KMP_BLOCKTIME={os.environ['KMP_BLOCKTIME']}"}
    available = peers.availability(args.peers)
    return {"meta": meta, "cases": [], "plantime": {},
            "peers": {p: {"version": available[p][0], "skipped": available[p][1]} for p in args.peers}}


def run_case(case, names, reps):
    """Every peer on one case; the best other peer and our ratios to it."""
    host = cases_mod.make_input(case)
    inputs = peers.Inputs(host)
    rows = cases_mod.checked_rows(case)
    ref = cases_mod.reference(case, host[rows])
    results = {p: measure.measure(case, peers.ADAPTERS[p], inputs, rows, ref, reps) for p in names}
    return {**case.describe(), "results": results, **compare(results)}


def compare(results):
    """The best other peer of a case and our GFLOP/s ratios to it."""
    ok = {p: r for p, r in results.items() if r["status"] == "ok"}
    others = [p for p in ok if p not in peers.OURS]
    best = max(others, key=lambda p: ok[p]["gflops"], default=None)
    ratio = {p: ok[p]["gflops"] / ok[best]["gflops"] for p in peers.OURS if p in ok and best}
    return {"best_peer": best, "ratio": ratio}


def merge(runs):
    """Best of several runs (a noisy machine): per case and peer the fastest cell, with the worst error."""
    merged = copy.deepcopy(runs[0])
    meta = merged["meta"]
    meta["command"] = " ; ".join(r["meta"]["command"] for r in runs)
    meta["end_utc"] = runs[-1]["meta"]["end_utc"]
    for key in ("load_before", "load_after"):
        meta[key] = " ; ".join(r["meta"][key] for r in runs)
    meta["runs"] = len(runs)
    cases = {(c["suite"], c["label"], c["dtype"]): c for c in merged["cases"]}
    for run in runs[1:]:
        for c in run["cases"]:
            mine = cases.setdefault((c["suite"], c["label"], c["dtype"]), copy.deepcopy(c))
            for p, cell in c["results"].items():
                old = mine["results"].get(p)
                if old is None or old["status"] != "ok":
                    mine["results"][p] = cell
                elif cell["status"] == "ok":
                    fastest = cell if cell["ms"] < old["ms"] else old
                    mine["results"][p] = {**fastest, "err": max(old["err"], cell["err"])}
        for precision, t in run["plantime"].items():  # runs of other kinds (e.g. split over device calls) add up
            merged["plantime"].setdefault(precision, copy.deepcopy(t))["kinds"].update(t["kinds"])
        for p, v in run["peers"].items():  # a peer skipped in one run but measured in another gets its column
            if merged["peers"].get(p, v)["skipped"] or p not in merged["peers"]:
                merged["peers"][p] = v
    merged["cases"] = list(cases.values())
    for c in merged["cases"]:
        c.update(compare(c["results"]))
    return merged


def _progress(c):
    cells = ", ".join(f"{p} {r['gflops']:.1f}" if r["status"] == "ok" else f"{p} {r['status']}"
                      for p, r in c["results"].items())
    print(f"[{c['suite']} {c['dtype']} {c['label']} x{c['batch']}] GFLOP/s: {cells}", file=sys.stderr, flush=True)


def measure_run(args, argv=None):
    run = new_run(args, argv)
    names = [p for p in args.peers if run["peers"][p]["skipped"] is None]
    for p in set(args.peers) - set(names):
        print(f"{p}: skipped, {run['peers'][p]['skipped']}", file=sys.stderr)
    for suite in args.suites:
        if suite in ("plantime", "workloads"):
            continue
        spec = cases_mod.SUITES[suite]
        sizes = args.sizes or (spec.quick_sizes if args.quick else spec.sizes)
        precisions = PRECISIONS[args.dtype] if args.dtype else spec.precisions
        suite_cases = cases_mod.make_cases(suite, sizes, precisions, args.mib)
        if set(peers.OURS) & set(names):
            peers.precompile_ours(suite_cases)
        for case in suite_cases:
            run["cases"].append(run_case(case, names, args.reps))
            _progress(run["cases"][-1])
            harness_common.save(run, args.json)
    if "plantime" in args.suites:
        lengths = ([["given", n] for n in args.sizes] if args.sizes
                   else plantime.random_lengths(3 if args.quick else args.plan_lengths))
        kinds = plantime.KINDS if args.plan_kinds == "all" else tuple(args.plan_kinds.split(","))
        for precision in PRECISIONS[args.dtype or "single"]:
            for kind in kinds:  # saved after each kind: a run cut short keeps what it measured
                t = plantime.first_call_times((kind,), lengths, precision, lambda line: print(line, file=sys.stderr))
                run["plantime"].setdefault(precision, t)["kinds"].update(t["kinds"])
                harness_common.save(run, args.json)
    if "workloads" in args.suites:
        run["workloads"] = workloads.measure_all(names, args.quick)
    run["meta"].update(end_utc=_now("%H:%M"), load_after=_load())
    harness_common.save(run, args.json)
    return run


MARKDOWN_TITLE = ("# pysyclfft beside the host FFT libraries\n\nWritten by `benchmarks/bench.py` (the command "
                  "below, or `--from-json` of its JSON with `--markdown`): edit the harness, not this file.\n\n")


def main(argv=None):
    if gpu_bench.wanted(sys.argv[1:] if argv is None else argv):  # a GPU device, --gpu, or GPU runs' JSON
        return gpu_bench.main(argv)
    args = parse_args(argv)
    if args.from_json:
        runs = harness_common.load(args.from_json)
        run = merge(runs) if len(runs) > 1 else runs[0]
        harness_common.save(run, args.json)
    else:
        run = measure_run(args, argv)
    text = report.markdown(run)
    if run.get("workloads"):  # runs merged by --from-json keep the first run's workloads
        text += "\n" + workloads.markdown(run["workloads"])
    print(text)
    harness_common.write_text(args.markdown, MARKDOWN_TITLE + text)
    if args.plot:
        report.plot(run, args.plot)
    return run


if __name__ == "__main__":
    main()
