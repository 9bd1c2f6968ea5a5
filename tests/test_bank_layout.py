"""Team kernels with their local buffers laid out against GPU bank conflicts
(plan/bank_conflicts.hpp: padded buffers, reals between neighbouring transforms'
buffers) compute the same transforms. A GPU gets these layouts; the CPU device
does under PYSYCLFFT_BANK_LAYOUT=1, so the kernels are checked here against
numpy in complex128 too (the H100 runs them through every c2c test)."""
import json
import math
import os
import subprocess
import sys

import numpy as np

LENGTHS = [128, 176, 256, 1000, 1536, 4096]  # teams of 16-512 work-items, radices 2-11

_CHILD = r"""
import json, sys
import numpy as np
import pysyclfft
out = []
for dtype in (np.complex64, np.complex128):
    for n in json.loads(sys.argv[1]):
        rng = np.random.default_rng(n)
        x = (rng.uniform(-1, 1, (9, n)) + 1j * rng.uniform(-1, 1, (9, n))).astype(dtype)
        plan = pysyclfft.get_fft_plan(x, axes=(-1,))
        ref = np.fft.fft(x.astype(np.complex128))
        inv = np.fft.ifft(x.astype(np.complex128))
        forward = float(np.linalg.norm(plan(x) - ref) / np.linalg.norm(ref))
        backward = float(np.linalg.norm(pysyclfft.ifft(x) - inv) / np.linalg.norm(inv))
        out.append(dict(dtype=np.dtype(dtype).name, n=n, describe=plan.describe(), errors=[forward, backward]))
print("RESULT" + json.dumps(out))
"""


def test_bank_layouts_compute_the_same_transforms(tmp_path):
    env = dict(os.environ, PYSYCLFFT_BANK_LAYOUT="1", PYSYCLFFT_SPECIALIZE="wait", PYSYCLFFT_CACHE_DIR=str(tmp_path))
    run = subprocess.run([sys.executable, "-c", _CHILD, json.dumps(LENGTHS)], env=env, capture_output=True,
                         text=True, timeout=600, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    results = json.loads(run.stdout.split("RESULT")[1])
    assert len(results) == 2 * len(LENGTHS)
    for r in results:
        eps = float(np.finfo(np.float32 if r["dtype"] == "complex64" else np.float64).eps)
        bound = 3.0 * eps * math.log2(r["n"])
        assert max(r["errors"]) <= bound, f"{r['dtype']} n={r['n']}: errors {r['errors']} > {bound:.2g}"
    # Not vacuous: the layouts under test are there (the model pads every length
    # above and skews the 16-work-item teams of 128 and 176 points).
    described = " ".join(r["describe"] for r in results)
    assert sum("local buffers padded every" in r["describe"] for r in results) >= len(LENGTHS)
    assert "reals between transforms' buffers" in described
