"""The GPU side of benchmarks/bench.py: pysyclfft beside the selected GPU's FFT libraries.

    python benchmarks/bench.py --suite c2c,large --json run.json      # on a GPU default SYCL device
    python benchmarks/bench.py --from-json a.json,b.json --notes notes.md --markdown docs/performance-gpu.md \\
        --plot docs/img/performance-gpu.png      # re-render GPU runs' JSON (notes: hand-written, included)

bench.py comes here when the default SYCL device (ONEAPI_DEVICE_SELECTOR) is a GPU, when
--gpu is given (the same harness on any device, e.g. to test it on the CPU), or when
--from-json names GPU runs. Suites: gpu_cases.SUITES (issue 13's table; nvrtc and nvrtc64 add
the NVRTC layer's benchmark lengths). Peers: gpu_peers.py (cuFFT and VkFFT on NVIDIA; ours on
an in-order profiling queue; ours_nvrtc, pysyclfft's NVRTC layer, where CuPy runs).

Every case: about 256 MiB of input (uniform random in [-1, 1), made on the GPU by CuPy where it
exists), each peer out of place into a preallocated output: one call checked against numpy in
float64 on some batch rows (max|y - ref| / max|ref|), then gpu_timing's device-side timer: a
warm-up call, then BLOCKS blocks of LAUNCHES back-to-back calls; the minimum block is kept and
every block is in the JSON (the spread). Bandwidth = bytes read + written once / time, beside
the device-to-device copy bandwidth measured at the start of the same run.

--from-json with several files: each case's row comes whole from the last file that has it,
so a row's peers were always measured in the same run.
"""
import argparse
import gc
import json
import os
import platform
import subprocess
import sys
import time

import cases as cases_mod
import gpu_cases
import gpu_peers
import gpu_report
import gpu_timing
import harness_common

FORMAT = "pysyclfft-gpu-bench-1"
DEFAULT_SUITES = ("c2c", "c2c16k", "large", "primes", "real", "real1m", "nd", "dct", "fp64")


def _is_gpu_json(path):
    try:
        with open(path) as f:
            return json.load(f).get("format") == FORMAT
    except (OSError, ValueError, AttributeError):
        return False


def wanted(argv):
    """Whether bench.py should run this GPU harness for these arguments."""
    if "--gpu" in argv:
        return True
    if "--host" in argv:
        return False
    for i, a in enumerate(argv):
        if a.startswith("--from-json"):
            paths = a.split("=", 1)[1] if "=" in a else (argv[i + 1] if i + 1 < len(argv) else "")
            return _is_gpu_json(paths.split(",")[0])
    import dpctl
    import pysyclfft  # noqa: F401  (sets the SYCL environment before devices are enumerated)

    try:
        return dpctl.select_default_device().is_gpu
    except Exception:  # noqa: BLE001 -- no SYCL device at all: the CPU harness reports it
        return False


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--gpu", action="store_true", help="this harness even if the default device is no GPU")
    p.add_argument("--suite", default=",".join(DEFAULT_SUITES),
                   help=f"comma list of {', '.join(gpu_cases.SUITES)}, or all (default: {','.join(DEFAULT_SUITES)})")
    p.add_argument("--only", help="comma list of case labels to keep (e.g. 1024,R2C 4096,128x128x128)")
    p.add_argument("--peers", default=",".join(gpu_peers.PEERS), help="comma list (default: all)")
    p.add_argument("--quick", action="store_true", help="one or two small shapes per suite")
    p.add_argument("--mib", type=float, default=gpu_cases.INPUT_MIB, help="input MiB per case")
    p.add_argument("--launches", type=int, default=gpu_timing.LAUNCHES, help="back-to-back calls per block")
    p.add_argument("--blocks", type=int, default=gpu_timing.BLOCKS, help="timed blocks (minimum kept)")
    p.add_argument("--json", help="write every number to this file (updated after each case)")
    p.add_argument("--markdown", help="write the report to this file (it is printed too)")
    p.add_argument("--plot", help="write a bar chart of the share of the copy bandwidth (png; needs matplotlib)")
    p.add_argument("--from-json", help="no measuring: render earlier runs (comma list, merged)")
    p.add_argument("--notes", help="a markdown file about these runs (profiles, causes) to include in the report")
    args = p.parse_args(argv)
    args.suites = harness_common.comma_list(p, args.suite, gpu_cases.SUITES, "suites", everything="all")
    args.peers = harness_common.comma_list(p, args.peers, gpu_peers.PEERS, "peers")
    args.only = set(args.only.split(",")) if args.only else None
    return args


