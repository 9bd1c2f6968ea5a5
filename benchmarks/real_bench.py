"""Real transforms and DCT-II beside scipy.fft and numpy.fft, in one process.

Cases follow shared/anchors/cpu_peers.md (float32, batch along the leading
axis, input about 64 MiB, transform over the last axis or axes): R2C 1024,
4096 and 2^20, DCT-II 1024 (batched) and 1024x1024 (2-D). pysyclfft runs on
dpnp arrays already on the device (output allocated per call, as dpnp does);
the host libraries run on numpy arrays. Time = minimum over repeated calls
after a warm-up; GFLOP/s = 2.5 N log2(N) batch / t; error = max|y - ref| /
max|ref| against a float64 reference. Usage: python benchmarks/real_bench.py [--quick]
"""
import argparse
import math
import time

import numpy as np
import scipy.fft as sf

import dpnp

import pysyclfft

INPUT_BYTES = 64 * 2**20


def best_time(call, seconds=0.6, min_calls=3, max_calls=20):
    call()  # warm-up (compiles kernels)
    times = []
    start = time.perf_counter()
    while len(times) < min_calls or (time.perf_counter() - start < seconds and len(times) < max_calls):
        t = time.perf_counter()
        call()
        times.append(time.perf_counter() - t)
    return min(times)


def cases(quick):
    scale = 8 if quick else 1
    rfft_host = (lambda x: sf.rfft(x, workers=2), np.fft.rfft, np.fft.rfft)  # scipy, numpy, reference
    dct_host = (lambda x: sf.dct(x, workers=2), None, sf.dct)
    dct2d_host = (lambda x: sf.dctn(x, axes=(-2, -1), workers=2), None, lambda x: sf.dctn(x, axes=(-2, -1)))
    return [  # (name, shape, our call, (scipy call, numpy call, float64 reference))
        ("R2C 1024", (INPUT_BYTES // 4 // 1024 // scale, 1024), pysyclfft.rfft, rfft_host),
        ("R2C 4096", (INPUT_BYTES // 4 // 4096 // scale, 4096), pysyclfft.rfft, rfft_host),
        ("R2C 2^20", (max(1, 8 // scale), 2**20), pysyclfft.rfft, rfft_host),
        ("DCT-II 1024", (INPUT_BYTES // 4 // 1024 // scale, 1024), pysyclfft.dct, dct_host),
        ("DCT-II 1024x1024", (max(1, 8 // scale), 1024, 1024), lambda x: pysyclfft.dctn(x, axes=(-2, -1)),
         dct2d_host),
    ]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="1/8 of the batch (a smoke run)")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    print(f"device: {pysyclfft.runtime_info()['default_device']}")
    print(f"{'case':18} {'batch':>6} {'pysyclfft ms':>13} {'GFLOP/s':>8} {'error':>8} {'scipy ms':>9} {'numpy ms':>9}")
    for name, shape, ours, (scipy_call, numpy_call, ref) in cases(args.quick):
        x = rng.uniform(-1, 1, shape).astype(np.float32)
        n_total = math.prod(shape[1:])
        flops = 2.5 * n_total * math.log2(n_total) * shape[0]
        xd = dpnp.asarray(x)
        try:
            y = ours(xd)
        except NotImplementedError as e:
            print(f"{name:18} {shape[0]:>6} {'n/a':>13}   ({e})")
            continue
        reference = ref(x[:2].astype(np.float64))
        err = np.abs(dpnp.asnumpy(y[:2]) - reference).max() / np.abs(reference).max()
        t_ours = best_time(lambda: ours(xd).sycl_queue.wait())
        t_scipy = best_time(lambda: scipy_call(x))
        t_numpy = best_time(lambda: numpy_call(x)) if numpy_call else float("nan")
        print(f"{name:18} {shape[0]:>6} {t_ours * 1e3:13.1f} {flops / t_ours / 1e9:8.1f} {err:8.1e} "
              f"{t_scipy * 1e3:9.1f} {t_numpy * 1e3:9.1f}")


if __name__ == "__main__":
    main()
