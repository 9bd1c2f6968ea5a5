"""Shared fixtures: kernel precompilation, references and error bounds.

Run-time compilation costs ~0.4 s per kernel here, so every length the c2c
tests use is in REPRESENTATIVE_LENGTHS, compiled once per precision in one
build (session fixture): a test that needs a new length must add it there.

`pytest -m slow -k every_length tests/test_c2c.py` runs the full sweep (the
project deselects `slow` tests by default): every length <= 8192 whose prime
factors are in {2,3,5,7,11,13}, which compiles 2 x 672 kernels per precision.
"""
import json
import math
import os
import subprocess
import sys
import time

import numpy as np
import pytest

# The suite tests the specialized kernels as plans use them once compiled: every
# plan compiles its own at once ('wait'), so plan descriptions, compile counts and
# device allocations do not depend on when a background compile ends.
# tests/test_generic.py covers the generic kernels and the background switch.
os.environ.setdefault("PYSYCLFFT_SPECIALIZE", "wait")

import pysyclfft  # noqa: E402

# dpnp is an optional extra: tests that use it are marked @needs_dpnp and skipped without it.
try:
    import dpnp
    import dpnp.tensor as dpt
except ModuleNotFoundError:
    dpnp = dpt = None

needs_dpnp = pytest.mark.needs_dpnp

# Our on-disk cache of device binaries covers OpenCL and CUDA devices: other
# backends of this runtime give no access to a built program's binary (docs/cuda.md).
DEFAULT_BACKEND = pysyclfft._arrays.default_queue().sycl_device.backend.name
BINARY_CACHE_BACKENDS = ("opencl", "cuda")
needs_binary_cache = pytest.mark.skipif(
    DEFAULT_BACKEND not in BINARY_CACHE_BACKENDS,
    reason=f"the binary cache covers OpenCL and CUDA devices; the default device is {DEFAULT_BACKEND}")

# Array kinds of the inputs: numpy, dpnp and pysyclfft.DeviceArray (the device kind without dpnp).
# Device properties as the SYCL runtime reports them (python -m pysyclfft), for the
# planner probes of _core (pass_lengths, c2c_kernel_params): the H100 through DPC++'s
# CUDA adapter, and this CPU's OpenCL device.
H100 = dict(is_cpu=False, local_mem_bytes=227 * 1024, max_group_size=1024, sub_group_sizes=[32])
OPENCL_CPU = dict(is_cpu=True, local_mem_bytes=256 * 1024, max_group_size=8192, sub_group_sizes=[4, 8, 16, 32, 64])
KINDS = ["numpy", pytest.param("dpnp", marks=needs_dpnp), "device"]
DEVICE_KIND = "device" if dpnp is None else "dpnp"


def as_kind(host, kind):
    """The numpy array `host` as an input of `kind` (a copy on the default device for the device kinds)."""
    if kind == "numpy":
        return host
    if kind == "dpnp":
        return dpnp.asarray(host)
    return pysyclfft.DeviceArray.from_numpy(host, pysyclfft._arrays.default_queue())


def like(x, host):
    """The numpy array `host` as an input of x's kind (numpy, dpnp or DeviceArray)."""
    if isinstance(x, np.ndarray):
        return host
    return as_kind(host, "dpnp" if dpnp is not None and isinstance(x, dpnp.ndarray) else "device")


def pytest_collection_modifyitems(config, items):
    if dpnp is not None:
        return
    skip = pytest.mark.skip(reason="needs dpnp (pip install pysyclfft[dpnp])")
    for item in items:
        if item.get_closest_marker("needs_dpnp"):
            item.add_marker(skip)


RADICES = (2, 3, 5, 7, 11, 13)
MAX_LENGTH = 8192


def smooth_lengths(limit=MAX_LENGTH, primes=RADICES):
    """Every n in [1, limit] whose prime factors are all in `primes`."""
    found = {1}
    for p in primes:
        grown = set()
        for v in found:
            while v <= limit:
                grown.add(v)
                v *= p
        found = grown
    return sorted(found)


ALL_LENGTHS = smooth_lengths()

# Default sweep (deterministic): every power of two, powers of each other
# radix up to the largest below 8192, and mixed products of all radices up to
# the local-memory limit. The other tests only use lengths from this list.
REPRESENTATIVE_LENGTHS = sorted({
    *(2**k for k in range(14)),  # 1 .. 8192
    3, 27, 243, 2187, 6561,
    5, 25, 625, 3125,
    7, 49, 343, 2401,
    11, 121, 1331,
    13, 169, 2197,
    6, 10, 12, 60, 1000, 1001, 1536, 4095, 8190,
})

assert set(REPRESENTATIVE_LENGTHS) <= set(ALL_LENGTHS)

DTYPES = (np.complex64, np.complex128)

# Relative L2 error bound: C * eps * log2(N). Observed errors of a correct
# Stockham FFT stay below 0.4 * eps * log2(N) here (measured on every default
# length); a wrong twiddle or index gives errors of order 1.
ERROR_CONSTANT = 1.0


_compile_seconds = {}


def precompile_timed(label, lengths, dtype):
    start = time.perf_counter()
    kernels = pysyclfft.precompile(lengths, dtype)
    _compile_seconds[label] = (kernels, time.perf_counter() - start)


