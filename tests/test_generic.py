"""The generic kernel set (plan/generic_c2c_plan.hpp) and the background switch to
specialized kernels (plan/background_compiler.hpp): answers against numpy in
float64 before and after the switch, callers on several threads while the worker
compiles, and processes that end while it compiles.

conftest.py runs the rest of the suite with PYSYCLFFT_SPECIALIZE=wait; these tests
set the mode themselves and restore it."""
import os
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest
import scipy.fft as sfft

import pysyclfft
from pysyclfft import _arrays, _core, config

from conftest import DTYPES, assert_fft_close, needs_binary_cache, random_complex
from real_helpers import assert_close
from threads import run_threads

# Smooth lengths (one FFT: one to five stages, radix 1 copies, 9s and 16s) and
# Bluestein lengths (a prime factor above 13), up to a few chunks of scratch.
LENGTHS = [1, 2, 3, 5, 7, 8, 9, 11, 13, 16, 17, 30, 31, 64, 97, 100, 243, 256, 1000, 1024, 2310, 4096, 4099,
           6561, 10007, 65536, 3 * 2**16 + 1]


def dtype_id(dtype):
    return np.dtype(dtype).name


@pytest.fixture
def mode():
    """set(mode) switches specialization; the teardown waits for the worker and restores 'wait'."""
    yield config.set_specialization
    config.wait_for_specialized()
    config.set_specialization("wait")


@pytest.fixture
def empty_binary_cache(tmp_path):
    """No kernel in memory but the generic sets, an empty binary cache: every new
    plan's specialized kernels must be compiled (by the worker)."""
    q = _arrays.default_queue()
    old = _core.binary_cache_dir()
    _core.clear_compiled_kernels()
    for is_double in (False, True):
        _core.precompile_generic(q, is_double)
    _core.set_binary_cache(str(tmp_path), 10**9)
    yield tmp_path
    config.wait_for_specialized()
    _core.set_binary_cache(old, 10**9)


@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
@pytest.mark.parametrize("n", LENGTHS)
def test_generic_c2c(rng, mode, n, dtype):
    mode("generic")
    x = random_complex(rng, (3, n), dtype)
    ref = x.astype(np.complex128)
    plan = pysyclfft.get_fft_plan(x, axes=(-1,))
    assert "generic kernels" in plan.describe()
    assert_fft_close(pysyclfft.fft(x), np.fft.fft(ref), dtype, n)
    assert_fft_close(pysyclfft.ifft(x, norm="ortho"), np.fft.ifft(ref, norm="ortho"), dtype, n)


