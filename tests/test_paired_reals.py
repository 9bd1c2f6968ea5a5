"""Fused rfft/irfft team kernels that move each pair of neighbouring reals as one
value (kernels/layout.hpp, kPairedReals; plan/mapped_plan.hpp chooses them per
execution where the real side is aligned for it). A GPU gets them; the CPU device
under PYSYCLFFT_PAIRED_REALS=1, so test_mapped_levels' aligned and unaligned
rfft/irfft cases run here with them too, against numpy in float64 (the H100
runs them through every real test)."""
import json
import os

import pytest

from test_plans import run_python

HERE = os.path.dirname(os.path.abspath(__file__))
MAPPED_CASES = "test_rfft_irfft or test_unaligned_pairs_of_reals"

_DESCRIBE = r"""
import json
import numpy as np
import pysyclfft

out = []
for kind, x, options in (("r2c", np.zeros((9, 1024), np.float32), {}),
                         ("c2r", np.zeros((9, 1025), np.complex128), {"s": (2048,)}),
                         ("dct2", np.zeros((9, 1024), np.float32), {})):
    out.append(pysyclfft.get_fft_plan(x, axes=(-1,), kind=kind, **options).describe())
print("RESULT" + json.dumps(out))
"""


def describe_plans(**env):
    run = run_python(_DESCRIBE, timeout=600, PYSYCLFFT_SPECIALIZE="wait", **env)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.split("RESULT")[1])


def test_paired_reals_kernels_compute_the_same_transforms(tmp_path):
    if "pairs of reals" in describe_plans(PYSYCLFFT_CACHE_DIR=str(tmp_path))[0]:
        pytest.skip("this device pairs reals by default: test_mapped_levels runs these cases with them")
    code = (f"import sys, pytest; sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', "
            f"{os.path.join(HERE, 'test_mapped_levels.py')!r}, '-k', {MAPPED_CASES!r}]))")
    run = run_python(code, timeout=900, PYSYCLFFT_PAIRED_REALS="1", PYSYCLFFT_CACHE_DIR=str(tmp_path))
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert " passed" in run.stdout and "skipped" not in run.stdout, run.stdout[-500:]


def test_plans_say_where_pairs_of_reals_move_as_one(tmp_path):
    """Not vacuous: the setting reaches the fused rfft and irfft plans, and only those."""
    r2c, c2r, dct2 = describe_plans(PYSYCLFFT_PAIRED_REALS="1", PYSYCLFFT_CACHE_DIR=str(tmp_path))
    assert "pairs of reals moved as one value" in r2c and "pairs of reals moved as one value" in c2r, (r2c, c2r)
    assert "pairs of reals" not in dct2
    assert all("pairs of reals" not in text for text in describe_plans(PYSYCLFFT_PAIRED_REALS="0",
                                                                       PYSYCLFFT_CACHE_DIR=str(tmp_path)))
