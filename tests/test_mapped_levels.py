"""The fused real and trigonometric kernels at both levels (plan/kernel_params.hpp,
choose_c2c_kernel): on a CPU, a map whose FFT has at most 64 points runs one
transform per work-item, a longer one a team per transform. Lengths on both
sides of that boundary, every kind, a batch that ends inside a work-group, a
strided axis and an in-place transform, against scipy in float64."""
import numpy as np
import pytest
import scipy.fft as sf

from conftest import DEVICE_KIND, as_kind, dpnp, needs_dpnp, to_numpy
import pysyclfft
from real_helpers import assert_close

# Map FFT lengths: r2c/c2r even n -> n/2, odd n -> n; DCT/DST II-III the same;
# IV odd n -> 2n; I n -/+ 1. 128 and 63 stay at or under 64 points, 130 and 65 pass it.
LENGTHS = (4, 8, 31, 33, 63, 65, 128, 130)
TRANSFORMS = ("dct1", "dct2", "dct3", "dct4", "dst1", "dst2", "dst3", "dst4")
CONSTANT = 2.0  # test_dct.py's: about 0.5 eps log2(n) observed; an indexing bug gives O(1)
BATCH = 300  # 256 transforms per work-group at the work-item level: the second group is partial


@pytest.fixture(scope="module", params=[np.float32, np.float64], ids=["f32", "f64"])
def dtype(request):
    pysyclfft.precompile_real(LENGTHS, ("r2c", "c2r") + TRANSFORMS, request.param)
    return request.param


def uniform(shape, dtype, seed):
    return np.random.default_rng(seed).uniform(-1, 1, shape).astype(dtype)


def complex_dtype(dtype):
    return np.complex64 if dtype == np.float32 else np.complex128


@pytest.mark.parametrize("n", LENGTHS)
def test_rfft_irfft(dtype, n):
    x = uniform((BATCH, n), dtype, n)
    spectrum = np.fft.rfft(x.astype(np.float64))
    assert_close(pysyclfft.rfft(x), spectrum, complex_dtype(dtype), n, CONSTANT)
    assert_close(pysyclfft.irfft(spectrum.astype(complex_dtype(dtype)), n), x.astype(np.float64), dtype, n, CONSTANT)


@pytest.mark.parametrize("transform", TRANSFORMS)
@pytest.mark.parametrize("n", LENGTHS)
def test_trig_forward_and_inverse(dtype, n, transform):
    x = uniform((BATCH, n), dtype, n + 1)
    func, type = transform[:3], int(transform[3])
    ref = getattr(sf, func)(x.astype(np.float64), type)
    assert_close(getattr(pysyclfft, func)(x, type), ref, dtype, n, CONSTANT)
    inverse = getattr(sf, "i" + func)(x.astype(np.float64), type, norm="ortho")
    assert_close(getattr(pysyclfft, "i" + func)(x, type, norm="ortho"), inverse, dtype, n, CONSTANT)


@pytest.mark.parametrize("n", (8, 63, 128))
def test_strided_axis(dtype, n):
    """Transforms along axis 0: a run-time element stride at the work-item level."""
    x = uniform((n, 5), dtype, n + 2)
    assert_close(pysyclfft.rfft(x, axis=0), np.fft.rfft(x.astype(np.float64), axis=0), complex_dtype(dtype), n,
                 CONSTANT)
    assert_close(pysyclfft.dct(x, 2, axis=0), sf.dct(x.astype(np.float64), 2, axis=0), dtype, n, CONSTANT)


@needs_dpnp
@pytest.mark.parametrize("n", (8, 64, 130))
def test_in_place(dtype, n):
    """A work-item reads its whole transform before it writes its own memory."""
    host = uniform((BATCH, n), dtype, n + 3)
    x = dpnp.asarray(host)
    plan = pysyclfft.get_fft_plan(x, axes=(-1,), kind="dct2", in_place=True)
    plan(x)
    assert_close(x, sf.dct(host.astype(np.float64), 2), dtype, n, CONSTANT)


