"""pysyclfft's CUDA layer (pysyclfft.cuda) against cuFFT (through CuPy) on one NVIDIA GPU.

    python3 benchmarks/gpu_cuda_bench.py [--check] [--bench] [--sweep] [--out DIR]

--check  accuracy of fft/ifft against numpy in complex128 (relative L2), cuFFT's beside it.
--bench  batched c2c forward, 256 MiB of input per case, out of place: time per batch and
         bandwidth as bytes read + written once (as the peer measurements count it),
         cuFFT with a cached plan (cupyx get_fft_plan, preallocated output) in the same run.
--sweep  kernel parameters (threads per transform, transforms per block, radices) around the
         planner's choice, for tuning plan/kernel_params.hpp's GPU branch.
Timing: CUDA events around K back-to-back launches after a warm-up; minimum over R blocks.
"""
import argparse
import json
import math
import sys
from pathlib import Path

import cupy as cp
import numpy as np
from cupyx.scipy.fftpack import get_fft_plan

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pysyclfft.cuda import _c2c, _planner  # noqa: E402

TOTAL_BYTES = 256 << 20
POW2 = [2**k for k in range(1, 14)]
MIXED = [6, 10, 12, 15, 60, 100, 210, 360, 1000, 1001, 1536, 2310, 2187, 3125, 2401, 1331, 2197]
BENCH = {
    np.complex64: [2**k for k in range(1, 14)] + [1000, 1536, 2187, 3125, 2401, 1331, 2197],
    np.complex128: [16, 64, 256, 1024, 2048, 4096, 1000, 2187, 3125, 2401, 1331, 2197],
}
# Radix sets tried by --sweep besides the planner's own (explicit lists: this is an experiment).
ALT_RADICES = {4: [[2, 2]], 8: [[4, 2], [2, 2, 2]], 16: [[16], [8, 2]], 32: [[4, 4, 2], [16, 2]],
               64: [[16, 4]], 128: [[16, 8]], 256: [[16, 16]], 512: [[16, 16, 2], [16, 8, 4]],
               1024: [[16, 16, 4], [16, 8, 8]], 2048: [[16, 16, 8]], 4096: [[16, 16, 16]],
               8192: [[16, 16, 16, 2], [16, 16, 8, 4]]}
SWEEP = {np.complex64: [4, 8, 16, 32, 128, 512, 2048, 8192, 2401, 2197],
         np.complex128: [16, 128, 512, 2048, 3125]}


def timeit(fn, k=20, r=5):
    fn()
    cp.cuda.Device().synchronize()
    best = math.inf
    for _ in range(r):
        start, end = cp.cuda.Event(), cp.cuda.Event()
        start.record()
        for _ in range(k):
            fn()
        end.record()
        end.synchronize()
        best = min(best, cp.cuda.get_elapsed_time(start, end) / 1e3 / k)
    return best


def copy_bandwidth():
    a = cp.ones(1 << 28, dtype=cp.float32)
    b = cp.empty_like(a)
    return 2 * a.nbytes / timeit(lambda: b.__setitem__(Ellipsis, a), k=10) / 1e9


def random_complex(shape, dtype, seed=0):
    rng = cp.random.default_rng(seed)
    real = np.finfo(dtype).dtype
    return (rng.standard_normal(shape, dtype=real) + 1j * rng.standard_normal(shape, dtype=real)).astype(dtype)


def rel_l2(y, ref):
    return float(cp.linalg.norm(y - ref) / cp.linalg.norm(ref))


def dtype_name(dtype):
    return np.dtype(dtype).name


def check(rows):
    for dtype in (np.complex64, np.complex128):
        plans = _c2c.precompile(POW2 + MIXED, dtype)
        for n, plan in plans.items():
            if plan is None:
                rows.append({"n": n, "dtype": dtype_name(dtype), "plan": None})
                continue
            x = random_complex((7, n), dtype, seed=n)
            ref = np.fft.fft(cp.asnumpy(x).astype(np.complex128))
            ref_inv = np.fft.ifft(cp.asnumpy(x).astype(np.complex128))
            ours = cp.asnumpy(_c2c.fft(x))
            ours_inv = cp.asnumpy(_c2c.ifft(x))
            cufft = cp.asnumpy(cp.fft.fft(x))
            err = lambda y, r: float(np.linalg.norm(y - r) / np.linalg.norm(r))  # noqa: E731
            rows.append({"n": n, "dtype": dtype_name(dtype), "plan": plan.names[0],
                         "fwd_err": err(ours, ref), "inv_err": err(ours_inv, ref_inv),
                         "cufft_err": err(cufft, ref), "eps_log2n": float(np.finfo(dtype).eps * max(1, math.log2(n)))})
            r = rows[-1]
            print(f"check {r['dtype']:>10} n={n:5d} fwd {r['fwd_err']:.2e} inv {r['inv_err']:.2e} "
                  f"cufft {r['cufft_err']:.2e}  {plan.names[0]}", flush=True)


def time_plan(plan, x, y):
    layout = _c2c._layout(x, y, x.ndim - 1)
    fn = plan.function(True)
    return timeit(lambda: plan.execute(x, y, layout, True, 1.0)), fn


