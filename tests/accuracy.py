"""Accuracy measurement shared by tests/test_accuracy.py and benchmarks/accuracy_report.py.

Inputs are uniform in [-0.5, 0.5); references come from scipy.fft in long double
(80-bit on x86, eps 1.1e-19), so they are exact to far below float64's rounding.
Errors are normalised: L2 = ||y - ref|| / ||ref||, max = max|y - ref| / max|ref|.
"""
import numpy as np
import scipy.fft as sfft

# Normalised L2 bounds the issue sets (better than cuFFT's 2-6e-7, VkFFT's 1-1.4e-6 in fp32).
L2_BOUND = {np.complex64: 3e-7, np.complex128: 6e-16}


def random_complex(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    real = rng.uniform(-0.5, 0.5, shape) + 1j * rng.uniform(-0.5, 0.5, shape)
    return real.astype(dtype)


def long_double_reference(x, forward=True):
    xl = np.asarray(x).astype(np.clongdouble)
    return sfft.fft(xl, axis=-1) if forward else sfft.ifft(xl, axis=-1)


def errors(y, ref):
    y = np.asarray(y).astype(np.clongdouble)
    diff = np.abs(y - ref)
    l2 = float(np.sqrt(np.sum(diff.astype(np.longdouble) ** 2)) / np.sqrt(np.sum(np.abs(ref) ** 2)))
    return l2, float(diff.max() / np.abs(ref).max())


def random_real(shape, dtype, seed=0):
    return np.random.default_rng(seed).uniform(-0.5, 0.5, shape).astype(dtype)


def _trig(name, t):
    return (lambda lib: lambda x: getattr(lib, name)(x, t, norm="ortho"))


# Real-input kinds: name -> (how to call a library given its module, input is a half spectrum).
# irfft takes the half spectrum of a random real signal; the others take the real signal.
REAL_KINDS = {
    "rfft": (lambda lib: lib.rfft, False),
    "irfft": (lambda lib: lambda X, n: lib.irfft(X, n), True),
    **{f"{name}{t}": (_trig(name, t), False) for name in ("dct", "dst") for t in (1, 2, 3, 4)},
}


def real_kind_case(kind, n, batch, dtype, seed=0):
    """(input for the library, long-double reference, call(lib, x)) of a real-input kind."""
    make, spectral = REAL_KINDS[kind]
    x = random_real((batch, n), dtype, seed)
    if not spectral:
        return x, make(sfft)(x.astype(np.longdouble)), lambda lib, a: make(lib)(a)
    spectrum = sfft.rfft(x.astype(np.longdouble))
    cdtype = np.complex64 if np.dtype(dtype) == np.float32 else np.complex128
    return spectrum.astype(cdtype), make(sfft)(spectrum, n), lambda lib, a: make(lib)(a, n)
