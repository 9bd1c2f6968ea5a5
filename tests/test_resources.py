"""Resources: requests larger than the device, plan and cache churn (host RSS and
device tables), a failing run-time compilation, two processes sharing a disk cache."""
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import dpctl
from conftest import dpnp, needs_dpnp
import pysyclfft
from pysyclfft import _core, _memory, config

EPS64 = np.finfo(np.float64).eps


def rel_l2(y, ref):
    return np.linalg.norm(np.asarray(y) - ref) / np.linalg.norm(ref)


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def check_still_usable():
    x = np.random.default_rng(3).standard_normal((3, 64)) + 0j
    assert rel_l2(pysyclfft.fft(x), np.fft.fft(x)) < 8 * EPS64 * 6
    xd = dpnp.asarray(x)
    assert rel_l2(dpnp.asnumpy(pysyclfft.fft(xd)), np.fft.fft(x)) < 8 * EPS64 * 6


def rows_beyond_device(n, itemsize):
    """Rows of n elements whose total exceeds twice the device's memory."""
    device = dpctl.SyclQueue().sycl_device
    return 2 * device.global_mem_size // (n * itemsize) + 1


@needs_dpnp
def test_dpnp_result_larger_than_device_is_memory_error():
    n = 1024
    x = dpnp.ones((rows_beyond_device(n, 8), 1), dtype=np.complex64)  # padded to n along the last axis
    with pytest.raises(MemoryError, match=r"cannot allocate \d+ bytes"):
        pysyclfft.fft(x, n=n)
    with pytest.raises(MemoryError, match=r"cannot allocate \d+ bytes"):
        pysyclfft.rfft(dpnp.ones((rows_beyond_device(n, 8), 1), dtype=np.float32), n=2 * n)
    del x
    check_still_usable()


@needs_dpnp
def test_numpy_request_larger_than_memory_is_memory_error():
    # A broadcast view costs nothing; its contiguous copy cannot be made.
    x = np.broadcast_to(np.ones(1, np.complex64), (rows_beyond_device(1024, 8), 1024))
    with pytest.raises(MemoryError):
        pysyclfft.fft(x)
    check_still_usable()


