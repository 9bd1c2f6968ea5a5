"""Complex transforms against numpy.fft computed in complex128.

Every length used here is in conftest.REPRESENTATIVE_LENGTHS (compiled once per
precision, see conftest); the full radix-2..13 sweep runs with -m slow.
"""
import numpy as np
import pytest

import dpctl
from conftest import DEVICE_KIND, KINDS, as_kind, dpnp, dpt, needs_dpnp

import pysyclfft
from conftest import (ALL_LENGTHS, DTYPES, REPRESENTATIVE_LENGTHS, assert_fft_close, error_bound,
                      random_complex, relative_l2, to_numpy)

# s without axes is deprecated in numpy 2 (and warned about here too); its current meaning is tested.
pytestmark = [pytest.mark.usefixtures("compiled_kernels"), pytest.mark.filterwarnings("ignore:pysyclfft. `axes` should not be `None`:DeprecationWarning")]

ONE_D = [(pysyclfft.fft, np.fft.fft), (pysyclfft.ifft, np.fft.ifft)]
N_D = [(pysyclfft.fftn, np.fft.fftn), (pysyclfft.ifftn, np.fft.ifftn)]
NORMS = (None, "backward", "ortho", "forward")


def dtype_id(dtype):
    return np.dtype(dtype).name


def reference_input(x):
    return to_numpy(x).astype(np.complex128)


# ---------------------------------------------------------------- lengths

def check_rows(rng, n, dtype):
    """Three contiguous rows of length n, forward and backward, numpy in/out."""
    x = random_complex(rng, (3, n), dtype)
    for ours, ref in ONE_D:
        y = ours(x)
        assert isinstance(y, np.ndarray)
        assert_fft_close(y, ref(reference_input(x)), dtype, n)


def check_columns_on_device(rng, n, dtype):
    """n points down the columns of a reversed device array (dpnp, else DeviceArray):
    element stride 3, negative, with the batch along the contiguous axis."""
    x = as_kind(random_complex(rng, (n, 3), dtype), DEVICE_KIND)[::-1]
    for ours, ref in ONE_D:
        y = ours(x, axis=0)
        assert isinstance(y, type(x)) and y.sycl_queue == x.sycl_queue
        assert_fft_close(y, ref(reference_input(x), axis=0), dtype, n)


@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
@pytest.mark.parametrize("n", REPRESENTATIVE_LENGTHS)
def test_representative_lengths(rng, n, dtype):
    check_rows(rng, n, dtype)
    check_columns_on_device(rng, n, dtype)


# Odd lengths whose middle stages span more butterflies than a CPU vector has lanes, and no
# multiple of them: those stages walk each block of the span in whole vectors, the last one
# masked (kernels/stockham.hpp, Walk), in two local buffers and, for the longest in double
# precision, in one (15625, 14641 = 11^4). A wrong block or mask gives errors of order 1.
BLOCKED_SPANS = [1875, 2401, 3125, 6561, 14641, 15625]


@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
@pytest.mark.parametrize("n", BLOCKED_SPANS)
def test_spans_walked_in_blocks(rng, n, dtype):
    check_rows(rng, n, dtype)


@pytest.mark.slow
@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
@pytest.mark.parametrize("n", ALL_LENGTHS)
def test_every_length(all_kernels, rng, n, dtype):
    all_kernels(dtype)
    check_rows(rng, n, dtype)
    check_columns_on_device(rng, n, dtype)


# ---------------------------------------------------------------- array kinds

@needs_dpnp
@pytest.mark.parametrize("usm_type", ["device", "shared", "host"])
def test_dpnp_in_dpnp_out(rng, usm_type):
    x = dpnp.asarray(random_complex(rng, (4, 16), np.complex64), usm_type=usm_type)
    y = pysyclfft.fft(x)
    assert isinstance(y, dpnp.ndarray)
    assert y.sycl_queue == x.sycl_queue and y.usm_type == usm_type
    assert_fft_close(y, np.fft.fft(reference_input(x)), np.complex64, 16)


