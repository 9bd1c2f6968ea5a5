"""numpy arrays on a device whose kernels read host memory (the OpenCL CPU device:
aspect::usm_system_allocations) are transformed where they lie, with no copies to
device memory and back (_transform.run_host, _core.reads_host_memory); views the
kernels cannot load in place (misaligned) and outputs overlapping the input go
through device copies. Results against numpy/scipy in float64, inputs unchanged."""
import numpy as np
import pytest
import scipy.fft

import pysyclfft
from pysyclfft import _arrays, _core, _memory
from conftest import random_complex
from real_helpers import assert_close

pytestmark = pytest.mark.skipif(not _core.reads_host_memory(_arrays.default_queue()),
                                reason="the default device copies numpy arrays to device memory")
ERROR_CONSTANT = 3.0  # times eps * log2(n)
N = 1000
PADDED = (50, 44)


@pytest.fixture
def copies(monkeypatch):
    """The sizes of the device blocks numpy calls take for their copies."""
    taken = []
    real = _memory.block

    def counting(nbytes, queue, *args, **kwargs):
        taken.append(nbytes)
        return real(nbytes, queue, *args, **kwargs)

    monkeypatch.setattr(_memory, "block", counting)
    return taken


def random(shape, dtype):
    rng = np.random.default_rng(0)
    return random_complex(rng, shape, dtype) if np.dtype(dtype).kind == "c" else rng.uniform(-1, 1, shape).astype(dtype)


CASES = [  # (our function, the float64 reference, input dtype, shape)
    (pysyclfft.fft, np.fft.fft, np.complex64, (7, N)),
    (pysyclfft.ifft, np.fft.ifft, np.complex128, (7, N)),
    (pysyclfft.rfft, np.fft.rfft, np.float32, (7, N)),
    (pysyclfft.irfft, np.fft.irfft, np.complex128, (7, N // 2 + 1)),
    (pysyclfft.fft2, np.fft.fft2, np.complex64, (3, 48, 40)),
    (pysyclfft.irfft2, np.fft.irfft2, np.complex64, (3, 48, 25)),  # c2r passes over a half spectrum
    (lambda x: pysyclfft.dct(x, 2), lambda x: scipy.fft.dct(x, 2), np.float64, (7, N)),
    # Zero-padded n-D transforms: the input's padded copy, many copy commands,
    # read where it lies.
    (lambda x: pysyclfft.fft2(x, s=PADDED), lambda x: np.fft.fft2(x, s=PADDED), np.complex64, (3, 48, 40)),
    (lambda x: pysyclfft.rfft2(x, s=PADDED), lambda x: np.fft.rfft2(x, s=PADDED), np.float32, (3, 48, 40)),
    (lambda x: pysyclfft.dctn(x, 2, s=PADDED, axes=(1, 2)), lambda x: scipy.fft.dctn(x, 2, s=PADDED, axes=(1, 2)),
     np.float64, (3, 48, 40)),
]


@pytest.mark.parametrize("ours, ref, dtype, shape", CASES)
def test_arrays_are_transformed_where_they_lie(copies, ours, ref, dtype, shape):
    x = random(shape, dtype)
    kept = x.copy()
    x.flags.writeable = False  # read where it lies, never written
    got = ours(x)
    assert copies == [], "the call copied through device memory"
    assert_close(got, ref(kept.astype(np.complex128 if x.dtype.kind == "c" else np.float64)),
                 got.dtype, shape[-1], ERROR_CONSTANT)
    assert np.array_equal(x, kept)


def test_out_over_its_own_input(copies):
    x = random((7, N), np.complex64)
    ref = np.fft.fft(x.astype(np.complex128))
    assert pysyclfft.fft(x, out=x) is x
    assert copies == []
    assert_close(x, ref, np.complex64, N, ERROR_CONSTANT)


def test_overlapping_out_goes_through_the_device(copies):
    """out shares memory with the input without being it: staged through device copies."""
    buffer = random(N + 8, np.complex64)
    x, out = buffer[:N], buffer[8:]
    ref = np.fft.fft(x.astype(np.complex128))
    assert pysyclfft.fft(x, out=out) is out
    assert copies != []
    assert_close(out, ref, np.complex64, N, ERROR_CONSTANT)


def test_misaligned_views_go_through_the_device(copies):
    raw = np.zeros(N * 8 + 64, np.uint8)
    start = 4 - raw.ctypes.data % 16 + 16  # 4 bytes past a 16-byte boundary
    x = raw[start:start + N * 8].view(np.complex64)
    x[...] = random(N, np.complex64)
    assert x.ctypes.data % 16 == 4
    got = pysyclfft.fft(x)
    assert copies != []
    assert_close(got, np.fft.fft(x.astype(np.complex128)), np.complex64, N, ERROR_CONSTANT)
