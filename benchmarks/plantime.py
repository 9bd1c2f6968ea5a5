"""First-call latency of every transform kind: what a new length costs a program.

For each kind, a fresh process transforms one array of each length (seeded
random lengths: smooth, prime and large, see random_lengths) and records per
length: its plan (pysyclfft.get_fft_plan: kernels, tables, device memory), its
first transform (plan_ms + first_ms is the first call's latency), a later one
(steady_ms), and what the plan compiled, loaded or computed. Three processes per
kind, one after the other:
  empty: on a fresh cache directory (ours and the SYCL runtime's): every kernel
         compiled, every host table computed;
  generic_sets: a new process on a fresh cache directory holding only what
         `python -m pysyclfft precompile` builds (the device's generic kernel sets,
         every precision): the issue's "per-device set cached", each length new;
  warm:  a new process on the cache the empty one left: nothing compiled.
Each kind has its own cache directory, so no kind finds another's kernels. The
process's own start (import, device, a first plan of n=2) is recorded apart
(process_*), so a length's numbers are what it costs inside a running program.

specialized_ms: the time from the start of the plan until the fully specialized
kernels are in use: a new length first runs on the generic kernel set while they
compile in the background (docs/plantime.md), and the probe calls
Plan.wait_specialized() (None from versions that lack it).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

import pysyclfft

KINDS = ("c2c", "r2c", "c2r") + tuple(f"{t}{i}" for t in ("dct", "dst") for i in range(1, 5)) + ("c2c_2d",)
STATES = ("empty", "generic_sets", "warm")
NAMED_LARGE = (1000003, 2**20 + 1, 65537, 999983)  # the large primes (2^20+1 = 17 * 61681)
SMOOTH_RADICES = (2, 3, 5, 7, 11, 13)
ND_ROWS = 4  # c2c_2d transforms (ND_ROWS, n) over both axes

_PROBE = r"""
import json, os, sys, time
t0 = time.perf_counter()
import numpy as np, pysyclfft
from pysyclfft import _core
kind, lengths, double = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3] == "double"
imported = time.perf_counter()
pysyclfft.fft(np.zeros(2, np.complex64))  # the process's device, queue and first kernel
out = {"process_import_ms": (imported - t0) * 1e3, "process_first_plan_ms": (time.perf_counter() - imported) * 1e3,
       "lengths": {}}
real = np.float64 if double else np.float32
cplx = np.complex128 if double else np.complex64