@needs_dpnp
def test_usm_ndarray_in_usm_ndarray_out(rng):
    x = dpt.asarray(random_complex(rng, (4, 16), np.complex128))
    for ours, ref in ONE_D + N_D:
        y = ours(x)
        assert type(y) is dpt.usm_ndarray and y.sycl_queue == x.sycl_queue
        assert_fft_close(y, ref(reference_input(x)), np.complex128, 16 if ours in (pysyclfft.fft, pysyclfft.ifft) else 64)


@needs_dpnp
def test_other_queue_result_stays_there(rng):
    q = dpctl.SyclQueue()
    x = dpnp.asarray(random_complex(rng, (2, 8), np.complex64), sycl_queue=q)
    y = pysyclfft.fft(x)
    assert y.sycl_queue == q
    assert_fft_close(y, np.fft.fft(reference_input(x)), np.complex64, 8)


def test_list_input_gives_numpy():
    x = [[1, 2, 3, 4], [0, 1j, 0, -1j]]
    y = pysyclfft.fft(x)
    assert isinstance(y, np.ndarray)
    assert_fft_close(y, np.fft.fft(np.asarray(x, np.complex128)), np.complex128, 4)


# ---------------------------------------------------------------- layouts

VIEWS = {
    "every_other_row": lambda a: a[::2],
    "every_third_point": lambda a: a[:, ::3],
    "reversed_points": lambda a: a[:, ::-1],
    "reversed_both": lambda a: a[::-1, ::-2],
    "transposed": lambda a: a.T,
    "offset": lambda a: a[1:, 7:],
}


@pytest.mark.parametrize("view", VIEWS, ids=str)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
def test_strided_views(rng, view, kind, dtype):
    x = VIEWS[view](as_kind(random_complex(rng, (12, 32), dtype), kind))
    for axis in (0, 1):
        n = x.shape[axis]
        for ours, ref in ONE_D:
            assert_fft_close(ours(x, axis=axis), ref(reference_input(x), axis=axis), dtype, n)


@pytest.mark.parametrize("kind", KINDS)
def test_every_axis_of_4d(rng, kind):
    """Four dimensions: two batch dimensions can't merge with strides like
    these, so launches loop over the extra ones."""
    base = random_complex(rng, (3, 10, 5, 14), np.complex64)
    x = as_kind(base, kind)[:, ::2, :, 1::2]
    for axis in range(-4, 4):
        n = x.shape[axis]
        for ours, ref in ONE_D:
            assert_fft_close(ours(x, axis=axis), ref(reference_input(x), axis=axis), np.complex64, n)


@needs_dpnp
def test_empty_batch(rng):
    x = np.zeros((0, 8), np.complex64)
    y = pysyclfft.fft(x)
    assert y.shape == (0, 8) and y.dtype == np.complex64
    yd = pysyclfft.fft(dpnp.asarray(x))
    assert yd.shape == (0, 8) and isinstance(yd, dpnp.ndarray)


# ---------------------------------------------------------------- norms, n, s

@needs_dpnp
@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
def test_norms(rng, norm, dtype):
    x = random_complex(rng, (3, 6, 10), dtype)
    for ours, ref in ONE_D:
        assert_fft_close(ours(x, norm=norm), ref(reference_input(x), norm=norm), dtype, 10)
    xd = dpnp.asarray(x)
    for ours, ref in N_D:
        assert_fft_close(ours(xd, norm=norm), ref(reference_input(x), norm=norm), dtype, 180)