def pytest_terminal_summary(terminalreporter):
    for label, (kernels, seconds) in _compile_seconds.items():
        terminalreporter.write_line(f"pysyclfft precompile {label}: {kernels} kernels in {seconds:.1f} s")


@pytest.fixture(scope="session")
def compiled_kernels():
    """Every kernel the default tests use, one build per precision."""
    for dtype in DTYPES:
        precompile_timed(f"{np.dtype(dtype).name} ({len(REPRESENTATIVE_LENGTHS)} lengths)", REPRESENTATIVE_LENGTHS, dtype)


FULL_SWEEP_CHUNK = 96  # lengths per build: bounds the compiler's memory, costs ~1 s per extra build


@pytest.fixture(scope="session")
def all_kernels(compiled_kernels):
    """compile(dtype): the full sweep's kernels of one precision (slow tests
    only), in a few large builds, once per session. Per precision so that
    `-k complex64` compiles only those."""
    done = set()

    def compile(dtype):
        name = np.dtype(dtype).name
        if name in done:
            return
        for start in range(0, len(ALL_LENGTHS), FULL_SWEEP_CHUNK):
            chunk = ALL_LENGTHS[start:start + FULL_SWEEP_CHUNK]
            precompile_timed(f"{name} full sweep, lengths {chunk[0]}..{chunk[-1]}", chunk, dtype)
        done.add(name)

    return compile


@pytest.fixture
def rng():
    return np.random.default_rng(20261122)


def random_complex(rng, shape, dtype=np.complex128):
    x = rng.uniform(-1, 1, shape) + 1j * rng.uniform(-1, 1, shape)
    return x.astype(dtype)


def eps_of(dtype):
    dtype = np.dtype(dtype)
    return float(np.finfo(np.float32 if dtype in (np.complex64, np.float32) else np.float64).eps)


def error_bound(dtype, n):
    """C * eps * log2(N), with N the total points of the transform."""
    return ERROR_CONSTANT * eps_of(dtype) * max(1.0, math.log2(n))


def relative_l2(got, ref):
    got = np.asarray(got, dtype=np.complex128)
    ref = np.asarray(ref, dtype=np.complex128)
    scale = np.linalg.norm(ref)
    diff = np.linalg.norm(got - ref)
    return diff / scale if scale else diff


# A child program for run_checked_child: for each length of its jobs, two rows of random complex input
# in both precisions, forward through get_fft_plan and backward through ifft, with the plan's describe().
C2C_ROWS_CHILD = r"""
import json, sys
import numpy as np
import pysyclfft

out = []
for n in json.loads(sys.argv[1]):
    for dtype in (np.complex64, np.complex128):
        rng = np.random.default_rng(n)
        x = (rng.uniform(-1, 1, (2, n)) + 1j * rng.uniform(-1, 1, (2, n))).astype(dtype)
        plan = pysyclfft.get_fft_plan(x, axes=(-1,))
        ref, inv = np.fft.fft(x.astype(np.complex128)), np.fft.ifft(x.astype(np.complex128))
        errors = [float(np.linalg.norm(plan(x) - ref) / np.linalg.norm(ref)),
                  float(np.linalg.norm(pysyclfft.ifft(x) - inv) / np.linalg.norm(inv))]
        out.append(dict(n=n, double=dtype == np.complex128, describe=plan.describe(), errors=errors))
print("RESULT" + json.dumps(out))
"""


def run_checked_child(tmp_path, code, jobs, **env):
    """The results of `code` (a program printing "RESULT" and a JSON list of dicts with n, double
    and errors) run on `jobs` in a child process with `env` set and an empty kernel cache; every
    error within 3 eps log2(n), the bound tests/test_bank_layout.py and its kin use."""
    env = dict(os.environ, PYSYCLFFT_SPECIALIZE="wait", PYSYCLFFT_CACHE_DIR=str(tmp_path), **env)
    run = subprocess.run([sys.executable, "-c", code, json.dumps(jobs)], env=env, capture_output=True,
                         text=True, timeout=900, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    results = json.loads(run.stdout.split("RESULT")[1])
    for r in results:
        bound = 3.0 * eps_of(np.float64 if r["double"] else np.float32) * math.log2(r["n"])
        assert max(r["errors"]) <= bound, f"{r.get('kind', 'c2c')} n={r['n']}: errors {r['errors']} > {bound:.2g}"
    return results


def to_numpy(y):
    """Host copy of a numpy, dpnp, usm_ndarray or DeviceArray result."""
    if isinstance(y, np.ndarray):
        return y
    if dpt is not None and isinstance(y, dpt.usm_ndarray):
        return dpt.asnumpy(y)
    return y.asnumpy()  # dpnp.ndarray, pysyclfft.DeviceArray


def assert_fft_close(got, ref, dtype, n):
    """got (any array kind) against a complex128 reference, relative L2 error."""
    got = to_numpy(got)
    assert got.shape == ref.shape, f"shape {got.shape}, expected {ref.shape}"
    assert got.dtype == np.dtype(dtype), f"dtype {got.dtype}, expected {np.dtype(dtype)}"
    err = relative_l2(got, ref)
    bound = error_bound(dtype, n)
    assert err <= bound, f"relative L2 error {err:.3g} > {bound:.3g} (N={n}, {np.dtype(dtype).name})"
