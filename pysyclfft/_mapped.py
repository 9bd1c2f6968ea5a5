"""Shared plumbing of the real and trigonometric transforms: preparing the
input where it will be computed, running a map (kernels/map_kind.hpp) along an
axis (AxisMap: fused into one kernel or as passes around a complex plan), and
handing the result back as the caller's array kind."""
import numpy as np

from . import _arrays, _c2c, _core, _device_array, _launch, _memory, _plans

RealTransform = _core.RealTransform

# Tests set this to run the unfused path on lengths the fused kernel handles.
force_unfused = False


def queue_and_kind(x):
    kind = _arrays.kind_of(x)
    queue = _arrays.default_queue() if kind == _arrays.ArrayKind.NUMPY else _arrays.as_device_array(x).sycl_queue
    return queue, kind


def device_input(x, kind, queue, axes, lengths, dtype):
    """x cropped/zero-padded to `lengths` along `axes`, converted to `dtype`, as a
    DeviceArray on `queue`. Returns (array, owned): owned arrays are private
    contiguous copies the caller may overwrite."""
    if kind == _arrays.ArrayKind.NUMPY:
        host = np.ascontiguousarray(_c2c._host_input(np.asarray(x), axes, lengths, dtype))
        dev = _memory.empty(host.shape, dtype, queue)
        _device_array.from_host(dev, host)
        return dev, True
    return _c2c._device_input(_arrays.as_device_array(x), axes, lengths, dtype)


def private_copy(a, owned):
    """`a` itself when owned, else a contiguous copy (for in-place passes)."""
    return a if owned else _memory.copy(a)


def empty_like_shape(src, shape, dtype):
    return _memory.empty(shape, dtype, src.sycl_queue, src.usm_type)


class AxisMap:
    """The compiled plans of one map transform of data length n: the fused kernel
    where its FFT fits one work-group, else load pass, complex plan, store pass.
    Built once by a Plan (pysyclfft/_plan.py), run along any axis."""

    def __init__(self, queue, transform, n, is_double, memory="auto"):
        self.transform, self.n = transform, n
        if not force_unfused and _core.is_single_kernel_mapped(queue, transform, n, is_double):
            self._fused = _plans.mapped_plan(queue, transform, n, is_double)
            return
        if memory == "minimal":  # the unfused form runs its FFT on a buffer of the data's size
            raise ValueError(f"pysyclfft: memory='minimal': the {transform.name} length {n} needs a work buffer "
                             "(its FFT does not fit one work-group); use memory='auto'")
        self._fused = None
        fft_length = _core.mapped_fft_length(transform, n)
        self._fft = _plans.c2c_plan(queue, fft_length, is_double)
        self._passes = _plans.map_pass_plan(queue, transform, n, is_double)
        self._buffer_dtype = np.complex128 if is_double else np.complex64

    @property
    def workspace_bytes(self):
        if self._fused is not None:
            return self._fused.workspace_bytes
        return self._passes.workspace_bytes + self._fft.workspace_bytes

    def describe(self):
        if self._fused is not None:
            return f"{self.transform.name}: {self._fused.describe()}"
        return f"{self.transform.name} n={self.n}: load pass, {self._fft.describe()}, store pass"

    def run(self, src, dst, axis, scale, edge_in=1.0, edge_out=1.0, conjugate=False):
        """The transform along `axis` from src into dst (distinct arrays; dst's
        length along `axis` is the output length). `conjugate` conjugates the
        complex side (input of c2r, output of r2c)."""
        if dst.size == 0:
            return
        scalars = (float(scale), float(edge_in), float(edge_out), -1.0 if conjugate else 1.0)
        if self._fused is not None:
            _launch.launch_along_axis(self._fused, src, dst, axis, *scalars)
            return
        buffer = _fft_buffer(src, axis, self._fft.n, self._buffer_dtype)
        _launch.launch_along_axis(self._passes, src, buffer, axis, False, *scalars)
        # Unnormalised in both directions (scale 1), in place on the buffer.
        _launch.launch_along_axis(self._fft, buffer, buffer, axis, self._passes.fft_forward, 1.0)
        _launch.launch_along_axis(self._passes, buffer, dst, axis, True, *scalars)


def _fft_buffer(src, axis, length, dtype):
    """A buffer shaped like src but `length` long along `axis`, that axis contiguous."""
    order = [d for d in range(src.ndim) if d != axis] + [axis]
    shape = [src.shape[d] for d in order[:-1]] + [length]
    buffer = _memory.empty(shape, dtype, src.sycl_queue, src.usm_type)
    return buffer.permuted(tuple(int(i) for i in np.argsort(order)))


def _check_out(out, shape, dtype, kind):
    if kind == _arrays.ArrayKind.NUMPY:
        if not isinstance(out, np.ndarray):
            raise TypeError("pysyclfft: out must be a numpy array when the input is a numpy array")
    elif not _arrays.is_usm(out):
        raise TypeError("pysyclfft: out must be a USM array (dpnp.ndarray, usm_ndarray, DeviceArray) when the input "
                        "is one")
    if tuple(out.shape) != tuple(shape):
        raise ValueError(f"pysyclfft: out has wrong shape {tuple(out.shape)}, expected {tuple(shape)}")
    if np.dtype(out.dtype) != np.dtype(dtype):
        raise TypeError(f"pysyclfft: Cannot cast the {np.dtype(dtype)} result to out's dtype {out.dtype}")


def output_array(src, shape, dtype, kind, out):
    """Where a transform of src writes its result: a USM `out` itself when it does
    not share memory with src, else a new C-contiguous array (deliver() then
    copies it into `out`). Checks `out` before any work starts."""
    if out is None:
        return empty_like_shape(src, shape, dtype)
    _check_out(out, shape, dtype, kind)
    if kind != _arrays.ArrayKind.NUMPY:
        o = _arrays.as_device_array(out)
        if o.sycl_queue != src.sycl_queue:
            raise ValueError("pysyclfft: out is on a different SYCL queue than the input")
        if not _c2c._shares_memory(o, src):
            return o
    return empty_like_shape(src, shape, dtype)


def deliver(y, kind, out):
    """The result y (from output_array) as the caller's array kind, or in `out`."""
    if out is None:
        return _arrays.wrap_result(y, kind)
    if kind == _arrays.ArrayKind.NUMPY:
        _device_array.to_host(y, into=out)
        return out
    o = _arrays.as_device_array(out)
    if _launch.usm_view(o) != _launch.usm_view(y):
        _memory.assign(o, y)  # out overlapped the input: the result went to a new array
    return out
