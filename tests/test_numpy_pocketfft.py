"""numpy's own tests (numpy/fft/tests/test_pocketfft.py and test_helper.py, as
shipped in the installed numpy wheel) run with numpy.fft's transforms and
helpers replaced by pysyclfft's.

numpy's modules are loaded privately while numpy.fft holds our functions, so the
functions their parametrize lists capture are ours too; numpy.fft itself is
patched only while one of these tests runs.

The one case that does not apply, and why: the long double variants of
test_identity_long_short(_reversed). No SYCL device computes extended precision,
so pysyclfft refuses long double with a TypeError (numpy computes it on the host);
those two cases are skipped with that reason.
"""
import importlib.util

import numpy as np
import pytest

import pysyclfft

NUMPY_NAMES = ("fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn",
               "irfftn", "hfft", "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift")
REPLACED = {name: getattr(pysyclfft, name) for name in NUMPY_NAMES}


def _load_numpy_tests(module_name):
    saved = {name: getattr(np.fft, name) for name in REPLACED}
    try:
        for name, fn in REPLACED.items():
            setattr(np.fft, name, fn)
        spec = importlib.util.find_spec(f"numpy.fft.tests.{module_name}")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        for name, fn in saved.items():
            setattr(np.fft, name, fn)


numpy_tests = _load_numpy_tests("test_pocketfft")
numpy_helper_tests = _load_numpy_tests("test_helper")


@pytest.fixture(autouse=True)
def pysyclfft_in_numpy_fft(monkeypatch):
    for name, fn in REPLACED.items():
        monkeypatch.setattr(np.fft, name, fn)


def _marked(fn, mark):
    """A copy of numpy's test function carrying `mark` (numpy's stays unmarked)."""
    def test(*args, **kwargs):
        return fn(*args, **kwargs)

    test.__name__, test.__qualname__, test.__doc__ = fn.__name__, fn.__qualname__, fn.__doc__
    test.__wrapped__ = fn
    test.pytestmark = list(getattr(fn, "pytestmark", []))
    return mark(test)


LONG_DOUBLE = "no SYCL device computes long double: pysyclfft refuses it (TypeError)"


def _skip_long_double(fn):
    """numpy's dtype-parametrized test with long double skipped (after checking it is refused)."""
    def test(self, dtype):
        if dtype == np.longdouble and np.dtype(np.longdouble).itemsize > 8:
            with pytest.raises(TypeError, match="long double"):
                pysyclfft.fft(np.ones(4, dtype))
            pytest.skip(LONG_DOUBLE)
        return fn(self, dtype)

    test.__name__, test.__qualname__ = fn.__name__, fn.__qualname__
    test.pytestmark = list(getattr(fn, "pytestmark", []))
    return test


class TestFFT1D(numpy_tests.TestFFT1D):
    # Every length up to 511 in both precisions: hundreds of run-time compilations.
    test_identity = _marked(numpy_tests.TestFFT1D.test_identity, pytest.mark.slow)
    test_identity_long_short = _skip_long_double(numpy_tests.TestFFT1D.test_identity_long_short)
    test_identity_long_short_reversed = _skip_long_double(numpy_tests.TestFFT1D.test_identity_long_short_reversed)


TestFFTThreadSafe = numpy_tests.TestFFTThreadSafe


TestFFTShift = numpy_tests.TestFFTShift
test_fft_with_order = numpy_tests.test_fft_with_order
test_fft_output_order = numpy_tests.test_fft_output_order
test_irfft_with_n_1_regression = numpy_tests.test_irfft_with_n_1_regression
test_irfft_with_n_large_regression = numpy_tests.test_irfft_with_n_large_regression
test_fft_with_integer_or_bool_input = numpy_tests.test_fft_with_integer_or_bool_input


# test_helper.py's tests, named TestHelper... (both modules have a TestFFTShift).
TestHelperFFTShift = numpy_helper_tests.TestFFTShift
TestHelperFFTFreq = numpy_helper_tests.TestFFTFreq
TestHelperRFFTFreq = numpy_helper_tests.TestRFFTFreq
TestHelperIRFFTN = numpy_helper_tests.TestIRFFTN


def _numpy_test_names(module, prefix=""):
    """The module's test names, "Test"/"test_" followed by `prefix`."""
    return {n[:5] + prefix + n[5:] if n.startswith("test_") else n[:4] + prefix + n[4:]
            for n in dir(module) if n.startswith(("test_", "Test"))}


def test_every_numpy_test_is_collected_here():
    """A new test in numpy's modules must be added above (or documented as not applying)."""
    assert _numpy_test_names(numpy_tests) <= set(globals())
    assert _numpy_test_names(numpy_helper_tests, "Helper") <= set(globals())
