"""Plan objects and the per-thread plan cache (pysyclfft.get_fft_plan, pysyclfft.config)."""
import os
import subprocess
import sys
import threading

import numpy as np
import pytest

import dpctl
from conftest import dpnp, needs_dpnp
import pysyclfft
from pysyclfft import config

LENGTHS = (8, 12, 16, 20, 30)


@pytest.fixture(scope="module", autouse=True)
def compiled():
    for dtype in (np.complex64, np.complex128):
        pysyclfft.precompile(LENGTHS, dtype)


@pytest.fixture(autouse=True)
def fresh_cache():
    config.clear_plan_cache()
    config.set_plan_cache_size(16)
    config.set_plan_cache_max_memsize(-1)
    yield
    config.clear_plan_cache()
    config.set_plan_cache_size(16)
    config.set_plan_cache_max_memsize(-1)


def rel_l2(got, want):
    got, want = np.asarray(got, dtype=np.complex128), np.asarray(want, dtype=np.complex128)
    return np.linalg.norm(got - want) / np.linalg.norm(want)


def bound(dtype, n):
    return 8 * np.finfo(dtype).eps * np.log2(max(n, 2))


def random(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)


def run_python(code, timeout=120, **extra_env):
    """Run `code` in a child Python that imports the pysyclfft this process uses
    (its own directory first, and as the working directory, since `python -c`
    puts the working directory, e.g. a checkout without _core, first on sys.path)."""
    where = os.path.dirname(os.path.dirname(os.path.abspath(pysyclfft.__file__)))
    env = dict(os.environ, **extra_env)
    env["PYTHONPATH"] = where + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=where, capture_output=True, text=True,
                          timeout=timeout)


def counters():
    cache = config.get_plan_cache()
    return cache.hits, cache.misses


@needs_dpnp
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("norm", [None, "ortho", "forward"])
def test_plan_matches_numpy_and_reuse_is_identical(dtype, norm):
    host = random((12, 20), dtype)
    x = dpnp.asarray(host)
    plan = pysyclfft.get_fft_plan(x, norm=norm)
    first = plan(x).asnumpy()
    second = plan.forward(x).asnumpy()
    assert np.array_equal(first, second)
    assert rel_l2(first, np.fft.fftn(host.astype(np.complex128), norm=norm)) < bound(dtype, 240)
    back = plan.backward(x).asnumpy()
    assert rel_l2(back, np.fft.ifftn(host.astype(np.complex128), norm=norm)) < bound(dtype, 240)


def test_plan_on_numpy_arrays_and_axes():
    host = random((4, 16, 8), np.complex128)
    plan = pysyclfft.get_fft_plan(host, s=(12, 16), axes=(0, 1))
    assert plan.on_host and plan.axes == (0, 1) and plan.lengths == (12, 16) and plan.out_shape == (12, 16, 8)
    got = plan(host)
    assert isinstance(got, np.ndarray)
    assert rel_l2(got, np.fft.fftn(host, s=(12, 16), axes=(0, 1))) < bound(np.complex128, 192)
    out = np.empty(plan.out_shape, np.complex128)
    assert plan(host, out=out) is out and np.array_equal(out, got)


@needs_dpnp
def test_plan_keyword_on_transforms():
    host = random((8, 16), np.complex64)
    x = dpnp.asarray(host)
    p1 = pysyclfft.get_fft_plan(x, axes=(-1,))
    p2 = pysyclfft.get_fft_plan(x, axes=(-2, -1))
    before = counters()
    assert np.array_equal(pysyclfft.fft(x, plan=p1).asnumpy(), p1(x).asnumpy())
    assert np.array_equal(pysyclfft.ifft(x, plan=p1).asnumpy(), p1.backward(x).asnumpy())
    assert np.array_equal(pysyclfft.fft2(x, plan=p2).asnumpy(), p2(x).asnumpy())
    assert np.array_equal(pysyclfft.ifftn(x, plan=p2).asnumpy(), p2.backward(x).asnumpy())
    assert counters() == before  # explicit plans bypass the cache
    with pytest.raises(ValueError, match="does not match"):
        pysyclfft.fft(x, axis=0, plan=p1)
    with pytest.raises(ValueError, match="does not match"):
        pysyclfft.fft2(x, s=(8, 8), plan=p2)
    with pytest.raises(ValueError, match="norm"):
        pysyclfft.fft(x, norm="ortho", plan=p1)