def _now():
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime())


def _commit():
    if os.environ.get("BENCH_COMMIT"):
        return os.environ["BENCH_COMMIT"]
    try:
        # "-dirty": the tree measured had changes not in that commit (say which where the run is kept).
        return subprocess.run(["git", "describe", "--always", "--dirty", "--abbrev=7", "--exclude=*"],
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _cuda_info():
    """(device name, driver and runtime versions) from CuPy, or None without CUDA."""
    try:
        import cupy as cp

        props = cp.cuda.runtime.getDeviceProperties(cp.cuda.Device().id)
        driver, runtime = cp.cuda.runtime.driverGetVersion(), cp.cuda.runtime.runtimeGetVersion()
        return props["name"].decode(), f"driver {driver}, CUDA runtime {runtime} (1000 x major + 10 x minor)"
    except Exception:  # noqa: BLE001 -- no CuPy or no CUDA device
        return None


def new_run(args, argv, queue, markers, available):
    cuda = _cuda_info()
    meta = {"command": "python benchmarks/bench.py " + " ".join(sys.argv[1:] if argv is None else argv),
            "start_utc": _now(), "commit": _commit(), "sycl_device": queue.sycl_device.name,
            "sycl_backend": str(queue.sycl_device.backend).split(".")[-1], "cpu": platform.processor() or "?",
            "cuda": cuda, "input_mib": args.mib,
            "timing": f"minimum of {args.blocks} blocks of {args.launches} back-to-back calls after a warm-up",
            "copy_gbs": gpu_timing.cupy_copy_gbs() if cuda else None, "sycl_copy_gbs": gpu_timing.sycl_copy_gbs(markers),
            "peers": {p: {"version": v, "skipped": why} for p, (v, why) in available.items()}, "precompile_s": {}}
    return {"format": FORMAT, "runs": [meta], "cases": []}


def measure_peer(case, peer, inputs, rows, ref, markers, args):
    """One cell: {status: ok, us, gbs, err, plan_ms, config, device_us, host_us} or {status: n/a|error, note}."""
    try:
        runner = gpu_peers.ADAPTERS[peer](case, inputs)
        runner.call()
        err = cases_mod.max_relative_error(runner.fetch(rows), ref)
        timer = gpu_timing.cuda_blocks if runner.timer == "cuda" else markers.blocks
        blocks = timer(runner.call, launches=args.launches, blocks=args.blocks)
    except gpu_peers.Unsupported as e:
        return {"status": "n/a", "note": str(e)}
    except Exception as e:  # noqa: BLE001 -- one failing peer must not stop the run; the report says why
        return {"status": "error", "note": f"{type(e).__name__}: {e}"[:300]}
    best = min(blocks.device_s)
    return {"status": "ok", "us": best * 1e6, "gbs": gpu_cases.bytes_moved(case) / best / 1e9, "err": err,
            "plan_ms": runner.plan_s * 1e3, "config": runner.config, "timer": runner.timer, **blocks.as_dict()}


def _release_memory(use_cupy):
    gc.collect()
    if use_cupy:
        import cupy as cp

        cp.get_default_memory_pool().free_all_blocks()


def run_case(case, names, markers, use_cupy, args):
    inputs = gpu_peers.GpuInputs(case, markers.queue, use_cupy)
    rows = gpu_cases.checked_rows(case)
    ref = cases_mod.reference(case, inputs.host_rows(rows))
    results = {}
    for peer in names:
        results[peer] = measure_peer(case, peer, inputs, rows, ref, markers, args)
        _release_memory(use_cupy)
    row = {**case.describe(), "bytes": gpu_cases.bytes_moved(case), "checked_rows": len(rows), "run": 0,
           "input_copied_by": inputs.copied_by, "results": results}
    del inputs
    _release_memory(use_cupy)
    return row


def _progress(c):
    cells = ", ".join(f"{p} {r['gbs']:.0f} GB/s err {r['err']:.1e}" if r["status"] == "ok" else f"{p} {r['status']}"
                      f" ({r['note'][:80]})" for p, r in c["results"].items())
    print(f"[{c['suite']} {c['dtype']} {c['label']} x{c['batch']}] {cells}", file=sys.stderr, flush=True)


def measure_run(args, argv=None):
    import dpctl
    import pysyclfft  # noqa: F401  (sets the SYCL environment)

    queue = dpctl.SyclQueue(dpctl.select_default_device(), property=["enable_profiling", "in_order"])
    markers = gpu_timing.SyclMarkers(queue)
    try:
        markers.check()
        sycl_timer = "SYCL event profiling"
    except Exception as e:  # noqa: BLE001 -- a runtime without profiling times: host clock, said in the report
        markers.blocks = markers.host_blocks
        sycl_timer = f"host clock (no SYCL profiling times: {type(e).__name__}: {e})"[:200]
    available = gpu_peers.availability(args.peers)
    names = [p for p in args.peers if available[p][1] is None]
    for p in set(args.peers) - set(names):
        print(f"{p}: skipped, {available[p][1]}", file=sys.stderr)
    use_cupy = _cuda_info() is not None
    run = new_run(args, argv, queue, markers, available)
    meta = run["runs"][0]
    meta["sycl_timer"] = sycl_timer
    print(f"# {meta['sycl_device']} ({meta['sycl_backend']}), copy {meta['copy_gbs'] or 0:.0f} GB/s (CuPy), "
          f"{meta['sycl_copy_gbs']:.0f} GB/s (SYCL memcpy)", file=sys.stderr, flush=True)
    for suite in args.suites:
        suite_cases = gpu_cases.make_cases(suite, args.mib, args.quick, args.only)
        compiled = gpu_peers.precompile(suite_cases, names, queue)
        meta["precompile_s"].update({f"{suite}: {what}": s for what, s in compiled.items()})
        for case in suite_cases:
            run["cases"].append(run_case(case, names, markers, use_cupy, args))
            _progress(run["cases"][-1])
            harness_common.save(run, args.json)
    meta["end_utc"] = _now()
    harness_common.save(run, args.json)
    return run


def merge(runs):
    """Several runs as one: every run's header, and per case the row of the last run that has it."""
    merged = {"format": FORMAT, "runs": [], "cases": []}
    where = {}
    for run in runs:
        offset = len(merged["runs"])
        merged["runs"] += run["runs"]
        for c in run["cases"]:
            c = {**c, "run": c["run"] + offset}
            key = (c["suite"], c["label"], c["dtype"])
            if key in where:
                merged["cases"][where[key]] = c
            else:
                where[key] = len(merged["cases"])
                merged["cases"].append(c)
    return merged


def main(argv=None):
    args = parse_args(argv)
    if args.from_json:
        runs = harness_common.load(args.from_json)
        run = merge(runs) if len(runs) > 1 else runs[0]
        harness_common.save(run, args.json)
        render = " ".join(["python benchmarks/bench.py --from-json", args.from_json]
                          + [f"--{k} {v}" for k, v in (("notes", args.notes), ("markdown", args.markdown),
                                                        ("plot", args.plot)) if v])
    else:
        run, render = measure_run(args, argv), None
    notes = None
    if args.notes:
        with open(args.notes) as f:
            notes = f.read()
    text = gpu_report.markdown(run, render, args.markdown, args.plot, notes)
    print(text)
    harness_common.write_text(args.markdown, text)
    harness_common.write_text(gpu_report.configurations_path(args.markdown), gpu_report.configurations(run))
    if args.plot:
        gpu_report.plot(run, args.plot)
    return run
