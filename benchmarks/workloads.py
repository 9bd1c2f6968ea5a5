"""Realistic workloads beside the host FFT libraries (bench.py --suite workloads, or run alone:
python benchmarks/workloads.py [--quick] [--repeats N] [--only stft,poisson] [--json out.json]).

  stft         rfft of 56247 frames x 2048 float32 (the transform step of an STFT)
  convolution  a 4096^2 float32 image convolved with a kernel: rfft2, a product with
               the kernel's precomputed spectrum, irfft2
  poisson      a 256^3 float32 Poisson solve with Neumann boundaries: dctn (type II),
               a division by the Laplacian's eigenvalues, idctn
  rfft8        rfft of 1e6 x 8 float32 (a large batch of tiny real transforms)

Every peer computes the same thing with its own scipy.fft-style functions, the
pointwise step with its own array library: ours (pysyclfft) and its dpnp on device
arrays already there (as bench.py's `ours`; numpy arrays without dpnp), scipy.fft
(workers=2), numpy.fft, pyFFTW's scipy_fft interface (workers=2, FFTW_MEASURE,
plans cached) and mkl_fft, on numpy arrays; peers lacking a function (numpy and
mkl_fft have no dctn) are marked n/a. One call of each peer warms up (plans,
kernel compilation) and is checked against scipy in float64 (max-norm relative
error); then the repetitions run interleaved, every peer once per repetition in
turn, so load from other jobs hits all of them alike; the table gives the median
and the spread (min-max) in ms. --quick shrinks every workload (1024 x 2048,
1024^2, 64^3, 1e5 x 8). Run alone, the script records the load average only; for
a run to report, use bench.py --suite workloads --json, which also records the
command, date, versions and sets OMP_WAIT_POLICY=PASSIVE (see bench.py).
"""
import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

import pysyclfft

THREADS = 2
PEERS = ("ours", "scipy", "numpy", "pyfftw", "mkl_fft")


@dataclass(frozen=True)
class Workload:
    name: str
    describe: str
    shape: tuple
    quick_shape: tuple
    make: Callable  # (rng, shape) -> dict of float32/complex64 numpy arrays, "x" the input
    run: Callable   # (fft module, xp, fft kwargs, data) -> result


def _stft_data(rng, shape):
    return {"x": rng.uniform(-1, 1, shape).astype(np.float32)}


def _rfft_last(fft, xp, kw, d):
    return fft.rfft(d["x"], axis=-1, **kw)


def _convolution_data(rng, shape):
    image = rng.uniform(0, 1, shape).astype(np.float32)
    kernel = np.zeros(shape, np.float64)
    g = np.exp(-0.5 * (np.arange(-8, 9) / 3.0) ** 2)
    kernel[:17, :17] = np.outer(g, g) / np.outer(g, g).sum()  # a 17 x 17 Gaussian blur
    return {"x": image, "kernel_spectrum": np.fft.rfft2(kernel).astype(np.complex64)}


def _convolution(fft, xp, kw, d):
    return fft.irfft2(fft.rfft2(d["x"], **kw) * d["kernel_spectrum"], s=d["x"].shape, **kw)


def _poisson_data(rng, shape):
    """A right-hand side and the Neumann Laplacian's eigenvalues in the DCT-II basis (the mean mode set to 1)."""
    f = rng.uniform(-1, 1, shape)
    f -= f.mean()
    axes = [2 * np.cos(np.pi * np.arange(n) / n) - 2 for n in shape]
    eig = axes[0][:, None, None] + axes[1][None, :, None] + axes[2][None, None, :]
    eig[0, 0, 0] = 1.0
    return {"x": f.astype(np.float32), "eigenvalues": eig.astype(np.float32)}


def _poisson(fft, xp, kw, d):
    return fft.idctn(fft.dctn(d["x"], type=2, **kw) / d["eigenvalues"], type=2, **kw)


WORKLOADS = {
    w.name: w for w in (
        Workload("stft", "STFT: rfft of frames x 2048 float32", (56247, 2048), (1024, 2048), _stft_data,
                 _rfft_last),
        Workload("convolution", "image convolution: rfft2, product, irfft2 (float32)", (4096, 4096), (1024, 1024),
                 _convolution_data, _convolution),
        Workload("poisson", "Poisson solve: dctn, divide, idctn (float32, Neumann)", (256, 256, 256), (64, 64, 64),
                 _poisson_data, _poisson),
        Workload("rfft8", "rfft of a batch of 8-point float32 rows", (10**6, 8), (10**5, 8), _stft_data, _rfft_last),
    )
}


@dataclass
class Peer:
    fft: object           # scipy.fft-style functions
    xp: object            # the array library of the data and the pointwise step
    kw: dict              # extra keyword arguments of every transform call
    wait: Callable = lambda result: None


def _ours():
    try:
        import dpnp
    except ImportError:
        return Peer(pysyclfft, np, {})
    return Peer(pysyclfft, dpnp, {}, lambda result: result.sycl_queue.wait())


def _pyfftw():
    import pyfftw
    import pyfftw.interfaces.scipy_fft as fftw

    pyfftw.config.PLANNER_EFFORT = "FFTW_MEASURE"
    pyfftw.interfaces.cache.enable()
    pyfftw.interfaces.cache.set_keepalive_time(3600)
    return Peer(fftw, np, {"workers": THREADS})


