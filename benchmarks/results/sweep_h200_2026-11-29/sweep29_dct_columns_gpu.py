"""GPU: real/trigonometric transforms along columns, this tree against the tree before (PYTHONPATH picks
the build), beside cupyx.scipy.fft (cuFFT); CuPy arrays in and out, host time of 20 calls and a device sync, min of 5."""
import json, sys, time
import numpy as np, cupy as cp, cupyx.scipy.fft as cf, scipy.fft as sf
import pysyclfft as p

def timed(f, reps=20, blocks=5):
    """ms per call: host wall time of `reps` calls and a device synchronisation (every stream)."""
    f(); cp.cuda.Device().synchronize()
    best = 1e9
    for _ in range(blocks):
        t0 = time.perf_counter()
        for _ in range(reps): f()
        cp.cuda.Device().synchronize()
        best = min(best, (time.perf_counter() - t0) * 1e3 / reps)
    return best

rows = []
for shape in [(1024, 1024), (4096, 4096), (256, 256, 256), (128, 128, 128)]:
    for dt in (np.float32, np.float64):
        h = np.random.default_rng(0).standard_normal(shape).astype(dt)
        x = cp.asarray(h)
        cases = [("dct2 axis 0", lambda: p.dct(x, 2, axis=0), lambda: cf.dct(x, 2, axis=0), lambda: sf.dct(h.astype(np.float64), 2, axis=0)),
                 ("dctn", lambda: p.dctn(x, 2), lambda: cf.dctn(x, 2), lambda: sf.dctn(h.astype(np.float64), 2)),
                 ("rfft axis 0", lambda: p.rfft(x, axis=0), lambda: cf.rfft(x, axis=0), lambda: np.fft.rfft(h.astype(np.float64), axis=0))]
        for name, ours, peer, ref in cases:
            want = ref()
            err = float(np.linalg.norm(cp.asnumpy(ours()) - want) / np.linalg.norm(want))
            row = dict(shape=list(shape), dtype=np.dtype(dt).name, case=name, ours_ms=timed(ours), cufft_ms=timed(peer), err=err)
            rows.append(row); print(row, flush=True)
json.dump(rows, open(sys.argv[1], "w"), indent=1)
