"""Batched 1-D complex FFTs of CuPy arrays with the pysyclfft kernel templates,
compiled by NVRTC (CuPy RawModule) through backends/cuda/c2c_kernel.cuh."""
import math

import cupy as cp
import numpy as np

from .._environment import include_dir
from . import _planner

# Same rule as kStaticSharedLimit in backends/cuda/exec.cuh: above it the kernel
# uses dynamic shared memory, which the launch must size and opt in to.
STATIC_SHARED_LIMIT = 48 * 1024

# kernels/layout.hpp BatchLayout, passed by value.
_LAYOUT_DTYPE = np.dtype([(f, np.int64) for f in (
    "in_offset", "out_offset", "in_stride", "out_stride",
    "count0", "in_dist0", "out_dist0", "count1", "in_dist1", "out_dist1")])

_functions = {}  # (device id, kernel name) -> cupy Function
_plans = {}      # (device id, n, dtype) -> Plan or None


def device_limits():
    """DeviceLimits of the current device, as the planner query takes them."""
    attrs = cp.cuda.Device().attributes
    return attrs["MaxSharedMemoryPerBlockOptin"], attrs["MaxThreadsPerBlock"]


def _compile(names):
    """Compiles the missing kernel names of the current device in one NVRTC build."""
    dev = cp.cuda.Device().id
    missing = sorted({n for n in names if (dev, n) not in _functions})
    if not missing:
        return
    module = cp.RawModule(
        code='#include "pysyclfft/backends/cuda/c2c_kernel.cuh"\n',
        options=(f"-I{include_dir()}", "--std=c++17", "-default-device"),
        name_expressions=missing)
    for name in missing:
        _functions[dev, name] = module.get_function(name)


class Plan:
    """Kernels and twiddles of one length and precision on the current device."""

    def __init__(self, params, dtype):
        self.n = params["n"]
        self.real = np.finfo(dtype).dtype.type  # scale's C++ type T
        self.threads, self.per_group = params["threads"], params["per_group"]
        self.local_bytes = params["local_bytes"]
        self.names = (params["forward"], params["backward"])
        self.twiddles = cp.asarray(params["twiddles"])
        self.device = cp.cuda.Device().id

    def function(self, forward):
        """The compiled kernel of one direction (compiled now if it is not yet)."""
        name = self.names[0 if forward else 1]
        with cp.cuda.Device(self.device):
            _compile([name])
        fn = _functions[self.device, name]
        if self.local_bytes > STATIC_SHARED_LIMIT:
            fn.max_dynamic_shared_size_bytes = self.local_bytes
        return fn

    def execute(self, x, out, layout, forward, scale):
        """out <- DFT of x along the transforms `layout` (a BatchLayout record) describes."""
        count = int(layout["count0"]) * int(layout["count1"])
        if count == 0:
            return
        fn = self.function(forward)
        dynamic = self.local_bytes if self.local_bytes > STATIC_SHARED_LIMIT else 0
        blocks = -(-count // self.per_group)
        fn((blocks,), (self.threads * self.per_group,),
           (x, out, self.twiddles, layout, self.real(scale)),
           shared_mem=dynamic)


def precompile(lengths, dtype):
    """Plans and compiles the kernels of many lengths in one planner query and
    one NVRTC build; returns {n: Plan or None}."""
    dtype = np.dtype(dtype)
    dev = cp.cuda.Device().id
    todo = sorted({int(n) for n in lengths if (dev, int(n), dtype) not in _plans})
    if todo:
        for n, params in _planner.query_plans(todo, dtype, device_limits()).items():
            _plans[dev, n, dtype] = Plan(params, dtype) if params else None
    plans = {int(n): _plans[dev, int(n), dtype] for n in lengths}
    _compile([name for p in plans.values() if p for name in p.names])
    return plans


def plan_for(n, dtype):
    plan = precompile([n], dtype)[n]
    if plan is None:
        raise ValueError(f"n={n}: no single-kernel CUDA plan (a prime factor above 13, or too long for shared memory)")
    return plan


def _batch_dims(shape, in_strides, out_strides, axis):
    """Batch dimensions (count, in_dist, out_dist), outer to inner, with unit
    dimensions dropped and contiguous neighbours merged."""
    dims = []
    for d in range(len(shape)):
        if d == axis or shape[d] == 1:
            continue
        c, i, o = shape[d], in_strides[d], out_strides[d]
        if dims and dims[-1][1] == c * i and dims[-1][2] == c * o:
            dims[-1] = (dims[-1][0] * c, i, o)
        else:
            dims.append((c, i, o))
    return dims


def _layout(x, out, axis):
    """BatchLayout record for transforms along `axis`, or None if x has more
    than two batch dimensions that do not merge."""
    in_strides = [s // x.itemsize for s in x.strides]
    out_strides = [s // out.itemsize for s in out.strides]
    dims = _batch_dims(x.shape, in_strides, out_strides, axis)
    if len(dims) > 2 or any(s % x.itemsize for s in x.strides):
        return None
    inner = dims[-1] if dims else (1, 0, 0)
    outer = dims[0] if len(dims) == 2 else (1, 0, 0)
    rec = np.zeros((), _LAYOUT_DTYPE)
    rec["in_stride"], rec["out_stride"] = in_strides[axis], out_strides[axis]
    rec["count0"], rec["in_dist0"], rec["out_dist0"] = inner
    rec["count1"], rec["in_dist1"], rec["out_dist1"] = outer
    return rec[()]


def _scale(n, norm, forward):
    if norm not in (None, "backward", "ortho", "forward"):
        raise ValueError(f'norm must be None, "backward", "ortho" or "forward", got {norm!r}')
    if norm == "ortho":
        return 1 / math.sqrt(n)
    divides = (norm == "forward") if forward else (norm in (None, "backward"))
    return 1 / n if divides else 1.0


def _complex_dtype(dtype):
    if dtype.kind not in "biufc":
        raise TypeError(f"a: expected a numeric array, got dtype {dtype}")
    result = np.result_type(dtype, np.complex64)
    if result not in (np.complex64, np.complex128):
        raise TypeError(f"a: dtype {dtype} has no complex64/complex128 transform")
    return result


def c2c(a, axis, norm, forward):
    """1-D complex DFT of the CuPy array `a` along `axis`; a new C-ordered array."""
    if not isinstance(a, cp.ndarray):
        raise TypeError(f"a: expected a cupy.ndarray, got {type(a).__name__}")
    dtype = _complex_dtype(a.dtype)
    if not isinstance(axis, (int, np.integer)) or not -a.ndim <= axis < a.ndim:
        raise ValueError(f"axis={axis!r} is out of range for an array of {a.ndim} dimensions")
    axis = int(axis) % a.ndim
    n = a.shape[axis]
    if n < 1:
        raise ValueError(f"invalid number of data points ({n}) along axis {axis}")
    x = a.astype(dtype, copy=False)
    plan = plan_for(n, dtype)
    out = cp.empty(x.shape, dtype)
    layout = _layout(x, out, axis)
    if layout is None:
        x = cp.ascontiguousarray(x)
        layout = _layout(x, out, axis)  # contiguous: the dimensions around `axis` merge to two
    plan.execute(x, out, layout, forward, _scale(n, norm, forward))
    return out


def fft(a, axis=-1, norm=None):
    """numpy.fft.fft(a, axis=axis, norm=norm) of a CuPy array, on its device."""
    return c2c(a, axis, norm, forward=True)


def ifft(a, axis=-1, norm=None):
    """numpy.fft.ifft(a, axis=axis, norm=norm) of a CuPy array, on its device."""
    return c2c(a, axis, norm, forward=False)
