"""Helpers shared by test_real.py and test_dct.py: host copies, the relative-L2
check against float64 references, skips for lengths that wait for the any-size
complex FFT, and the switch to the unfused path."""
import math

import numpy as np
import pytest

from conftest import to_numpy as host
from pysyclfft import _arrays, _core, config


def assert_close(got, ref, dtype, n, constant):
    """Relative L2 error of got (any array kind, of `dtype`) within constant * eps * log2(n) of ref."""
    got = host(got)
    assert got.shape == ref.shape, f"shape {got.shape}, expected {ref.shape}"
    assert got.dtype == np.dtype(dtype), f"dtype {got.dtype}, expected {np.dtype(dtype)}"
    eps = np.finfo(np.float32 if np.dtype(dtype) in (np.float32, np.complex64) else np.float64).eps
    bound = constant * eps * max(1.0, math.log2(n))
    err = np.linalg.norm(got - ref) / max(np.linalg.norm(ref), 1e-300)
    assert err <= bound, f"relative L2 error {err:.3g} > {bound:.3g} (n={n}, {np.dtype(dtype).name})"


@pytest.fixture
def unfused():
    """Run the unfused path (load pass, complex plan, store pass) that lengths
    beyond one work-group take, on lengths where it can be checked today."""
    _core.force_unfused_maps(True)  # empties the C++ 1-D plan cache too
    config.clear_plan_cache()  # cached plans chose their path when they were built
    yield
    _core.force_unfused_maps(False)
    config.clear_plan_cache()


def precompile_unfused(jobs, is_double):
    """Compile the unfused path's kernels (load and store passes, the complex plan
    between) of (RealTransform, length) pairs, in one build per entry point."""
    _core.force_unfused_maps(True)
    try:
        _core.precompile_real(_arrays.default_queue(), jobs, is_double)
    finally:
        _core.force_unfused_maps(False)
