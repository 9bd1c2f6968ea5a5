"""pysyclfft.interfaces.array_api_fft: the array API standard's fft extension on
array-api-strict arrays, values checked against numpy.fft in float64 (the
standard's own suite, data-apis/array-api-tests, checks shapes and dtypes: see
tools/array_api_fft_tests.sh and docs/conformance.md)."""
import numpy as np
import pytest

xp = pytest.importorskip("array_api_strict")  # in the [test] extra
from pysyclfft.interfaces import array_api_fft

EPS = {np.complex64: np.finfo(np.float32).eps, np.complex128: np.finfo(np.float64).eps}
fft = array_api_fft.namespace(xp)


@pytest.fixture(scope="module", autouse=True)
def compiled():
    import pysyclfft
    for dtype in (np.complex64, np.complex128):
        pysyclfft.precompile((6, 8), dtype)


def as_numpy(a):
    return np.from_dlpack(a)


def close(got, want, complex_dtype, n):
    got, want = as_numpy(got), np.asarray(want)
    assert got.shape == want.shape
    bound = 8 * EPS[complex_dtype] * np.log2(max(n, 2)) * max(np.linalg.norm(want), 1e-300)
    assert np.linalg.norm(got - want) <= bound


def complex_input(shape, dtype, seed=5):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)


ONE_AXIS = [  # (name, input is real, output dtype of complex64 / complex128 precision)
    ("fft", False, "complex"), ("ifft", False, "complex"), ("rfft", True, "complex"),
    ("irfft", False, "real"), ("hfft", False, "real"), ("ihfft", True, "complex")]
N_AXES = [("fftn", False, "complex"), ("ifftn", False, "complex"), ("rfftn", True, "complex"),
          ("irfftn", False, "real")]


def _case(name, real, result, dtype):
    host = complex_input((6, 8), dtype)
    if real:
        host = host.real.copy()
    want_dtype = np.dtype(dtype) if result == "complex" else np.dtype(dtype).type(0).real.dtype
    return xp.asarray(host), host.astype(np.complex128 if not real else np.float64), want_dtype


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("name,real,result", ONE_AXIS, ids=[c[0] for c in ONE_AXIS])
@pytest.mark.parametrize("n,axis,norm", [(None, -1, "backward"), (5, 0, "ortho"), (12, 1, "forward")])
def test_one_axis_transforms(name, real, result, dtype, n, axis, norm):
    x, reference_input, want_dtype = _case(name, real, result, dtype)
    y = getattr(fft, name)(x, n=n, axis=axis, norm=norm)
    assert isinstance(y, type(x)) and y.device == x.device
    assert y.dtype == getattr(xp, want_dtype.name)
    close(y, getattr(np.fft, name)(reference_input, n=n, axis=axis, norm=norm), dtype, 12)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("name,real,result", N_AXES, ids=[c[0] for c in N_AXES])
@pytest.mark.parametrize("s,axes", [(None, None), ((4, -1), (1, 0)), ((3,), (0,))])
def test_n_axes_transforms(name, real, result, dtype, s, axes):
    """s with -1 keeps an axis' length (the standard's rule, numpy 2's too)."""
    x, reference_input, want_dtype = _case(name, real, result, dtype)
    y = getattr(fft, name)(x, s=s, axes=axes, norm="ortho")
    assert isinstance(y, type(x)) and y.dtype == getattr(xp, want_dtype.name)
    close(y, getattr(np.fft, name)(reference_input, s=s, axes=axes, norm="ortho"), dtype, 48)


def test_other_devices_and_namespaces_kept():
    device = xp.Device("device1")
    x = xp.asarray(complex_input((8,), np.complex128), device=device)
    assert fft.fft(x).device == device
    host = complex_input((8,), np.complex128)
    assert isinstance(array_api_fft.fft(host), np.ndarray)  # numpy in, numpy out


@pytest.mark.parametrize("name", ["fftshift", "ifftshift"])
def test_shifts(name):
    host = np.arange(24.0).reshape(4, 6)
    for axes in (None, [1], [0, 1]):
        y = getattr(fft, name)(xp.asarray(host), axes=axes)
        assert np.array_equal(as_numpy(y), getattr(np.fft, name)(host, axes=axes))


@pytest.mark.parametrize("full", [True, False])
def test_frequencies_in_the_namespace(full):
    name = "fftfreq" if full else "rfftfreq"
    function = getattr(fft, name)
    default = function(9, d=0.5)
    assert isinstance(default, xp.asarray(0).__class__)
    assert default.dtype == xp.__array_namespace_info__().default_dtypes()["real floating"]
    assert np.array_equal(as_numpy(default), getattr(np.fft, name)(9, d=0.5))
    single = function(9, dtype=xp.float32, device=xp.Device("device1"))
    assert single.dtype == xp.float32 and single.device == xp.Device("device1")
    assert isinstance(getattr(array_api_fft, name)(9), np.ndarray)  # unbound: numpy, as pysyclfft's


def test_standard_signatures():
    """n, axis, s, axes, norm are keyword-only, as the standard writes them."""
    x = xp.asarray(complex_input((8,), np.complex64))
    with pytest.raises(TypeError):
        fft.fft(x, 8)
    with pytest.raises(TypeError):
        fft.fftn(x, (8,))
    assert sorted(fft.__all__) == sorted(["fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft",
                                          "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift"])


class _DeviceOnlyArray:
    """An array-API array whose memory the host cannot read (as a GPU tensor's)."""

    def __array_namespace__(self, api_version=None):
        return xp

    def __dlpack_device__(self):
        return (2, 0)  # kDLCUDA

    def __dlpack__(self, **kwargs):
        raise BufferError("the memory is on a CUDA device")

    device = "cuda:0"


def test_unreadable_foreign_array_is_a_clear_type_error():
    """A CUDA array goes where pysyclfft's functions take it (docs/cuda.md); one whose
    DLPack export fails is a TypeError that says so."""
    with pytest.raises(TypeError, match=r"_DeviceOnlyArray on DLPack device \(2, 0\) did not export"):
        fft.fft(_DeviceOnlyArray())
