"""Bad input: every public function rejects invalid arguments with a ValueError or
TypeError naming the argument (AxisError is both a ValueError and an IndexError);
`out is x` works; out-of-place inputs are never modified; the C++ API throws."""
import re

import numpy as np
import pytest
from numpy.exceptions import AxisError

import dpctl
from conftest import dpnp, needs_dpnp
import pysyclfft as p

from cpp_programs import TOOLS_PRESENT, run_cpp_program

X = np.ones((4, 8), np.complex64)
R = np.ones((4, 8), np.float32)

C2C = [p.fft, p.ifft]
C2C_N = [p.fftn, p.ifftn, p.fft2, p.ifft2]
REAL_IN = [p.rfft, p.ihfft]
COMPLEX_IN = [p.irfft, p.hfft]
REAL_N = [p.rfftn, p.rfft2, p.ihfftn, p.ihfft2]
C2R_N = [p.irfftn, p.irfft2, p.hfftn, p.hfft2]
TRIG = [p.dct, p.idct, p.dst, p.idst]
TRIG_N = [p.dctn, p.idctn, p.dstn, p.idstn]


def input_for(f):
    return R if f in REAL_IN + REAL_N + TRIG + TRIG_N else X


ONE_AXIS = C2C + REAL_IN + COMPLEX_IN + TRIG
MANY_AXES = C2C_N + REAL_N + C2R_N + TRIG_N
ALL = ONE_AXIS + MANY_AXES


def name(f):
    return f.__name__


@pytest.mark.parametrize("f", ALL, ids=name)
@pytest.mark.parametrize("norm", ["bogus", 1, "Ortho"])
def test_bad_norm(f, norm):
    with pytest.raises(ValueError, match="norm"):
        f(input_for(f), norm=norm)


@pytest.mark.parametrize("f", ONE_AXIS, ids=name)
def test_bad_n_and_axis(f):
    x = input_for(f)
    with pytest.raises(ValueError, match="n=0"):
        f(x, n=0)
    with pytest.raises(ValueError, match="n=-4"):
        f(x, n=-4)
    with pytest.raises(TypeError, match="n must be an integer"):
        f(x, n=2.5)
    with pytest.raises(AxisError, match="axis=2"):
        f(x, axis=2)
    with pytest.raises(TypeError, match="axis must be an integer"):
        f(x, axis=1.0)


@pytest.mark.parametrize("f", MANY_AXES, ids=name)
def test_bad_s_and_axes(f):
    x = input_for(f)
    with pytest.raises(ValueError, match="s and axes"):
        f(x, s=(4, 8, 2), axes=(0, 1))
    with pytest.raises(ValueError, match="s=0"):
        f(x, s=(0, 4), axes=(0, 1))
    with pytest.raises(TypeError, match="s must be an integer"):
        f(x, s=(4.0, 4), axes=(0, 1))
    with pytest.raises(TypeError, match="s must be a sequence"):
        f(x, s=4, axes=(1,))
    with pytest.raises(AxisError, match="axes=5"):
        f(x, axes=(0, 5))
    with pytest.raises(TypeError, match="axes must be a sequence"):
        f(x, axes=1)


# Over every axis by default: a 0-d array has none, and numpy returns it untransformed.
ALL_AXES_BY_DEFAULT = [p.fftn, p.ifftn]


@pytest.mark.parametrize("f", ALL, ids=name)
@pytest.mark.parametrize("zero_d", [np.float32(1), np.array(1j), None], ids=["scalar", "0-d", "None"])
def test_zero_dimensional_input(f, zero_d):
    if f in ALL_AXES_BY_DEFAULT and zero_d is not None:
        np.testing.assert_array_equal(f(zero_d), getattr(np.fft, f.__name__)(zero_d))
    elif f in ALL_AXES_BY_DEFAULT:
        with pytest.raises(TypeError, match="dtype object"):
            f(zero_d)
    else:
        with pytest.raises(AxisError, match="0-d"):
            f(zero_d)


@needs_dpnp
@pytest.mark.parametrize("f", ALL, ids=name)
def test_zero_dimensional_dpnp_input(f):
    x = dpnp.asarray(np.float32(1) if f in REAL_IN + REAL_N + TRIG + TRIG_N else np.complex64(1))
    if f in ALL_AXES_BY_DEFAULT:
        assert dpnp.asnumpy(f(x)) == dpnp.asnumpy(x)
    else:
        with pytest.raises(AxisError, match="0-d"):
            f(x)


