"""Concurrency: transforms and plan creation from 8 threads, several queues on one
device (in order and out of order), and dpnp work interleaved on the same queue;
every result is checked against numpy in double precision."""
import threads

import numpy as np
import pytest

import dpctl
from conftest import dpnp, needs_dpnp
import pysyclfft

EPS32 = np.finfo(np.float32).eps
EPS64 = np.finfo(np.float64).eps
THREADS = 8


def rel_l2(y, ref):
    y = dpnp.asnumpy(y) if isinstance(y, dpnp.ndarray) else np.asarray(y)
    return np.linalg.norm(y - ref) / np.linalg.norm(ref)


def bound(dtype, n):
    eps = EPS32 if np.dtype(dtype) in (np.float32, np.complex64) else EPS64
    return 8 * eps * max(np.log2(n), 1)


def run_threads(work, count=THREADS):
    threads.run_threads(work, count)


# Per thread: a transform, its numpy reference, and an input; lengths differ per
# thread so that plan building and kernel compilation also run concurrently.
TRANSFORMS = [
    (pysyclfft.fft, np.fft.fft, np.complex64),
    (pysyclfft.ifft, np.fft.ifft, np.complex128),
    (pysyclfft.rfft, np.fft.rfft, np.float32),
    (pysyclfft.irfft, np.fft.irfft, np.complex128),
    (pysyclfft.fft2, np.fft.fft2, np.complex64),
    (pysyclfft.rfftn, np.fft.rfftn, np.float64),
    (pysyclfft.dct, None, np.float64),
    (pysyclfft.idst, None, np.float32),
]
LENGTHS = (20, 36, 44, 49, 56, 66, 78, 88)  # irfft: 49 complex -> 96 real points


def reference(t, a):
    import scipy.fft

    ours, ref, _ = TRANSFORMS[t]
    if ref is not None:
        return ref(a.astype(np.complex128 if a.dtype.kind == "c" else np.float64))
    return getattr(scipy.fft, ours.__name__)(a.astype(np.float64))


def inputs(seed):
    rng = np.random.default_rng(seed)
    out = []
    for t, (_, _, dtype) in enumerate(TRANSFORMS):
        a = rng.standard_normal((3, LENGTHS[t]))
        if np.dtype(dtype).kind == "c":
            a = a + 1j * rng.standard_normal(a.shape)
        out.append(a.astype(dtype))
    return out


@needs_dpnp
@pytest.mark.parametrize("as_dpnp", [False, True])
def test_eight_threads_transform_and_plan_concurrently(as_dpnp):
    arrays = inputs(1)
    queue = dpctl.SyclQueue()  # out of order, shared by every thread
    data = [dpnp.asarray(a, sycl_queue=queue) for a in arrays] if as_dpnp else arrays
    results = {}

    def work(t):
        ours = TRANSFORMS[t][0]
        for round_ in range(3):  # the first round builds plans, the others reuse them
            results[t, round_] = ours(data[t])

    run_threads(work)
    for (t, _), y in results.items():
        assert rel_l2(y, reference(t, arrays[t])) < bound(arrays[t].dtype, LENGTHS[t]), TRANSFORMS[t][0].__name__


@needs_dpnp
def test_eight_threads_build_and_call_plans():
    rng = np.random.default_rng(2)
    queue = dpctl.SyclQueue(property="in_order")
    arrays = [(rng.standard_normal((4, 24)) + 1j * rng.standard_normal((4, 24))) for _ in range(THREADS)]
    data = [dpnp.asarray(a, sycl_queue=queue) for a in arrays]
    results = {}

    def work(t):
        axes = (0,) if t % 2 else (0, 1)
        plan = pysyclfft.get_fft_plan(data[t], axes=axes, norm="ortho")
        forward = plan(data[t])
        results[t] = (axes, forward, plan.backward(forward))

    run_threads(work)
    for t, (axes, forward, back) in results.items():
        ref = np.fft.fftn(arrays[t], axes=axes, norm="ortho")
        assert rel_l2(forward, ref) < bound(np.complex128, 24)
        assert rel_l2(back, arrays[t]) < bound(np.complex128, 24)


@needs_dpnp
@pytest.mark.parametrize("orders", [("in_order", "in_order"), ("in_order", None), (None, None)],
                         ids=["in+in", "in+out", "out+out"])
