"""pysyclfft.interfaces.dpnp_fft and patch_dpnp_fft()/restore_dpnp_fft()."""
import inspect

import numpy as np
import pytest

dpnp = pytest.importorskip("dpnp", reason="needs dpnp (pip install pysyclfft[dpnp])")
import dpnp.fft  # noqa: E402
import pysyclfft
from pysyclfft import config
from pysyclfft.interfaces import dpnp_fft

ORIGINAL = {name: getattr(dpnp.fft, name) for name in dpnp_fft.__all__}


@pytest.fixture(scope="module", autouse=True)
def compiled():
    pysyclfft.precompile((8, 16), np.complex128)
    yield
    pysyclfft.restore_dpnp_fft()


def random(shape, seed=2):
    rng = np.random.default_rng(seed)
    return rng.standard_normal(shape) + 1j * rng.standard_normal(shape)


def rel_l2(got, want):
    return np.linalg.norm(np.asarray(got) - want) / np.linalg.norm(want)


def test_names_and_signatures_match_dpnp():
    for name in dpnp_fft.__all__:
        assert inspect.signature(getattr(dpnp_fft, name)) == inspect.signature(ORIGINAL[name]), name
    public = {n for n in dir(dpnp.fft) if not n.startswith("_") and callable(getattr(dpnp.fft, n))}
    assert public <= set(dpnp_fft.__all__)


@pytest.mark.parametrize("name", ["fft", "ifft", "fft2", "ifft2", "fftn", "ifftn"])
def test_drop_in_transforms(name):
    host = random((8, 16))
    x = dpnp.asarray(host)
    before = config.get_plan_cache().misses + config.get_plan_cache().hits
    got = getattr(dpnp_fft, name)(x, norm="ortho")
    assert config.get_plan_cache().misses + config.get_plan_cache().hits == before + 1
    assert isinstance(got, dpnp.ndarray)
    assert rel_l2(got.asnumpy(), getattr(np.fft, name)(host, norm="ortho")) < 1e-14
    usm = getattr(dpnp_fft, name)(x.get_array())  # usm_ndarray in, dpnp out, as dpnp.fft
    assert isinstance(usm, dpnp.ndarray)
    with pytest.raises(TypeError):
        getattr(dpnp_fft, name)(host)  # dpnp.fft takes no numpy arrays


def test_out_and_fallback_to_dpnp():
    host = random((4, 16))
    x = dpnp.asarray(host)
    out = dpnp.empty_like(x)
    assert dpnp_fft.fft(x, out=out) is out
    assert rel_l2(out.asnumpy(), np.fft.fft(host)) < 1e-14
    odd = random(17)  # no pysyclfft kernel for 17 yet: dpnp computes it
    assert rel_l2(dpnp_fft.fft(dpnp.asarray(odd)).asnumpy(), np.fft.fft(odd)) < 1e-13


def test_patch_round_trip_and_context_manager():
    host = random(16)
    x = dpnp.asarray(host)
    pysyclfft.patch_dpnp_fft()
    try:
        assert dpnp.fft.fft is dpnp_fft.fft and dpnp.fft.fftfreq is dpnp_fft.fftfreq
        before = config.get_plan_cache().misses + config.get_plan_cache().hits
        y = dpnp.fft.fft(x)
        assert config.get_plan_cache().misses + config.get_plan_cache().hits == before + 1  # reached us
        assert rel_l2(y.asnumpy(), np.fft.fft(host)) < 1e-14
    finally:
        pysyclfft.restore_dpnp_fft()
    assert all(getattr(dpnp.fft, n) is ORIGINAL[n] for n in dpnp_fft.__all__)
    with pysyclfft.patch_dpnp_fft():
        assert dpnp_fft.is_dpnp_fft_patched()
        assert rel_l2(dpnp.fft.ifft(x).asnumpy(), np.fft.ifft(host)) < 1e-14
    assert not dpnp_fft.is_dpnp_fft_patched()
    assert all(getattr(dpnp.fft, n) is ORIGINAL[n] for n in dpnp_fft.__all__)


@pytest.mark.parametrize("name", ["rfft", "irfft", "rfft2", "irfft2", "rfftn", "irfftn", "hfft", "ihfft"])
def test_drop_in_real_transforms(name):
    if not hasattr(pysyclfft, name):
        pytest.skip(f"pysyclfft has no {name} yet")
    rng = np.random.default_rng(3)
    complex_input = name.startswith("irfft") or name == "hfft"
    host = random((8, 16)) if complex_input else rng.standard_normal((8, 16))
    got = getattr(dpnp_fft, name)(dpnp.asarray(host), norm="forward")
    assert isinstance(got, dpnp.ndarray)
    want = getattr(np.fft, name)(host, norm="forward")
    assert got.shape == want.shape and rel_l2(got.asnumpy(), want) < 1e-14
