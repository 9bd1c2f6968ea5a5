"""scipy.fft-compatible discrete cosine and sine transforms, types I-IV.

Each axis is one map pass (kernels/trig_maps.hpp): a complex FFT whose load and
store apply the transform's pre/post-processing, fused into one kernel (one trip
through memory per axis) where the FFT fits one work-group. Complex input is transformed as its real and
imaginary parts (scipy's behaviour), through a real view of a private copy.

The Plan kinds "dct1".."dct4" and "dst1".."dst4" (pysyclfft/_plan.py) run them:
forward is the transform of that type, backward its inverse.
"""

import numpy as np

from . import _args, _arrays, _c2c, _info, _memory, _plan
from ._arrays import shape_of
from ._mapped import (AxisMap, RealTransform, deliver, device_input, empty_like_shape, output_array, private_copy,
                      queue_and_kind)

_INVERSE_TYPE = {1: 1, 2: 3, 3: 2, 4: 4}
_SQRT2 = float(np.sqrt(2.0))


def _check_type(type):
    if isinstance(type, bool) or not isinstance(type, (int, np.integer)):
        raise TypeError(f"pysyclfft: type must be an integer (1, 2, 3 or 4), got {type!r}")
    if type not in (1, 2, 3, 4):
        raise ValueError(f"pysyclfft: invalid type={type!r}; DCT/DST types are 1, 2, 3 and 4")
    return int(type)


def _logical_size(family, type, n):
    """The length of the equivalent DFT, which the normalisations divide by."""
    if type == 1:
        return 2 * (n - 1) if family == "dct" else 2 * (n + 1)
    return 2 * n


def _orthogonalize_edges(family, type):
    """(input, output) factors of scipy's orthogonalize on the end points."""
    r = 1.0 / _SQRT2
    return {("dct", 1): (_SQRT2, r), ("dct", 2): (1.0, r), ("dct", 3): (_SQRT2, 1.0),
            ("dst", 2): (1.0, r), ("dst", 3): (_SQRT2, 1.0)}.get((family, type), (1.0, 1.0))


def _trig_dtype(dtype, queue):
    """float32 stays single (float16 too), other real input is double; complex keeps its precision."""
    dtype = np.dtype(dtype)
    if dtype.kind not in "biufc":
        raise TypeError(f"pysyclfft: unsupported array dtype {dtype} (expected a numeric array)")
    c = _arrays.complex_result_dtype(dtype, queue)
    return c if dtype.kind == "c" else _arrays.real_dtype_of(c)


class TrigTransform:
    """The DCT/DST of one type over `axes` with `lengths` points each (forward:
    that type, backward: its inverse), of arrays of one shape/dtype on one queue."""

    def __init__(self, queue, shape, dtype, family, type, axes, lengths, norm, orthogonalize=None, memory="auto"):
        type = _check_type(type)
        if len(set(axes)) != len(axes):
            raise ValueError("pysyclfft: all axes must be unique")
        for a, n in zip(axes, lengths):
            if family == "dct" and type == 1 and n < 2:
                raise ValueError(f"pysyclfft: a type 1 DCT needs at least 2 points, got {n} along axis {a}")
        self.queue, self.axes, self.lengths, self._family, self._type = queue, tuple(axes), tuple(lengths), family, type
        self.result_dtype = _trig_dtype(dtype, queue)
        self.out_shape = _c2c.resized_shape(shape, axes, lengths)[0]
        self._norm = norm
        self._orthogonalize = norm == "ortho" if orthogonalize is None else bool(orthogonalize)
        kernel_types = {True: type, False: _INVERSE_TYPE[type]}
        if memory == "minimal" and (len(self.axes) > 1 or np.dtype(self.result_dtype).kind == "c"):
            raise ValueError("pysyclfft: memory='minimal': a DCT/DST over two or more axes, or of complex data, "
                             "alternates between work buffers of the data's size; use memory='auto'")
        double = self.result_dtype in (np.float64, np.complex128)
        # Both directions' kernels in one run-time compilation.
        _info.precompile_real(sorted(set(self.lengths)), tuple(f"{family}{t}" for t in set(kernel_types.values())),
                              np.float64 if double else np.float32, queue)
        self._maps = {forward: {n: AxisMap(queue, getattr(RealTransform, f"{family}{t}"), n, double, memory)
                                for n in set(self.lengths)}
                      for forward, t in kernel_types.items()}
        self._edges = {forward: _orthogonalize_edges(family, t) if self._orthogonalize else (1.0, 1.0)
                       for forward, t in kernel_types.items()}

    @property
    def workspace_bytes(self):
        return sum(m.workspace_bytes for maps in self._maps.values() for m in maps.values())

    def describe(self):
        return "\n".join(f"axis {a} ({'forward' if forward else 'backward'}): {self._maps[forward][n].describe()}"
                         for forward in (True, False) for a, n in zip(self.axes, self.lengths))

    def run_device(self, xu, out, forward):
        return self._run(xu, _arrays.ArrayKind.DEVICE, out, forward)

    def run_host(self, x, out, forward):
        return self._run(x, _arrays.ArrayKind.NUMPY, out, forward)

    def _run(self, x, kind, out, forward):
        src, owned = device_input(x, kind, self.queue, self.axes, self.lengths, self.result_dtype)
        if not self.axes:  # nothing to transform: the input (converted), as scipy gives it back
            return deliver(private_copy(src, owned), kind, out)
        if src.dtype.kind == "c":
            result = empty_like_shape(src, src.shape, src.dtype)
            if not owned or not src.flags.c_contiguous:
                src, owned = _memory.copy(src), True
            src, dst = src.real_view(), result.real_view()
        else:
            result = dst = output_array(src, src.shape, src.dtype, kind, out)
        # Pass i writes buffers[(P-1-i) % 2], so the last pass writes the result; the private input can be the
        # other buffer only when the first pass (which reads it) does not write there, i.e. for an odd count P.
        count = len(self.axes)
        buffers = [dst, src if owned and count % 2 else None]
        cur = src
        edge_in, edge_out = self._edges[forward]
        for i, (axis, n) in enumerate(zip(self.axes, self.lengths)):
            j = (count - 1 - i) % 2
            if buffers[j] is None:
                buffers[j] = empty_like_shape(src, src.shape, src.dtype)
            scale = _args.scale_factor(self._norm, _logical_size(self._family, self._type, n), forward)
            self._maps[forward][n].run(cur, buffers[j], axis, scale, edge_in, edge_out)
            cur = buffers[j]
        return deliver(result, kind, out)