def plan_of(n):
    if kind == "c2c_2d":
        x = np.zeros((ND_ROWS, n), cplx)
        return x, pysyclfft.get_fft_plan(x, kind="c2c")
    if kind == "c2r":
        x = np.zeros(n // 2 + 1, cplx)
        return x, pysyclfft.get_fft_plan(x, s=(n,), kind="c2r")
    x = np.zeros(n, cplx if kind == "c2c" else real)
    return x, pysyclfft.get_fft_plan(x, kind=kind)

def counts():
    # Versions before the table cache have no table counts (compared as "before").
    t = _core.table_cache_counts() if hasattr(_core, "table_cache_counts") else {"computed": 0, "disk_loads": 0}
    return {"compiles": _core.compile_count(), "binary_loads": _core.binary_cache_loads(),
            "tables_computed": t["computed"], "tables_loaded": t["disk_loads"]}

for n in lengths:
    before, start = counts(), time.perf_counter()
    try:
        x, plan = plan_of(n)
    except Exception as e:  # a length the kind refuses: recorded, not fatal
        out["lengths"][str(n)] = {"error": str(e)}
        continue
    planned = time.perf_counter()
    plan(x)
    first = time.perf_counter()
    plan(x)
    steady = time.perf_counter()
    wait = getattr(plan, "wait_specialized", None)  # the hook for background-compiled kernels
    specialized = None
    if wait is not None:
        wait()
        specialized = (time.perf_counter() - start) * 1e3
    after = counts()
    out["lengths"][str(n)] = {"plan_ms": (planned - start) * 1e3, "first_ms": (first - planned) * 1e3,
                              "steady_ms": (steady - first) * 1e3, "specialized_ms": specialized,
                              **{k: after[k] - before[k] for k in after}}
print("RESULT", json.dumps(out))
""".replace("ND_ROWS", str(ND_ROWS))


def _is_prime(n):
    return n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1))


def _next_prime(n):
    while not _is_prime(n):
        n += 1
    return n


def _smooth(rng, lo, hi):
    """A random length in [lo, hi] whose prime factors are all SMOOTH_RADICES."""
    while True:
        n, target = 1, np.exp(rng.uniform(np.log(lo), np.log(hi)))
        while n * 2 <= target:
            n *= int(rng.choice(SMOOTH_RADICES, p=[0.4, 0.2, 0.15, 0.1, 0.08, 0.07]))
        if lo <= n <= hi:
            return n


def random_lengths(count=50, seed=0):
    """`count` distinct lengths, seeded, round-robin over three categories so that the
    first k of them mix all three: smooth (factors <= 13, 2..2^20), prime (17..10^5:
    Rader or Bluestein), large (2^17..2^21, the issue's large primes first)."""
    rng = np.random.default_rng(seed)
    large = list(NAMED_LARGE)
    makers = {"smooth": lambda: _smooth(rng, 2, 2**20),
              "prime": lambda: _next_prime(int(np.exp(rng.uniform(np.log(17), np.log(1e5))))),
              "large": lambda: large.pop(0) if large else int(rng.integers(2**17, 2**21))}
    out, seen = [], set()
    while len(out) < count:
        for category, make in makers.items():
            n = make()
            while n in seen:
                n = make()
            if len(out) < count:
                seen.add(n)
                out.append((category, n))
    return out


def _probe_env(cache_dir, own_package=True):
    env = dict(os.environ, SYCL_CACHE_DIR=cache_dir, PYSYCLFFT_CACHE_DIR=cache_dir, SYCL_CACHE_PERSISTENT="1")
    env.pop("PYSYCLFFT_DISK_CACHE", None)
    if own_package:
        package_parent = os.path.dirname(os.path.dirname(os.path.abspath(pysyclfft.__file__)))  # checkout or site-packages
        env["PYTHONPATH"] = os.pathsep.join(p for p in (package_parent, env.get("PYTHONPATH", "")) if p)
    return env


def _probe(kind, lengths, precision, cache_dir, python=None):
    """One fresh process (`python`: another interpreter with its own pysyclfft, e.g. an older version)."""
    env = _probe_env(cache_dir, own_package=python is None)
    load_before = os.getloadavg()
    # cwd: the cache directory, so that a checkout's source folder never shadows the installed package.
    proc = subprocess.run([python or sys.executable, "-c", _PROBE, kind, json.dumps(lengths), precision], env=env,
                          capture_output=True, text=True, cwd=cache_dir)
    if proc.returncode != 0:
        return {"error": proc.stderr.strip().splitlines()[-1:], "load": [load_before, os.getloadavg()]}
    out = json.loads(proc.stdout.split("RESULT")[1])
    out["load"] = [load_before, os.getloadavg()]
    return out


def summary(probe, lengths):
    """Median, 90th percentile and maximum of plan_ms and of the first call (plan + first
    transform) over the lengths that planned, per category and over all."""
    rows = {"all": []}
    for category, n in lengths:
        r = probe.get("lengths", {}).get(str(n))
        if r and "error" not in r:
            rows.setdefault(category, []).append(r)
            rows["all"].append(r)
    out = {}
    for category, rs in rows.items():
        plan = np.array([r["plan_ms"] for r in rs])
        first_call = np.array([r["plan_ms"] + r["first_ms"] for r in rs])
        out[category] = {"count": len(rs), **{f"{name}_{stat}": float(f(v)) if len(v) else None
                                              for name, v in (("plan_ms", plan), ("first_call_ms", first_call))
                                              for stat, f in (("median", np.median), ("p90", lambda a: np.percentile(a, 90)),
                                                              ("max", np.max))}}
    return out


def first_call_times(kinds=KINDS, lengths=None, precision="single", progress=print):
    """{"lengths": [[category, n]...], "kinds": {kind: {state: probe + summary}}} for each kind
    in `kinds`, each state in STATES (see the module's docstring)."""
    lengths = lengths or random_lengths()
    result = {"precision": precision, "lengths": lengths, "kinds": {}}
    with tempfile.TemporaryDirectory(prefix="pysyclfft-plantime-sets-") as generic_sets:
        _precompile_generic_sets(generic_sets)
        for kind in kinds:
            result["kinds"][kind] = _kind_states(kind, lengths, precision, generic_sets, progress)
    return result


def _kind_states(kind, lengths, precision, generic_sets, progress):
    states = {}
    with tempfile.TemporaryDirectory(prefix="pysyclfft-plantime-") as cache, \
            tempfile.TemporaryDirectory(prefix="pysyclfft-plantime-") as sets_copy:
        shutil.copytree(generic_sets, sets_copy, dirs_exist_ok=True)
        for state in STATES:
            probe = _probe(kind, [n for _, n in lengths], precision, sets_copy if state == "generic_sets" else cache)
            probe["summary"] = summary(probe, lengths)
            states[state] = probe
            s = probe["summary"].get("all", {})
            progress(f"plantime {kind} {precision} {state}: {s.get('count', 0)}/{len(lengths)} lengths, "
                     f"plan median {_ms(s.get('plan_ms_median'))}, max {_ms(s.get('plan_ms_max'))}; "
                     f"first call median {_ms(s.get('first_call_ms_median'))}")
    return states


def _precompile_generic_sets(cache_dir):
    """`python -m pysyclfft precompile` (the generic sets only) into cache_dir, as _probe's processes see it."""
    subprocess.run([sys.executable, "-m", "pysyclfft", "precompile"], env=_probe_env(cache_dir), cwd=cache_dir,
                   capture_output=True, text=True, check=True)


def _ms(v):
    return "-" if v is None else f"{v:.1f} ms"