@needs_dpnp
def test_short_maps_run_per_work_item(dtype):
    if not dpnp.empty(1).sycl_device.is_cpu:
        pytest.skip("the work-item level is the CPU's choice")

    def describe(n):  # a DCT-II: the packed rfft of 64-512 points runs at the sub-group level instead
        x = dpnp.empty((BATCH, n), dtype=dtype)
        return pysyclfft.get_fft_plan(x, axes=(-1,), kind="dct2").describe()

    assert "work-item level" in describe(128)
    assert "work-item level" not in describe(130)


@pytest.mark.parametrize("n", (130, 1024))
def test_unaligned_pairs_of_reals(dtype, n):
    """Unit-stride views whose real data does not start on a pair of reals: a view
    starting at an odd element, rows an odd number of elements apart, an irfft out=
    starting at an odd element (a kernel that moved two reals as one value, as the
    c2c kernels move complex values, would need them aligned)."""
    host = uniform((BATCH, n + 2), dtype, n + 5)
    spectra = np.fft.rfft(host[:, 1:n + 1].astype(np.float64))
    for view in (slice(1, n + 1), slice(0, n)):  # odd first element, even row pitch; then aligned rows
        x = as_kind(host, DEVICE_KIND)[:, view]
        assert_close(pysyclfft.rfft(x), np.fft.rfft(host[:, view].astype(np.float64)), complex_dtype(dtype), n,
                     CONSTANT)
    odd_rows = as_kind(uniform((BATCH, n + 1), dtype, n + 6), DEVICE_KIND)[:, :n]  # rows n + 1 apart
    assert_close(pysyclfft.rfft(odd_rows), np.fft.rfft(to_numpy(odd_rows).astype(np.float64)), complex_dtype(dtype),
                 n, CONSTANT)
    out = as_kind(np.zeros((BATCH, n + 2), dtype), DEVICE_KIND)[:, 1:n + 1]
    pysyclfft.irfft(as_kind(spectra.astype(complex_dtype(dtype)), DEVICE_KIND), n, out=out)
    assert_close(out, host[:, 1:n + 1].astype(np.float64), dtype, n, CONSTANT)


def rows_from_element_1(flat, rows, n):
    """Rows of n elements end to end in the 1-D array `flat`, from its element 1 (an odd real)."""
    if isinstance(flat, pysyclfft.DeviceArray):
        return flat.view((rows, n), (n, 1), 1)
    return flat[1:].reshape(rows, n)


# Packed rfft/irfft lengths of the CPU's vector levels: the work-item rows (FFT of 4-16 points in
# float32, 4-8 in float64), the sub-group level above (to 256 points in float32, 128 in float64),
# teams past it.
VECTOR_LENGTHS = (8, 16, 32, 64, 128, 512)