@pytest.mark.parametrize("f", ALL, ids=name)
@pytest.mark.parametrize("bad", [np.array([["a", "b"]] * 2), np.array([[1, None]] * 2, dtype=object)], ids=["str", "object"])
def test_non_numeric_dtype(f, bad):
    with pytest.raises(TypeError, match="dtype"):
        f(bad)


@pytest.mark.parametrize("f", REAL_IN + REAL_N, ids=name)  # scipy's DCT/DST take complex input
def test_complex_input_to_real_transform(f):
    with pytest.raises(TypeError, match="must be real"):
        f(X)


@needs_dpnp
def test_empty_axes():
    # numpy and scipy compute nothing for c2c/trigonometric transforms over no axes
    # (numpy's fftn returns its input itself); a real transform needs its real (last)
    # axis: AxisError, an IndexError as numpy's and a ValueError as scipy's.
    assert p.fftn(X, axes=()) is X and p.ifft2(R, axes=()) is R
    for f in (p.dctn, p.idstn):
        y = f(R, axes=())
        assert y.dtype == R.dtype and np.array_equal(y, R)
    y = p.dctn(dpnp.asarray(R), axes=())
    assert np.array_equal(dpnp.asnumpy(y), R)
    for f, x in ((p.rfftn, R), (p.irfftn, X), (p.hfftn, X), (p.ihfftn, R)):
        with pytest.raises(AxisError, match="axes must not be empty"):
            f(x, axes=())
    for numpy_real in (np.fft.rfftn, np.fft.irfftn):
        with pytest.raises(IndexError):
            numpy_real(R, axes=())


def test_empty_axis_length():
    with pytest.raises(ValueError, match="empty"):
        p.fft(np.ones((3, 0), np.complex64))
    with pytest.raises(ValueError, match="empty"):
        p.fftn(np.ones((0, 3), np.complex64))


@pytest.mark.parametrize("f", TRIG + TRIG_N, ids=name)
def test_bad_trig_type_and_workers(f):
    for t in (0, 5):
        with pytest.raises(ValueError, match="type"):
            f(R, type=t)
    for t in ("2", 2.0, True):
        with pytest.raises(TypeError, match="type must be an integer"):
            f(R, type=t)
    with pytest.raises(ValueError, match="workers"):
        f(R, workers=0)


def test_dct1_needs_two_points():
    with pytest.raises(ValueError, match="at least 2 points"):
        p.dct(R, type=1, n=1)


# --- out -------------------------------------------------------------------


def out_cases(f):
    """(input, out of the right shape and dtype) for f on numpy arrays."""
    x = input_for(f)
    y = np.asarray(f(x))
    return x, y


@needs_dpnp
@pytest.mark.parametrize("f", C2C + C2C_N + REAL_IN + COMPLEX_IN + REAL_N + C2R_N, ids=name)  # DCT/DST: no out
def test_out_of_wrong_shape_dtype_or_kind_numpy(f):
    x, y = out_cases(f)
    with pytest.raises(ValueError, match="shape"):
        f(x, out=np.empty(y.shape + (1,), y.dtype))
    wrong = np.float64 if y.dtype.kind == "c" else np.int32  # not a "same_kind" cast (numpy's out= rule)
    with pytest.raises(TypeError, match="dtype"):
        f(x, out=np.empty(y.shape, wrong))
    with pytest.raises(TypeError, match="out must be"):
        f(x, out=dpnp.empty(y.shape, dtype=y.dtype))
    with pytest.raises(TypeError, match="out must be"):
        f(x, out=[0] * y.size)


@needs_dpnp
@pytest.mark.parametrize("f", [p.fft, p.fftn, p.rfft, p.irfft, p.hfft, p.ihfft, p.rfftn, p.irfftn], ids=name)
def test_out_of_wrong_shape_dtype_or_queue_dpnp(f):
    x, y = out_cases(f)
    q1, q2 = dpctl.SyclQueue(), dpctl.SyclQueue()
    xd = dpnp.asarray(x, sycl_queue=q1)
    with pytest.raises(ValueError, match="shape"):
        f(xd, out=dpnp.empty(y.shape + (1,), dtype=y.dtype, sycl_queue=q1))
    wrong = np.float32 if y.dtype.kind == "c" else np.int32  # not a "same_kind" cast (numpy's out= rule)
    with pytest.raises(TypeError, match="dtype"):
        f(xd, out=dpnp.empty(y.shape, dtype=wrong, sycl_queue=q1))
    with pytest.raises(ValueError, match="different SYCL queue"):
        f(xd, out=dpnp.empty(y.shape, dtype=y.dtype, sycl_queue=q2))
    with pytest.raises(TypeError, match="out must be"):
        f(xd, out=np.empty(y.shape, y.dtype))