@needs_dpnp
def test_mismatched_arrays_are_rejected():
    x = dpnp.asarray(random((8, 16), np.complex64))
    plan = pysyclfft.get_fft_plan(x)
    with pytest.raises(ValueError, match="shape"):
        plan(dpnp.asarray(random((8, 12), np.complex64)))
    with pytest.raises(ValueError):
        plan(dpnp.asarray(random((8, 16), np.complex128)))
    with pytest.raises(ValueError, match="strides"):
        plan(dpnp.asarray(random((8, 32), np.complex64))[:, ::2])
    with pytest.raises(ValueError, match="numpy|USM"):
        plan(random((8, 16), np.complex64))
    other_queue = dpnp.asarray(random((8, 16), np.complex64), sycl_queue=dpctl.SyclQueue())
    with pytest.raises(ValueError, match="queue"):
        plan(other_queue)


def test_bad_plan_arguments():
    x = random((16,), np.complex64)
    with pytest.raises(TypeError, match="real"):
        pysyclfft.get_fft_plan(x, kind="r2c")  # complex input
    with pytest.raises(ValueError, match="kind"):
        pysyclfft.get_fft_plan(x, kind="fft")
    with pytest.raises(ValueError, match="memory"):
        pysyclfft.get_fft_plan(x, memory="lots")
    with pytest.raises(ValueError, match="norm"):
        pysyclfft.get_fft_plan(x, norm="unitary")
    with pytest.raises(ValueError, match="in_place"):
        pysyclfft.get_fft_plan(x.real.copy(), in_place=True)  # float input: the result is complex
    with pytest.raises(ValueError, match="shape"):
        pysyclfft.get_fft_plan(x, out=np.empty(8, np.complex64))


@needs_dpnp
def test_in_place_plan_writes_into_the_input():
    host = random((4, 16), np.complex128)
    x = dpnp.asarray(host)
    plan = pysyclfft.get_fft_plan(x, axes=(1,), in_place=True)
    assert plan(x) is x
    assert rel_l2(x.asnumpy(), np.fft.fft(host)) < bound(np.complex128, 16)
    h = host.copy()
    assert pysyclfft.get_fft_plan(h, in_place=True).backward(h) is h
    assert rel_l2(h, np.fft.ifft2(host)) < bound(np.complex128, 64)


@needs_dpnp
def test_read_only_attributes_workspace_and_describe():
    x = dpnp.asarray(random((12, 16), np.complex64))
    plan = pysyclfft.get_fft_plan(x, axes=(0, 1), memory="minimal")
    assert (plan.kind, plan.shape, plan.strides, plan.dtype) == ("c2c", (12, 16), (16, 1), np.complex64)
    assert plan.queue == x.sycl_queue and plan.norm == "backward" and plan.memory == "minimal"
    # Twiddle tables of both lengths, as complex64: positive and at most a few per point (the CPU's
    # sub-group level keeps one row of lane factors per lane stage: 4 per point at 16 points).
    assert 0 < plan.workspace_bytes <= 8 * 4 * (12 + 16)
    for name in ("kind", "shape", "dtype", "axes", "norm", "workspace_bytes"):
        with pytest.raises(AttributeError):
            setattr(plan, name, None)
    text = plan.describe()
    assert "c2c" in text and "n=12" in text and "n=16" in text


@needs_dpnp
def test_cache_hits_and_misses():
    x = dpnp.asarray(random((8, 16), np.complex64))
    h0, m0 = counters()
    a = pysyclfft.fft(x).asnumpy()
    assert counters() == (h0, m0 + 1)
    b = pysyclfft.fft(x).asnumpy()
    assert counters() == (h0 + 1, m0 + 1)
    assert np.array_equal(a, b)
    pysyclfft.fft(x, norm="ortho")  # norm is part of the key
    pysyclfft.fft(x, axis=0)        # so are the axes
    pysyclfft.fft(x[:, ::2])        # and the strides
    assert counters() == (h0 + 1, m0 + 4) and len(config.get_plan_cache()) == 4
    pysyclfft.ifft(x)  # the same plan serves both directions
    assert counters() == (h0 + 2, m0 + 4)


@needs_dpnp
def test_cache_size_limit_and_lru_eviction():
    config.set_plan_cache_size(2)
    xs = {n: dpnp.asarray(random((n,), np.complex64)) for n in (8, 12, 16)}
    cache = config.get_plan_cache()
    pysyclfft.fft(xs[8])
    pysyclfft.fft(xs[12])
    pysyclfft.fft(xs[8])   # 8 is now the most recently used
    pysyclfft.fft(xs[16])  # evicts 12
    assert len(cache) == 2 and config.get_plan_cache_size() == 2
    assert sorted(p.lengths[0] for p in cache.plans()) == [8, 16]
    h, m = counters()
    pysyclfft.fft(xs[8])
    pysyclfft.fft(xs[12])
    assert counters() == (h + 1, m + 1)
    config.set_plan_cache_size(1)  # shrinking evicts down to the limit
    assert [p.lengths[0] for p in cache.plans()] == [12]


