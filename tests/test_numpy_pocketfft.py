"""numpy's own tests (numpy/fft/tests/test_pocketfft.py) run with numpy.fft's
transforms replaced by pysyclfft's: the complex ones, and any real or Hermitian
one as soon as pysyclfft has a function of that name.

numpy's module is loaded privately while numpy.fft holds our functions, so the
functions its parametrize lists capture are ours too; numpy.fft itself is
patched only while one of these tests runs.

Tests that cannot apply, and why:
- test_rfftn's regression check for gh-27159 transforms one axis twice with
  different lengths (numpy resizes between the passes); pysyclfft raises
  NotImplementedError for that: strict xfail.
- long double variants: pysyclfft computes in double precision at most and returns
  complex128 where numpy keeps long double (the scipy backend hands long double
  back to scipy for this reason).
"""
import importlib.util

import numpy as np
import pytest

import pysyclfft

NUMPY_NAMES = ("fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn",
               "irfftn", "hfft", "ihfft")
REPLACED = {name: getattr(pysyclfft, name) for name in NUMPY_NAMES if hasattr(pysyclfft, name)}


def _load_numpy_tests():
    saved = {name: getattr(np.fft, name) for name in REPLACED}
    try:
        for name, fn in REPLACED.items():
            setattr(np.fft, name, fn)
        spec = importlib.util.find_spec("numpy.fft.tests.test_pocketfft")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        for name, fn in saved.items():
            setattr(np.fft, name, fn)


numpy_tests = _load_numpy_tests()


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


REPEATED_AXIS = pytest.mark.xfail(raises=NotImplementedError, strict=True,
                                  reason="an axis repeated with different lengths in s is not supported")
LONG_DOUBLE = "pysyclfft computes in double precision at most (long double gives complex128)"


def _skip_long_double(fn):
    """numpy's dtype-parametrized test with long double skipped."""
    def test(self, dtype):
        if dtype == np.longdouble and np.dtype(np.longdouble).itemsize > 8:
            pytest.skip(LONG_DOUBLE)
        return fn(self, dtype)

    test.__name__, test.__qualname__ = fn.__name__, fn.__qualname__
    test.pytestmark = list(getattr(fn, "pytestmark", []))
    return test


class TestFFT1D(numpy_tests.TestFFT1D):
    # Every length up to 511 in both precisions: hundreds of run-time compilations.
    test_identity = _marked(numpy_tests.TestFFT1D.test_identity, pytest.mark.slow)
    test_rfftn = _marked(numpy_tests.TestFFT1D.test_rfftn, REPEATED_AXIS)
    test_identity_long_short = _skip_long_double(numpy_tests.TestFFT1D.test_identity_long_short)
    test_identity_long_short_reversed = _skip_long_double(numpy_tests.TestFFT1D.test_identity_long_short_reversed)


TestFFTThreadSafe = numpy_tests.TestFFTThreadSafe


TestFFTShift = numpy_tests.TestFFTShift
test_fft_with_order = numpy_tests.test_fft_with_order
test_fft_output_order = numpy_tests.test_fft_output_order
test_irfft_with_n_1_regression = numpy_tests.test_irfft_with_n_1_regression
test_irfft_with_n_large_regression = numpy_tests.test_irfft_with_n_large_regression
test_fft_with_integer_or_bool_input = numpy_tests.test_fft_with_integer_or_bool_input


def test_every_numpy_test_is_collected_here():
    """A new test in numpy's module must be added above (or documented as not applying)."""
    theirs = {n for n in dir(numpy_tests) if n.startswith(("test_", "Test"))}
    assert theirs <= set(globals())