@needs_dpnp
def test_pooled_array_larger_than_device_is_memory_error():
    queue = dpctl.SyclQueue()
    nbytes = 2 * queue.sycl_device.global_mem_size
    before = config.get_memory_pool_info()["leased_bytes"]
    limit = config.get_memory_pool_limit()
    config.set_memory_pool_limit(4 * nbytes)  # the pool itself tries the allocation
    try:
        with pytest.raises(MemoryError, match=f"cannot allocate {nbytes} bytes"):
            _memory.empty((nbytes // 8,), np.complex64, queue)
    finally:
        config.set_memory_pool_limit(limit)
    assert config.get_memory_pool_info()["leased_bytes"] == before  # the reservation was undone
    with pytest.raises(MemoryError, match=f"cannot allocate {nbytes} bytes"):  # beyond the limit: outside the pool
        _memory.empty((nbytes // 8,), np.complex64, queue)
    check_still_usable()


@pytest.fixture
def no_plan_cache():
    size = config.get_plan_cache_size()
    config.set_plan_cache_size(0)
    yield
    config.set_plan_cache_size(size)


def plan_cycles(count):
    x = dpnp.asarray(np.arange(2 * 48, dtype=np.complex128).reshape(2, 48))
    ref = np.fft.fft(dpnp.asnumpy(x))
    for _ in range(count):
        plan = pysyclfft.get_fft_plan(x, axes=(-1,))
        y = plan(x)
        del plan
    assert rel_l2(dpnp.asnumpy(y), ref) < 8 * EPS64 * 6


def check_no_growth(run, count, rss_tolerance):
    run(count // 10)  # warm up: kernels, 1-D plans, dpctl's caches
    tables, rss = _core.live_device_tables(), rss_bytes()
    run(count)
    assert _core.live_device_tables() == tables, "device tables leaked"
    assert rss_bytes() - rss < rss_tolerance, f"host memory grew by {(rss_bytes() - rss) / 2**20:.1f} MiB"


@needs_dpnp
def test_ten_thousand_plan_cycles_do_not_leak(no_plan_cache):
    check_no_growth(plan_cycles, 10_000, 8 << 20)  # about 2 s here


@needs_dpnp
@pytest.mark.slow
def test_hundred_thousand_plan_cycles_do_not_leak(no_plan_cache):
    check_no_growth(plan_cycles, 100_000, 8 << 20)


def test_core_plans_give_their_device_tables_back():
    queue = dpctl.SyclQueue()
    pysyclfft.precompile([48, 60], np.complex128)
    before = _core.live_device_tables()
    plans = [_core.C2CPlan(queue, n, True) for n in (48, 60) for _ in range(50)]
    # Each plan holds tables of its own: its team kernel's twiddles, its line groups' (line_groups.hpp).
    held = _core.live_device_tables() - before
    assert held >= 100 and held % 50 == 0, held
    del plans
    assert _core.live_device_tables() == before


def test_nd_plans_give_their_line_plans_tables_back():
    """n-D plans share one cached 1-D plan (and its tables) per length: the tables
    stay while a plan uses them, after the cache lets go, and go with the last plan."""
    queue = dpctl.SyclQueue()
    for unfused in (False, True):  # the fused map kernel; load and store passes around a complex plan
        _core.force_unfused_maps(unfused)  # empties the 1-D plan cache
        try:
            before = _core.live_device_tables()
            plans = [_core.NdPlan(queue, [4, 48], [1], [48], True, 1.0, 1.0, kind=_core.TransformKind.dct2)
                     for _ in range(20)]
            held = _core.live_device_tables() - before
            assert held > 0
            _core.clear_line_plans()
            assert _core.live_device_tables() == before + held
            del plans
            assert _core.live_device_tables() == before
        finally:
            _core.force_unfused_maps(False)


def test_line_plans_go_with_the_last_plan_that_uses_them():
    """The 1-D plan cache holds a plan only while an n-D plan uses it: a program that
    meets many lengths keeps no device tables or scratch for the lengths it dropped."""
    queue = dpctl.SyclQueue()
    before = _core.live_device_tables()
    for n in (48, 60, 72):
        for kind in (_core.TransformKind.c2c, _core.TransformKind.dct2):
            plan = _core.NdPlan(queue, [4, n], [1], [n], True, 1.0, 1.0, kind=kind)
            assert _core.live_device_tables() > before
            del plan
            assert _core.live_device_tables() == before


def test_plan_out_of_memory_frees_cached_plans_and_retries(monkeypatch):
    """A plan that finds the device full gets the cached plans' memory and the pool's
    idle blocks back and is tried once more; a second failure is the caller's MemoryError."""
    from pysyclfft import _plan

    config.clear_plan_cache()
    pysyclfft.fft(np.ones(64, np.complex64))
    cache = config.get_plan_cache()
    assert len(cache) == 1
    real_plan, attempts = _plan.Plan, []

    def full_once(*args, **kwargs):
        attempts.append(len(cache))
        if len(attempts) == 1:
            raise MemoryError("device full")
        return real_plan(*args, **kwargs)

    monkeypatch.setattr(_plan, "Plan", full_once)
    x = np.random.default_rng(4).standard_normal(96) + 1j
    assert rel_l2(pysyclfft.fft(x), np.fft.fft(x)) < 8 * EPS64 * 7
    assert attempts == [1, 0]  # the second try found the cache emptied
    assert len(cache) == 1

    def always_full(*args, **kwargs):
        raise MemoryError("device full")

    monkeypatch.setattr(_plan, "Plan", always_full)
    with pytest.raises(MemoryError, match="building the plan"):
        pysyclfft.fft(np.ones(80, np.complex64))
    monkeypatch.undo()
    x = np.random.default_rng(5).standard_normal(80) + 1j
    assert rel_l2(pysyclfft.fft(x), np.fft.fft(x)) < 8 * EPS64 * 7  # usable again


def test_plan_cache_churn_does_not_leak():
    shapes = [(r, n) for r in (1, 2, 3) for n in (16, 32, 48)]
    arrays = [np.ones(s, np.complex64) for s in shapes]
    size = config.get_plan_cache_size()
    config.set_plan_cache_size(4)  # smaller than the working set: every round evicts
    try:
        def churn(rounds):
            for _ in range(max(rounds, 1)):
                for a in arrays:
                    assert np.allclose(pysyclfft.fft(a)[..., 0], a.shape[-1])
        check_no_growth(churn, 200, 8 << 20)
    finally:
        config.set_plan_cache_size(size)


_BROKEN_COMPILE = """
import sys, numpy as np, pysyclfft
from pysyclfft import _core
good = _core.kernel_include_dir()
_core.set_kernel_include_dir(sys.argv[1])
try:
    pysyclfft.fft(np.ones(40, np.complex64))
except _core.CompileError as e:
    print("COMPILE ERROR:", e)
_core.set_kernel_include_dir(good)
x = np.arange(40) + 0j
print("RECOVERED", np.abs(pysyclfft.fft(x) - np.fft.fft(x)).max())
"""


def child_env(cache_dir):
    env = dict(os.environ, PYSYCLFFT_CACHE_DIR=str(cache_dir))
    for var in ("SYCL_CACHE_DIR", "SYCL_CACHE_PERSISTENT"):
        env.pop(var, None)
    return env


def test_failed_compile_raises_with_the_compiler_message(tmp_path):
    broken = tmp_path / "include"
    shutil.copytree(_core.kernel_include_dir(), broken)
    with open(broken / "pysyclfft" / "kernels" / "butterflies.hpp", "a") as f:
        f.write("\nthis_is_not_cpp deliberately_broken_kernel_source;\n")
    run = subprocess.run([sys.executable, "-c", _BROKEN_COMPILE, str(broken)], env=child_env(tmp_path / "cache"),
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 0, run.stderr  # no crash
    assert "COMPILE ERROR: pysyclfft: kernel compilation failed" in run.stdout
    assert "this_is_not_cpp" in run.stdout  # the compiler's own diagnostic
    assert float(run.stdout.split("RECOVERED")[1]) < 1e-12


_COMPILE_SAME = """
import numpy as np, pysyclfft
pysyclfft.precompile([40, 72], np.complex128)  # one run-time compilation
errs = []
for n in (40, 72):
    x = np.arange(3 * n).reshape(3, n) * (1 + 0.5j)
    errs.append(np.linalg.norm(pysyclfft.fft(x) - np.fft.fft(x)) / np.linalg.norm(np.fft.fft(x)))
print("ERR", max(errs))
"""


def test_two_processes_compile_into_one_disk_cache(tmp_path):
    env = child_env(tmp_path / "cache")
    children = [subprocess.Popen([sys.executable, "-c", _COMPILE_SAME], env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, cwd=tmp_path) for _ in range(2)]
    for child in children:
        out, err = child.communicate(timeout=300)
        assert child.returncode == 0, err
        assert float(out.split("ERR")[1]) < 8 * EPS64 * 7
    assert any(files for _, _, files in os.walk(tmp_path / "cache"))
