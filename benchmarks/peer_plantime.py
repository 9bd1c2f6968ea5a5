"""Plan time of the GPU peers at the plantime suite's lengths (plantime.random_lengths):
what cuFFT (through CuPy) and VkFFT (pyvkfft.cuda, compiling with NVRTC at plan time)
make a program wait at a new length, beside our first calls (bench.py --suite plantime).

Each peer plans every length once, in one process, after one warm-up plan of another
length (the library's own start): cuFFT's cupy.cuda.cufft.Plan1d (C2C and R2C, batch 1),
VkFFT's VkFFTApp (C2C and R2C, batch 1). A length a peer refuses is recorded with
its error. complex64/float32.

    python benchmarks/peer_plantime.py --json peers.json [--lengths 50]
"""
import argparse
import json
import sys
import time

import numpy as np

import plantime


def _timed(make):
    start = time.perf_counter()
    try:
        make()
    except Exception as e:  # noqa: BLE001 - a refused length is a result
        return {"error": f"{type(e).__name__}: {e}"[:200]}
    return {"ms": (time.perf_counter() - start) * 1e3}


def cufft_plans(lengths):
    import cupy
    from cupy.cuda import cufft

    def plan(n, kind):
        cufft.Plan1d(n, kind, 1)
        cupy.cuda.Device().synchronize()

    plan(16, cufft.CUFFT_C2C)
    return {"c2c": {n: _timed(lambda: plan(n, cufft.CUFFT_C2C)) for n in lengths},
            "r2c": {n: _timed(lambda: plan(n, cufft.CUFFT_R2C)) for n in lengths}}


def vkfft_plans(lengths):
    import pyvkfft.cuda as vk

    def plan(n, dtype, **options):
        vk.VkFFTApp((n,), dtype, ndim=1, inplace=False, **options)

    plan(16, np.complex64)
    return {"c2c": {n: _timed(lambda: plan(n, np.complex64)) for n in lengths},
            "r2c": {n: _timed(lambda: plan(n, np.float32, r2c=True)) for n in lengths}}


def summary(times):
    ms = np.array([t["ms"] for t in times.values() if "ms" in t])
    if not len(ms):
        return None
    return {"count": int(len(ms)), "median": float(np.median(ms)), "p90": float(np.percentile(ms, 90)),
            "max": float(ms.max())}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--lengths", type=int, default=50, help="how many of the seeded random lengths (default 50)")
    p.add_argument("--json", required=True)
    args = p.parse_args(argv)
    lengths = [n for _, n in plantime.random_lengths(args.lengths)]
    out = {"lengths": plantime.random_lengths(args.lengths), "peers": {}}
    for name, measure in (("cufft", cufft_plans), ("vkfft", vkfft_plans)):
        try:
            kinds = measure(lengths)
        except ImportError as e:
            out["peers"][name] = {"skipped": str(e)}
            continue
        out["peers"][name] = {kind: {"lengths": {str(n): t for n, t in times.items()}, "summary": summary(times)}
                              for kind, times in kinds.items()}
        for kind, r in out["peers"][name].items():
            print(f"{name} {kind}: {r['summary']}", file=sys.stderr, flush=True)
        with open(args.json, "w") as f:  # after each peer: a run cut short keeps what it measured
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
