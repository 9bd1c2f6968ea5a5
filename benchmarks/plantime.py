"""Plan time: constructing pysyclfft._core.C2CPlan (kernels of a length and its twiddles).

Processes run one after another on one fresh cache directory (SYCL_CACHE_DIR /
PYSYCLFFT_CACHE_DIR): the first compiles (cold), the second finds every build
in our binary cache; then `repeats` warm processes of each kind, interleaved so
that load changes hit both alike (minimum taken): with our binary cache, and
with only the SYCL runtime's persistent cache (the binary cache switched off in
that process: what a warm plan cost before the binary cache). In-process = a
second plan of the same length in the cold process (kernels from the in-memory
cache). The run-time compilations each kind of process did are recorded too.
Only pysyclfft._core is used.
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

import pysyclfft

_PROBE = r"""
import json, sys, time
import pysyclfft
from pysyclfft import _core
import dpctl
q = dpctl.SyclQueue(property="in_order")
sizes, is_double, runtime_cache_only = json.loads(sys.argv[1]), sys.argv[2] == "1", sys.argv[3] == "1"
if runtime_cache_only:
    _core.set_binary_cache("", 0)  # leave only the SYCL runtime's persistent cache
t = time.perf_counter(); _core.C2CPlan(q, 2, is_double); first = time.perf_counter() - t
out = {"process_first_plan_n2": first, "first": {}, "again": {}}
for n in sizes:
    t = time.perf_counter(); _core.C2CPlan(q, n, is_double); out["first"][n] = time.perf_counter() - t
    t = time.perf_counter(); _core.C2CPlan(q, n, is_double); out["again"][n] = time.perf_counter() - t
out["compiles"], out["binary_loads"] = _core.compile_count(), _core.binary_cache_loads()
print(json.dumps(out))
"""

COLUMNS = ("cold", "second", "warm", "runtime_cache")
DEFAULT_SIZES = [16, 256, 1000, 2187, 8192]
QUICK_SIZES = [16, 1000]


def _probe(sizes, is_double, cache_dir, runtime_cache_only=False):
    env = dict(os.environ, SYCL_CACHE_DIR=cache_dir, PYSYCLFFT_CACHE_DIR=cache_dir, SYCL_CACHE_PERSISTENT="1")
    env.pop("PYSYCLFFT_DISK_CACHE", None)
    package_parent = os.path.dirname(os.path.dirname(os.path.abspath(pysyclfft.__file__)))  # checkout or site-packages
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_parent, env.get("PYTHONPATH", "")) if p)
    proc = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(sizes), "1" if is_double else "0",
                           "1" if runtime_cache_only else "0"], env=env, capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def plan_times(sizes, dtype, repeats=3):
    """{"sizes": {n: {cold_ms, second_ms, warm_ms, runtime_cache_ms, in_process_ms}},
    "process_first": {column_ms: first plan (N=2) of the process, column_compiles: its compilations}}."""
    is_double = np.dtype(dtype) == np.complex128
    with tempfile.TemporaryDirectory(prefix="pysyclfft-bench-cache-") as cache:
        runs = {"cold": [_probe(sizes, is_double, cache)], "second": [_probe(sizes, is_double, cache)],
                "warm": [], "runtime_cache": []}
        for _ in range(repeats):
            runs["warm"].append(_probe(sizes, is_double, cache))
            runs["runtime_cache"].append(_probe(sizes, is_double, cache, runtime_cache_only=True))
    table = {str(n): {**{f"{c}_ms": min(r["first"][str(n)] for r in runs[c]) * 1e3 for c in COLUMNS},
                      "in_process_ms": runs["cold"][0]["again"][str(n)] * 1e3} for n in sizes}
    first = {f"{c}_ms": min(r["process_first_plan_n2"] for r in runs[c]) * 1e3 for c in COLUMNS}
    first.update({f"{c}_compiles": max(r["compiles"] for r in runs[c]) for c in COLUMNS})
    return {"sizes": table, "process_first": first}
