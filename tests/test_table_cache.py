"""Our on-disk cache of host-computed tables (plan/table_cache.hpp): a new process
reads Bluestein's, Rader's and the real/trigonometric maps' tables instead of
computing them and gets the same answers, within the float64 reference's bounds;
a damaged entry is detected and rebuilt; a process killed while writing leaves
no entry a later process would read half of. Each case runs in child processes
on its own copy of a cache filled once per module."""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
import scipy.fft

from conftest import error_bound, relative_l2

# (function, length, dtype): Bluestein (4098 = 2*3*683 is not smooth) in both
# precisions (each has its own entry), Rader (12288 = 3*2^12), and two map tables.
CASES = [("fft", 4099, "complex128"), ("fft", 4099, "complex64"), ("fft", 12289, "complex128"),
         ("rfft", 8192, "float64"), ("dct", 6000, "float64")]

_CHILD = r"""
import json, sys
import numpy as np, pysyclfft
from pysyclfft import _core
cases, out = json.loads(sys.argv[1]), sys.argv[2]
results = {}
for i, (func, n, dtype) in enumerate(cases):
    x = np.random.default_rng(i).standard_normal((2, n)).astype(dtype)
    if np.dtype(dtype).kind == "c":
        x += 1j * np.random.default_rng(100 + i).standard_normal((2, n))
    results[f"x{i}"], results[f"y{i}"] = x, getattr(pysyclfft, func)(x)
np.savez(out, **results)
print("RESULT", json.dumps({**_core.table_cache_counts(), "dir": _core.table_cache_dir()}))
"""


def child_env(cache_dir):
    env = dict(os.environ, PYSYCLFFT_CACHE_DIR=str(cache_dir))
    for var in ("SYCL_CACHE_DIR", "SYCL_CACHE_PERSISTENT", "PYSYCLFFT_DISK_CACHE"):
        env.pop(var, None)
    return env


def run_child(cache_dir, cases=CASES):
    """Counts of the child's tables (computed, disk_loads, memory_hits) and its results."""
    out_file = cache_dir.parent / f"results-{time.monotonic_ns()}.npz"
    out = subprocess.run([sys.executable, "-c", _CHILD, json.dumps(cases), str(out_file)], env=child_env(cache_dir),
                         capture_output=True, text=True, timeout=600, cwd=cache_dir.parent)
    assert out.returncode == 0, out.stderr
    counts = json.loads(out.stdout.split("RESULT")[1])
    with np.load(out_file) as data:
        results = [data[f"y{i}"] for i in range(len(cases))]
        check_accuracy(cases, [data[f"x{i}"] for i in range(len(cases))], results)
    return counts, results


def reference(func, x):
    """scipy.fft's transform in float64."""
    return getattr(scipy.fft, func)(x.astype(np.complex128 if x.dtype.kind == "c" else np.float64))


def check_accuracy(cases, inputs, results):
    for (func, n, dtype), x, y in zip(cases, inputs, results):
        err = relative_l2(y, reference(func, x))
        assert err < error_bound(dtype, n), f"{func} n={n} {dtype}: relative error {err:.3g}"


def entries(cache_dir):
    return sorted((cache_dir / "tables").glob("*.tbl"))


@pytest.fixture(scope="module")
def warm_cache(tmp_path_factory):
    """A cache directory after one cold process (computed and stored every table),
    its results, and how many tables it holds (a case may plan several)."""
    cache = tmp_path_factory.mktemp("warm") / "cache"
    counts, results = run_child(cache)
    assert counts["computed"] >= len(CASES) and counts["disk_loads"] == 0
    assert counts["dir"] == str(cache / "tables")
    assert len(entries(cache)) == counts["computed"]
    return cache, results, counts["computed"]


@pytest.fixture
def cache(warm_cache, tmp_path):
    copy = tmp_path / "cache"
    shutil.copytree(warm_cache[0], copy)
    return copy


def test_new_process_reads_every_table_and_answers_the_same(cache, warm_cache):
    counts, results = run_child(cache)
    assert counts["computed"] == 0 and counts["disk_loads"] == warm_cache[2]
    for cold, warm in zip(warm_cache[1], results):
        np.testing.assert_array_equal(warm, cold)  # the very table a cold plan uploads


