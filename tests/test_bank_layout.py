"""Team kernels with their local buffers laid out against GPU bank conflicts
(plan/bank_conflicts.hpp: padded buffers, reals between neighbouring transforms'
buffers) compute the same transforms, c2c and fused real/trigonometric. A GPU
gets these layouts; the CPU device does under PYSYCLFFT_BANK_LAYOUT=1, so the
kernels are checked here against numpy and scipy in float64 too (the H100 runs
them through every c2c, real and DCT test)."""

from conftest import H100, run_checked_child

LENGTHS = [128, 176, 256, 1000, 1536, 4096]  # teams of 16-512 work-items, radices 2-11
# Fused real and trigonometric kernels (kernels/batched_mapped.hpp) share the layout:
# rfft and DCT-II keep their FFT's result in a padded spare buffer for the split
# after it, irfft and DCT-III map their input before it. Even lengths run an FFT of n/2.
MAPPED = [("r2c", 2 * n) for n in LENGTHS] + [("c2r", 2000), ("c2r", 3072), ("dct2", 352), ("dct2", 8192),
                                             ("dct3", 2000), ("r2c", 1001)]

_CHILD = r"""
import json, sys
import numpy as np
import scipy.fft
import pysyclfft

def cases(kind, n, dtype, rng):
    if kind == "c2c":
        x = (rng.uniform(-1, 1, (9, n)) + 1j * rng.uniform(-1, 1, (9, n))).astype(dtype)
        return x, {}, np.fft.fft(x.astype(np.complex128))
    if kind == "c2r":
        x = (rng.uniform(-1, 1, (9, n // 2 + 1)) + 1j * rng.uniform(-1, 1, (9, n // 2 + 1))).astype(dtype)
        return x, dict(s=(n,)), np.fft.irfft(x.astype(np.complex128), n)
    x = rng.uniform(-1, 1, (9, n)).astype(dtype)
    ref = np.fft.rfft(x.astype(np.float64)) if kind == "r2c" else scipy.fft.dct(x.astype(np.float64), int(kind[-1]))
    return x, {}, ref

out = []
for kind, n in json.loads(sys.argv[1]):
    for dtype in ((np.complex64, np.complex128) if kind in ("c2c", "c2r") else (np.float32, np.float64)):
        x, options, ref = cases(kind, n, dtype, np.random.default_rng(n))
        plan = pysyclfft.get_fft_plan(x, axes=(-1,), kind=kind, **options)
        y = plan.backward(x) if kind == "c2r" else plan(x)
        errors = [float(np.linalg.norm(y - ref) / np.linalg.norm(ref))]
        if kind == "c2c":
            inv = np.fft.ifft(x.astype(np.complex128))
            errors.append(float(np.linalg.norm(pysyclfft.ifft(x) - inv) / np.linalg.norm(inv)))
        out.append(dict(kind=kind, n=n, double=dtype in (np.float64, np.complex128), describe=plan.describe(),
                        errors=errors))
print("RESULT" + json.dumps(out))
"""


def run_child(tmp_path, jobs):
    """The CHILD's results for `jobs` in a process whose planner lays out every team kernel."""
    results = run_checked_child(tmp_path, _CHILD, jobs, PYSYCLFFT_BANK_LAYOUT="1")
    assert len(results) == 2 * len(jobs)
    return results


def test_bank_layouts_compute_the_same_transforms(tmp_path):
    results = run_child(tmp_path, [("c2c", n) for n in LENGTHS])
    # Not vacuous: the layouts under test are there (the model pads every length
    # above and skews the 16-work-item teams of 128 and 176 points).
    described = " ".join(r["describe"] for r in results)
    assert sum("local buffers padded every" in r["describe"] for r in results) >= len(LENGTHS)
    assert "reals between transforms' buffers" in described


def test_fused_real_kernels_with_bank_layouts(tmp_path):
    results = run_child(tmp_path, MAPPED)
    # Not vacuous: the CPU pads nearly all; the H100's model keeps the FFTs of 1000 and
    # 1001 points plain (as in c2c) and pads those of 128, 176, 256, 1536 and 4096 (8 jobs).
    padded = {(r["kind"], r["n"]) for r in results if "local buffers padded every" in r["describe"]}
    assert len(padded) >= 4, f"padded: {sorted(padded)}"
    assert any("reals between transforms' buffers" in r["describe"] for r in results)


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