def _factory(family, type):
    def factory(queue, shape, dtype, s, axes, norm, memory):
        axes, lengths = _args.axes_and_shape(shape, s, axes)
        return TrigTransform(queue, shape, dtype, family, type, axes, lengths, norm, memory=memory)
    return factory


for _family in ("dct", "dst"):
    for _type in (1, 2, 3, 4):
        _plan.register_kind(f"{_family}{_type}", _factory(_family, _type))


def _trig(x, family, type, axes, lengths, norm, orthogonalize, forward, workers, plan):
    """A DCT/DST function's body: through `plan` or the thread's plan cache, or,
    for an `orthogonalize` other than the norm's default (not part of a plan),
    through a transform of its own."""
    type = _check_type(type)
    norm = _args.check_norm(norm) if plan is None or norm is not None else plan.norm
    _args.check_workers(workers)
    if orthogonalize is None or bool(orthogonalize) == (norm == "ortho"):
        return _plan.run(f"{family}{type}", x, axes, lengths, norm, None, plan, forward)
    if plan is not None:
        raise ValueError(f"pysyclfft: orthogonalize={orthogonalize!r} differs from the plan's (norm {plan.norm!r})")
    queue, kind = queue_and_kind(x)
    arr = np.asarray(x) if kind == _arrays.ArrayKind.NUMPY else _arrays.as_device_array(x)
    transform = TrigTransform(queue, arr.shape, arr.dtype, family, type, axes, lengths, norm, orthogonalize)
    if kind == _arrays.ArrayKind.NUMPY:
        return transform.run_host(arr, None, forward)
    return _arrays.wrap_result(transform.run_device(arr, None, forward), kind)


def dct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None, plan=None):
    """Discrete cosine transform of type 1-4 along `axis` (scipy.fft.dct)."""
    axis, n = _args.one_axis(shape_of(x), n, axis)
    return _trig(x, "dct", type, (axis,), (n,), norm, orthogonalize, True, workers, plan)


def idct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None, plan=None):
    """Inverse discrete cosine transform of type 1-4 along `axis` (scipy.fft.idct)."""
    axis, n = _args.one_axis(shape_of(x), n, axis)
    return _trig(x, "dct", type, (axis,), (n,), norm, orthogonalize, False, workers, plan)


def dst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None, plan=None):
    """Discrete sine transform of type 1-4 along `axis` (scipy.fft.dst)."""
    axis, n = _args.one_axis(shape_of(x), n, axis)
    return _trig(x, "dst", type, (axis,), (n,), norm, orthogonalize, True, workers, plan)


def idst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None, plan=None):
    """Inverse discrete sine transform of type 1-4 along `axis` (scipy.fft.idst)."""
    axis, n = _args.one_axis(shape_of(x), n, axis)
    return _trig(x, "dst", type, (axis,), (n,), norm, orthogonalize, False, workers, plan)


def dctn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, orthogonalize=None, plan=None):
    """n-D discrete cosine transform over `axes` (scipy.fft.dctn)."""
    axes, s = _args.axes_and_shape(shape_of(x), s, axes)
    return _trig(x, "dct", type, axes, s, norm, orthogonalize, True, workers, plan)


def idctn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None, plan=None):
    """Inverse n-D discrete cosine transform over `axes` (scipy.fft.idctn)."""
    axes, s = _args.axes_and_shape(shape_of(x), s, axes)
    return _trig(x, "dct", type, axes, s, norm, orthogonalize, False, workers, plan)


def dstn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None, plan=None):
    """n-D discrete sine transform over `axes` (scipy.fft.dstn)."""
    axes, s = _args.axes_and_shape(shape_of(x), s, axes)
    return _trig(x, "dst", type, axes, s, norm, orthogonalize, True, workers, plan)


def idstn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None, plan=None):
    """Inverse n-D discrete sine transform over `axes` (scipy.fft.idstn)."""
    axes, s = _args.axes_and_shape(shape_of(x), s, axes)
    return _trig(x, "dst", type, axes, s, norm, orthogonalize, False, workers, plan)