DAMAGE = {
    "truncated": lambda d: d[: len(d) // 2],
    "empty": lambda d: b"",
    "garbage": lambda d: b"not a cache entry" * 9,
    "flipped_byte": lambda d: d[: len(d) * 3 // 4] + bytes([d[len(d) * 3 // 4] ^ 1]) + d[len(d) * 3 // 4 + 1:],
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_damaged_entry_is_detected_and_rebuilt(cache, warm_cache, damage):
    tables = warm_cache[2]
    for f in entries(cache):
        f.write_bytes(DAMAGE[damage](f.read_bytes()))
    rebuilt, _ = run_child(cache)  # accurate (run_child checks): no damaged table was used
    assert rebuilt["computed"] == tables and rebuilt["disk_loads"] == 0
    warm, _ = run_child(cache)  # the rebuilt entries are good again
    assert warm["computed"] == 0 and warm["disk_loads"] == tables


# A child that computes one large table (a Bluestein length whose table is ~24 MB,
# so that writing it takes a while) and would then compile its kernels.
_WRITER = r"""
import dpctl
from pysyclfft import _core
_core.C2CPlan(dpctl.SyclQueue(), 1000003, False)
"""


def test_process_killed_while_writing_leaves_no_partial_entry(tmp_path):
    cache = tmp_path / "cache"
    writer = subprocess.Popen([sys.executable, "-c", _WRITER], env=child_env(cache), cwd=tmp_path,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    tables = cache / "tables"
    deadline = time.monotonic() + 300
    try:
        while writer.poll() is None and time.monotonic() < deadline:
            if tables.is_dir() and any(name.endswith(".tmp") for name in os.listdir(tables)):
                writer.send_signal(signal.SIGKILL)  # in the middle of writing the table
                break
    finally:
        writer.kill()
        writer.wait()
    assert writer.returncode == -signal.SIGKILL, "the writer ended before it began writing its table"
    whole_entry = bool(entries(cache))  # the rename may have won the race against the kill
    counts, _ = run_child(cache, [("fft", 1000003, "complex64")])
    # A whole entry is read; anything else (the partial temporary file) is never read, so the table is computed.
    assert (counts["computed"], counts["disk_loads"]) == ((0, 1) if whole_entry else (1, 0))
    assert len(entries(cache)) == 1


_TWO_QUEUES = r"""
import json
import dpctl, numpy as np, pysyclfft
from pysyclfft import _core
x = np.random.default_rng(0).standard_normal(4099) + 0j
ys = []
for q in (dpctl.SyclQueue(), dpctl.SyclQueue()):  # one plan per queue
    ys.append(pysyclfft.fft(pysyclfft.DeviceArray.from_numpy(x, q)).asnumpy())
err = max(float(np.linalg.norm(y - np.fft.fft(x)) / np.linalg.norm(np.fft.fft(x))) for y in ys)
print("RESULT", json.dumps({**_core.table_cache_counts(), "err": err}))
"""


def test_a_plan_on_another_queue_reuses_the_table_in_memory(tmp_path):
    out = subprocess.run([sys.executable, "-c", _TWO_QUEUES], env=child_env(tmp_path / "cache"), capture_output=True,
                         text=True, timeout=600, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    counts = json.loads(out.stdout.split("RESULT")[1])
    # Computed once; the second queue's plan found it in memory. How many more lookups hit depends
    # on how far the background compiles of the specialized plans got before the process ended
    # (1-3 here, with the same counts before and after session 19's changes).
    assert (counts["computed"], counts["disk_loads"]) == (1, 0) and counts["memory_hits"] >= 1, counts
    assert counts["err"] < error_bound("complex128", 4099)


def test_main_prints_the_table_cache(cache, warm_cache):
    out = subprocess.run([sys.executable, "-m", "pysyclfft"], env=child_env(cache), capture_output=True, text=True,
                         timeout=120, cwd=cache.parent)
    assert out.returncode == 0, out.stderr
    line = next(l for l in out.stdout.splitlines() if l.startswith("host tables on disk"))
    assert f"(on): {cache / 'tables'}, {warm_cache[2]} files" in line


def test_disabled_cache_computes_and_writes_nothing(tmp_path):
    env = dict(child_env(tmp_path / "cache"), PYSYCLFFT_DISK_CACHE="0")
    out = subprocess.run([sys.executable, "-c", _CHILD, json.dumps(CASES[:1]), str(tmp_path / "r.npz")], env=env,
                         capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    counts = json.loads(out.stdout.split("RESULT")[1])
    assert counts["dir"] == "" and counts["computed"] == 1 and counts["disk_loads"] == 0
    assert not (tmp_path / "cache").exists()


# Bluestein's and Rader's spectra of float tables of at least 2^17 points come from
# the device (in double, on the generic kernels, when the double generic set is at
# hand; a float Bluestein table's chirp too, and a GPU keeps that table in its own
# memory, uncached); double tables' from the host in long double
# (plan/generic_c2c_plan.hpp: device_tables). The child keeps its tables in a
# fresh directory, its kernels in the usual cache.
_SPECTRA = r"""
import json, sys
import numpy as np, pysyclfft
from pysyclfft import _core
cases, tables, out = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3]
_core.set_table_cache(tables, 1 << 30)
pysyclfft.precompile_generic(np.complex128)  # what lets a float table's spectrum come from the device
results = {}
for i, (func, n, dtype) in enumerate(cases):
    rng = np.random.default_rng(i)
    x = (rng.uniform(-0.5, 0.5, n) + 1j * rng.uniform(-0.5, 0.5, n)).astype(dtype)
    results[f"x{i}"], results[f"y{i}"] = x, pysyclfft.fft(x)
np.savez(out, **results)
print("RESULT", json.dumps(_core.table_cache_counts()))
"""
# Bluestein (65538 = 2*3^2*11*331: padded to 3*2^16) and Rader (147457 = 9*2^14 + 1), both precisions.
SPECTRA_CASES = [("fft", 65539, "complex64"), ("fft", 147457, "complex64"), ("fft", 65539, "complex128"),
                 ("fft", 147457, "complex128")]


def run_spectra_child(tmp_path, tables):
    out_file = tmp_path / f"spectra-{time.monotonic_ns()}.npz"
    out = subprocess.run([sys.executable, "-c", _SPECTRA, json.dumps(SPECTRA_CASES), str(tables), str(out_file)],
                         capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    with np.load(out_file) as data:
        inputs = [data[f"x{i}"] for i in range(len(SPECTRA_CASES))]
        results = [data[f"y{i}"] for i in range(len(SPECTRA_CASES))]
    check_accuracy(SPECTRA_CASES, inputs, results)
    return json.loads(out.stdout.split("RESULT")[1]), results


def test_float_spectra_from_the_device_are_accurate_and_cached(tmp_path):
    from pysyclfft import _arrays, _core

    # A GPU builds the float Bluestein table in its own memory and caches none of it.
    stored = len(SPECTRA_CASES) - (0 if _core.reads_host_memory(_arrays.default_queue()) else 1)
    tables = tmp_path / "tables"
    cold, cold_results = run_spectra_child(tmp_path, tables)
    assert cold["computed"] == len(SPECTRA_CASES) and cold["disk_loads"] == 0
    keys = {}
    for f in tables.glob("*.tbl"):  # an entry holds its key text (plan/cache_directory.hpp)
        head = f.read_bytes()[:300]
        keys[(b"element float" in head, b"bluestein" in head)] = head
    assert len(keys) == stored, "one entry per table: Bluestein and Rader, float and double"
    for (is_float, bluestein), head in keys.items():
        assert (b"spectrum in double on the device" in head) == is_float, head
        assert (b"chirp and spectrum in double on the device" in head) == (is_float and bluestein), head
        assert (b"spectrum on the host" in head) == (not is_float), head
    warm, warm_results = run_spectra_child(tmp_path, tables)
    assert warm["computed"] == len(SPECTRA_CASES) - stored and warm["disk_loads"] == stored
    for cold_y, warm_y in zip(cold_results, warm_results):
        np.testing.assert_array_equal(warm_y, cold_y)


# The real/trigonometric maps' float tables of at least 2^17 points come from the
# device too (each root from two-level roots in double, rounded once); double
# tables from the host in long double (plan/map_tables.hpp: map_table).
_MAPS = r"""
import json, sys
import numpy as np, pysyclfft
from pysyclfft import _core
cases, tables, out = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3]
_core.set_table_cache(tables, 1 << 30)
pysyclfft.precompile_generic(np.complex128)  # what lets a float table come from the device
results = {}
for i, (func, n, dtype, kwargs) in enumerate(cases):
    results[f"x{i}"] = x = np.random.default_rng(i).uniform(-0.5, 0.5, n).astype(dtype)
    results[f"y{i}"] = getattr(pysyclfft, func)(x, **kwargs)
np.savez(out, **results)
"""
# One map table each: r2c, DCT-II (odd length), DCT-IV (runs with a step), DST-I, DCT-III, a double DCT-II.
MAP_CASES = [("rfft", 140000, "float32", {}), ("dct", 140001, "float32", {"type": 2}),
             ("dct", 140000, "float32", {"type": 4}), ("dst", 131100, "float32", {"type": 1}),
             ("idct", 131072, "float32", {"type": 2}), ("dct", 140002, "float64", {"type": 2})]


def test_float_map_tables_from_the_device_are_accurate(tmp_path):
    from pysyclfft import _arrays, _core

    tables, out_file = tmp_path / "tables", tmp_path / "maps.npz"
    out = subprocess.run([sys.executable, "-c", _MAPS, json.dumps(MAP_CASES), str(tables), str(out_file)],
                         capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    with np.load(out_file) as data:
        for i, (func, n, dtype, kwargs) in enumerate(MAP_CASES):
            x, y = data[f"x{i}"], data[f"y{i}"]
            err = relative_l2(y, getattr(scipy.fft, func)(x.astype(np.float64), **kwargs))
            assert err < error_bound(np.dtype(dtype), n), f"{func} {kwargs} n={n} {dtype}: relative error {err:.3g}"
    maps = {}  # (length, float) -> key text of each map table stored
    for f in tables.glob("*.tbl"):
        head = f.read_bytes()[:300]
        if re.search(rb"\nmap \d+", head):
            maps[int(re.search(rb"length (\d+)", head).group(1)), b"element float" in head] = head
    assert b"on the device" not in maps[140002, False]  # double: the host's long double
    if _core.reads_host_memory(_arrays.default_queue()):  # a GPU keeps its device-built tables uncached
        floats = [(n, True) for func, n, dtype, kwargs in MAP_CASES if dtype == "float32"]
        assert all(b"roots in double on the device" in maps[key] for key in floats), maps.keys()


@pytest.mark.parametrize("double", [False, True], ids=["complex64", "complex128"])
def test_a_cpu_device_reads_the_cached_table_where_it_lies(double):
    """On a device whose kernels read host memory (the OpenCL CPU device) a plan
    holds no copy of its Bluestein table (chirp and spectrum, n + m entries for a
    convolution of length m: more than the passes' tables); elsewhere it holds a
    device copy."""
    import pysyclfft
    from pysyclfft import _arrays, _core

    queue = _arrays.default_queue()
    n, point = 4099, 16 if double else 8
    plan = _core.C2CPlan(queue, n, double)
    m = int(re.search(r"Bluestein, chirp convolution of length (\d+)", plan.describe()).group(1))
    convolution = (n + m) * point
    if _core.reads_host_memory(queue):
        assert plan.workspace_bytes < convolution
    else:
        assert plan.workspace_bytes > convolution
    x = np.random.default_rng(5).standard_normal((2, n)).astype(np.complex128 if double else np.complex64)
    assert relative_l2(pysyclfft.fft(x), np.fft.fft(x.astype(np.complex128))) < error_bound(x.dtype, n)


# A float plan that wants the device's spectrum but finds no double generic set
# computes its table on the host and has the worker compile that set (background
# mode), so that a later plan builds its table on the device.
_DOUBLE_SET_LATER = r"""
import sys
import numpy as np, pysyclfft
from pysyclfft import _core
_core.set_table_cache(sys.argv[1], 1 << 30)
for n in (65539, 65543):
    x = np.random.default_rng(n).uniform(-0.5, 0.5, n).astype(np.complex64)
    y = pysyclfft.fft(x)
    err = np.linalg.norm(y - np.fft.fft(x.astype(np.complex128))) / np.linalg.norm(np.fft.fft(x.astype(np.complex128)))
    print(n, err, flush=True)
    pysyclfft.config.wait_for_specialized()
"""


def test_float_plan_compiles_the_double_set_for_later_plans(tmp_path):
    from pysyclfft import _arrays, _core

    if not _arrays.default_queue().sycl_device.has_aspect_fp64:
        pytest.skip("the device computes no spectra without fp64")
    tables = tmp_path / "tables"
    env = dict(os.environ, PYSYCLFFT_SPECIALIZE="background", PYSYCLFFT_CACHE_DIR=str(tmp_path / "kernels"))
    out = subprocess.run([sys.executable, "-c", _DOUBLE_SET_LATER, str(tables)], capture_output=True, text=True,
                         timeout=600, cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr
    for line in out.stdout.split("\n")[:2]:
        n, err = line.split()
        assert float(err) < error_bound(np.dtype(np.complex64), int(n)), line
    keys = {}
    for f in tables.glob("*.tbl"):
        head = f.read_bytes()[:300]
        keys[int(re.search(rb"length (\d+)", head).group(1))] = head
    assert b"spectrum on the host" in keys[65539]  # no double set yet: the host computed it
    if _core.reads_host_memory(_arrays.default_queue()):  # a GPU keeps its device-built table uncached
        assert b"chirp and spectrum in double on the device" in keys[65543]
    else:
        assert 65543 not in keys