@needs_dpnp
def test_cache_disabled_and_memory_cap():
    x = dpnp.asarray(random((16,), np.complex64))
    config.set_plan_cache_size(0)
    h, m = counters()
    pysyclfft.fft(x)
    pysyclfft.fft(x)
    assert len(config.get_plan_cache()) == 0 and counters() == (h, m + 2)
    config.set_plan_cache_size(16)
    plan_bytes = pysyclfft.get_fft_plan(x).workspace_bytes
    config.set_plan_cache_max_memsize(plan_bytes - 1)
    pysyclfft.fft(x)
    assert len(config.get_plan_cache()) == 0
    config.set_plan_cache_max_memsize(plan_bytes)
    pysyclfft.fft(x)
    assert len(config.get_plan_cache()) == 1 and config.get_plan_cache().memory == plan_bytes
    with pytest.raises(ValueError):
        config.set_plan_cache_size(-1)
    with pytest.raises(TypeError):
        config.set_plan_cache_size(2.5)


@needs_dpnp
def test_show_plan_cache_info(capsys):
    pysyclfft.fft(dpnp.asarray(random((16,), np.complex64)))
    config.show_plan_cache_info()
    text = capsys.readouterr().out
    assert "1 / 16 plans" in text and " misses" in text and "c2c complex64[16]" in text


@needs_dpnp
def test_caches_are_per_thread():
    x = dpnp.asarray(random((8, 16), np.complex64))
    pysyclfft.fft(x)
    main_cache = config.get_plan_cache()
    main_state = (len(main_cache), main_cache.hits, main_cache.misses)
    seen = {}

    def worker():
        config.set_plan_cache_size(3)
        pysyclfft.fft(x)
        result = pysyclfft.fft(x).asnumpy()
        cache = config.get_plan_cache()
        seen.update(same=cache is main_cache, size=cache.size, len=len(cache), hits=cache.hits, misses=cache.misses,
                    result=result)

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert not seen["same"] and (seen["size"], seen["len"], seen["hits"], seen["misses"]) == (3, 1, 1, 1)
    assert (len(main_cache), main_cache.hits, main_cache.misses) == main_state
    assert config.get_plan_cache_size() == 16
    assert np.array_equal(seen["result"], pysyclfft.fft(x).asnumpy())


def test_cache_size_from_environment():
    code = "import pysyclfft; print(pysyclfft.config.get_plan_cache_size())"
    out = run_python(code, PYSYCLFFT_PLAN_CACHE_SIZE="3")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "3"


def test_threads_starting_at_once_do_not_deadlock():
    """First transforms in 8 threads at once of a fresh process (numpy inputs, so
    each waits on the shared default queue): used to deadlock in dpctl's
    first-use statics and in keep-alive host tasks that needed the GIL."""
    code = """
import threading, numpy as np, pysyclfft
x = np.random.default_rng(0).standard_normal((500, 16)) + 1j
want = np.fft.fft(x)
errors = []
def worker():
    for _ in range(20):
        errors.append(np.abs(pysyclfft.fft(x) - want).max())
threads = [threading.Thread(target=worker) for _ in range(8)]
for t in threads: t.start()
for t in threads: t.join()
print(len(errors), max(errors))
"""
    out = run_python(code)
    assert out.returncode == 0, out.stderr
    count, worst = out.stdout.split()
    assert int(count) == 160 and float(worst) < 1e-13


@needs_dpnp
def test_memory_minimal_plan_has_no_scratch_and_matches_default():
    """memory="minimal" reaches the C++ plans: a 2^20 in-place transform holds tables
    only (< 1% of the data) and matches numpy as closely as the default plan (the two
    plans' passes round their twiddles differently, so the results are not bitwise equal)."""
    n = 1 << 20
    a = (np.random.default_rng(5).standard_normal(n) + 1j).astype(np.complex64)
    x = dpnp.asarray(a)
    minimal = pysyclfft.get_fft_plan(x, kind="c2c", memory="minimal", in_place=True)
    default = pysyclfft.get_fft_plan(x, kind="c2c")
    expected = dpnp.asnumpy(default(dpnp.asarray(a)))  # its scratch grows to the batch it runs
    assert minimal.workspace_bytes < 0.01 * a.nbytes <= default.workspace_bytes
    y = minimal(x, out=x)
    assert y is x
    ref = np.fft.fft(a.astype(np.complex128))
    assert rel_l2(expected, ref) < np.finfo(np.float32).eps * 20
    assert rel_l2(dpnp.asnumpy(x), ref) < np.finfo(np.float32).eps * 20