@pytest.mark.parametrize("n", VECTOR_LENGTHS)
def test_rfft_rows_moved_as_vectors(dtype, n):
    """The rfft whose rows move as whole vectors: at the work-item level transposed by a
    sub-group (kernels/transposed_rows.hpp) where rows lie end to end, else per lane; at the
    sub-group level (kernels/subgroup_real.hpp) with reals paired where aligned, else at run-time
    strides. Batches that end inside a sub-group or work-group, two batch dimensions each ending
    inside one, rows starting at an odd real, every other real, output rows apart, and the scale
    and conjugation of norm="forward" and ihfft."""
    cdtype = complex_dtype(dtype)
    for batch in (1, 3, 17, BATCH):
        x = uniform((batch, n), dtype, n + batch)
        assert_close(pysyclfft.rfft(as_kind(x, DEVICE_KIND)), np.fft.rfft(x.astype(np.float64)), cdtype, n, CONSTANT)
    wide = uniform((3, 40, n), dtype, n + 7)
    x = as_kind(wide, DEVICE_KIND)[:, :37]  # 3 outer rows of 37 neighbouring transforms
    assert_close(pysyclfft.rfft(x), np.fft.rfft(wide[:, :37].astype(np.float64)), cdtype, n, CONSTANT)
    flat = uniform(BATCH * n + 1, dtype, n + 8)
    odd = rows_from_element_1(as_kind(flat, DEVICE_KIND), BATCH, n)
    assert_close(pysyclfft.rfft(odd), np.fft.rfft(flat[1:].reshape(BATCH, n).astype(np.float64)), cdtype, n,
                 CONSTANT)
    every_other = uniform((BATCH, 2 * n), dtype, n + 10)
    assert_close(pysyclfft.rfft(as_kind(every_other, DEVICE_KIND)[:, ::2]),
                 np.fft.rfft(every_other[:, ::2].astype(np.float64)), cdtype, n, CONSTANT)
    x = uniform((BATCH, n), dtype, n + 9)
    ref = np.fft.rfft(x.astype(np.float64))
    out = as_kind(np.zeros((BATCH, n), cdtype), DEVICE_KIND)[:, :n // 2 + 1]  # output rows n apart
    pysyclfft.rfft(as_kind(x, DEVICE_KIND), out=out)
    assert_close(out, ref, cdtype, n, CONSTANT)
    assert_close(pysyclfft.rfft(as_kind(x, DEVICE_KIND), norm="forward"), ref / n, cdtype, n, CONSTANT)
    assert_close(pysyclfft.ihfft(as_kind(x, DEVICE_KIND)), np.fft.ihfft(x.astype(np.float64)), cdtype, n, CONSTANT)


@pytest.mark.parametrize("n", VECTOR_LENGTHS)
def test_irfft_rows_moved_as_vectors(dtype, n):
    """The same for the work-item irfft (half spectra of n/2 + 1 points to rows of n reals):
    partial sub-groups, two batch dimensions, spectra rows apart, output from an odd real,
    norm="forward" and hfft; spectra with nonzero imaginary parts at 0 and n/2, which
    numpy ignores."""
    cdtype, half = complex_dtype(dtype), n // 2 + 1

    def spectra(shape, seed):
        return (uniform(shape, dtype, seed) + 1j * uniform(shape, dtype, seed + 1)).astype(cdtype)

    for batch in (1, 3, 17, BATCH):
        s = spectra((batch, half), n + batch)
        assert_close(pysyclfft.irfft(as_kind(s, DEVICE_KIND), n), np.fft.irfft(s.astype(np.complex128), n), dtype, n,
                     CONSTANT)
    wide = spectra((3, 40, half), n + 7)
    s = as_kind(wide, DEVICE_KIND)[:, :37]
    assert_close(pysyclfft.irfft(s, n), np.fft.irfft(wide[:, :37].astype(np.complex128), n), dtype, n, CONSTANT)
    apart = spectra((BATCH, half + 3), n + 8)
    assert_close(pysyclfft.irfft(as_kind(apart, DEVICE_KIND)[:, :half], n),
                 np.fft.irfft(apart[:, :half].astype(np.complex128), n), dtype, n, CONSTANT)
    s = spectra((BATCH, half), n + 9)
    ref = np.fft.irfft(s.astype(np.complex128), n)
    out = rows_from_element_1(as_kind(np.zeros(BATCH * n + 1, dtype), DEVICE_KIND), BATCH, n)
    pysyclfft.irfft(as_kind(s, DEVICE_KIND), n, out=out)
    assert_close(out, ref, dtype, n, CONSTANT)
    assert_close(pysyclfft.irfft(as_kind(s, DEVICE_KIND), n, norm="forward"), ref * n, dtype, n, CONSTANT)
    assert_close(pysyclfft.hfft(as_kind(s, DEVICE_KIND), n), np.fft.hfft(s.astype(np.complex128), n), dtype, n,
                 CONSTANT)


@needs_dpnp
def test_real_vector_levels_are_planned(dtype):
    if not dpnp.empty(1).sycl_device.is_cpu:
        pytest.skip("the work-item level is the CPU's choice")

    def describe(n, kind):
        real = kind == "r2c"
        x = dpnp.empty((BATCH, n if real else n // 2 + 1), dtype=dtype if real else complex_dtype(dtype))
        return pysyclfft.get_fft_plan(x, s=(n,), axes=(-1,), kind=kind).describe()

    for kind in ("r2c", "c2r"):
        assert "move them transposed" in describe(16, kind)
        assert "move them transposed" not in describe(4, kind)  # a 2-point FFT: no transposed sub-group
        assert "move them transposed" not in describe(128, kind)  # 64 points: wider than the SIMD vectors
        assert "sub-group level" in describe(128, kind)
        assert "sub-group level" not in describe(8192, kind)  # 4096 points: teams
