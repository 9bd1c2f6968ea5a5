"""Plans of the real and trigonometric kinds (r2c, c2r, dct1-4, dst1-4), the
`plan=` keyword on their functions, their trips through the plan cache, and
scipy.fft's Hermitian n-D transforms (hfft2, hfftn, ihfft2, ihfftn), directly
and through the scipy backend. References: numpy/scipy in float64."""
import numpy as np
import pytest
import scipy.fft

from conftest import as_kind, dpnp, needs_dpnp
import pysyclfft
from pysyclfft import config
from pysyclfft.interfaces import scipy_fft

SHAPE = (8, 15)  # every kind's FFTs of these lengths fit one kernel (dst1 of 15 runs an FFT of 16)
TRIG = [f"{f}{t}" for f in ("dct", "dst") for t in (1, 2, 3, 4)]
NORMS = [None, "ortho", "forward"]
# (array kind, input precision): USM arrays in single, numpy arrays in double precision.
WHERE = [pytest.param("dpnp", np.float32, marks=needs_dpnp), ("device", np.float32), ("numpy", np.float64)]


@pytest.fixture(scope="module", autouse=True)
def compiled():
    for dtype in (np.float32, np.float64):
        pysyclfft.precompile((8, 15), dtype)
        pysyclfft.precompile_real((8, 14, 15, 16), dtype=dtype)


@pytest.fixture(autouse=True)
def fresh_cache():
    config.clear_plan_cache()
    yield
    config.clear_plan_cache()


def rel_l2(got, want):
    got = np.asarray(got.asnumpy() if hasattr(got, "asnumpy") else got, dtype=np.complex128)
    want = np.asarray(want, dtype=np.complex128)
    return np.linalg.norm(got - want) / np.linalg.norm(want)


def bound(dtype, n):
    return 8 * np.finfo(dtype).eps * np.log2(max(n, 2))


