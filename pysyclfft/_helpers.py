"""Array helpers of the fft namespaces: sample frequencies, shifts and fast lengths.

fftfreq/rfftfreq return numpy arrays unless a SYCL placement is asked for
(dpnp's signature): then the (small) frequency vector is computed on the host
and copied to the requested queue, a dpnp array when dpnp is installed, else a
DeviceArray. The shifts roll USM arrays as block copies on the device
(pysyclfft/_memory.py assign), CuPy arrays and CUDA tensors by their library on
its stream, and numpy arrays on the host, so no data crosses between them."""
import itertools

import numpy as np

import dpctl

from . import _args, _arrays, _core, _cuda_arrays, _device_array, _memory

# Prime factors the kernels have radices for: lengths made of them are fastest.
FAST_PRIMES = tuple(_core.radix_primes())


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


def _placement_queue(device, sycl_queue):
    """The queue of dpnp's (device, sycl_queue) arguments: None is the default
    device's cached queue, as dpnp's own constructors use."""
    if sycl_queue is not None:
        return sycl_queue
    if device is None:
        return dpctl.get_device_cached_queue(dpctl.select_default_device())
    if isinstance(device, dpctl.SyclQueue):
        return device
    if hasattr(device, "sycl_queue"):  # dpnp's Device
        return device.sycl_queue
    return dpctl.get_device_cached_queue(device if isinstance(device, dpctl.SyclDevice) else dpctl.SyclDevice(device))


def _on_device(host, dtype, device, usm_type, sycl_queue):
    """The host frequencies as a dpnp array (or DeviceArray without dpnp) of
    `dtype`, which defaults to float64 where the device has it (dpnp's rule)."""
    queue = _placement_queue(device, sycl_queue)
    if dtype is None:
        dtype = np.float64 if queue.sycl_device.has_aspect_fp64 else np.float32
    result = _memory.empty(host.shape, dtype, queue, usm_type or "device")
    _device_array.from_host(result, host)
    return _arrays.wrap_result(result, _arrays.ArrayKind.DPNP if _arrays.has_dpnp() else _arrays.ArrayKind.DEVICE)


def sample_frequencies(n, d, full, dtype=None, device=None, usm_type=None, sycl_queue=None, on_device=None):
    """fftfreq (full=True) or rfftfreq (full=False) of n samples spaced d.

    A numpy array (float64 unless `dtype`) when no SYCL placement is asked for
    (numpy in, numpy out); a device array (dpnp, or DeviceArray without dpnp) on
    `device`/`sycl_queue` when one is, or when `on_device` (dpnp.fft)."""
    n, d, dtype = _args.check_points(n, "n", ValueError), _check_spacing(d), _check_float_dtype(dtype)
    if on_device is None:
        on_device = device is not None or usm_type is not None or sycl_queue is not None
    k = np.arange(n if full else n // 2 + 1, dtype=np.float64)
    if full:
        k[(n + 1) // 2:] -= n  # negative frequencies follow the non-negative ones
    k *= 1.0 / (n * d)
    if on_device:
        return _on_device(k, dtype, device, usm_type, sycl_queue)
    return k if dtype is None else k.astype(dtype)


def fftfreq(n, /, d=1.0, *, dtype=None, device=None, usm_type=None, sycl_queue=None):
    """Sample frequencies of an n-point FFT with spacing d:
    [0, 1, ..., (n-1)//2, -(n//2), ..., -1] / (n*d) (numpy.fft.fftfreq).
    A numpy array, or a device array when `device` (a SYCL device, queue or filter
    string), `usm_type` or `sycl_queue` is given (dpnp.fft.fftfreq)."""
    return sample_frequencies(n, d, True, dtype, device, usm_type, sycl_queue)


def rfftfreq(n, /, d=1.0, *, dtype=None, device=None, usm_type=None, sycl_queue=None):
    """Sample frequencies of an n-point real FFT: [0, 1, ..., n//2] / (n*d)
    (numpy.fft.rfftfreq); numpy or device array as fftfreq."""
    return sample_frequencies(n, d, False, dtype, device, usm_type, sycl_queue)


@_cuda_arrays.keeps_current_context
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
    producer = _arrays.cuda_producer_of(x)  # a CUDA library rolls its arrays on its stream
    rolled = None if producer is None else producer.roll(x, shifts, axes)
    if rolled is not None:
        return rolled
    a = _arrays.as_device_array(x)
    with _cuda_arrays.ordered(producer, x, a.sycl_queue):
        return _arrays.wrap_result(_device_roll(a, shifts, axes), _arrays.kind_of(x))


def _device_roll(a, shifts, axes):
    """a rolled by `shifts` along `axes` (repeats add up): each axis splits into
    two blocks that swap places, so the result is 2**len(axes) block copies."""
    total = [0] * a.ndim
    for axis, shift in zip(axes, shifts):
        total[axis] += shift
    rolled = _memory.empty(a.shape, a.dtype, a.sycl_queue, a.usm_type)
    pieces = []
    for n, shift in zip(a.shape, total):
        k = shift % n if n else 0
        pieces.append([(slice(0, n - k), slice(k, n)), (slice(n - k, n), slice(0, k))])
    for combination in itertools.product(*pieces):
        source = tuple(src for src, _ in combination)
        target = tuple(dst for _, dst in combination)
        block = rolled[target]
        if block.size:
            _memory.assign(block, a[source])
    return rolled


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
