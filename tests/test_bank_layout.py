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

from conftest import H100

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


def warp_banks(k, n, stage_loads):
    """The banks of 4 bytes that warp 0's lanes touch in each real-part access of a Stockham stage,
    from the kernels' own address formula (kernels/stockham.hpp: padded(i) = i + i // Pad;
    kernels/batched_c2c.hpp: a team's buffers start team * (2 * Buffers * padded(n) + Skew) reals in).
    stage_loads: the second stage's loads (j + r*n/R) if True, the first stage's stores (j*R + r) if False."""
    pad, skew = k["pad"], k["skew"]
    padded = (lambda i: i + i // pad) if pad else (lambda i: i)
    team_reals = 2 * k["buffers"] * padded(n) + skew
    r0, r1 = k["radices"][0], k["radices"][1]
    out = []
    for r in range(r1 if stage_loads else r0):
        lanes = []
        for lane in range(32):
            team, j = divmod(lane, k["threads"])
            point = j + r * (n // r1) if stage_loads else j * r0 + r
            lanes.append((team * team_reals + padded(point)) % 32)
        out.append(lanes)
    return out


def test_short_transforms_on_an_h100_touch_every_bank_once():
    """16 and 32 points run as teams of 4 work-items, 8 transforms to a warp; laid out plainly every
    lane of the first stage's stores and the second's loads fell into 4 of the 32 banks (ncu: L1 93%
    busy, DRAM 56%). The chosen layout spreads each access over all 32 banks."""
    from pysyclfft import _core

    for n in (16, 32):
        k = _core.c2c_kernel_params(n, False, **H100)
        assert k["threads"] == 4 and k["per_group"] >= 8, k  # the case in question
        for loads in (True, False):
            for banks in warp_banks(k, n, loads):
                assert len(set(banks)) == 32, f"n={n} {'loads' if loads else 'stores'}: banks {sorted(banks)}"
        plain = dict(k, pad=0, skew=0)
        assert any(len(set(b)) < 32 for b in warp_banks(plain, n, True)), "the plain layout conflicts"


def test_odd_lengths_stay_plain_on_an_h100():
    """Padding odd-radix transforms cost the H100 8-14% (their loads conflict more padded)."""
    from pysyclfft import _core

    for n in (2187, 2401, 3125, 1000):
        k = _core.c2c_kernel_params(n, False, **H100)
        assert (k["pad"], k["skew"]) == (0, 0), (n, k)