def bench(rows, peak):
    for dtype, lengths in BENCH.items():
        _c2c.precompile(lengths, dtype)
        for n in lengths:
            plan = _c2c.plan_for(n, dtype)
            batch = TOTAL_BYTES // np.dtype(dtype).itemsize // n
            x = random_complex((batch, n), dtype)
            y, ref = cp.empty_like(x), cp.empty_like(x)
            t_ours, fn = time_plan(plan, x, y)
            cuplan = get_fft_plan(x, axes=(-1,), value_type="C2C")
            t_cufft = timeit(lambda: cuplan.fft(x, ref, cp.cuda.cufft.CUFFT_FORWARD))
            nbytes = 2 * x.nbytes
            row = {"n": n, "dtype": dtype_name(dtype), "batch": batch, "kernel": plan.names[0],
                   "ours_us": t_ours * 1e6, "cufft_us": t_cufft * 1e6,
                   "ours_gbs": nbytes / t_ours / 1e9, "cufft_gbs": nbytes / t_cufft / 1e9,
                   "err_vs_cufft": rel_l2(y, ref), "regs": fn.num_regs, "spill_bytes": fn.local_size_bytes}
            rows.append(row)
            print(f"bench {row['dtype']:>10} n={n:5d} b={batch:8d} ours {row['ours_gbs']:7.1f} GB/s "
                  f"({row['ours_gbs'] / peak:5.1%}) cufft {row['cufft_gbs']:7.1f} GB/s ratio "
                  f"{row['ours_gbs'] / row['cufft_gbs']:.3f} err {row['err_vs_cufft']:.1e} "
                  f"regs {fn.num_regs} local {fn.local_size_bytes}  {plan.names[0]}", flush=True)
            del x, y, ref, cuplan
            cp.get_default_memory_pool().free_all_blocks()


def sweep_variants(n, dtype, chosen, limits):
    shared, max_threads = limits
    radix_sets = [chosen["radices"]] + [r for r in ALT_RADICES.get(n, []) if r != chosen["radices"]]
    for radices in radix_sets:
        natural = max(1, n // max(radices))
        for threads in sorted({natural, max(1, natural // 2), max(1, natural // 4), min(natural, 256),
                               chosen["threads"]}):
            for per_group in (1, 2, 4, 8, 16, 32, 64, 128, 256):
                local = 2 * n * per_group * np.dtype(dtype).itemsize if len(radices) > 1 else 0
                if threads * per_group <= max_threads and local <= shared and threads * per_group >= 64:
                    yield threads, per_group, radices


def sweep(rows, lengths_override):
    limits = _c2c.device_limits()
    for dtype, lengths in SWEEP.items():
        lengths = lengths_override or lengths
        chosen = _planner.query_plans(lengths, dtype, limits)
        plans = {n: [_c2c.Plan(_planner.query_explicit(dtype, *v), dtype)
                     for v in sweep_variants(n, dtype, chosen[n], limits)] for n in lengths}
        _c2c._compile([p.names[0] for ps in plans.values() for p in ps])
        for n in lengths:
            batch = TOTAL_BYTES // np.dtype(dtype).itemsize // n
            x = random_complex((batch, n), dtype)
            y = cp.empty_like(x)
            results = []
            for plan in plans[n]:
                t, fn = time_plan(plan, x, y)
                gbs = 2 * x.nbytes / t / 1e9
                results.append((gbs, plan.names[0], fn.num_regs, fn.local_size_bytes))
                rows.append({"n": n, "dtype": dtype_name(dtype), "kernel": plan.names[0], "gbs": gbs,
                             "chosen": plan.names[0] == chosen[n]["forward"], "regs": fn.num_regs,
                             "spill_bytes": fn.local_size_bytes})
            results.sort(reverse=True)
            mine = next(r for r in results if r[1] == chosen[n]["forward"]) if any(
                r[1] == chosen[n]["forward"] for r in results) else None
            print(f"sweep {dtype_name(dtype)} n={n}: planner {mine[0] if mine else float('nan'):.0f} GB/s "
                  f"({chosen[n]['forward']}); best:", flush=True)
            for r in results[:4]:
                print(f"    {r[0]:7.1f} GB/s  regs {r[2]:3d} local {r[3]}  {r[1]}", flush=True)
            del x, y
            cp.get_default_memory_pool().free_all_blocks()


def markdown(bench_rows, peak):
    lines = [f"| dtype | n | batch | ours GB/s | cuFFT GB/s | ours/cuFFT | ours % of copy | rel. L2 vs cuFFT |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in bench_rows:
        lines.append(f"| {r['dtype']} | {r['n']} | {r['batch']} | {r['ours_gbs']:.0f} | {r['cufft_gbs']:.0f} | "
                     f"{r['ours_gbs'] / r['cufft_gbs']:.2f} | {r['ours_gbs'] / peak:.0%} | {r['err_vs_cufft']:.1e} |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--bench", action="store_true")
    ap.add_argument("--sweep", action="store_true")
    ap.add_argument("--sweep-lengths", type=int, nargs="*", help="lengths to sweep (both precisions)")
    ap.add_argument("--out", type=Path, default=None, help="folder for results.json and table.md")
    args = ap.parse_args()
    props = cp.cuda.runtime.getDeviceProperties(cp.cuda.Device().id)
    peak = copy_bandwidth()
    print(f"# {props['name'].decode()} cupy {cp.__version__} cufft {cp.cuda.cufft.getVersion()} "
          f"limits {_c2c.device_limits()}\n# device-to-device copy: {peak:.0f} GB/s (read+write)", flush=True)
    results = {"device": props["name"].decode(), "copy_gbs": peak, "check": [], "bench": [], "sweep": []}
    if args.check:
        check(results["check"])
    if args.bench:
        bench(results["bench"], peak)
        print(markdown(results["bench"], peak))
    if args.sweep:
        sweep(results["sweep"], args.sweep_lengths)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "results.json").write_text(json.dumps(results, indent=1))
        if results["bench"]:
            (args.out / "table.md").write_text(markdown(results["bench"], peak) + "\n")


if __name__ == "__main__":
    main()