def test_two_queues_on_one_device(orders):
    q1, q2 = (dpctl.SyclQueue(property=o) if o else dpctl.SyclQueue() for o in orders)
    assert q1 != q2 and q1.sycl_device == q2.sycl_device
    rng = np.random.default_rng(3)
    a = rng.standard_normal((5, 64)) + 1j * rng.standard_normal((5, 64))
    x1, x2 = dpnp.asarray(a, sycl_queue=q1), dpnp.asarray(a[::-1].copy(), sycl_queue=q2)
    # Alternate between the queues without waiting; each result stays on its queue.
    y1 = pysyclfft.fft(x1)
    y2 = pysyclfft.fft2(x2)
    z1 = pysyclfft.ifft(y1 * 2)
    z2 = pysyclfft.ifft2(y2)
    assert y1.sycl_queue == q1 and z2.sycl_queue == q2
    assert rel_l2(y1, np.fft.fft(a)) < bound(np.complex128, 64)
    assert rel_l2(y2, np.fft.fft2(a[::-1])) < bound(np.complex128, 320)
    assert rel_l2(z1, 2 * a) < bound(np.complex128, 64)
    assert rel_l2(z2, a[::-1]) < bound(np.complex128, 320)
    # Moving data between the queues explicitly works too.
    moved = pysyclfft.ifft(dpnp.asarray(y1, sycl_queue=q2))
    assert moved.sycl_queue == q2 and rel_l2(moved, a) < bound(np.complex128, 64)


@needs_dpnp
@pytest.mark.parametrize("order", ["in_order", None], ids=["in-order", "out-of-order"])
def test_two_queues_from_threads(order):
    queues = [dpctl.SyclQueue(property=order) if order else dpctl.SyclQueue() for _ in range(2)]
    rng = np.random.default_rng(4)
    arrays = [rng.standard_normal((4, 48)).astype(np.float32) for _ in range(THREADS)]
    data = [dpnp.asarray(a, sycl_queue=queues[t % 2]) for t, a in enumerate(arrays)]
    results = {}

    def work(t):
        results[t] = pysyclfft.irfft(pysyclfft.rfft(data[t]) * 3, n=48)

    run_threads(work)
    for t, y in results.items():
        assert y.sycl_queue == queues[t % 2]
        assert rel_l2(y, 3 * arrays[t]) < bound(np.float32, 48)


@needs_dpnp
@pytest.mark.parametrize("order", ["in_order", None], ids=["in-order", "out-of-order"])
def test_interleaved_dpnp_work_on_the_same_queue(order):
    queue = dpctl.SyclQueue(property=order) if order else dpctl.SyclQueue()
    rng = np.random.default_rng(5)
    a = rng.standard_normal((6, 40)) + 1j * rng.standard_normal((6, 40))
    x = dpnp.asarray(a, sycl_queue=queue)
    ref = a.copy()
    # dpnp kernels write what our kernels read and the other way round, without waits.
    for step in range(4):
        x = x * (1.0 + 0.25 * step)
        ref = ref * (1.0 + 0.25 * step)
        y = pysyclfft.fft(x, axis=step % 2)
        y[:, 0] = 0  # dpnp writes our result
        ref_y = np.fft.fft(ref, axis=step % 2)
        ref_y[:, 0] = 0
        x = pysyclfft.ifft(y, axis=step % 2) + x  # our result read by dpnp, x read by both
        ref = np.fft.ifft(ref_y, axis=step % 2) + ref
    assert rel_l2(x, ref) < bound(np.complex128, 40) * 4
    # A write after our read: the transform must see the old values.
    x = dpnp.asarray(a, sycl_queue=queue)
    y = pysyclfft.fft(x)
    x[...] = 0
    assert rel_l2(y, np.fft.fft(a)) < bound(np.complex128, 40)
    # Our write into `out`, then dpnp reads it at once.
    out = dpnp.empty_like(x)
    x[...] = dpnp.asarray(a, sycl_queue=queue)
    total = dpnp.sum(pysyclfft.fft(x, out=out))
    assert abs(complex(dpnp.asnumpy(total)) - np.fft.fft(a).sum()) < 1e-10 * np.abs(np.fft.fft(a)).sum()
