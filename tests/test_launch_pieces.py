"""Batches larger than one launch: a device limits the work-groups of a launch in
each dimension (the H100: 65535 in CUDA's y, SYCL's dimension 0), so plans cut a
batch into launch pieces (plan/line_layouts.hpp, launch_pieces). No test batch
reaches a real device's limit, so a child process lowers it to 2 work-groups per
dimension (PYSYCLFFT_MAX_GROUPS_PER_DIM) and every kernel level runs in many
pieces, the real and DCT kernels and map passes too: each result against numpy (scipy)
in double precision."""
import json

import numpy as np
import pytest

from test_plans import run_python

CHILD = r"""
import json
import numpy as np
import pysyclfft

rng = np.random.default_rng(7)
def random(shape, dtype):
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)

def error(got, want):
    return float(np.linalg.norm(np.asarray(got) - want) / np.linalg.norm(want))

results = []
for dtype in (np.complex64, np.complex128):
    for name, shape, axis in [("work-item level", (37, 8), -1), ("team level", (41, 1000), -1),
                              ("two strided batch dimensions", (64, 7, 5), 0), ("multi-pass", (5, 65536), -1),
                              ("Bluestein", (3, 4099), -1)]:
        x = random(shape, dtype)
        want = np.fft.fft(x.astype(np.complex128), axis=axis)
        results.append([name, np.dtype(dtype).name, shape[axis], error(pysyclfft.fft(x, axis=axis), want)])
    x = random((6, 65536), dtype)
    plan = pysyclfft.get_fft_plan(x, axes=(-1,), kind="c2c", memory="minimal")
    results.append(["multi-pass, memory='minimal'", np.dtype(dtype).name, 65536,
                    error(plan(x), np.fft.fft(x.astype(np.complex128), axis=-1))])
# The fused real and trigonometric kernels (mapped_plan.hpp) take the same launch shapes.
import scipy.fft as sfft
for dtype in (np.float32, np.float64):
    for name, shape, axis, call, ref in [
            ("rfft, work-item level", (37, 8), -1, pysyclfft.rfft, np.fft.rfft),
            ("rfft, team level", (41, 1000), -1, pysyclfft.rfft, np.fft.rfft),
            ("rfft, map passes around a multi-pass FFT", (5, 65536), -1, pysyclfft.rfft, np.fft.rfft),
            ("dct-II, team level, strided", (64, 9, 5), 0, lambda a, axis: pysyclfft.dct(a, 2, axis=axis),
             lambda a, axis: sfft.dct(a, 2, axis=axis))]:
        x = rng.standard_normal(shape).astype(dtype)
        results.append([name, np.dtype(dtype).name, shape[axis], error(call(x, axis=axis), ref(x.astype(np.float64), axis=axis))])
print(json.dumps(results))
"""


def test_batches_cut_into_launch_pieces_match_numpy():
    done = run_python(CHILD, timeout=600, PYSYCLFFT_MAX_GROUPS_PER_DIM="2")
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(results) == 20
    for name, dtype, n, err in results:
        assert err <= 8 * np.finfo(dtype).eps * np.log2(n), (name, dtype, n, err)


EVENT_CHILD = r"""
import ctypes, json
import numpy as np
import dpctl
import dpctl.memory as dpm
from pysyclfft import _core

queue = dpctl.SyclQueue(property="in_order")
rows, n = 41, 1000
rng = np.random.default_rng(3)
host = rng.standard_normal((rows, n)) + 1j * rng.standard_normal((rows, n))
want = np.fft.fft(host)
src, dst = (dpm.MemoryUSMShared(host.nbytes, queue=queue) for _ in range(2))
src.copy_from_host(host.view(np.uint8).reshape(-1))
plan = _core.C2CPlan(queue, n, True)
(layout,) = _core.line_layouts((rows, n), 1, 0, (n, 1), 0, (n, 1))
result = np.ctypeslib.as_array((ctypes.c_double * (2 * rows * n)).from_address(dst._pointer))
errors = []
for _ in range(5):
    result[:] = 0
    plan.execute(src._pointer, dst._pointer, *layout, True, 1.0, []).wait()
    got = result.copy().view(np.complex128).reshape(rows, n)  # read by the host, no queue command between
    errors.append(float(np.linalg.norm(got - want) / np.linalg.norm(want)))
print(json.dumps(errors))
"""


def test_the_event_of_a_batch_in_pieces_covers_every_piece():
    """A plan's one event for its launch pieces completes after all of them, on an
    in-order queue too (there ext_oneapi_submit_barrier returned the queue's last
    recorded event, which completed first: the host read zeros)."""
    done = run_python(EVENT_CHILD, timeout=300, PYSYCLFFT_MAX_GROUPS_PER_DIM="2")
    assert done.returncode == 0, done.stderr
    errors = json.loads(done.stdout.strip().splitlines()[-1])
    assert max(errors) <= 8 * np.finfo(np.float64).eps * np.log2(1000), errors


@pytest.mark.parametrize("value", ["0", "-3", "many"])
def test_bad_group_limit_names_the_variable(value):
    done = run_python("import numpy, pysyclfft; pysyclfft.fft(numpy.ones(8))", PYSYCLFFT_MAX_GROUPS_PER_DIM=value)
    assert done.returncode != 0
    assert "PYSYCLFFT_MAX_GROUPS_PER_DIM" in done.stderr and "Traceback" in done.stderr
