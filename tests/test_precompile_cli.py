"""python -m pysyclfft precompile (pysyclfft/_warm.py): it shows progress, and a
later process plans the lengths it precompiled without compiling a kernel or
computing a table, and a new length on the generic sets it built."""
import json
import os
import subprocess
import sys

from conftest import needs_binary_cache

LENGTHS = [48, 4099]  # a single-kernel length; a Bluestein length with a cached table


def run(cache_dir, *args, specialize="wait"):
    env = dict(os.environ, PYSYCLFFT_CACHE_DIR=str(cache_dir), PYSYCLFFT_SPECIALIZE=specialize)
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


@needs_binary_cache  # on other backends the runtime's own cache serves later processes, at 0.2-4 s a build
def test_precompiled_lengths_plan_without_compiling_in_a_new_process(tmp_path):
    cache = tmp_path / "cache"
    out = run(cache, "-m", "pysyclfft", "precompile", *map(str, LENGTHS), "--kinds", "c2c", "--jobs", "2",
              "--no-generic")
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


_NEW_LENGTH = r"""
import sys
import numpy as np, pysyclfft
from pysyclfft import _core
n = 3001  # no kernel of its own in the cache: the generic set answers while the worker compiles
x = np.random.default_rng(n).standard_normal((2, n)) + 0j
ref = np.fft.fft(x)
err = np.linalg.norm(pysyclfft.fft(x) - ref) / np.linalg.norm(ref)
print("RESULT", err, _core.compile_count(), _core.background_jobs(), flush=True)
# Exit only once the worker is done: a process exiting while it compiles may abort
# in the SYCL runtime's teardown (a known bug, tests/test_generic.py's process tests).
pysyclfft.config.wait_for_specialized()
"""


@needs_binary_cache
def test_generic_sets_serve_a_new_length_in_a_later_process(tmp_path):
    cache = tmp_path / "cache"
    out = run(cache, "-m", "pysyclfft", "precompile")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines and all(line.startswith("generic kernel set, complex") and " kernels in " in line for line in lines)
    assert any("complex128" in line for line in lines)  # the CPU device has fp64
    later = run(cache, "-c", _NEW_LENGTH, specialize="background")
    assert later.returncode == 0, later.stderr
    err, compiles, jobs = later.stdout.split("RESULT")[1].split()
    assert float(err) < 1e-12 and int(compiles) == 0 and int(jobs) == 1


def test_bad_arguments_and_refused_lengths_are_reported(tmp_path):
    cache = tmp_path / "cache"
    bad_kind = run(cache, "-m", "pysyclfft", "precompile", "16", "--kinds", "dct9")
    assert bad_kind.returncode == 2 and "unknown kind 'dct9'" in bad_kind.stderr
    nothing = run(cache, "-m", "pysyclfft", "precompile", "--no-generic")
    assert nothing.returncode == 2 and "nothing to precompile" in nothing.stderr
    bad_length = run(cache, "-m", "pysyclfft", "precompile", "0")
    assert bad_length.returncode == 2 and "lengths must be >= 1" in bad_length.stderr
    # A 1-point DCT-I:
    refused = run(cache, "-m", "pysyclfft", "precompile", "1", "--kinds", "dct1", "--jobs", "1", "--no-generic")
    assert refused.returncode == 1
    assert "[1/1] dct1 n=1 single: failed: " in refused.stdout and refused.stdout.splitlines()[-1].endswith("1 failed")