@pytest.mark.parametrize("n", [1, 8, 12, 27, 60])
@pytest.mark.parametrize("kind", KINDS)
def test_n_pads_and_truncates(rng, n, kind):
    base = random_complex(rng, (5, 24), np.complex64)
    x = as_kind(base, kind)
    for ours, ref in ONE_D:
        assert_fft_close(ours(x, n=n), ref(base.astype(np.complex128), n=n), np.complex64, n)
        assert_fft_close(ours(x, n=n, axis=0), ref(base.astype(np.complex128), n=n, axis=0), np.complex64, n)


def test_n_on_empty_axis_pads():
    y = pysyclfft.fft(np.zeros((2, 0), np.complex64), n=4)
    assert y.shape == (2, 4) and not np.any(y)


S_CASES = [
    ((4, 6), (0, 1)), ((8, 3), (0, 1)), ((-1, 8), (1, 2)), ((12, -1), None), ((5, -1, 16), None),
    ((2, 12), (2, 0)), ((25,), None), ((6,), (1,)),
]


@pytest.mark.parametrize("s, axes", S_CASES, ids=str)
@pytest.mark.parametrize("kind", KINDS)
def test_s_pads_and_truncates(rng, s, axes, kind):
    base = random_complex(rng, (5, 6, 12), np.complex128)
    x = as_kind(base, kind)
    transformed = axes if axes is not None else tuple(range(3 - len(s), 3))  # numpy's rule for axes=None
    for ours, ref in N_D:
        expected = ref(base, s=s, axes=transformed)
        points = int(np.prod([expected.shape[a] for a in transformed]))
        assert_fft_close(ours(x, s=s, axes=axes), expected, np.complex128, points)


AXES_CASES = [None, (0,), (1, 2), (0, 2), (2, 0), (-1, -3), (0, 1, 2), (1, 0, 2)]


@needs_dpnp
@pytest.mark.parametrize("axes", AXES_CASES, ids=str)
@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
def test_fftn_axes_subsets(rng, axes, dtype):
    x = dpnp.asarray(random_complex(rng, (4, 6, 5), dtype))[:, ::-1]
    ref_in = reference_input(x)
    points = int(np.prod([x.shape[a] for a in (axes if axes is not None else range(3))]))
    for ours, ref in N_D:
        assert_fft_close(ours(x, axes=axes), ref(ref_in, axes=axes), dtype, points)


@pytest.mark.parametrize("axes", [(-2, -1), (0, 2), (2, 1)], ids=str)
def test_fft2(rng, axes):
    x = random_complex(rng, (4, 6, 5), np.complex64)
    points = x.shape[axes[0]] * x.shape[axes[1]]
    assert_fft_close(pysyclfft.fft2(x, axes=axes), np.fft.fft2(x.astype(np.complex128), axes=axes), np.complex64, points)
    assert_fft_close(pysyclfft.ifft2(x, axes=axes), np.fft.ifft2(x.astype(np.complex128), axes=axes), np.complex64, points)
    assert_fft_close(pysyclfft.fft2(x, s=(8, 3), axes=axes),
                     np.fft.fft2(x.astype(np.complex128), s=(8, 3), axes=axes), np.complex64, 24)


@needs_dpnp
def test_fft2_defaults_to_last_two_axes(rng):
    x = random_complex(rng, (3, 4, 6), np.complex128)
    assert_fft_close(pysyclfft.fft2(x), np.fft.fft2(x), np.complex128, 24)
    assert_fft_close(pysyclfft.ifft2(dpnp.asarray(x)), np.fft.ifft2(x), np.complex128, 24)


@needs_dpnp
def test_fftn_no_axes_returns_the_input(rng):
    """numpy's fftn over no axes returns its input array itself, untransformed."""
    x = dpnp.asarray(random_complex(rng, (3, 4), np.complex64))
    for ours, _ in N_D:
        assert ours(x, axes=()) is x
    host = np.arange(4.0)
    assert np.fft.fftn(host, axes=()) is host and pysyclfft.fftn(host, axes=()) is host
    assert np.array_equal(pysyclfft.ifftn([1, 2], axes=()), np.fft.ifftn([1, 2], axes=()))


