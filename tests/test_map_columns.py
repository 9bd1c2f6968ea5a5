"""Real and trigonometric transforms along columns (strided axes with at least 32
neighbouring lines adjacent, lines of at least 128 points: plan/line_layouts.hpp)
run on a CPU as map passes over neighbouring lines around a column FFT of a work
buffer laid out as columns too (plan/real_line_plan.hpp, kernels/map_passes.hpp), not
as the fused map kernel, which GPUs keep; lengths whose map is unfused anyway take
those passes on every device. Every result against scipy/numpy in float64: both
directions of every DCT/DST type, rfft/irfft, column counts that are no multiple of a
work-group, batches cut into buffer chunks and launch pieces, and arrays whose strides
are not the C order the plan expected (the passes then run lines as rows)."""
import json

import numpy as np
import pytest
import scipy.fft as sf

import pysyclfft
from real_helpers import assert_close as _assert_close
from test_plans import run_python

COLUMNS = "columns: passes over neighbouring lines"
CPU = pysyclfft._arrays.default_queue().sycl_device.is_cpu  # where planners ask for columns


def as_columns(line):
    """Whether a plan's line for an axis of columns has the form it should: the passes over
    neighbouring lines, or on a GPU the fused kernel where the length has one."""
    return COLUMNS in line or (not CPU and "fused into" in line)


def axis_lines(plan):
    return [line for line in plan.describe().split("\n") if line.startswith("axis ")]
TRANSFORMS = ("dct1", "dct2", "dct3", "dct4", "dst1", "dst2", "dst3", "dst4")


def assert_close(got, ref, dtype, n):
    _assert_close(got, ref, dtype, n, 2.0)  # test_dct.py's constant


@pytest.fixture
def rng():
    return np.random.default_rng(11)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("kind", TRANSFORMS)
def test_every_trigonometric_kind_along_columns(rng, kind, dtype):
    x = rng.standard_normal((160, 48)).astype(dtype)  # 48 columns: part of a group of 64
    plan = pysyclfft.get_fft_plan(x, axes=(0,), kind=kind)
    family, type_ = kind[:3], int(kind[3])
    ref = x.astype(np.float64)
    assert_close(plan.forward(x), getattr(sf, family)(ref, type_, axis=0), dtype, 160)
    assert_close(plan.backward(x), getattr(sf, "i" + family)(ref, type_, axis=0), dtype, 160)
    assert all(as_columns(line) for line in axis_lines(plan)), plan.describe()


@pytest.mark.parametrize("shape, axes", [((129, 300), (0,)), ((128, 130, 40), (0, 1, 2)), ((4, 256, 40), (1,))])
def test_dctn_mixes_columns_and_rows(rng, shape, axes):
    """Odd lengths (full-length maps), more columns than a work-group, an outer batch
    dimension; the last axis (rows) stays fused."""
    x = rng.standard_normal(shape)
    plan = pysyclfft.get_fft_plan(x, axes=axes, kind="dct2")
    assert_close(plan.forward(x), sf.dctn(x, 2, axes=axes), np.float64, max(shape))
    assert_close(plan.backward(x), sf.idctn(x, 2, axes=axes), np.float64, max(shape))
    forward = [line for line in axis_lines(plan) if "(forward)" in line]
    for axis, line in zip(axes, forward):
        assert as_columns(line) if axis != len(shape) - 1 else COLUMNS not in line, plan.describe()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_rfft_and_irfft_along_columns(rng, dtype):
    x = rng.standard_normal((256, 40)).astype(dtype)
    plan = pysyclfft.get_fft_plan(x, axes=(0,), kind="r2c")
    assert all(as_columns(line) for line in axis_lines(plan)), plan.describe()
    assert_close(plan.forward(x), np.fft.rfft(x.astype(np.float64), axis=0), np.result_type(dtype, 1j), 256)
    spectrum = np.fft.rfft(x.astype(np.float64), axis=0).astype(np.result_type(dtype, 1j))
    assert_close(pysyclfft.irfft(spectrum, 256, axis=0), np.fft.irfft(spectrum.astype(np.complex128), 256, axis=0),
                 dtype, 256)


@pytest.mark.parametrize("kind", ["dct2", "dst3"])
def test_unfused_lengths_along_columns_on_every_device(rng, kind):
    """A prime length's map is unfused on every device (Bluestein): along columns its
    passes take neighbouring lines on GPUs too."""
    x = rng.standard_normal((4099, 40))
    plan = pysyclfft.get_fft_plan(x, axes=(0,), kind=kind)
    family, type_ = kind[:3], int(kind[3])
    assert_close(plan.forward(x), getattr(sf, family)(x, type_, axis=0), np.float64, 4099)
    assert COLUMNS in plan.describe(), plan.describe()


