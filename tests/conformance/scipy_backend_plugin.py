"""pytest plugin: scipy.fft's own tests with pysyclfft as scipy.fft's backend.

    cd tests/conformance
    python -m pytest -p scipy_backend_plugin --pyargs scipy.fft.tests -q

pysyclfft.interfaces.scipy_fft becomes the global backend and scipy's own stays
registered behind it, so a call pysyclfft hands back (NotImplemented) is
computed by scipy: what a user gets from
    scipy.fft.set_global_backend(pysyclfft.interfaces.scipy_fft)
    scipy.fft.register_backend("scipy")
Results are recorded in docs/conformance.md.
"""
import scipy.fft

import pysyclfft


def pytest_configure(config):
    scipy.fft.set_global_backend(pysyclfft.interfaces.scipy_fft)
    scipy.fft.register_backend("scipy")


def pytest_report_header(config):
    return "pysyclfft.interfaces.scipy_fft is scipy.fft's global backend (scipy's own registered behind it)"