@needs_dpnp
def test_fftn_repeated_axis(rng):
    x = random_complex(rng, (6, 4), np.complex128)
    assert_fft_close(pysyclfft.fftn(x, axes=(0, 0)), np.fft.fftn(x, axes=(0, 0)), np.complex128, 36)


@pytest.mark.parametrize("axes, s", [((0, 0), (4, 8)), ((0, 1, 0), (12, 8, 6)), ((1, 1, 1), (2, 8, 4))], ids=str)
@pytest.mark.parametrize("inverse", [False, True])
def test_fftn_repeated_axis_with_other_lengths(rng, axes, s, inverse):
    """numpy transforms one axis after the other (the last first), resizing between passes."""
    x = random_complex(rng, (6, 4), np.complex128)
    name = "ifftn" if inverse else "fftn"
    want = getattr(np.fft, name)(x, s=s, axes=axes, norm="ortho")
    assert_fft_close(getattr(pysyclfft, name)(x, s=s, axes=axes, norm="ortho"), want, np.complex128, 36)
    device_x = as_kind(x, DEVICE_KIND)
    got = getattr(pysyclfft, name)(device_x, s=s, axes=axes, norm="ortho")
    assert type(got) is type(device_x)
    assert_fft_close(to_numpy(got), want, np.complex128, 36)
    plan = pysyclfft.get_fft_plan(x, s=s[-1:], axes=axes[-1:])
    with pytest.raises(ValueError, match="several passes"):
        getattr(pysyclfft, name)(x, s=s, axes=axes, plan=plan)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("with_out", [False, True])
def test_repeated_axis_passes_keep_single_precision_rounding(rng, kind, with_out):
    """complex64 through several passes (dpnp's test_repeated_axes_with_s case)
    is carried in double between them where the device computes double: each
    element within about one float32 rounding of the float64 result, as numpy's
    own complex64 transforms (computed in double). Passes in float32 exceeded this
    bound 60-90 times at small elements."""
    if not dpctl.SyclQueue().sycl_device.has_aspect_fp64:
        pytest.skip("the default device does not compute double")
    x = random_complex(rng, (2, 3, 4, 5), np.complex64)
    s, axes = (7, 8, 10, 9), (0, 0, 3, 3)
    want = np.fft.fftn(x.astype(np.complex128), s=s, axes=axes)
    out = as_kind(np.zeros(want.shape, np.complex64), kind) if with_out else None
    got = pysyclfft.fftn(as_kind(x, kind), s=s, axes=axes, out=out)
    assert got is out if with_out else type(got) is type(as_kind(x, kind))
    got = to_numpy(got)
    assert got.dtype == np.complex64
    eps = np.finfo(np.float32).eps
    assert np.all(np.abs(got - want) <= eps * (np.abs(want) + 1e-3 * np.abs(want).max()))


# ---------------------------------------------------------------- dtypes

@needs_dpnp
@pytest.mark.parametrize("in_dtype, out_dtype", [
    (np.float32, np.complex64), (np.float16, np.complex64), (np.float64, np.complex128),
    (np.int32, np.complex128), (np.int64, np.complex128), (np.uint8, np.complex128), (np.bool_, np.complex128),
    (np.complex64, np.complex64), (np.complex128, np.complex128),
], ids=str)
@pytest.mark.parametrize("kind", ["numpy", "dpnp"])
def test_dtype_rules(rng, in_dtype, out_dtype, kind):
    base = (rng.uniform(-1, 1, (3, 12)) * (1 if np.dtype(in_dtype).kind in "fc" else 50)).astype(in_dtype)
    if np.dtype(in_dtype).kind == "u":
        base = np.abs(base)
    assert np.fft.fft(base).dtype == out_dtype  # the numpy 2 rule this checks
    x = dpnp.asarray(base) if kind == "dpnp" else base
    for ours, ref in ONE_D + N_D:
        points = 12 if ours in (pysyclfft.fft, pysyclfft.ifft) else 36
        assert_fft_close(ours(x), ref(base.astype(np.complex128)), out_dtype, points)


