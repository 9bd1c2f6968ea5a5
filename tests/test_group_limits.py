"""Kernels whose registers forbid the work-group their plan chose: a GPU's compiler
decides a kernel's registers after the planner has chosen its group (the H100's
gave an 8192-point complex128 kernel 160 registers for its 512 work-items, whose
register file allows 128 each, and the launch failed). Such a plan gives way to
another form with the same results: a single-kernel c2c length to passes of at
most half its length, a fused real or trigonometric kernel to its unfused form
(plan/device_kernel.hpp, require_group_size). The CPU device runs those forms
here with every kernel's group capped (_core.cap_kernel_group_size)."""
import numpy as np
import pytest
import scipy.fft

import pysyclfft
from pysyclfft import _core, config
from conftest import H100, random_complex, run_checked_child
from real_helpers import assert_close

LENGTHS = (16, 1000, 4096)  # a work-item kernel, teams of 208 and 256 work-items on this CPU
ERROR_CONSTANT = 3.0  # times eps * log2(n), as tests/test_bank_layout.py


@pytest.fixture
def capped():
    """Every kernel runs at most 8 work-items per group: below every group the planner makes."""
    _core.cap_kernel_group_size(8)  # empties the C++ 1-D plan cache
    config.clear_plan_cache()  # cached plans chose their form when they were built
    yield
    _core.cap_kernel_group_size(0)
    config.clear_plan_cache()


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("n", LENGTHS)
def test_c2c_gives_way_to_passes(capped, n, dtype):
    x = random_complex(np.random.default_rng(n), (3, n), dtype)
    plan = pysyclfft.get_fft_plan(x, axes=(-1,))
    assert "; pass 1: " in plan.describe(), plan.describe()
    assert "(passes because a kernel runs at most 8 work-items per group" in plan.describe(), plan.describe()
    assert_close(plan(x), np.fft.fft(x.astype(np.complex128)), dtype, n, ERROR_CONSTANT)
    assert_close(pysyclfft.ifft(x), np.fft.ifft(x.astype(np.complex128)), dtype, n, ERROR_CONSTANT)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", LENGTHS)
def test_fused_maps_give_way_to_the_unfused_form(capped, n, dtype):
    x = np.random.default_rng(n).uniform(-1, 1, (3, n)).astype(dtype)
    plan = pysyclfft.get_fft_plan(x, axes=(-1,), kind="r2c")
    assert "load pass" in plan.describe() and "store pass" in plan.describe(), plan.describe()
    assert_close(plan(x), np.fft.rfft(x.astype(np.float64)), np.result_type(dtype, np.complex64), n, ERROR_CONSTANT)
    assert_close(pysyclfft.dct(x, 2), scipy.fft.dct(x.astype(np.float64), 2), dtype, n, ERROR_CONSTANT)


def test_the_cap_is_lifted(capped):
    """Not vacuous: without the cap the same lengths run as single kernels."""
    _core.cap_kernel_group_size(0)
    config.clear_plan_cache()
    x = random_complex(np.random.default_rng(1000), (3, 1000), np.complex64)
    assert "; pass 1: " not in pysyclfft.get_fft_plan(x, axes=(-1,)).describe()


def test_transforms_alone_on_a_gpu_multiprocessor_fit_its_registers():
    """The longest single kernels of a GPU (a multiprocessor holds one of their groups) take at most
    512 work-items and radix 8 (plan/kernel_params.hpp, kAloneTeam and kAloneRadix): 16384 complex64
    as 16 16 16 4 could not launch on the H200 in 1024 work-items nor in 512, and ran in two passes."""
    alone = {16384: [8, 8, 8, 8, 4], 12288: [8, 8, 8, 8, 3], 10000: [4, 4, 5, 5, 5, 5]}
    for n, radices in alone.items():
        k = _core.c2c_kernel_params(n, False, **H100)
        assert k["threads"] <= 512 and k["per_group"] == 1 and sorted(k["radices"]) == sorted(radices), (n, k)
    shared = _core.c2c_kernel_params(4096, False, **H100)  # three groups per multiprocessor: radix 16 stays
    assert shared["radices"] == [16, 16, 16], shared


_AFTER_ANOTHER_BUILD = r"""
import json, sys
import numpy as np
import pysyclfft

out = []
for n in json.loads(sys.argv[1]):  # each length's kernels a build of its own, in this order
    x = np.random.default_rng(n).standard_normal((4, n)).astype(np.complex64)
    plan = pysyclfft.get_fft_plan(x, axes=(-1,))
    ref = np.fft.fft(x.astype(np.complex128))
    out.append(dict(n=n, double=False, describe=plan.describe(),
                    errors=[float(np.linalg.norm(plan(x) - ref) / np.linalg.norm(ref))]))
print("RESULT" + json.dumps(out))
"""


def test_a_gpu_runs_16384_points_in_one_kernel_after_other_builds(tmp_path):
    """SYCL-RTC inlines its barrier built-in in every build of a process but the first; inlined, the
    H200's 512-work-item 16384-point kernel needed more than 128 registers and fell back to passes.
    Team kernels of 512+ work-items barrier through a call (backends/sycl/exec.hpp, TeamBarrier)."""
    if pysyclfft._arrays.default_queue().sycl_device.is_cpu:
        pytest.skip("a GPU's register file limits its groups; the CPU device's does not")
    results = run_checked_child(tmp_path, _AFTER_ANOTHER_BUILD, [1024, 16384])
    last = results[-1]["describe"]
    assert "single work-group Stockham" in last and "passes because" not in last, last
