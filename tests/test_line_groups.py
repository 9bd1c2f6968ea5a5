"""A single-kernel length's batches of lines as column groups of pass kernels (plan/line_groups.hpp):
every device runs the columns of n-D arrays this way (PYSYCLFFT_COLUMN_LINES=0 keeps the team
kernel), a CPU its batches of rows too (PYSYCLFFT_ROW_GROUPS=0 keeps the team kernel), so the kernels
are checked here against numpy in float64. With PYSYCLFFT_ONE_BUFFER_COLUMNS=1
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
        cpu = pysyclfft._arrays.default_queue().sycl_device.is_cpu
        out.append(dict(n=int(np.prod(shape)) if axis is None else shape[axis], double=dtype == np.complex128,
                        describe=describe, errors=errors, cpu=cpu))
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


# Rows (CPUs: kernels/staged_rows.hpp): batches that fill whole groups and leave a rest on the team
# kernel (37 rows: 32 + 5 in complex64's groups of 16), rows that end in part of a transposed block
# (1331 and 250 points: N % (lanes / 2) points move one per lane), a 2-D batch (3 x 20 rows: each
# row of 20 in one group and a rest), rows apart by more than their length (a slice), in place, and
# a power of two of 2-8 KiB a transform in both precisions (256).
ROW_JOBS = [[[37, 1000], "rows"], [[37, 1331], "rows"], [[40, 250], "rows"], [[3, 20, 100], "rows"],
            [[36, 1000], "slice"], [[32, 1331], "in_place"], [[37, 256], "rows"]]
# Lengths whose team kernel keeps its rows (kernel_params.hpp, rows_outrun_team): powers of two above
# 8 KiB a transform (2048) and below 2 KiB (64: work-item and sub-group levels).
TEAM_JOBS = [[[37, 2048], "rows"], [[37, 64], "rows"]]

_ROWS = r"""
import json, sys
import numpy as np
import pysyclfft

out = []
for shape, how in json.loads(sys.argv[1]):
    n = shape[-1]
    for dtype in (np.complex64, np.complex128):
        rng = np.random.default_rng(n + len(shape))
        whole = (rng.uniform(-1, 1, shape[:-1] + [n + 3]) + 1j * rng.uniform(-1, 1, shape[:-1] + [n + 3])).astype(dtype)
        x = whole[..., :n] if how == "slice" else np.ascontiguousarray(whole[..., :n])
        x128 = x.astype(np.complex128)
        ref = (np.fft.fft(x128), np.fft.ifft(x128))
        if how == "in_place":
            plan = pysyclfft.get_fft_plan(x, axes=(-1,), in_place=True)
            got = []
            for forward in (True, False):
                y = x.copy()
                plan(y, out=y, forward=forward)
                got.append(y)
        else:
            plan = pysyclfft.get_fft_plan(x, axes=(-1,))
            got = (pysyclfft.fft(x), pysyclfft.ifft(x))
        errors = [float(np.linalg.norm(g - r) / np.linalg.norm(r)) for g, r in zip(got, ref)]
        cpu = pysyclfft._arrays.default_queue().sycl_device.is_cpu
        out.append(dict(n=n, double=dtype == np.complex128, describe=plan.describe(), errors=errors, cpu=cpu))
print("RESULT" + json.dumps(out))
"""


def test_row_groups_compute_the_transforms_of_rows(tmp_path):
    """Every answer within the bound against numpy; on a CPU every plan of ROW_JOBS holds row groups
    (not vacuous: with PYSYCLFFT_ROW_GROUPS=0 the describe() check fails), none of TEAM_JOBS does."""
    results = run_checked_child(tmp_path, _ROWS, ROW_JOBS + TEAM_JOBS)
    assert len(results) == 2 * len(ROW_JOBS + TEAM_JOBS)
    moved = ["rows, moved by sub-group transposes" in r["describe"] for r in results]
    expected = [results[0]["cpu"]] * (2 * len(ROW_JOBS)) + [False] * (2 * len(TEAM_JOBS))
    assert moved == expected, [r["describe"] for r in results]


# Multi-pass lengths, whose last pass reads rows (kernel_params.hpp, stages_rows): powers of two and
# others, a slice, in place.
PASS_JOBS = [[[3, 32768], "rows"], [[2, 40000], "slice"], [[2, 65536], "in_place"], [[1, 1 << 20], "rows"]]


def test_multipass_last_pass_stages_its_rows(tmp_path):
    """Every answer within the bound against numpy; on a CPU the last pass moves its rows in by sub-group
    transposes (not vacuous: with PYSYCLFFT_ROW_GROUPS=0 the describe() check fails)."""
    results = run_checked_child(tmp_path, _ROWS, PASS_JOBS)
    assert len(results) == 2 * len(PASS_JOBS)
    staged = ["rows moved in by sub-group transposes" in r["describe"] for r in results]
    assert all(staged) if results[0]["cpu"] else not any(staged), [r["describe"] for r in results]
