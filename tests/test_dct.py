"""DCT/DST types I-IV (scipy.fft semantics) against scipy.fft in float64.

Each length n runs a complex FFT of length L: n/2 for even n of types II-IV,
n for odd types II/III and 2n for odd type IV, n-1 for DCT-I, n+1 for DST-I;
lengths whose L is prime or too long for one work-group run the unfused path
(map passes around a multi-pass or Bluestein complex plan).
"""

import numpy as np
import pytest
import scipy.fft as sf

from conftest import DEVICE_KIND, as_kind, dpnp, dpt, needs_dpnp

import pysyclfft
from pysyclfft import _core
from real_helpers import assert_close as _assert_close, precompile_unfused, unfused  # noqa: F401 (unfused: a fixture)

SIZES = (2, 3, 16, 17, 100, 1024, 4097)
ND_SIZES = (3, 4, 5, 6, 8, 10)
TYPES = (1, 2, 3, 4)
NORMS = (None, "backward", "ortho", "forward")
ORTHOGONALIZE = (None, False, True)
FUNCS = ("dct", "idct", "dst", "idst")
TRANSFORMS = ("dct1", "dct2", "dct3", "dct4", "dst1", "dst2", "dst3", "dst4")
UNFUSED_LENGTHS = (12, 7)  # even and odd: every map kind, FFT lengths 6, 7, 8, 11, 13, 14
ERROR_CONSTANT = 2.0  # observed: below 1.5 eps at n = 2 (both sides round), 0.5 eps log2(n) beyond; bugs give O(1)


@pytest.fixture(scope="module", autouse=True)
def kernels():
    """Every kernel of this module, one build per precision."""
    pysyclfft.precompile_real(sorted(set(SIZES) | set(ND_SIZES) | {1, 7, 15}), TRANSFORMS, np.float64)
    pysyclfft.precompile_real((1, 3, 16, 100, 1024), TRANSFORMS, np.float32)
    jobs = [(getattr(_core.RealTransform, t), n) for t in TRANSFORMS for n in UNFUSED_LENGTHS]
    precompile_unfused(jobs, True)
    pysyclfft.precompile((6, 7, 8, 11, 13, 14), np.complex128)


def assert_close(got, ref, dtype, n):
    _assert_close(got, ref, dtype, n, ERROR_CONSTANT)


@pytest.fixture
def rng():
    return np.random.default_rng(5)


@pytest.mark.parametrize("orthogonalize", ORTHOGONALIZE)
@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("type", TYPES)
@pytest.mark.parametrize("func", FUNCS)
@pytest.mark.parametrize("n", SIZES)
def test_every_type_norm_orthogonalize_size(rng, n, func, type, norm, orthogonalize):
    x = rng.uniform(-1, 1, (2, n))
    kw = dict(type=type, norm=norm, orthogonalize=orthogonalize)
    got = getattr(pysyclfft, func)(x, **kw)
    assert_close(got, getattr(sf, func)(x, **kw), np.float64, n)


@pytest.mark.parametrize("type", TYPES)
@pytest.mark.parametrize("func", FUNCS)
@pytest.mark.parametrize("n", (3, 16, 100, 1024))
def test_float32_stays_single(rng, n, func, type):
    x = rng.uniform(-1, 1, (3, n)).astype(np.float32)
    got = getattr(pysyclfft, func)(x, type, norm="ortho")
    assert_close(got, getattr(sf, func)(x.astype(np.float64), type, norm="ortho"), np.float32, n)


@pytest.mark.parametrize("type", TYPES)
@pytest.mark.parametrize("func", ("dct", "dst"))
def test_n_pads_and_truncates_along_axis0(rng, func, type):
    x = rng.uniform(-1, 1, (12, 5))
    for n in (7, 15):  # truncate, pad (FFT lengths 6..30, all supported now)
        assert_close(getattr(pysyclfft, func)(x, type, n=n, axis=0), getattr(sf, func)(x, type, n=n, axis=0),
                     np.float64, n)


ND_CASES = [  # (shape, s, axes)
    ((4, 6, 10), None, None),
    ((4, 6, 10), None, (0, 2)),
    ((4, 6, 10), None, (-2,)),
    ((4, 6, 10), (3, 8), None),  # crop one axis, pad the other (the last two axes)
    ((4, 6, 10), (5, 4), (2, 0)),
]


@pytest.mark.parametrize("shape,s,axes", ND_CASES)
@pytest.mark.parametrize("type", TYPES)
@pytest.mark.parametrize("func", ("dctn", "idctn", "dstn", "idstn"))
def test_nd(rng, func, type, shape, s, axes):
    x = rng.uniform(-1, 1, shape)
    for norm in (None, "ortho"):
        ref = getattr(sf, func)(x, type, s=s, axes=axes, norm=norm)
        assert_close(getattr(pysyclfft, func)(x, type, s=s, axes=axes, norm=norm), ref, np.float64, ref.size)


@needs_dpnp
def test_nd_strided_dpnp_stays_on_queue(rng):
    x = rng.uniform(-1, 1, (8, 6, 10))
    xd = dpnp.asarray(x)[::2, ::-1]  # a strided view: the input is not private, passes use fresh buffers
    ref = sf.dctn(x[::2, ::-1], 2, norm="ortho")
    y = pysyclfft.dctn(xd, 2, norm="ortho")
    assert isinstance(y, dpnp.ndarray) and y.sycl_queue == xd.sycl_queue
    assert_close(y, ref, np.float64, ref.size)
    assert_close(xd, x[::2, ::-1], np.float64, 1)  # the input is untouched


