"""python -m pysyclfft precompile (pysyclfft/_warm.py): it shows progress, and a
later process plans the lengths it precompiled without compiling a kernel or
computing a table."""
import json
import os
import subprocess
import sys

from conftest import needs_opencl_binary_cache

LENGTHS = [48, 4099]  # a single-kernel length; a Bluestein length with a cached table


def run(cache_dir, *args):
    env = dict(os.environ, PYSYCLFFT_CACHE_DIR=str(cache_dir))
    for var in ("SYCL_CACHE_DIR", "SYCL_CACHE_PERSISTENT", "PYSYCLFFT_DISK_CACHE"):
        env.pop(var, None)
    return subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True, timeout=600,
                          cwd=cache_dir.parent)


_PLAN = r"""
import json, sys
import numpy as np, pysyclfft
from pysyclfft import _core
for n in json.loads(sys.argv[1]):
    x = np.random.default_rng(n).standard_normal(n).astype(np.complex64)
    ref = np.fft.fft(x.astype(np.complex128))
    assert np.linalg.norm(pysyclfft.fft(x) - ref) / np.linalg.norm(ref) < 1e-5
print("RESULT", json.dumps({"compiles": _core.compile_count(), **_core.table_cache_counts()}))
"""


@needs_opencl_binary_cache  # on other backends the runtime's own cache serves later processes, at ~0.2 s a build
def test_precompiled_lengths_plan_without_compiling_in_a_new_process(tmp_path):
    cache = tmp_path / "cache"
    out = run(cache, "-m", "pysyclfft", "precompile", *map(str, LENGTHS), "--kinds", "c2c", "--jobs", "2")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "precompiling 2 plans in 2 process(es)"
    counters, plans = zip(*(line.split(":")[0].split(" ", 1) for line in lines[1:-1]))  # in the order they finish
    assert counters == ("[1/2]", "[2/2]")
    assert sorted(plans) == sorted(f"c2c n={n} single" for n in LENGTHS)
    assert "1 tables computed" in next(line for line in lines if "n=4099" in line)
    assert lines[-1].startswith("done in ")
    later = run(cache, "-c", _PLAN, json.dumps(LENGTHS))
    assert later.returncode == 0, later.stderr
    counts = json.loads(later.stdout.split("RESULT")[1])
    assert counts["compiles"] == 0 and counts["computed"] == 0 and counts["disk_loads"] == 1


def test_bad_arguments_and_refused_lengths_are_reported(tmp_path):
    cache = tmp_path / "cache"
    bad_kind = run(cache, "-m", "pysyclfft", "precompile", "16", "--kinds", "dct9")
    assert bad_kind.returncode == 2 and "unknown kind 'dct9'" in bad_kind.stderr
    bad_length = run(cache, "-m", "pysyclfft", "precompile", "0")
    assert bad_length.returncode == 2 and "lengths must be >= 1" in bad_length.stderr
    refused = run(cache, "-m", "pysyclfft", "precompile", "1", "--kinds", "dct1", "--jobs", "1")  # a 1-point DCT-I
    assert refused.returncode == 1
    assert "[1/1] dct1 n=1 single: failed: " in refused.stdout and refused.stdout.splitlines()[-1].endswith("1 failed")