def _scipy():
    import scipy.fft

    return Peer(scipy.fft, np, {"workers": THREADS})


def _mkl_fft():
    import mkl_fft

    return Peer(mkl_fft, np, {})


MAKE_PEER = {"ours": _ours, "scipy": _scipy, "numpy": lambda: Peer(np.fft, np, {}), "pyfftw": _pyfftw,
             "mkl_fft": _mkl_fft}


def _reference(w, data):
    import scipy.fft

    wide = {k: v.astype(np.complex128 if v.dtype.kind == "c" else np.float64) for k, v in data.items()}
    return w.run(scipy.fft, np, {"workers": THREADS}, wide)


def _to_host(result):
    return result.asnumpy() if hasattr(result, "asnumpy") else np.asarray(result)


def measure(w, peers, repeats, quick):
    """One workload: every peer's median/min/max ms and error; peers take turns within each repetition."""
    data = w.make(np.random.default_rng(len(w.name)), w.quick_shape if quick else w.shape)
    ref = _reference(w, data)
    cells, calls = {}, {}
    for name, peer in peers.items():
        try:
            d = {k: peer.xp.asarray(v) for k, v in data.items()}
            call = (lambda p, d: lambda: p.wait(w.run(p.fft, p.xp, p.kw, d)))(peer, d)
            y = w.run(peer.fft, peer.xp, peer.kw, d)
            peer.wait(y)
            err = float(np.max(np.abs(_to_host(y) - ref)) / np.max(np.abs(ref)))
            del y
        except AttributeError as e:  # the library lacks a function
            cells[name] = {"status": "n/a", "note": str(e)[:200]}
            continue
        except Exception as e:  # noqa: BLE001 -- one failing peer must not stop the run
            cells[name] = {"status": "error", "note": f"{type(e).__name__}: {e}"[:300]}
            continue
        calls[name] = call
        cells[name] = {"status": "ok", "err": err, "times": []}
    for _ in range(repeats):
        for name, call in calls.items():
            t0 = time.perf_counter()
            call()
            cells[name]["times"].append(time.perf_counter() - t0)
    for name in calls:
        t = cells[name].pop("times")
        cells[name].update(ms=statistics.median(t) * 1e3, min_ms=min(t) * 1e3, max_ms=max(t) * 1e3, reps=len(t))
    others = [p for p in calls if p != "ours"]
    best = min(others, key=lambda p: cells[p]["ms"], default=None)
    ratio = cells[best]["ms"] / cells["ours"]["ms"] if best and "ours" in calls else None
    shape = "x".join(map(str, data["x"].shape))
    return {"workload": w.name, "describe": w.describe, "shape": shape, "results": cells, "best_peer": best,
            "ours_over_best": ratio}


def available_peers(names):
    peers, skipped = {}, {}
    for name in names:
        try:
            peers[name] = MAKE_PEER[name]()
        except ImportError as e:
            skipped[name] = f"not importable ({e})"
    return peers, skipped


def measure_all(peer_names=PEERS, quick=False, repeats=5, only=None):
    load_before = os.getloadavg()  # before the first workload: what other jobs were doing when it started
    peers, skipped = available_peers([p for p in peer_names if p in MAKE_PEER])
    rows = []
    for name in only or WORKLOADS:
        rows.append(measure(WORKLOADS[name], peers, repeats, quick))
        print(f"[workload {name}] " + ", ".join(f"{p} {c['ms']:.1f} ms" if c["status"] == "ok" else f"{p} {c['status']}"
                                              for p, c in rows[-1]["results"].items()), file=sys.stderr, flush=True)
    return {"load_before": load_before, "repeats": repeats, "quick": quick, "skipped": skipped, "rows": rows}


def markdown(result):
    """The workloads table: median ms (min-max) per peer, error, and ours/best as best peer's time over ours."""
    peers = [p for p in PEERS if any(p in r["results"] for r in result["rows"])]
    lines = [f"### Workloads ({result['repeats']} interleaved repetitions, median ms (min-max); "
             "ours/best = best peer's median over ours)", "",
             "| workload | shape | " + " | ".join(peers) + " | ours/best | max rel. error (ours) |",
             "|---" * (len(peers) + 4) + "|"]
    for r in result["rows"]:
        cells = []
        for p in peers:
            c = r["results"].get(p, {"status": "-"})
            cells.append(f"{c['ms']:.1f} ({c['min_ms']:.1f}-{c['max_ms']:.1f})" if c["status"] == "ok" else c["status"])
        ours = r["results"].get("ours", {})
        ratio = f"{r['ours_over_best']:.2f} ({r['best_peer']})" if r["ours_over_best"] else "-"
        err = f"{ours['err']:.1e}" if ours.get("status") == "ok" else "-"
        lines.append(f"| {r['workload']} | {r['shape']} | " + " | ".join(cells) + f" | {ratio} | {err} |")
    return "\n".join(lines) + "\n"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--only", help=f"comma list of {', '.join(WORKLOADS)}")
    p.add_argument("--peers", default=",".join(PEERS))
    p.add_argument("--json")
    args = p.parse_args(argv)
    result = measure_all(args.peers.split(","), args.quick, args.repeats, args.only.split(",") if args.only else None)
    result["load_after"] = os.getloadavg()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
    print(markdown(result))


if __name__ == "__main__":
    main()