@needs_dpnp
@pytest.mark.parametrize("as_dpnp", [False, True])
@pytest.mark.parametrize("f", [p.fft, p.ifft, p.fftn, p.ifft2], ids=name)
def test_out_is_x_for_c2c(f, as_dpnp):
    a = (np.random.default_rng(5).standard_normal((4, 8)) + 1j).astype(np.complex128)
    ref = getattr(np.fft, f.__name__)(a)
    x = dpnp.asarray(a) if as_dpnp else a.copy()
    y = f(x, out=x)
    assert y is x
    got = dpnp.asnumpy(x) if as_dpnp else x
    assert np.linalg.norm(got - ref) / np.linalg.norm(ref) < 1e-14


@needs_dpnp
@pytest.mark.parametrize("as_dpnp", [False, True])
@pytest.mark.parametrize("f", ALL, ids=name)
def test_out_of_place_input_is_not_modified(f, as_dpnp):
    rng = np.random.default_rng(7)
    a = rng.standard_normal((4, 8))
    if f not in REAL_IN + REAL_N + TRIG + TRIG_N:
        a = a + 1j * rng.standard_normal((4, 8))
    x = dpnp.asarray(a) if as_dpnp else a.copy()
    f(x)
    if f in ONE_AXIS:
        f(x, n=6, axis=0)  # cropped
    else:
        f(x, s=(6, 12), axes=(0, 1))  # padded
    assert np.array_equal(dpnp.asnumpy(x) if as_dpnp else x, a)


# --- helpers -----------------------------------------------------------------


@pytest.mark.parametrize("f", [p.fftfreq, p.rfftfreq], ids=name)
def test_bad_frequency_arguments(f):
    with pytest.raises(ValueError, match="n .*must be >= 1"):
        f(0)
    with pytest.raises(ValueError, match="n .*must be an integer"):  # numpy's class
        f(2.5)
    with pytest.raises(ValueError, match="d .*must not be 0"):
        f(4, d=0)
    with pytest.raises(TypeError, match="d .*real scalar"):
        f(4, d="a")
    with pytest.raises(TypeError, match="dtype"):
        f(4, dtype=np.int32)


@needs_dpnp
@pytest.mark.parametrize("f", [p.fftshift, p.ifftshift], ids=name)
@pytest.mark.parametrize("as_dpnp", [False, True])
def test_bad_shift_axes(f, as_dpnp):
    x = dpnp.asarray(X) if as_dpnp else X
    with pytest.raises(AxisError, match="axes=5"):
        f(x, axes=5)
    with pytest.raises(AxisError, match="axes=-3"):
        f(x, axes=(0, -3))
    with pytest.raises(TypeError, match="axes must be an integer"):
        f(x, axes=1.5)


def test_bad_next_fast_len():
    with pytest.raises(ValueError, match="target"):
        p.next_fast_len(-1)
    with pytest.raises(TypeError, match="target"):
        p.next_fast_len("a")


# --- plans -------------------------------------------------------------------


def test_bad_plan_arguments():
    with pytest.raises(ValueError, match="kind"):
        p.get_fft_plan(X, kind="bogus")
    with pytest.raises(ValueError, match="norm"):
        p.get_fft_plan(X, norm="bogus")
    with pytest.raises(ValueError, match="memory"):
        p.get_fft_plan(X, memory="big")
    with pytest.raises(AxisError, match="axes=3"):
        p.get_fft_plan(X, axes=(3,))
    with pytest.raises(ValueError, match="s=0"):
        p.get_fft_plan(X, s=(0,), axes=(1,))
    with pytest.raises(ValueError, match="in_place"):
        p.get_fft_plan(R, in_place=True)
    with pytest.raises(ValueError, match="shape"):
        p.get_fft_plan(X, out=np.empty((3,), np.complex64))
    with pytest.raises(AxisError, match="0-d"):
        p.get_fft_plan(np.complex64(1))


