"""pytest plugin: dpnp's own fft tests with dpnp.fft patched by pysyclfft.

    cd tests/conformance
    python -m pytest -p dpnp_patch_plugin --pyargs dpnp.tests.test_fft \
        dpnp.tests.third_party.cupy.fft_tests.test_fft -q

pysyclfft.patch_dpnp_fft() replaces dpnp.fft's functions for the whole session;
results are recorded in docs/conformance.md.
"""
import pysyclfft


def pytest_configure(config):
    pysyclfft.patch_dpnp_fft()


def pytest_report_header(config):
    return "dpnp.fft patched by pysyclfft.patch_dpnp_fft()"
