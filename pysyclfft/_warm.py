"""python -m pysyclfft precompile: fill the on-disk caches ahead of time, so that
later processes plan new lengths, and these lengths, in milliseconds.

First the default device's generic kernel sets (every precision it supports;
skipped with --no-generic): the kernels any new length runs on at once while its
own kernels compile in the background (docs/plantime.md). Built in this process,
once per device, precision and runtime version; a later run finds them cached.

Then each (kind, length, precision) is planned as a program would plan it (a 1-D
plan), which compiles its kernels into the binary cache as later plans ask for
them (one build per plan) and stores its host tables (Bluestein, Rader,
real/trigonometric maps) in the table cache. Compiling one length's
kernels costs the same alone or batched with others (per-kernel code
generation dominates, not the shared headers), so the speed-up comes from
running --jobs processes at once, which share the caches safely (entries are
written atomically)."""
import argparse
import concurrent.futures
import multiprocessing
import os
import sys
import time

KINDS = ("c2c", "r2c", "c2r") + tuple(f"{t}{i}" for t in ("dct", "dst") for i in range(1, 5))
PRECISIONS = {"single": ("single",), "double": ("double",), "both": ("single", "double")}


def plan_one(kind, n, precision):
    """Plans the 1-D `kind` transform of n points; returns (seconds, builds compiled, tables computed)."""
    import numpy as np

    import pysyclfft
    from pysyclfft import _core

    complex_in = kind in ("c2c", "c2r")
    dtype = {("single", True): np.complex64, ("double", True): np.complex128,
             ("single", False): np.float32, ("double", False): np.float64}[precision, complex_in]
    pysyclfft.config.set_specialization("wait")  # compile this length's own kernels now, not in the background
    compiles, computed = _core.compile_count(), _core.table_cache_counts()["computed"]
    start = time.perf_counter()
    if kind == "c2r":  # the half spectrum in, n real points out
        pysyclfft.get_fft_plan(np.zeros(n // 2 + 1, dtype), s=(n,), kind=kind)
    else:
        pysyclfft.get_fft_plan(np.zeros(n, dtype), kind=kind)
    return (time.perf_counter() - start, _core.compile_count() - compiles,
            _core.table_cache_counts()["computed"] - computed)


def parse_args(argv):
    p = argparse.ArgumentParser(prog="python -m pysyclfft precompile", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("lengths", nargs="*", type=int,
                   help="transform lengths (points of the real data for r2c/c2r/DCT/DST); none: the generic sets only")
    p.add_argument("--kinds", default="c2c", help=f"comma list of {', '.join(KINDS)}, or all (default c2c)")
    p.add_argument("--precision", choices=sorted(PRECISIONS), default="single")
    p.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1),
                   help="processes compiling at once (default: min(4, CPUs))")
    p.add_argument("--no-generic", dest="generic", action="store_false",
                   help="skip the generic kernel sets (built by default, every precision the device supports)")
    args = p.parse_args(argv)
    if not args.lengths and not args.generic:
        p.error("nothing to precompile: give lengths, or leave out --no-generic")
    args.kinds = KINDS if args.kinds == "all" else tuple(args.kinds.split(","))
    for kind in args.kinds:
        if kind not in KINDS:
            p.error(f"unknown kind {kind!r}; expected one of {', '.join(KINDS)}, or all")
    if any(n < 1 for n in args.lengths):
        p.error("lengths must be >= 1")
    if args.jobs < 1:
        p.error("--jobs must be >= 1")
    return args


def build_generic_sets():
    """The default device's generic kernel sets, one line per precision."""
    import numpy as np

    from pysyclfft import _arrays, precompile_generic

    queue = _arrays.default_queue()
    for dtype in [np.complex64] + ([np.complex128] if queue.sycl_device.has_aspect_fp64 else []):
        print(f"generic kernel set, {np.dtype(dtype).name}, {queue.sycl_device.name}: ", end="", flush=True)
        start = time.perf_counter()
        count = precompile_generic(dtype, queue)
        print(f"{count} kernels in {time.perf_counter() - start:.1f} s", flush=True)


def main(argv):
    args = parse_args(argv)
    if args.generic:
        build_generic_sets()
    if not args.lengths:
        return 0
    jobs = [(kind, n, precision) for precision in PRECISIONS[args.precision] for kind in args.kinds
            for n in args.lengths]
    print(f"precompiling {len(jobs)} plans in {min(args.jobs, len(jobs))} process(es)", flush=True)
    start, failed = time.perf_counter(), 0
    for done, (job, outcome) in enumerate(_outcomes(jobs, args.jobs), 1):
        kind, n, precision = job
        label = f"[{done:>{len(str(len(jobs)))}}/{len(jobs)}] {kind} n={n} {precision}"
        if isinstance(outcome, Exception):  # a length the kind refuses (e.g. a 1-point DCT-I): report, go on
            failed += 1
            print(f"{label}: failed: {outcome}", flush=True)
        else:
            seconds, compiles, computed = outcome
            print(f"{label}: {seconds:.2f} s ({compiles} builds compiled, {computed} tables computed)", flush=True)
    print(f"done in {time.perf_counter() - start:.1f} s" + (f", {failed} failed" if failed else ""), flush=True)
    return 1 if failed else 0


def _outcomes(jobs, processes):
    """(job, plan_one's result or its exception) as each job finishes."""
    if processes == 1:  # here, in order: no worker process to start
        for job in jobs:
            try:
                yield job, plan_one(*job)
            except Exception as e:
                yield job, e
        return
    # spawn: a forked child would inherit the parent's SYCL runtime state.
    with concurrent.futures.ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn")) as pool:
        pending = {pool.submit(plan_one, *job): job for job in jobs}
        for future in concurrent.futures.as_completed(pending):
            error = future.exception()
            yield pending[future], error if error else future.result()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
