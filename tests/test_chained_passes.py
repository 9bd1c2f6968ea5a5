"""Both passes of a two-pass plan in one launch (kernels/chained_passes.hpp): work-groups take tickets,
pass-2 groups wait for their chunk's pass-1 groups, pass-1 groups for the scratch slot they reuse.
GPUs take it by default; the CPU device does under PYSYCLFFT_CHAINED_PASSES=1, so the schedule, the
waits and the ring of scratch slots are checked here against numpy in float64: batches of more chunks
than slots, a strided input and output, both directions, and a second execution on the same plan (the
counters each launch leaves zero)."""

import json
import math
import os
import subprocess
import sys

import numpy as np

from conftest import eps_of

CHILD = r"""
import json, sys
import numpy as np
import pysyclfft

out = []
for n, batch in json.loads(sys.argv[1]):
    for dtype in (np.complex64, np.complex128):
        rng = np.random.default_rng(n + batch)
        x = (rng.uniform(-1, 1, (batch, n)) + 1j * rng.uniform(-1, 1, (batch, n))).astype(dtype)
        ref, inv = np.fft.fft(x.astype(np.complex128)), np.fft.ifft(x.astype(np.complex128))
        plan = pysyclfft.get_fft_plan(x, axes=(-1,))
        strided = np.zeros((batch, 2 * n), dtype)
        strided[:, ::2] = x
        y = np.zeros((batch, 2 * n), dtype)
        pysyclfft.fft(strided[:, ::2], out=y[:, ::2])
        got = [plan(x), pysyclfft.ifft(x), y[:, ::2], plan(x)]
        want = [ref, inv, ref, ref]
        errors = [float(np.linalg.norm(g - w) / np.linalg.norm(w)) for g, w in zip(got, want)]
        out.append(dict(n=n, batch=batch, double=dtype == np.complex128, describe=plan.describe(), errors=errors))
print("RESULT" + json.dumps(out))
"""

# (length, batch): 256 x 256 and 512 x 512 pass lines, one work-group size on the CPU and the H100;
# batches above the ring's three slots and, where a chunk holds several transforms, a partial chunk;
# 2^20: a CPU group filling local memory, which the ticket must not overflow.
JOBS = [(1 << 16, 7), (1 << 18, 4), (1 << 15, 50), (1 << 16, 1), (1 << 20, 2)]


def test_chained_passes_compute_the_same_transforms(tmp_path):
    env = dict(os.environ, PYSYCLFFT_SPECIALIZE="wait", PYSYCLFFT_CACHE_DIR=str(tmp_path), PYSYCLFFT_CHAINED_PASSES="1")
    run = subprocess.run([sys.executable, "-c", CHILD, json.dumps(JOBS)], env=env, capture_output=True, text=True,
                         timeout=900, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    results = json.loads(run.stdout.split("RESULT")[1])
    assert len(results) == 2 * len(JOBS)
    for r in results:
        bound = 3.0 * eps_of(np.float64 if r["double"] else np.float32) * math.log2(r["n"])
        assert max(r["errors"]) <= bound, f"n={r['n']} x {r['batch']}: errors {r['errors']} > {bound:.2g}"
    # Not vacuous: the square lengths' passes share one group size on every device we plan for.
    square = [r for r in results if r["n"] in (1 << 16, 1 << 18)]
    assert all("in one launch" in r["describe"] for r in square), [r["describe"] for r in square]
