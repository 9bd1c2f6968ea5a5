"""Array helpers of the fft namespaces: sample frequencies, shifts and fast lengths.

fftfreq/rfftfreq return numpy arrays unless a SYCL device is asked for (then
dpnp arrays; dpnp's signature); the shifts roll USM arrays on their device and
numpy arrays on the host, so no data crosses between them."""
import operator

import numpy as np

import dpnp
import dpnp.tensor as dpt

from . import _args, _arrays

# Prime factors the kernels have radices for: lengths made of them are fastest.
FAST_PRIMES = (2, 3, 5, 7, 11, 13)


def _check_count(n):
    """numpy's rule: n must be an integer (ValueError otherwise); here also >= 1."""
    if isinstance(n, (bool, np.bool_)):
        raise ValueError("pysyclfft: n (the number of samples) must be an integer, got bool")
    try:
        n = operator.index(n)
    except TypeError:
        raise ValueError(f"pysyclfft: n (the number of samples) must be an integer, got {type(n).__name__}") from None
    if n < 1:
        raise ValueError(f"pysyclfft: n (the number of samples) must be >= 1, got {n}")
    return n


def _check_spacing(d):
    if not np.isscalar(d) or isinstance(d, (str, bytes)) or not np.isrealobj(d):
        raise TypeError(f"pysyclfft: d (the sample spacing) must be a real scalar, got {d!r}")
    if d == 0:
        raise ValueError("pysyclfft: d (the sample spacing) must not be 0")
    return d


def _check_float_dtype(dtype):
    if dtype is not None and np.dtype(dtype).kind != "f":
        raise TypeError(f"pysyclfft: dtype must be a real floating-point type, got {np.dtype(dtype)}")
    return dtype


def sample_frequencies(n, d, full, dtype=None, device=None, usm_type=None, sycl_queue=None, on_device=None):
    """fftfreq (full=True) or rfftfreq (full=False) of n samples spaced d.

    A numpy array (float64 unless `dtype`) when no SYCL placement is asked for
    (numpy in, numpy out); a dpnp array on `device`/`sycl_queue` (dpnp's default
    float type unless `dtype`) when one is, or when `on_device` (dpnp.fft)."""
    n, d, dtype = _check_count(n), _check_spacing(d), _check_float_dtype(dtype)
    if on_device is None:
        on_device = device is not None or usm_type is not None or sycl_queue is not None
    stop = n if full else n // 2 + 1
    if on_device:
        if dtype is None:
            dtype = dpnp.default_float_type(device=device, sycl_queue=sycl_queue)
        k = dpnp.arange(stop, dtype=dtype, device=device, usm_type=usm_type, sycl_queue=sycl_queue)
    else:
        k = np.arange(stop, dtype=np.float64)
    if full:
        k[(n + 1) // 2:] -= n  # negative frequencies follow the non-negative ones
    k *= 1.0 / (n * d)
    return k if on_device or dtype is None else k.astype(dtype)


def fftfreq(n, /, d=1.0, *, dtype=None, device=None, usm_type=None, sycl_queue=None):
    """Sample frequencies of an n-point FFT with spacing d:
    [0, 1, ..., (n-1)//2, -(n//2), ..., -1] / (n*d) (numpy.fft.fftfreq).
    A numpy array, or a dpnp array when `device` (a SYCL device, queue or filter
    string), `usm_type` or `sycl_queue` is given (dpnp.fft.fftfreq)."""
    return sample_frequencies(n, d, True, dtype, device, usm_type, sycl_queue)


def rfftfreq(n, /, d=1.0, *, dtype=None, device=None, usm_type=None, sycl_queue=None):
    """Sample frequencies of an n-point real FFT: [0, 1, ..., n//2] / (n*d)
    (numpy.fft.rfftfreq); numpy or dpnp array as fftfreq."""
    return sample_frequencies(n, d, False, dtype, device, usm_type, sycl_queue)


def _roll_to(x, axes, shift_of_length):
    shape = _arrays.shape_of(x)
    if axes is None:
        axes = tuple(range(len(shape)))
    elif np.ndim(axes) == 0:
        axes = (axes,)
    axes = tuple(_args.normalize_axis(a, len(shape), "axes") for a in axes)
    shifts = tuple(shift_of_length(shape[a]) for a in axes)
    if not _arrays.is_usm(x):
        return np.roll(np.asarray(x), shifts, axes)
    y = dpt.roll(_arrays.as_usm_ndarray(x), shift=shifts, axis=tuple(axes))
    return _arrays.wrap_result(y, _arrays.kind_of(x))


def fftshift(x, axes=None):
    """Move the zero-frequency term to the centre (numpy.fft.fftshift); USM
    arrays are shifted on their device."""
    return _roll_to(x, axes, lambda n: n // 2)


def ifftshift(x, axes=None):
    """Inverse of fftshift (numpy.fft.ifftshift)."""
    return _roll_to(x, axes, lambda n: -(n // 2))


def next_fast_len(target, real=False):
    """Smallest length >= target whose prime factors all have kernel radices
    (2, 3, 5, 7, 11, 13); `real` is accepted for scipy.fft compatibility."""
    n = _args.check_integer(target, "target", 0)
    return n if n <= 1 else _smallest_smooth_at_least(n, tuple(sorted(FAST_PRIMES, reverse=True)))


def _smallest_smooth_at_least(target, primes):
    """Smallest product of powers of `primes` that is >= target. Each power of the
    first prime is completed by the others recursively, so the work grows with
    the count of smooth numbers below target, not with the gap to the next one
    (a search n, n+1, ... near 10**18 never ends: 13-smooth numbers are sparse)."""
    p, rest = primes[0], primes[1:]
    if not rest:
        n = 1
        while n < target:
            n *= p
        return n
    best = _smallest_smooth_at_least(target, rest)
    power = p
    while power < best:
        best = min(best, power * _smallest_smooth_at_least(-(-target // power), rest))
        power *= p
    return best