@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
def test_generic_layouts(rng, mode, dtype):
    """Strided lines, two batch dimensions, n-D, in place and more transforms than one scratch chunk holds."""
    mode("generic")
    x = random_complex(rng, (12, 17, 10), dtype)
    ref = x.astype(np.complex128)
    assert_fft_close(pysyclfft.fft(x, axis=0), np.fft.fft(ref, axis=0), dtype, 12)
    assert_fft_close(pysyclfft.ifft(x, axis=1), np.fft.ifft(ref, axis=1), dtype, 17)
    assert_fft_close(pysyclfft.fftn(x), np.fft.fftn(ref), dtype, x.size)
    assert_fft_close(pysyclfft.fft(x[:, ::2, 1:]), np.fft.fft(ref[:, ::2, 1:]), dtype, 9)
    chunked = random_complex(rng, (2**20 // 64 + 3, 64), dtype)
    assert_fft_close(pysyclfft.fft(chunked), np.fft.fft(chunked.astype(np.complex128)), dtype, 64)
    bluestein = random_complex(rng, (2**20 // 4096 + 2, 2053), dtype)
    assert_fft_close(pysyclfft.fft(bluestein), np.fft.fft(bluestein.astype(np.complex128)), dtype, 2053)
    plan = pysyclfft.get_fft_plan(x, axes=(2,), in_place=True)
    y = plan(x.copy())
    assert_fft_close(y, np.fft.fft(ref, axis=2), dtype, 10)


def test_generic_scratch_grows_with_the_batch(rng, mode):
    """A generic plan's two scratch buffers hold the largest batch it has run, not
    a whole chunk (a process touching many lengths keeps little); the plan cache
    counts the growth. n = 1170 (radices 2 9 5 13) is used by no other test, so
    the process-wide 1-D plan under these plans starts with no scratch."""
    mode("generic")
    n, complex_bytes = 1170, 8
    config.clear_plan_cache()
    one, three = (random_complex(rng, (count, n), np.complex64) for count in (1, 3))
    tables = pysyclfft.get_fft_plan(one, axes=(-1,)).workspace_bytes
    assert_fft_close(pysyclfft.fft(one), np.fft.fft(one.astype(np.complex128)), np.complex64, n)
    cache = config.get_plan_cache()
    assert cache.memory == tables + 2 * n * complex_bytes
    assert_fft_close(pysyclfft.fft(three), np.fft.fft(three.astype(np.complex128)), np.complex64, n)
    grown = tables + 2 * 3 * n * complex_bytes
    assert [plan.workspace_bytes for plan in cache.plans()] == [grown, grown]  # both share the grown 1-D plan
    assert cache.memory == 2 * grown


# Real kinds: (pysyclfft call, float64 reference) on a real input x of length n.
REAL_KINDS = {
    "rfft": (lambda x, n: pysyclfft.rfft(x), lambda x, n: np.fft.rfft(x)),
    "irfft": (lambda x, n: pysyclfft.irfft(np.fft.rfft(x).astype(np.result_type(x.dtype, np.complex64)), n),
              lambda x, n: x),
    **{f"{name}{t}": ((lambda name, t: lambda x, n: getattr(pysyclfft, name)(x, t, norm="ortho"))(name, t),
                      (lambda name, t: lambda x, n: getattr(sfft, name)(x, t, norm="ortho"))(name, t))
       for name in ("dct", "dst") for t in (1, 2, 3, 4)},
}
REAL_LENGTHS = [2, 3, 8, 17, 30, 97, 128, 1000, 4099]
REAL_DTYPES = (np.float32, np.float64)
# Relative L2 bound constant: the generic map passes add a pre/post-processing
# rounding or two to the FFT's (the same maps as the specialized kernels).
REAL_CONSTANT = 2.0


@pytest.mark.parametrize("dtype", REAL_DTYPES, ids=dtype_id)
@pytest.mark.parametrize("kind", sorted(REAL_KINDS))
def test_generic_real_kinds(rng, mode, kind, dtype):
    mode("generic")
    ours, ref = REAL_KINDS[kind]
    for n in REAL_LENGTHS:
        x = rng.uniform(-1, 1, (3, n)).astype(dtype)
        want = ref(x.astype(np.float64), n)
        got = ours(x, n)
        assert_close(got, want, dtype if np.isrealobj(want) else got.dtype, n, REAL_CONSTANT)


def test_generic_real_nd(rng, mode):
    """n-D real transforms: the real axis by the generic map passes, the others by generic complex plans."""
    mode("generic")
    x = rng.uniform(-1, 1, (6, 10, 33))
    assert_close(pysyclfft.rfftn(x), np.fft.rfftn(x), np.complex128, x.size, REAL_CONSTANT)
    assert_close(pysyclfft.irfftn(np.fft.rfftn(x), x.shape, axes=(0, 1, 2)), x, np.float64, x.size, REAL_CONSTANT)
    assert_close(pysyclfft.dctn(x, 2), sfft.dctn(x, 2), np.float64, x.size, REAL_CONSTANT)
    plan = pysyclfft.get_fft_plan(x, axes=(0, 1, 2), kind="r2c")
    assert "generic" in plan.describe()


@needs_binary_cache
@pytest.mark.parametrize("n", [1155, 4121])  # single work-group; Bluestein four-step
def test_background_switch(rng, mode, empty_binary_cache, n):
    """A new length runs on the generic kernels at once, then on its own kernels
    once the worker has compiled them; both answers within the bounds."""
    mode("background")
    x = random_complex(rng, (4, n), np.complex128)
    ref = np.fft.fft(x)
    plan = pysyclfft.get_fft_plan(x, axes=(-1,))
    assert "generic kernels" in plan.describe()
    assert _core.background_jobs() >= 1
    assert_fft_close(plan(x), ref, np.complex128, n)
    assert_fft_close(pysyclfft.fft(x), ref, np.complex128, n)
    plan.wait_specialized()
    assert "generic kernels" not in plan.describe()
    assert_fft_close(plan(x), ref, np.complex128, n)
    assert_fft_close(pysyclfft.ifft(x), np.fft.ifft(x), np.complex128, n)
    assert list(empty_binary_cache.glob("*.bin")), "the compiled kernels went to the binary cache"


@needs_binary_cache
@pytest.mark.parametrize("kind, n", [("rfft", 1430), ("dct2", 715), ("dst3", 5003)])  # fused; fused; unfused
def test_background_switch_real(rng, mode, empty_binary_cache, kind, n):
    mode("background")
    ours, ref = REAL_KINDS[kind]
    x = rng.uniform(-1, 1, (3, n))
    want = ref(x, n)
    plan = pysyclfft.get_fft_plan(x, axes=(-1,), kind="r2c") if kind == "rfft" else None
    got = ours(x, n)
    assert_close(got, want, got.dtype, n, REAL_CONSTANT)
    if plan is not None:
        assert "generic" in plan.describe()
    config.wait_for_specialized()
    if plan is not None:
        assert "generic" not in plan.describe()
    assert_close(ours(x, n), want, got.dtype, n, REAL_CONSTANT)


def test_plan_waits_for_its_kernels(mode, empty_binary_cache):
    mode("background")
    plan = _core.C2CPlan(_arrays.default_queue(), 1463, True)
    assert not plan.is_specialized and "generic kernels" in plan.describe()
    assert plan.wait_specialized() and plan.is_specialized


def test_known_kernels_skip_the_generic_plan(mode):
    """Where the specialized kernels are in memory, a new plan uses them at once."""
    q = _arrays.default_queue()
    pysyclfft.precompile([768], np.complex64)
    mode("background")
    assert _core.C2CPlan(q, 768, False).is_specialized


def test_concurrent_callers_during_background_compile(mode, empty_binary_cache):
    mode("background")
    lengths = [1287, 2431, 4127]

    def work(t):
        rng = np.random.default_rng(t)
        for n in lengths[t % 3:] + lengths[:t % 3]:
            x = random_complex(rng, (2, n), np.complex64)
            assert_fft_close(pysyclfft.fft(x), np.fft.fft(x.astype(np.complex128)), np.complex64, n)

    run_threads(work, 6)
    config.wait_for_specialized()
    run_threads(work, 3)


def test_specialization_mode_is_checked():
    with pytest.raises(ValueError, match="specialization"):
        config.set_specialization("sometimes")
    assert config.get_specialization() == "wait"


# ------------------------------------------------------------- processes ending mid-compile

CHILD = textwrap.dedent("""
    import os, signal, sys, time
    import numpy as np
    import pysyclfft
    from pysyclfft import _core
    n, end = int(sys.argv[1]), sys.argv[2]
    x = np.random.default_rng(n).uniform(-1, 1, (2, n)) + 0j
    err = np.abs(pysyclfft.fft(x) - np.fft.fft(x)).max() / np.abs(np.fft.fft(x)).max()
    print(f"{err} {_core.background_jobs()} {_core.compile_count()}", flush=True)
    if end == "exit":
        sys.exit(0)
    if end == "wait":
        pysyclfft.config.wait_for_specialized()
    else:
        time.sleep(60)  # killed by the parent
""")


def run_child(cache, n, end, specialize="background"):
    env = dict(os.environ, PYSYCLFFT_CACHE_DIR=str(cache), PYSYCLFFT_SPECIALIZE=specialize, SYCL_CACHE_PERSISTENT="0")
    return subprocess.Popen([sys.executable, "-c", CHILD, str(n), end], stdout=subprocess.PIPE, text=True, env=env,
                            cwd=cache)


@pytest.fixture(scope="module")
def child_cache(tmp_path_factory):
    """A kernel cache holding the generic set (built by a first child), nothing else of use."""
    cache = tmp_path_factory.mktemp("kernels")
    child = run_child(cache, 1, "wait")
    assert child.wait(timeout=600) == 0
    return cache


@needs_binary_cache
@pytest.mark.parametrize("end", ["exit", "kill", "terminate"])
def test_process_ending_during_background_compile(child_cache, end):
    n = {"exit": 3001, "kill": 5003, "terminate": 9001}[end]  # primes of distinct plans (Rader, Bluestein), seconds to compile
    child = run_child(child_cache, n, end)
    err, jobs, compiles = child.stdout.readline().split()
    assert float(err) < 1e-12 and int(jobs) == 1 and int(compiles) == 0  # answered by the generic kernels
    started = time.perf_counter()
    if end != "exit":
        getattr(child, end)()
    status = child.wait(timeout=30)
    assert time.perf_counter() - started < 1.0, "the process waited for the background compile"
    if end == "exit":  # its own status, not an abort of the compile under the runtime's teardown
        assert status == 0, f"exit status {status}"
    # The next process computes correct results from whatever the cache holds (no partial entry).
    for specialize in ("background", "wait"):
        check = run_child(child_cache, n, "wait", specialize)
        err, _, _ = check.stdout.readline().split()
        assert check.wait(timeout=600) == 0 and float(err) < 1e-12
    assert not list((child_cache / "binaries").glob("*.tmp"))


# A process's first compile creates static objects in the run-time compilers whose
# destructors the C exit runs before the handler that ends a process still compiling
# (plan/background_compiler.hpp, prepare_exit): exits 1.1-1.8 s into the compile
# crashed 4 times in 16 on this VM before. Delays spread over a compile's length.
CHILD_EXITING_LATER = textwrap.dedent("""
    import sys, time
    import numpy as np
    import pysyclfft
    from pysyclfft import _core
    n, delay = int(sys.argv[1]), float(sys.argv[2])
    x = np.random.default_rng(n).uniform(-1, 1, (2, n))
    err = np.abs(pysyclfft.rfft(x) - np.fft.rfft(x)).max() / np.abs(np.fft.rfft(x)).max()
    print(f"{err} {_core.background_jobs()}", flush=True)
    time.sleep(delay)
    sys.exit(3)
""")


@needs_binary_cache
@pytest.mark.parametrize("delay", [0.3, 0.6, 0.9, 1.2, 1.5, 1.8])
def test_process_exiting_later_in_a_first_compile(child_cache, delay):
    n = 4000 + int(delay * 20)  # a new even length each: the packed real map's first compile
    env = dict(os.environ, PYSYCLFFT_CACHE_DIR=str(child_cache), PYSYCLFFT_SPECIALIZE="background",
               SYCL_CACHE_PERSISTENT="0")
    child = subprocess.Popen([sys.executable, "-c", CHILD_EXITING_LATER, str(n), str(delay)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env, cwd=child_cache)
    err, jobs = child.stdout.readline().split()
    assert float(err) < 1e-12 and int(jobs) >= 1  # answered by the generic kernels, its own compiling
    started = time.perf_counter()
    status = child.wait(timeout=60)
    assert status == 3, f"exit status {status}, not the child's own 3: {child.stderr.read()[-2000:]}"
    assert time.perf_counter() - started < delay + 1.0, "the process waited for the background compile"



# Compiling a generic set is the one compile a program waits for: in an interactive session (here
# forced by PYSYCLFFT_ANNOUNCE_BUILDS=1) it says so on stderr, once; a script is silent by default.
ANNOUNCING_CHILD = "import numpy as np, pysyclfft; pysyclfft.fft(np.ones(8, np.complex64))"


@needs_binary_cache
def test_generic_set_build_is_announced_once(tmp_path):
    def run(cache, announce, code=ANNOUNCING_CHILD):
        env = dict(os.environ, PYSYCLFFT_CACHE_DIR=str(cache), PYSYCLFFT_SPECIALIZE="background")
        env.pop("PYSYCLFFT_ANNOUNCE_BUILDS", None)
        if announce is not None:
            env["PYSYCLFFT_ANNOUNCE_BUILDS"] = announce
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path,
                              timeout=600)

    first = run(tmp_path / "a", "1")
    assert first.returncode == 0, first.stderr
    assert "compiling the float generic kernel set for" in first.stderr, first.stderr
    assert "float generic kernel set compiled in" in first.stderr, first.stderr
    again = run(tmp_path / "a", "1")
    assert again.returncode == 0 and "compiling" not in again.stderr, again.stderr  # cached now
    script = run(tmp_path / "b", None)
    assert script.returncode == 0 and "compiling" not in script.stderr, script.stderr  # not interactive: silent
    bad = run(tmp_path / "b", "yes", "import pysyclfft")
    assert bad.returncode != 0 and "PYSYCLFFT_ANNOUNCE_BUILDS must be 0 or 1" in bad.stderr
