"""The device memory pool (pysyclfft/_pool.py): repeated calls reuse blocks,
results stay correct when arrays die and their memory is reused while earlier
work may still be pending (out-of-order queues, several threads), the limit
holds (0 disables pooling), and pooled results are ordinary dpnp arrays that
outlive clear_memory_pool(). Every result is checked against numpy."""
import gc
import os
import subprocess
import sys

import numpy as np
import pytest

import dpctl
from conftest import dpnp, needs_dpnp
import pysyclfft
from dpctl.utils import SequentialOrderManager
from pysyclfft import _arrays, _core, _pool, config

from conftest import assert_fft_close, random_complex
import threads

N = 64
ROWS = 16
BLOCK = _pool.bin_size(ROWS * N * 16)  # one complex128 result


@pytest.fixture(autouse=True)
def kernels(compiled_kernels):
    """Every length used here is in conftest's REPRESENTATIVE_LENGTHS."""


@pytest.fixture
def limit():
    """Restores the pool limit a test changes."""
    saved = config.get_memory_pool_limit()
    yield
    config.set_memory_pool_limit(saved)


def leased_now():
    """Bytes of blocks held by live arrays (other tests' arrays included)."""
    gc.collect()
    return config.get_memory_pool_info()["leased_bytes"]


def is_pooled(y):
    return isinstance(y.get_array().usm_data, _pool._ReturnsBlock)


def test_bins_cover_requests_with_at_most_a_quarter_more():
    sizes = [1, 511, 512, 513, 1000, 4096, 4097, 3 * 2**20 + 1, 67_104_000, 2**26, 2**26 + 1]
    for nbytes in sizes:
        b = _pool.bin_size(nbytes)
        assert nbytes <= b <= max(512, 1.25 * nbytes), (nbytes, b)
    assert _pool.bin_size(67_104_000) == 2**26  # N=1000 complex128 rows of the benchmark: one 64 MiB bin
    assert len({_pool.bin_size(n) for n in range(2**20 + 1, 2**21 + 1, 4096)}) == 4


@needs_dpnp
@pytest.mark.parametrize("on", ["dpnp", "usm_ndarray", "numpy"])
def test_second_call_of_a_shape_reuses_the_block(rng, on):
    x = random_complex(rng, (ROWS, N))
    arg = {"dpnp": dpnp.asarray(x), "usm_ndarray": dpnp.asarray(x).get_array(), "numpy": x}[on]
    pysyclfft.fft(arg)  # the result dies at once: its block goes back to the pool once the kernel is done
    if on != "numpy":  # numpy calls wait for their copy back
        arg.sycl_queue.wait()
    before = config.get_memory_pool_info()
    y = pysyclfft.fft(arg)
    after = config.get_memory_pool_info()
    if on == "numpy" and _core.reads_host_memory(_arrays.default_queue()):
        assert after == before  # no device copies: transformed where it lies (test_host_arrays.py)
    else:
        assert after["hits"] > before["hits"]
        assert after["misses"] == before["misses"]
    assert type(y) is type(arg)
    assert_fft_close(y, np.fft.fft(x), np.complex128, N)


@needs_dpnp
def test_every_transform_family_allocates_from_the_pool(rng):
    z = dpnp.asarray(random_complex(rng, (4, 2 * N)))
    r = dpnp.asarray(rng.standard_normal((4, 2 * N)))
    calls = [lambda: pysyclfft.fft(z, n=4 * N), lambda: pysyclfft.fftn(z), lambda: pysyclfft.rfft(r),
             lambda: pysyclfft.irfft(z, n=2 * N), lambda: pysyclfft.dct(r)]
    if not _core.reads_host_memory(_arrays.default_queue()):  # else numpy calls take no device memory
        calls.append(lambda: pysyclfft.rfft(dpnp.asnumpy(r)))
    for call in calls:
        call()
        z.sycl_queue.wait()
        before = config.get_memory_pool_info()
        call()
        after = config.get_memory_pool_info()
        assert after["misses"] == before["misses"] and after["hits"] > before["hits"]


@needs_dpnp
@pytest.mark.parametrize("usm_type", ["device", "shared", "host"])
def test_pooled_results_are_ordinary_dpnp_arrays(rng, usm_type):
    queue = dpctl.SyclQueue()
    x = random_complex(rng, (ROWS, N))
    xd = dpnp.asarray(x, usm_type=usm_type, sycl_queue=queue)
    y = pysyclfft.fft(xd)
    assert isinstance(y, dpnp.ndarray) and is_pooled(y)
    assert y.usm_type == usm_type and y.sycl_queue == queue and y.shape == x.shape
    ref = np.fft.fft(x)
    assert_fft_close(dpnp.abs(y) * 2 + y, np.abs(ref) * 2 + ref, np.complex128, N)
    assert_fft_close(dpnp.fft.ifft(y), x, np.complex128, N)
    column = y[:, 1]  # a view keeps the block leased after y dies
    del y
    for _ in range(4):
        pysyclfft.fft(xd * 3)  # same shape: would take the block if it were free
    assert_fft_close(column, ref[:, 1], np.complex128, N)


@needs_dpnp
def test_results_outlive_clear_memory_pool(rng):
    x = random_complex(rng, (ROWS, N))
    y = pysyclfft.fft(dpnp.asarray(x))
    config.clear_memory_pool()
    assert config.get_memory_pool_info()["idle_blocks"] == 0
    others = [pysyclfft.fft(dpnp.asarray(x + k)) for k in range(3)]
    pointers = {a.get_array().usm_data._pointer for a in [y, *others]}
    assert len(pointers) == 4  # live arrays never share a block
    assert_fft_close(y, np.fft.fft(x), np.complex128, N)
    del y, others
    assert config.get_memory_pool_info()["idle_blocks"] >= 4  # they came back after the clear