def test_columns_beyond_one_buffer_chunk(rng):
    """More columns than the work buffer holds (2^20 complex values on a CPU: 8192 lines
    of 128): the batch runs in pieces, each laid out as columns in the buffer."""
    x = rng.standard_normal((256, 9000)).astype(np.float32)
    assert_close(pysyclfft.dct(x, 2, axis=0), sf.dct(x.astype(np.float64), 2, axis=0), np.float32, 256)


@pytest.mark.parametrize("order", ["F", "sliced"])
def test_strides_other_than_the_planned_columns(rng, order):
    """A plan expects C order; Fortran-ordered or sliced arrays give the same results
    (lines the passes cannot take as neighbours run as rows through the buffer)."""
    base = rng.standard_normal((256, 96))
    x = np.asfortranarray(base) if order == "F" else base[:, ::3]
    assert_close(pysyclfft.dct(x, 2, axis=0), sf.dct(x, 2, axis=0), np.float64, 256)
    assert_close(pysyclfft.idst(x, 3, axis=0), sf.idst(x, 3, axis=0), np.float64, 256)


def test_minimal_memory_keeps_the_fused_kernel(rng):
    x = rng.standard_normal((160, 48))
    plan = pysyclfft.get_fft_plan(x, axes=(0,), kind="dct2", memory="minimal")
    assert COLUMNS not in plan.describe() and "fused" in plan.describe()
    assert_close(plan.forward(x), sf.dct(x, 2, axis=0), np.float64, 160)


def test_short_lines_and_few_columns_stay_fused():
    for shape in [(64, 64, 64), (2048, 16)]:
        plan = pysyclfft.get_fft_plan(np.zeros(shape, np.float32), axes=(0,), kind="dct2")
        assert COLUMNS not in plan.describe(), (shape, plan.describe())


PIECES_CHILD = r"""
import json, os
import numpy as np
import scipy.fft as sf
import pysyclfft
rng = np.random.default_rng(2)
results = []
for shape, axis in [((4, 256, 40), 1), ((256, 100), 0)]:
    x = rng.standard_normal(shape)
    plan = pysyclfft.get_fft_plan(x, axes=(axis,), kind="dct2")
    got = plan.forward(x)
    want = sf.dct(x, 2, axis=axis)
    forced = os.environ.get("PYSYCLFFT_MAP_COLUMNS", "")  # the device rule's override (plan/device.hpp)
    columns = forced == "1" or (forced != "0" and plan.queue.sycl_device.is_cpu)
    results.append([list(shape), ("columns: passes" in plan.describe()) == columns,
                    float(np.linalg.norm(got - want) / np.linalg.norm(want))])
print(json.dumps(results))
"""


def test_column_passes_cut_into_launch_pieces():
    """With 300 work-groups per dimension (PYSYCLFFT_MAX_GROUPS_PER_DIM; the H100 allows
    65535 in SYCL's dimension 0), a CPU's column pass of 128 points per line covers 2
    outer rows per launch: 4 outer rows take two launches."""
    done = run_python(PIECES_CHILD, timeout=600, PYSYCLFFT_MAX_GROUPS_PER_DIM="300")
    assert done.returncode == 0, done.stderr
    for shape, planned_form, err in json.loads(done.stdout.strip().splitlines()[-1]):
        assert planned_form, shape
        assert err <= 2.0 * np.finfo(np.float64).eps * np.log2(256), (shape, err)


FORM_CHILD = r"""
import json
import numpy as np
import scipy.fft as sf
import pysyclfft
x = np.random.default_rng(4).standard_normal((160, 48))
plan = pysyclfft.get_fft_plan(x, axes=(0,), kind="dct2")
want = sf.dct(x, 2, axis=0)
print(json.dumps([plan.describe(), float(np.linalg.norm(plan.forward(x) - want) / np.linalg.norm(want))]))
"""


@pytest.mark.parametrize("value, form", [("0", "fused into"), ("1", COLUMNS)])
def test_the_environment_chooses_the_form_on_any_device(value, form):
    """PYSYCLFFT_MAP_COLUMNS=1 takes the passes over neighbouring lines along columns on any
    device (GPUs run them so in tests), =0 the fused kernel (to measure one against the other)."""
    done = run_python(FORM_CHILD, timeout=600, PYSYCLFFT_MAP_COLUMNS=value)
    assert done.returncode == 0, done.stderr
    describe, err = json.loads(done.stdout.strip().splitlines()[-1])
    assert form in describe, describe
    assert err <= 2.0 * np.finfo(np.float64).eps * np.log2(160), err