@needs_dpnp
@pytest.mark.parametrize("func", FUNCS)
def test_dpnp_and_usm_inputs(rng, func):
    x = rng.uniform(-1, 1, (3, 16))
    for arr, kind in ((dpnp.asarray(x), dpnp.ndarray), (dpt.asarray(x), dpt.usm_ndarray)):
        y = getattr(pysyclfft, func)(arr, 3)
        assert isinstance(y, kind) and y.sycl_queue == arr.sycl_queue
        assert_close(y, getattr(sf, func)(x, 3), np.float64, 16)


@needs_dpnp
@pytest.mark.parametrize("dtype", (np.complex64, np.complex128))
def test_complex_input_transforms_real_and_imaginary_parts(rng, dtype):
    x = (rng.uniform(-1, 1, (3, 16)) + 1j * rng.uniform(-1, 1, (3, 16))).astype(dtype)
    for func in FUNCS:
        got = getattr(pysyclfft, func)(dpnp.asarray(x[:, ::-1]), 2)
        assert_close(got, getattr(sf, func)(x[:, ::-1].astype(np.complex128), 2), dtype, 16)
    assert_close(pysyclfft.dstn(x, 4), sf.dstn(x.astype(np.complex128), 4), dtype, 48)


@pytest.mark.parametrize("dtype,expected", [(np.int32, np.float64), (np.int64, np.float64),
                                            (np.float16, np.float32), (np.float32, np.float32)])
def test_dtype_rules(rng, dtype, expected):
    x = rng.uniform(0, 5, 16).astype(dtype)
    assert_close(pysyclfft.dct(x), sf.dct(x.astype(np.float64)), expected, 16)


def test_accepted_scipy_arguments(rng):
    x = rng.uniform(-1, 1, 16)
    assert_close(pysyclfft.dct(x.copy(), 2, None, -1, None, True, 2), sf.dct(x), np.float64, 16)
    assert_close(pysyclfft.idstn(x.copy(), 3, overwrite_x=True, workers=-1), sf.idstn(x, 3), np.float64, 16)


@pytest.mark.parametrize("type", TYPES)
@pytest.mark.parametrize("func", FUNCS)
@pytest.mark.parametrize("n", UNFUSED_LENGTHS)
def test_unfused_path(rng, unfused, n, func, type):
    x = rng.uniform(-1, 1, (n, 3, 2))
    xd = as_kind(x, DEVICE_KIND)[:, ::-1]
    ref = getattr(sf, func)(x[:, ::-1], type, axis=0, norm="ortho")
    assert_close(getattr(pysyclfft, func)(xd, type, axis=0, norm="ortho"), ref, np.float64, n)


def test_bad_arguments():
    x = np.ones(8)
    for bad_type in (0, 5):
        with pytest.raises(ValueError):
            pysyclfft.dct(x, bad_type)
    with pytest.raises(TypeError):  # as scipy.fft: type is an integer
        pysyclfft.dct(x, "2")
    with pytest.raises(ValueError):
        pysyclfft.dct(np.ones(1), 1)  # a DCT-I needs two points
    with pytest.raises(ValueError):
        pysyclfft.dst(x, norm="bogus")
    with pytest.raises(ValueError):
        pysyclfft.dct(x, workers=0)
    with pytest.raises(ValueError):
        pysyclfft.dctn(np.ones((4, 4)), axes=(0, 0))
    with pytest.raises(ValueError):
        pysyclfft.dct(x, n=0)
    with pytest.raises(TypeError):
        pysyclfft.dct(np.array(["a", "b"]))


@pytest.mark.parametrize("kind", ["dct2", "dst3"])
def test_forward_and_backward_maps_share_their_fft(rng, kind):
    """A DCT/DST plan builds its backward maps on first use; both directions' maps run one
    complex plan of the length (tables uploaded once; the maps' own tables, read in place on a
    CPU device, add nothing there), and its answers in both directions are right."""
    n = 4097  # a prime: unfused maps around a Bluestein FFT, whose tables and scratch dominate the workspace
    plan = pysyclfft.get_fft_plan(np.zeros(n), kind=kind)
    assert "c2c n=4097" in plan.describe() and "(backward): built on first use" in plan.describe()
    x = rng.standard_normal(n)
    family, kind_type = kind[:3], int(kind[3])
    assert_close(plan.forward(x), getattr(sf, family)(x, type=kind_type), np.float64, n)
    forward_only = plan.workspace_bytes  # the FFT's tables and scratch, the forward maps' buffer
    assert_close(plan.backward(x), getattr(sf, "i" + family)(x, type=kind_type), np.float64, n)
    assert "built on first use" not in plan.describe() and plan.describe().count("c2c n=4097") == 2
    # A second FFT would add about as much again; the backward maps add their own buffer.
    assert plan.workspace_bytes - forward_only < forward_only / 2, "the backward maps hold a second FFT"


def test_self_inverse_types_describe_one_plan_for_both_directions():
    """Types 1 and 4 are their own inverses: the forward maps serve the backward direction at once."""
    plan = pysyclfft.get_fft_plan(np.zeros(100), kind="dct4")
    assert "built on first use" not in plan.describe() and "(backward): " in plan.describe()


def test_concurrent_first_backward_calls(rng):
    """Threads that all call a fresh plan's backward direction first build its maps once and all get
    the right answer."""
    from concurrent.futures import ThreadPoolExecutor

    n = 1000
    plan = pysyclfft.get_fft_plan(np.zeros(n), kind="dct2")
    xs = [rng.standard_normal(n) for _ in range(8)]
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(plan.backward, xs))
    for x, y in zip(xs, results):
        assert_close(y, sf.idct(x, type=2), np.float64, n)
    assert plan.describe().count("(backward): built on first use") == 0
