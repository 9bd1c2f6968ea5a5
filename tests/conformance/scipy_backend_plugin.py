"""pytest plugin: scipy.fft's own tests with pysyclfft as scipy.fft's backend.

    cd tests/conformance
    python -m pytest -p scipy_backend_plugin --pyargs scipy.fft.tests -q
    python -m pytest -p scipy_backend_plugin --pyargs scipy.fft.tests -q --pysyclfft-only

By default pysyclfft.interfaces.scipy_fft (wrapped to note what it hands back)
becomes the global backend and scipy's own stays registered behind it, so a call pysyclfft hands back
(NotImplemented) is computed by scipy: what a user gets from
    scipy.fft.set_global_backend(pysyclfft.interfaces.scipy_fft)
    scipy.fft.register_backend("scipy")
With --pysyclfft-only nothing stands behind it (set_global_backend(..., only=True)):
every call pysyclfft hands back raises uarray's BackendNotImplementedError. The
summary then sorts the failures: those (by multimethod) and any other, which
is a wrong answer or a crash of pysyclfft's. Results are in docs/conformance.md.
"""
import collections

import pytest
import scipy.fft
from scipy._lib.uarray import BackendNotImplementedError

from pysyclfft.interfaces import scipy_fft

_handed_back = collections.Counter()  # multimethod -> failed tests it raised BackendNotImplementedError in
_other_failures = []
_declined = []  # what pysyclfft handed back during the current test, in order
UARRAY_MESSAGE = "No selected backends had an implementation for this function"


def _why(args, kwargs):
    if args and scipy_fft._unsupported_array(args[0]):
        return "long double"
    if kwargs.get("plan") is not None:
        return "a plan not pysyclfft's"
    return "not a pysyclfft transform"


class _RecordingBackend:
    """pysyclfft's backend, noting what it hands back (uarray's error does not say)."""
    __ua_domain__ = scipy_fft.__ua_domain__

    @staticmethod
    def __ua_function__(method, args, kwargs):
        result = scipy_fft.__ua_function__(method, args, kwargs)
        if result is NotImplemented:
            _declined.append(f"{method.__name__} ({_why(args, kwargs)})")
        return result

    @staticmethod
    def __ua_convert__(dispatchables, coerce):
        result = scipy_fft.__ua_convert__(dispatchables, coerce)
        if result is NotImplemented:
            _declined.append("argument conversion: " + ", ".join(type(d.value).__name__ for d in dispatchables))
        return result


def pytest_addoption(parser):
    parser.addoption("--pysyclfft-only", action="store_true",
                     help="pysyclfft as scipy.fft's only backend (no scipy fallback)")


def pytest_configure(config):
    only = config.getoption("--pysyclfft-only")
    scipy.fft.set_global_backend(_RecordingBackend, only=only)
    if not only:
        scipy.fft.register_backend("scipy")


def pytest_report_header(config):
    if config.getoption("--pysyclfft-only"):
        return "pysyclfft.interfaces.scipy_fft is scipy.fft's only backend (only=True)"
    return "pysyclfft.interfaces.scipy_fft is scipy.fft's global backend (scipy's own registered behind it)"


def pytest_runtest_setup(item):
    _declined.clear()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed and call.excinfo is not None:
        # uarray's error, or a pytest.raises(NotImplementedError, match=scipy's message) that got it
        if call.excinfo.errisinstance(BackendNotImplementedError) or UARRAY_MESSAGE in str(call.excinfo.value):
            _handed_back[_declined[-1] if _declined else "(not recorded)"] += 1
        else:
            _other_failures.append(f"{item.nodeid}: {call.excinfo.typename}")


def pytest_terminal_summary(terminalreporter):
    if not (_handed_back or _other_failures):
        return
    write = terminalreporter.write_line
    write(f"failed through NotImplemented (BackendNotImplementedError): {sum(_handed_back.values())}")
    for name, count in sorted(_handed_back.items()):
        write(f"    {name}: {count}")
    write(f"other failures: {len(_other_failures)}")
    for line in _other_failures:
        write(f"    {line}")