@needs_dpnp
def test_plan_called_with_mismatching_arrays():
    q1, q2 = dpctl.SyclQueue(), dpctl.SyclQueue()
    xd = dpnp.asarray(X, sycl_queue=q1)
    plan = p.get_fft_plan(xd)
    with pytest.raises(ValueError, match="different SYCL queue than the plan"):
        plan(dpnp.asarray(X, sycl_queue=q2))
    with pytest.raises(ValueError, match="different SYCL queue"):
        plan(xd, out=dpnp.empty(X.shape, dtype=X.dtype, sycl_queue=q2))
    with pytest.raises(ValueError, match="made for USM arrays"):
        plan(X)
    with pytest.raises(ValueError, match="shape"):
        plan(dpnp.ones((4, 9), dtype=np.complex64, sycl_queue=q1))
    with pytest.raises(ValueError, match="complex64 arrays"):
        plan(dpnp.ones((4, 8), dtype=np.complex128, sycl_queue=q1))
    with pytest.raises(ValueError, match="strides"):
        plan(dpnp.ones((4, 16), dtype=np.complex64, sycl_queue=q1)[:, ::2])
    with pytest.raises(ValueError, match="made for numpy arrays"):
        p.get_fft_plan(X)(xd)
    in_place = p.get_fft_plan(xd, in_place=True)
    with pytest.raises(ValueError, match="in-place plan"):
        in_place(xd, out=dpnp.empty_like(xd))


def test_plan_argument_of_transforms():
    plan = p.get_fft_plan(X, axes=(0,))
    with pytest.raises(ValueError, match="does not match"):
        p.fft(X, plan=plan)
    with pytest.raises(ValueError, match="norm"):
        p.fft(X, axis=0, norm="ortho", plan=plan)
    with pytest.raises(TypeError, match="plan must be a pysyclfft.Plan"):
        p.fft(X, plan="plan")


# --- C++ API -----------------------------------------------------------------

CPP_CASES = {
    "zero_length": "invalid_argument: .*every length must be >= 1",
    "empty_lengths": "invalid_argument: .*LENGTHS must not be empty",
    "negative_length_in_vector": "invalid_argument: .*every length must be >= 1",
    "zero_batch": "invalid_argument: .*NUMBER_OF_TRANSFORMS must be >= 1",
    "integer_for_scale_param": "invalid_argument: .*does not take an integer",
    "real_for_distance": "invalid_argument: .*take a real value",
    "bad_placement_value": "invalid_argument: .*PLACEMENT",
    "bad_memory_mode_value": "invalid_argument: .*MEMORY_MODE",
    "strides_wrong_size": "invalid_argument: .*FWD_STRIDES needs an offset and one stride per dimension",
    "strides_negative_offset": "invalid_argument: .*BWD_STRIDES offset must be >= 0",
    "vector_for_distance": "invalid_argument: .*take a vector",
    "get_wrong_type": "invalid_argument: .*not a real value",
    "compute_before_commit": "uninitialized: .*commit",
    "batch_without_distance": "invalid_argument: .*FWD_DISTANCE and BWD_DISTANCE",
    "in_place_unequal_strides": "invalid_argument: .*equal FWD/BWD strides",
    "not_inplace_one_pointer": "invalid_argument: .*NOT_INPLACE",
    "inplace_two_pointers": "invalid_argument: .*INPLACE: pass one pointer",
    "changed_after_commit": "uninitialized: .*commit",
    "real_in_place_unpadded_rows": "invalid_argument: .*in-place real transforms need",
    "real_minimal_needs_buffer": "unimplemented: .*MEMORY_MINIMAL: the real length 131072 needs a work buffer",
    "real_minimal_backward_copy": "unimplemented: .*MEMORY_MINIMAL: an out-of-place backward REAL transform",
    "zero_stride": "invalid_argument: .*must not be 0 along a dimension longer than 1",
    "zero_stride_real": "invalid_argument: .*must not be 0 along a dimension longer than 1",
    "unsupported_length": "unimplemented: .*no plan for length 1125899906842624",
    "moved_from_compute": "uninitialized: .*commit",
    "moved_from_commit": "invalid_argument: .*no LENGTHS",
    "null_pointer": "invalid_argument: .*null data pointer",
    "valid_after_errors": "no exception",
}


@pytest.fixture(scope="module")
def cpp_output(tmp_path_factory):
    if not TOOLS_PRESENT:
        pytest.skip("needs cmake, ninja and g++")
    output = run_cpp_program(tmp_path_factory.mktemp("cpp_bad_input"), "bad_descriptor", 300)
    return dict(line.split(" ", 1) for line in output.splitlines())


@pytest.mark.parametrize("case", sorted(CPP_CASES))
def test_cpp_descriptor_rejects_bad_values(cpp_output, case):
    assert re.match(CPP_CASES[case], cpp_output[case]), cpp_output[case]
