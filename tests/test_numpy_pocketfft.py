"""numpy's own tests (numpy/fft/tests/test_pocketfft.py) run with numpy.fft's
complex transforms replaced by pysyclfft's."""
import numpy as np
import pytest
from numpy.fft.tests import test_pocketfft as numpy_tests
from numpy.fft.tests.test_pocketfft import *  # noqa: F401,F403  (pytest collects them here)

import pysyclfft

REPLACED = ("fft", "ifft", "fft2", "ifft2", "fftn", "ifftn")


@pytest.fixture(autouse=True)
def pysyclfft_in_numpy_fft(monkeypatch):
    for name in REPLACED:
        monkeypatch.setattr(np.fft, name, getattr(pysyclfft, name))
