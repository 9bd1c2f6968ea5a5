"""A single-kernel length's strided lines as column groups of pass kernels (plan/column_lines.hpp):
every device runs the columns of n-D arrays this way (PYSYCLFFT_COLUMN_LINES=0 keeps the team
kernel), so the kernels are checked here against numpy in float64. With PYSYCLFFT_ONE_BUFFER_COLUMNS=1
too, some lengths' groups run in one buffer with radices of their own (this CPU: complex128 1280 as 16 16 5 beside
the team kernel's 8 8 4 5; an H200: 512 as 16 8 4 beside 8 8 8): the groups read the team's twiddle
table until 2026-11-29 (L2 error 1.0 here, 1.24 on an H200 at every 512-point column)."""

import re

from conftest import run_checked_child

# (shape, axis): columns whose group radices differ from the team's (1280 here, 512 on GPUs), two
# buffers (1000), short lines (64), rows of columns that end in part of a group (19: the groups take
# 16, the team kernel 3) or hold less than one (5), and every axis of a 3-D array through fftn.
JOBS = [[[1280, 24], 0], [[512, 32], 0], [[1000, 16], 0], [[64, 32], 0], [[1000, 19], 0], [[64, 5], 0],
        [[1280, 8, 16], None]]


def radices(describe):
    """The team kernel's radices and the column groups' in a plan's describe()."""
    return (re.search(r"Stockham, radices ([\d ]+);", describe).group(1),
            re.search(r"column groups: radices ([\d ]+),", describe).group(1))


_CHILD = r"""
import json, sys
import numpy as np
import pysyclfft

out = []
for shape, axis in json.loads(sys.argv[1]):
    for dtype in (np.complex64, np.complex128):
        rng = np.random.default_rng(len(shape) * 1000 + shape[0])
        x = (rng.uniform(-1, 1, shape) + 1j * rng.uniform(-1, 1, shape)).astype(dtype)
        x128 = x.astype(np.complex128)
        if axis is None:
            got, ref = (pysyclfft.fftn(x), pysyclfft.ifftn(x)), (np.fft.fftn(x128), np.fft.ifftn(x128))
            describe = pysyclfft.get_fft_plan(x, axes=(0,)).describe()
        else:
            got = (pysyclfft.fft(x, axis=axis), pysyclfft.ifft(x, axis=axis))
            ref = (np.fft.fft(x128, axis=axis), np.fft.ifft(x128, axis=axis))
            describe = pysyclfft.get_fft_plan(x, axes=(axis,)).describe()
        errors = [float(np.linalg.norm(g - r) / np.linalg.norm(r)) for g, r in zip(got, ref)]
        out.append(dict(n=int(np.prod(shape)) if axis is None else shape[axis], double=dtype == np.complex128,
                        describe=describe, errors=errors))
print("RESULT" + json.dumps(out))
"""


def test_column_groups_compute_the_transforms_of_strided_lines(tmp_path):
    results = run_checked_child(tmp_path, _CHILD, JOBS, PYSYCLFFT_ONE_BUFFER_COLUMNS="1")
    assert len(results) == 2 * len(JOBS)
    # Not vacuous: every plan holds column groups, and some have radices of their own.
    assert all("strided lines as column groups" in r["describe"] for r in results), [r["describe"] for r in results]
    pairs = [radices(r["describe"]) for r in results]
    assert any(team != columns for team, columns in pairs), pairs


_FIRST_NEED = r"""
import json, sys
import numpy as np
import pysyclfft
from pysyclfft import _core

x = (np.arange(1000 * 16) % 7 - 3 + 1j).astype(np.complex64).reshape(1000, 16)
ref = np.fft.fft(x.astype(np.complex128), axis=0)
rows = pysyclfft.fft(np.ascontiguousarray(x.T))  # 16 contiguous lines (wait mode: compiled in the call)
kernels = [_core.compiled_kernel_count()]
pysyclfft.config.set_specialization("background")
first = pysyclfft.fft(x, axis=0)  # 16 columns: the team kernel, while a CPU builds the groups' kernels
kernels.append(_core.compiled_kernel_count())
pysyclfft.config.wait_for_specialized()
kernels.append(_core.compiled_kernel_count())
second = pysyclfft.fft(x, axis=0)  # the column groups
errors = [float(np.linalg.norm(y - ref) / np.linalg.norm(ref)) for y in (rows.T, first, second)]
describe = pysyclfft.get_fft_plan(x, axes=(0,)).describe()
cpu = pysyclfft._arrays.default_queue().sycl_device.is_cpu
print("RESULT" + json.dumps([dict(n=1000, double=False, errors=errors, kernels=kernels, describe=describe, cpu=cpu)]))
"""


def test_a_cpu_builds_column_groups_on_first_need_in_the_background(tmp_path):
    """A CPU builds a length's column-group kernels only when a plan first runs strided lines (a build
    holding them took 1.5x as long), a GPU with the length's kernels. Unless plans wait, that build
    runs in the background and the team kernel serves meanwhile: the first columns call compiles
    nothing, the background compiler then both directions' kernels, and every answer is right."""
    [r] = run_checked_child(tmp_path, _FIRST_NEED, [])
    assert "strided lines as column groups" in r["describe"], r["describe"]
    before, after_call, after_wait = r["kernels"]
    assert after_call == before, r["kernels"]
    assert after_wait - before == (2 if r["cpu"] else 0), r["kernels"]