# ---------------------------------------------------------------- out=

@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
def test_out_numpy(rng, dtype):
    x = random_complex(rng, (4, 16), dtype)
    out = np.empty_like(x)
    for ours, ref in ONE_D + N_D:
        points = 16 if ours in (pysyclfft.fft, pysyclfft.ifft) else 64
        y = ours(x, out=out)
        assert y is out
        assert_fft_close(out, ref(x.astype(np.complex128)), dtype, points)


@needs_dpnp
@pytest.mark.parametrize("kind", ["dpnp", "usm_ndarray"])
def test_out_usm(rng, kind):
    x = dpnp.asarray(random_complex(rng, (4, 16), np.complex64))
    out = dpnp.empty_like(x)
    if kind == "usm_ndarray":
        x, out = x.get_array(), out.get_array()
    for ours, ref in ONE_D + N_D:
        points = 16 if ours in (pysyclfft.fft, pysyclfft.ifft) else 64
        y = ours(x, out=out)
        assert y is out
        assert_fft_close(out, ref(reference_input(x)), np.complex64, points)


@needs_dpnp
def test_out_strided_with_padding(rng):
    x = dpnp.asarray(random_complex(rng, (4, 6), np.complex128))
    big = dpnp.zeros((8, 20), dtype=np.complex128)
    out = big[::2, ::-2]  # (4, 10), strided and reversed
    y = pysyclfft.fft(x, n=10, out=out)
    assert y is out
    assert_fft_close(out, np.fft.fft(reference_input(x), n=10), np.complex128, 10)
    assert not np.any(dpnp.asnumpy(big[1::2]))  # untouched rows stay zero


@needs_dpnp
@pytest.mark.parametrize("view", ["contiguous", "strided"])
@pytest.mark.parametrize("kind", ["numpy", "dpnp"])
def test_in_place(rng, view, kind):
    base = random_complex(rng, (6, 32), np.complex64)
    expected_in = base[:, ::2] if view == "strided" else base
    expected = {name: ref(expected_in.astype(np.complex128), axis=0)
                for name, ref in (("fft", np.fft.fft), ("ifft", np.fft.ifft))}
    for name, ours in (("fft", pysyclfft.fft), ("ifft", pysyclfft.ifft)):
        arr = dpnp.asarray(base) if kind == "dpnp" else base.copy()
        x = arr[:, ::2] if view == "strided" else arr
        y = ours(x, axis=0, out=x)
        assert y is x
        assert_fft_close(x, expected[name], np.complex64, 6)


@needs_dpnp
def test_out_overlapping_input(rng):
    """out aliases x with a different layout: the input must be read before it is overwritten."""
    base = random_complex(rng, (4, 16), np.complex64)
    x = dpnp.asarray(base)
    y = pysyclfft.fft(x, out=x[::-1])
    assert_fft_close(y, np.fft.fft(base.astype(np.complex128)), np.complex64, 16)


# ---------------------------------------------------------------- round trips

@needs_dpnp
@pytest.mark.parametrize("dtype", DTYPES, ids=dtype_id)
@pytest.mark.parametrize("n", [7, 60, 1000, 8190])
def test_inverse_of_forward(rng, dtype, n):
    x = random_complex(rng, (2, n), dtype)
    back = pysyclfft.ifft(pysyclfft.fft(dpnp.asarray(x)))
    assert relative_l2(to_numpy(back), x) <= 2 * error_bound(dtype, n)
    y = random_complex(rng, (12, 10, 6), dtype)
    back = pysyclfft.ifftn(pysyclfft.fftn(y, norm="ortho"), norm="ortho")
    assert relative_l2(back, y) <= 2 * error_bound(dtype, y.size)
