"""The dpnp drop-in (pysyclfft.patch_dpnp_fft) behaving as dpnp.fft: each outcome, a
result or an exception class, is dpnp's own for the same call. Needs dpnp."""
import numpy as np
import pytest

dpnp = pytest.importorskip("dpnp")
import dpctl  # noqa: E402
import dpnp.tensor as dpt  # noqa: E402
from dpnp.exceptions import ExecutionPlacementError  # noqa: E402

import pysyclfft  # noqa: E402
from pysyclfft.interfaces import dpnp_fft  # noqa: E402
from test_conformance import close, random  # noqa: E402


@pytest.mark.parametrize("f", ["fftfreq", "rfftfreq"])
def test_dpnp_frequencies_are_dpnp_arrays(f):
    dpnp_default = getattr(dpnp_fft, f)(10, 0.1)  # dpnp.fft's: always a dpnp array
    assert isinstance(dpnp_default, dpnp.ndarray)
    np.testing.assert_allclose(dpnp_default.asnumpy(), getattr(np.fft, f)(10, 0.1),
                               rtol=4 * np.finfo(dpnp_default.dtype).eps)


# ---------------------------------------------------------------- dpnp drop-in

def _both(call):
    """(dpnp's outcome, the patched outcome): a result or the exception class."""
    outcomes = []
    for patched in (False, True):
        if patched:
            pysyclfft.patch_dpnp_fft()
        try:
            outcomes.append(call())
        except Exception as error:
            outcomes.append(type(error))
        finally:
            pysyclfft.restore_dpnp_fft()
    return outcomes


def test_dpnp_out_usm_ndarray_gives_a_dpnp_array():
    x = dpnp.asarray(random(8))
    theirs, ours = _both(lambda: dpnp.fft.fft(x, out=dpt.empty(8, dtype="c16", sycl_queue=x.sycl_queue)))
    assert type(theirs) is type(ours) is dpnp.ndarray
    close(ours.asnumpy(), theirs.asnumpy(), 8)


@pytest.mark.parametrize("case", [
    "0-d fft", "0-d fftn", "rfftn no axes", "irfftn no axes", "s without axes", "out wrong shape", "out real for fft",
    "out complex for irfft", "out on another queue", "out numpy"])
def test_dpnp_exception_classes(case):
    x = dpnp.asarray(random(8))
    r = dpnp.ones((2, 8))
    calls = {
        "0-d fft": lambda: dpnp.fft.fft(dpnp.asarray(1.0)),
        "0-d fftn": lambda: dpnp.fft.fftn(dpnp.asarray(1.0)),
        "rfftn no axes": lambda: dpnp.fft.rfftn(r, axes=()),
        "irfftn no axes": lambda: dpnp.fft.irfftn(r, axes=()),
        "s without axes": lambda: dpnp.fft.fftn(r, s=(2, 8)),
        "out wrong shape": lambda: dpnp.fft.fft(x, out=dpnp.empty(7, dtype="c16")),
        "out real for fft": lambda: dpnp.fft.fft(x, out=dpnp.empty(8, dtype="f8")),
        "out complex for irfft": lambda: dpnp.fft.irfft(x, out=dpnp.empty(14, dtype="c16")),
        "out on another queue": lambda: dpnp.fft.fft(x, out=dpnp.empty(8, dtype="c16", sycl_queue=dpctl.SyclQueue())),
        "out numpy": lambda: dpnp.fft.fft(x, out=np.empty(8, dtype="c16")),
    }
    theirs, ours = _both(calls[case])
    if case == "out on another queue":
        assert theirs is ExecutionPlacementError
    if isinstance(theirs, type):
        assert isinstance(ours, type) and issubclass(ours, theirs), (case, theirs, ours)
    else:
        assert type(ours) is type(theirs) and ours.shape == theirs.shape
        np.testing.assert_array_equal(ours.asnumpy(), theirs.asnumpy())


@pytest.mark.parametrize("name", ["fftfreq", "rfftfreq"])
def test_dpnp_frequency_errors(name):
    """dpnp.fft raises ValueError for a non-integer n, a non-scalar d and an integer dtype."""
    for args, kwargs in (((10.0,), {}), ((10, (2,)), {}), ((10, 2), {"dtype": dpnp.intp})):
        theirs, ours = _both(lambda: getattr(dpnp.fft, name)(*args, **kwargs))
        assert theirs is ValueError and ours is ValueError, (args, kwargs, theirs, ours)