@needs_dpnp
def test_memory_reused_while_work_is_pending_on_an_out_of_order_queue(rng):
    """Results die as soon as later work is submitted on them, so their blocks are
    handed out again while kernels may still be queued; the results kept alive
    must not be overwritten."""
    queue = dpctl.SyclQueue()  # out of order
    hosts = [random_complex(rng, (ROWS, N)) for _ in range(4)]
    inputs = [dpnp.asarray(h, sycl_queue=queue) for h in hosts]
    hits = config.get_memory_pool_info()["hits"]
    kept = []
    for i in range(120):
        k = i % len(hosts)
        y = pysyclfft.fft(inputs[k])
        back = pysyclfft.ifft(y)
        doubled = y * 2
        del y  # freed while the ifft and the multiply may still be pending
        if i % 3 == 0:
            kept.append((k, back, doubled))
    assert config.get_memory_pool_info()["hits"] > hits + 100
    for k, back, doubled in kept:
        assert_fft_close(back, hosts[k], np.complex128, N)
        assert_fft_close(doubled, 2 * np.fft.fft(hosts[k]), np.complex128, N)


@needs_dpnp
def test_block_comes_back_only_after_the_kernels_that_used_it(rng):
    """A result dropped while the kernels writing and reading it are still queued
    (behind a long transform) must not be handed out before they complete: the
    next request of its size gets its block only with every one of their events
    complete (work of other threads is not ordered after them)."""
    queue = dpctl.SyclQueue()  # out of order
    rows, n = 512, 1024  # 8 MiB arrays: kernels of milliseconds
    x = dpnp.asarray(random_complex(rng, (rows, n)), sycl_queue=queue)
    long_input = dpnp.asarray(random_complex(rng, (4 * rows, n)), sycl_queue=queue)
    manager = SequentialOrderManager[queue]
    for _ in range(4):
        pysyclfft.fft(long_input)  # what follows waits for it
        y = pysyclfft.fft(x)
        back = pysyclfft.ifft(y)
        events, block = manager.submitted_events, y.get_array().usm_data._pointer
        del y
        again = pysyclfft.fft(x)
        if again.get_array().usm_data._pointer == block:
            assert all(e.execution_status == dpctl.event_status_type.complete for e in events)
        assert_fft_close(back, dpnp.asnumpy(x), np.complex128, n)


@needs_dpnp
def test_limit_bounds_the_pool_and_zero_disables_it(rng, limit):
    baseline = leased_now()
    config.set_memory_pool_limit(baseline + 3 * BLOCK)
    x = dpnp.asarray(random_complex(rng, (ROWS, N)))
    ref = np.fft.fft(dpnp.asnumpy(x))
    bypassed = config.get_memory_pool_info()["bypassed"]
    alive = []
    for _ in range(6):
        alive.append(pysyclfft.fft(x))
        info = config.get_memory_pool_info()
        assert info["total_bytes"] <= config.get_memory_pool_limit()
    assert config.get_memory_pool_info()["bypassed"] >= bypassed + 3
    assert sum(map(is_pooled, alive)) <= 3
    for y in alive:
        assert_fft_close(y, ref, np.complex128, N)
    del alive, y
    config.set_memory_pool_limit(0)
    info = config.get_memory_pool_info()
    assert info["idle_bytes"] == 0 and info["total_bytes"] <= baseline
    for _ in range(3):
        y = pysyclfft.fft(x)
        assert not is_pooled(y)
        assert_fft_close(y, ref, np.complex128, N)
    after = config.get_memory_pool_info()
    assert (after["hits"], after["misses"]) == (info["hits"], info["misses"])
    with pytest.raises(ValueError, match="memory pool limit"):
        config.set_memory_pool_limit(-1)
    with pytest.raises(TypeError, match="memory pool limit"):
        config.set_memory_pool_limit(1.5)


@needs_dpnp
def test_threads_share_the_pool(rng):
    # One in-order queue shared by every thread. With an out-of-order queue the OpenCL CPU runtime
    # deadlocked in about 3% of runs (dpnp's asnumpy finishing the queue while other threads wait on
    # events: a waiter runs the queue's executor task nested in its wait and sleeps there;
    # docs/plantime.md has the stacks, docs/api.md tells users), whatever pysyclfft does between.
    queue = dpctl.SyclQueue(property="in_order")
    hosts = [random_complex(rng, (ROWS, N)) for _ in range(8)]
    refs = [np.fft.fft(h) for h in hosts]

    def work(t):
        x = dpnp.asarray(hosts[t], sycl_queue=queue)
        kept = []
        for i in range(30):
            y = pysyclfft.fft(x) if t % 2 else pysyclfft.fft(hosts[t])  # dpnp and numpy inputs
            if i % 5 == 0:
                kept.append(y)
        for y in kept:
            assert_fft_close(y, refs[t], np.complex128, N)

    threads.run_threads(work, len(hosts))
    info = config.get_memory_pool_info()
    assert info["total_bytes"] <= info["limit"]


_SHOW_LIMIT = "import pysyclfft; print('LIMIT', pysyclfft.config.get_memory_pool_limit())"


def test_environment_variable_sets_the_limit(tmp_path):
    def run(value):
        env = dict(os.environ, PYSYCLFFT_MEMORY_POOL_LIMIT=value)
        # cwd outside the checkout: the child must import the installed package, not the source tree
        return subprocess.run([sys.executable, "-c", _SHOW_LIMIT], env=env, capture_output=True, text=True,
                              timeout=120, cwd=tmp_path)

    assert "LIMIT 12345" in run("12345").stdout
    bad = run("lots")
    assert bad.returncode != 0 and "PYSYCLFFT_MEMORY_POOL_LIMIT='lots'" in bad.stderr
