"""CUDA execution layer (pysyclfft.cuda) against numpy in complex128.
Runs only where CuPy and a CUDA GPU exist; skipped elsewhere (CI)."""
import math

import numpy as np
import pytest

cp = pytest.importorskip("cupy")
try:
    if cp.cuda.runtime.getDeviceCount() < 1:
        raise RuntimeError("no device")
except Exception as e:  # CuPy without a driver raises CUDARuntimeError
    pytest.skip(f"no CUDA GPU: {e}", allow_module_level=True)

from pysyclfft import cuda as pcuda  # noqa: E402

POW2 = [2**k for k in range(1, 13)]
MIXED = [3, 5, 6, 7, 11, 12, 13, 15, 60, 100, 210, 360, 1000, 1001, 1536, 2187, 3125, 2401, 1331, 2197]
LENGTHS = POW2 + MIXED
DTYPES = [np.complex64, np.complex128]


def eps(dtype):
    return np.finfo(dtype).eps


def rel_l2(y, ref):
    return float(np.linalg.norm(y - ref) / np.linalg.norm(ref))


def bound(dtype, n):
    return 8 * eps(dtype) * max(1.0, math.log2(n))


def random_complex(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)


@pytest.fixture(scope="module", params=DTYPES, ids=["c64", "c128"])
def compiled(request):
    """All lengths of one precision planned and compiled in one NVRTC build."""
    pcuda.precompile(LENGTHS + [8192], request.param)
    return request.param


@pytest.mark.parametrize("n", LENGTHS)
def test_fft_ifft_match_numpy(compiled, n):
    dtype = compiled
    x = random_complex((5, n), dtype)
    xd = cp.asarray(x)
    y = pcuda.fft(xd)
    assert y.dtype == dtype and y.shape == x.shape
    assert rel_l2(cp.asnumpy(y), np.fft.fft(x.astype(np.complex128))) < bound(dtype, n)
    z = pcuda.ifft(xd)
    assert rel_l2(cp.asnumpy(z), np.fft.ifft(x.astype(np.complex128))) < bound(dtype, n)


def test_longest_single_kernel_float():
    x = random_complex((3, 8192), np.complex64)
    y = cp.asnumpy(pcuda.fft(cp.asarray(x)))
    assert rel_l2(y, np.fft.fft(x.astype(np.complex128))) < bound(np.complex64, 8192)


@pytest.mark.parametrize("axis", [0, 1, 2, 3, -1])
@pytest.mark.parametrize("norm", [None, "ortho", "forward"])
def test_axes_and_norms_of_strided_views(compiled, axis, norm):
    dtype = compiled
    x = random_complex((3, 6, 12, 16), dtype, seed=1)
    # Three batch dimensions that do not merge: the driver copies to C order first.
    view = cp.asarray(x).transpose(1, 3, 0, 2)[:, ::-1]
    ref = np.fft.fft(x.astype(np.complex128).transpose(1, 3, 0, 2)[:, ::-1], axis=axis, norm=norm)
    assert rel_l2(cp.asnumpy(pcuda.fft(view, axis=axis, norm=norm)), ref) < bound(dtype, 16)
    ref_inv = np.fft.ifft(x.astype(np.complex128), axis=axis, norm=norm)
    assert rel_l2(cp.asnumpy(pcuda.ifft(cp.asarray(x), axis=axis, norm=norm)), ref_inv) < bound(dtype, 16)


@pytest.mark.parametrize("axis", [0, 1])
def test_negative_strides_run_in_place_of_a_copy(compiled, axis):
    dtype = compiled
    x = random_complex((24, 40), dtype, seed=3)
    view = cp.asarray(x)[::-1, ::-2]  # two batch/transform strides, both negative
    ref = np.fft.fft(x.astype(np.complex128)[::-1, ::-2], axis=axis)
    assert rel_l2(cp.asnumpy(pcuda.fft(view, axis=axis)), ref) < bound(dtype, 24)


def test_real_input_promotes_like_numpy():
    x = np.random.default_rng(2).standard_normal((4, 64)).astype(np.float32)
    y = pcuda.fft(cp.asarray(x))
    assert y.dtype == np.complex64
    assert rel_l2(cp.asnumpy(y), np.fft.fft(x.astype(np.float64))) < bound(np.complex64, 64)


def test_bad_input_raises():
    x = cp.zeros((2, 17), cp.complex64)
    with pytest.raises(ValueError, match="n=17"):
        pcuda.fft(x)
    with pytest.raises(ValueError, match="axis"):
        pcuda.fft(cp.zeros((2, 16), cp.complex64), axis=2)
    with pytest.raises(ValueError, match="norm"):
        pcuda.fft(cp.zeros(16, cp.complex64), norm="sideways")
    with pytest.raises(TypeError, match="cupy"):
        pcuda.fft(np.zeros(16, np.complex64))
    with pytest.raises(ValueError, match="data points"):
        pcuda.fft(cp.zeros((3, 0), cp.complex64))
