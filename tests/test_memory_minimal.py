"""memory="minimal" for every plan kind: a plan computes with its device tables
alone (every C++ device allocation it makes is a table it reports in
workspace_bytes, none of the data's size; no scratch array from the memory pool
beyond its result), or it is refused at planning with a ValueError naming
memory. References: numpy/scipy in float64."""
import numpy as np
import pytest
import scipy.fft

import pysyclfft
from conftest import DEVICE_KIND, as_kind, to_numpy
from pysyclfft import _core, _memory, config

KINDS = ["c2c", "r2c", "c2r"] + [f"{f}{t}" for f in ("dct", "dst") for t in (1, 2, 3, 4)]
# One axis with a single-kernel length, one with a multi-pass length (c2c runs it
# in place; the real and trigonometric maps need a work buffer there), and two axes
# (DCT/DST run their later passes in place; the array is large enough that both
# directions' tables of both lengths stay below a quarter of its size).
CASES = [((64, 128), (1,)), ((4, 1 << 15), (1,)), ((64, 128), (0, 1))]


def reference(kind, x, axes):
    if kind == "c2c":
        return np.fft.fftn(x, axes=axes)
    if kind == "r2c":
        return np.fft.rfftn(x, axes=axes)
    if kind == "c2r":
        return np.fft.irfftn(x, axes=axes)
    transform = scipy.fft.dctn if kind.startswith("dct") else scipy.fft.dstn
    return transform(x, type=int(kind[-1]), axes=axes)


def host_input(kind, shape):
    rng = np.random.default_rng(1)
    x = rng.standard_normal(shape)
    return x + 1j * rng.standard_normal(shape) if kind in ("c2c", "c2r") else x


@pytest.fixture
def pool_requests(monkeypatch):
    """What the transform asks the memory pool for (pysyclfft/_memory.py: every device array)."""
    requests = []
    pooled_empty = _memory._pooled_empty

    def recording(shape, dtype, queue, usm_type, what):
        requests.append(what)
        return pooled_empty(shape, dtype, queue, usm_type, what)

    monkeypatch.setattr(_memory, "_pooled_empty", recording)
    return requests


@pytest.mark.parametrize("shape, axes", CASES)
@pytest.mark.parametrize("kind", KINDS)
def test_minimal_plans_hold_tables_only_or_are_refused(kind, shape, axes, pool_requests):
    config.clear_plan_cache()
    _core.clear_line_plans()  # so the plan builds (and counts) its own 1-D plans
    host = host_input(kind, shape)
    x = as_kind(host, DEVICE_KIND)
    count, allocated = _core.device_allocations()
    try:
        plan = pysyclfft.get_fft_plan(x, axes=axes, kind=kind, memory="minimal")
    except ValueError as e:
        assert kind != "c2c", "complex plans run multi-pass lengths in place under memory='minimal'"
        assert "memory='minimal'" in str(e)
        return
    y = plan(x)
    new_count, new_allocated = _core.device_allocations()
    assert new_allocated - allocated <= plan.workspace_bytes, "an allocation the plan does not report"
    assert plan.workspace_bytes < host.nbytes / 4, "a work buffer of the data's size"
    assert pool_requests == ["an array"], "pool arrays beyond the result"
    want = reference(kind, host, axes)
    got = to_numpy(y)
    n = np.prod([shape[a] for a in axes])
    assert np.linalg.norm(got - want) <= 8 * np.finfo(np.float64).eps * np.log2(n) * np.linalg.norm(want)


def test_minimal_c2c_pads_into_its_result_without_a_work_buffer(pool_requests):
    """Zero-padding runs in the result array: no work buffer, no padded copy."""
    host = host_input("c2c", (6, 40))
    count, allocated = _core.device_allocations()
    plan = pysyclfft.get_fft_plan(as_kind(host, DEVICE_KIND), s=(9, 64), kind="c2c", memory="minimal")
    y = plan(as_kind(host, DEVICE_KIND))
    assert _core.device_allocations()[1] - allocated <= plan.workspace_bytes
    assert pool_requests == ["an array"]
    want = np.fft.fftn(host, s=(9, 64))
    assert np.linalg.norm(to_numpy(y) - want) <= 8 * np.finfo(np.float64).eps * 6 * np.linalg.norm(want)


def test_padding_into_a_strided_out_goes_through_a_work_buffer_unless_minimal():
    host = host_input("c2c", (6, 40))
    want = np.fft.fftn(host, s=(9, 64))
    x = as_kind(host, DEVICE_KIND)
    whole = as_kind(np.zeros((9, 128), np.complex128), DEVICE_KIND)
    out = whole[:, ::2]
    pysyclfft.get_fft_plan(x, s=(9, 64), kind="c2c")(x, out=out)
    got = to_numpy(whole)
    assert np.linalg.norm(got[:, ::2] - want) <= 8 * np.finfo(np.float64).eps * 6 * np.linalg.norm(want)
    assert not got[:, 1::2].any(), "wrote between the strided output's elements"
    minimal = pysyclfft.get_fft_plan(x, s=(9, 64), kind="c2c", memory="minimal")
    with pytest.raises(ValueError, match="memory='minimal'"):
        minimal(x, out=out)