def random(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def on(where, host):
    return as_kind(host, where)


def host_of(y):
    return y.asnumpy() if hasattr(y, "asnumpy") else np.asarray(y)


def counters():
    cache = config.get_plan_cache()
    return cache.hits, cache.misses


def kind_case(kind, dtype):
    """(input, plan keywords, forward reference, backward reference) of a kind."""
    if kind == "r2c":
        x = random(SHAPE, dtype)
        x64 = x.astype(np.float64)
        return x, {}, lambda norm: np.fft.rfftn(x64, norm=norm), lambda norm: scipy.fft.ihfftn(x64, norm=norm)
    if kind == "c2r":
        cdtype = np.complex64 if dtype == np.float32 else np.complex128
        c = random((SHAPE[0], SHAPE[1] // 2 + 1), cdtype)
        c128 = c.astype(np.complex128)
        return (c, {"s": SHAPE}, lambda norm: scipy.fft.hfftn(c128, s=SHAPE, norm=norm),
                lambda norm: np.fft.irfftn(c128, s=SHAPE, axes=(0, 1), norm=norm))
    family, type = kind[:3], int(kind[3])
    x = random(SHAPE, dtype)
    x64 = x.astype(np.float64)
    fwd, inv = getattr(scipy.fft, f"{family}n"), getattr(scipy.fft, f"i{family}n")
    return x, {}, lambda norm: fwd(x64, type=type, norm=norm), lambda norm: inv(x64, type=type, norm=norm)


@pytest.mark.parametrize("where, dtype", WHERE)
@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("kind", ["r2c", "c2r"] + TRIG)
def test_plan_kind_matches_references_and_reuse_is_identical(kind, norm, where, dtype):
    host, kw, forward_ref, backward_ref = kind_case(kind, dtype)
    x = on(where, host)
    plan = pysyclfft.get_fft_plan(x, kind=kind, norm=norm, **kw)
    assert plan.kind == kind and plan.workspace_bytes > 0 and kind in plan.describe()
    first = host_of(plan(x))
    assert np.array_equal(first, host_of(plan.forward(x)))
    assert first.shape == plan.out_shape and first.dtype == plan.result_dtype
    n = SHAPE[0] * SHAPE[1]
    assert rel_l2(first, forward_ref(norm)) < bound(dtype, n)
    back = host_of(plan.backward(x))
    assert np.array_equal(back, host_of(plan(x, forward=False)))
    assert rel_l2(back, backward_ref(norm)) < bound(dtype, n)


@needs_dpnp
def test_mismatched_arrays_are_rejected():
    x = dpnp.asarray(random(SHAPE, np.float32))
    for kind in ("r2c", "dct2"):
        plan = pysyclfft.get_fft_plan(x, kind=kind)
        with pytest.raises(ValueError, match="shape"):
            plan(dpnp.asarray(random((8, 16), np.float32)))
        with pytest.raises(ValueError):
            plan(dpnp.asarray(random(SHAPE, np.float64)))
        with pytest.raises(ValueError, match="numpy|USM"):
            plan(random(SHAPE, np.float32))
    c2r = pysyclfft.get_fft_plan(random((8, 8), np.complex128), kind="c2r")
    assert c2r.out_shape == (8, 14)  # irfftn's default: 2 * (m - 1)
    with pytest.raises(ValueError, match="shape"):
        c2r(random((8, 9), np.complex128))


def test_bad_kind_arguments():
    with pytest.raises(TypeError, match="real"):
        pysyclfft.get_fft_plan(random(SHAPE, np.complex64), kind="r2c")
    with pytest.raises(ValueError, match="in_place"):
        pysyclfft.get_fft_plan(random(SHAPE, np.float64), kind="r2c", in_place=True)  # the result is complex
    with pytest.raises(ValueError, match="type 1 DCT"):
        pysyclfft.get_fft_plan(random((4, 1), np.float64), kind="dct1")


@needs_dpnp
def test_in_place_trigonometric_plan():
    host = random(SHAPE, np.float64)
    for where in ("numpy", "dpnp"):
        x = on(where, host.copy())
        plan = pysyclfft.get_fft_plan(x, kind="dst2", norm="ortho", in_place=True)
        assert plan(x) is x
        assert rel_l2(host_of(x), scipy.fft.dstn(host, type=2, norm="ortho")) < bound(np.float64, 120)


@needs_dpnp
def test_functions_go_through_the_plan_cache():
    x = dpnp.asarray(random(SHAPE, np.float32))
    c = dpnp.asarray(random((8, 8), np.complex64))
    h, m = counters()
    pysyclfft.rfftn(x)
    pysyclfft.rfftn(x)
    pysyclfft.ihfftn(x)  # the backward direction of the same r2c plan
    assert counters() == (h + 2, m + 1)
    pysyclfft.irfftn(c)
    pysyclfft.hfftn(c)  # the forward direction of the same c2r plan
    pysyclfft.irfftn(c, s=(8, 15), axes=(0, 1))  # other output lengths: another plan
    assert counters() == (h + 3, m + 3)
    pysyclfft.dctn(x, type=2)
    pysyclfft.idctn(x, type=2)  # the dct2 plan's backward direction
    pysyclfft.dctn(x, type=3)   # another kind
    pysyclfft.dct(x, type=2, norm="ortho")
    assert counters() == (h + 4, m + 6)
    pysyclfft.dct(x, type=2, norm="ortho", orthogonalize=False)  # not the plan's orthogonalize: no plan cached
    assert counters() == (h + 4, m + 6)
    assert {p.kind for p in config.get_plan_cache().plans()} == {"r2c", "c2r", "dct2", "dct3"}


@needs_dpnp
def test_plan_keyword_on_functions():
    host = random(SHAPE, np.float64)
    x = dpnp.asarray(host)
    r2c = pysyclfft.get_fft_plan(x, kind="r2c", norm="ortho")
    dct = pysyclfft.get_fft_plan(x, axes=(-1,), kind="dct2")
    spectrum = pysyclfft.rfftn(x, plan=r2c)
    c2r = pysyclfft.get_fft_plan(spectrum, s=SHAPE, kind="c2r", norm="ortho")
    before = counters()
    assert np.array_equal(host_of(pysyclfft.rfft2(x, plan=r2c)), host_of(r2c(x)))
    assert np.array_equal(host_of(pysyclfft.ihfftn(x, norm="ortho", plan=r2c)), host_of(r2c.backward(x)))
    back = pysyclfft.irfftn(spectrum, s=SHAPE, axes=(0, 1), plan=c2r)
    assert rel_l2(back, host) < bound(np.float64, 120)
    assert np.array_equal(host_of(pysyclfft.hfft2(spectrum, s=SHAPE, plan=c2r)), host_of(c2r.forward(spectrum)))
    assert np.array_equal(host_of(pysyclfft.dct(x, plan=dct)), host_of(dct(x)))
    assert np.array_equal(host_of(pysyclfft.idct(x, plan=dct)), host_of(dct.backward(x)))
    assert counters() == before  # explicit plans bypass the cache
    with pytest.raises(ValueError, match="does not match"):
        pysyclfft.dct(x, type=3, plan=dct)
    with pytest.raises(ValueError, match="does not match"):
        pysyclfft.rfft(x, plan=dct)
    with pytest.raises(ValueError, match="does not match"):
        pysyclfft.rfftn(x, axes=(0,), plan=r2c)
    with pytest.raises(ValueError, match="norm"):
        pysyclfft.rfftn(x, norm="forward", plan=r2c)
    with pytest.raises(ValueError, match="orthogonalize"):
        pysyclfft.dct(x, orthogonalize=True, plan=dct)
    with pytest.raises(TypeError, match="Plan"):
        pysyclfft.rfftn(x, plan="r2c")


HERMITIAN_CASES = [
    ("hfftn", {}), ("hfftn", {"s": (8, 15), "axes": (0, 1)}), ("hfft2", {"norm": "ortho"}),
    ("hfftn", {"axes": (0,), "norm": "forward"}),
    ("ihfftn", {}), ("ihfftn", {"s": (8, 14), "norm": "forward"}), ("ihfft2", {"norm": "ortho"}),
    ("ihfftn", {"axes": (1, 0)}),
]


@pytest.mark.parametrize("where, dtype", WHERE)
@pytest.mark.parametrize("name, kwargs", HERMITIAN_CASES)
def test_hermitian_nd_transforms_match_scipy(name, kwargs, where, dtype):
    complex_input = name.startswith("h")
    cdtype = np.complex64 if dtype == np.float32 else np.complex128
    host = random((3, 8, 8) if complex_input else (3, 8, 15), cdtype if complex_input else dtype)
    want = getattr(scipy.fft, name)(host.astype(np.complex128 if complex_input else np.float64), **kwargs)
    x = on(where, host)
    got = getattr(pysyclfft, name)(x, **kwargs)
    assert type(got) is type(x)  # numpy, dpnp or DeviceArray: the input's kind
    assert got.shape == want.shape
    assert np.dtype(got.dtype) == (dtype if complex_input else cdtype)
    assert rel_l2(got, want) < bound(dtype, want.size)


@needs_dpnp
@pytest.mark.parametrize("where", ["numpy", "dpnp"])
@pytest.mark.parametrize("name", ["hfft2", "hfftn", "ihfft2", "ihfftn"])
def test_scipy_backend_serves_hermitian_nd_transforms(name, where):
    complex_input = name.startswith("h")
    host = random((4, 8, 8), np.complex128 if complex_input else np.float64)
    want = getattr(scipy.fft, name)(host)  # scipy's own backend
    m = counters()[1]
    with scipy.fft.set_backend(scipy_fft, only=True):
        got = getattr(scipy.fft, name)(on(where, host))
    assert counters()[1] == m + 1  # the call reached our planner
    assert isinstance(got, dpnp.ndarray if where == "dpnp" else np.ndarray)
    assert got.shape == want.shape and rel_l2(got, want) < bound(np.float64, want.size)
