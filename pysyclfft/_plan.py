"""Plan objects: a transform bound to a queue and an array layout.

A Plan settles everything that does not depend on the data (checked arguments,
result dtype, compiled kernels, scale factors) once, so calling it costs little
more than the kernels. `get_fft_plan` builds one explicitly; the transform
functions take theirs from the calling thread's plan cache (pysyclfft.config).

Every kind runs on one C++ NdPlan through _transform.NdTransform; the kind's
numpy/scipy rules for s and axes are _args.plan_axes.
"""
import numpy as np

from . import _args, _arrays, _cuda_arrays, _memory, _pool, _transform, config

KINDS = _transform.KINDS
MEMORY_MODES = ("auto", "minimal")


def _check_kind(kind):
    if kind not in KINDS:
        raise ValueError(f"pysyclfft: invalid kind={kind!r}; expected one of {', '.join(KINDS)}")
    return kind


def _check_memory(memory):
    if memory not in MEMORY_MODES:
        raise ValueError(f"pysyclfft: invalid memory={memory!r}; expected 'auto' or 'minimal'")
    return memory


def array_signature(x):
    """(on_host, queue, shape, element strides, dtype, array) of a numpy or USM array;
    the array is the numpy array or the DeviceArray view the transform reads."""
    if _arrays.is_usm(x):
        xu = _arrays.as_device_array(x)
        return False, xu.sycl_queue, xu.shape, xu.strides, xu.dtype, xu
    x = np.asarray(x)
    strides = tuple(s // x.itemsize for s in x.strides)
    return True, _arrays.default_queue(), x.shape, strides, x.dtype, x


class Plan:
    """A transform of arrays of one shape, strides and dtype on one SYCL queue.

    Call it as plan(x, out=None, forward=True), or plan.forward(x) / plan.backward(x).
    Numpy-array plans (made from a numpy array) compute on the default device."""

    __slots__ = ("_kind", "_on_host", "_queue", "_shape", "_strides", "_dtype", "_norm", "_in_place",
                 "_memory", "_impl")

    def __init__(self, x, s=None, axes=None, kind="c2c", *, norm=None, out=None, in_place=False, memory="auto",
                 orthogonalize=None):
        self._kind = _check_kind(kind)
        self._norm = _args.check_norm(norm)
        self._memory = _check_memory(memory)
        if not isinstance(in_place, (bool, np.bool_)):
            raise TypeError(f"pysyclfft: in_place must be True or False, got {type(in_place).__name__}")
        self._in_place = bool(in_place)
        self._on_host, self._queue, self._shape, self._strides, self._dtype, _ = array_signature(x)
        _arrays.warm_up_dpctl(self._queue)
        axes, lengths = _args.plan_axes(kind, self._shape, s, axes)
        self._impl = _transform.NdTransform(self._queue, kind, self._shape, self._dtype, axes, lengths, self._norm,
                                            memory, orthogonalize)
        if self._in_place and (self._impl.result_dtype != self._dtype or self._impl.out_shape != self._shape):
            raise ValueError(
                f"pysyclfft: in_place=True needs a {self._impl.result_dtype} array whose shape is the result's "
                f"{self._impl.out_shape}; got {self._dtype} {self._shape}")
        if out is not None:
            self._check_out(out)

    # Read-only description.
    kind = property(lambda self: self._kind, doc="Transform kind: 'c2c', ...")
    queue = property(lambda self: self._queue, doc="dpctl.SyclQueue the plan computes on.")
    shape = property(lambda self: self._shape, doc="Input shape the plan is bound to.")
    strides = property(lambda self: self._strides, doc="Input strides (elements) the plan is bound to.")
    dtype = property(lambda self: self._dtype, doc="Input dtype the plan is bound to.")
    on_host = property(lambda self: self._on_host, doc="True for plans of numpy arrays.")
    axes = property(lambda self: self._impl.axes, doc="Transformed axes (non-negative).")
    lengths = property(lambda self: self._impl.lengths, doc="Points per transformed axis (s).")
    norm = property(lambda self: self._norm, doc="'backward', 'ortho' or 'forward'.")
    in_place = property(lambda self: self._in_place, doc="Whether results overwrite the input.")
    memory = property(lambda self: self._memory, doc="'auto' or 'minimal'.")
    result_dtype = property(lambda self: self._impl.result_dtype, doc="dtype of the result.")
    out_shape = property(lambda self: self._impl.out_shape, doc="shape of the result.")
    workspace_bytes = property(lambda self: self._impl.workspace_bytes,
                               doc="Device memory the plan holds (twiddle tables, scratch).")

    def describe(self):
        where = "numpy arrays on the default device" if self._on_host else "USM arrays"
        head = (f"pysyclfft Plan: {self._kind} of {self._dtype}{list(self._shape)} strides {list(self._strides)} "
                f"-> {self.result_dtype}{list(self.out_shape)}, axes {list(self.axes)}, s {list(self.lengths)}, "
                f"norm {self._norm!r}, {'in place' if self._in_place else 'out of place'}, memory {self._memory!r}, "
                f"{where}, device {self._queue.sycl_device.name}, workspace {self.workspace_bytes} B")
        return head + "\n" + self._impl.describe()

    def wait_specialized(self):
        """Block (GIL released) until the plan runs on kernels compiled for its
        lengths, where the background compiler is building them (it waits for every
        queued build: pysyclfft.config.wait_for_specialized). At once otherwise."""
        config.wait_for_specialized()

    def __repr__(self):
        return (f"<pysyclfft.Plan {self._kind} {self._dtype}{list(self._shape)} axes={list(self.axes)} "
                f"s={list(self.lengths)} norm={self._norm!r}>")

    def _check_array(self, x):
        on_host, queue, shape, strides, dtype, arr = array_signature(x)
        if on_host != self._on_host:
            made = "numpy" if self._on_host else "USM"
            raise ValueError(f"pysyclfft: this plan was made for {made} arrays")
        if shape != self._shape or dtype != self._dtype or strides != self._strides:
            raise ValueError(
                f"pysyclfft: the plan is for {self._dtype} arrays of shape {self._shape} strides {self._strides}; "
                f"got {dtype} {shape} strides {strides}")
        if queue != self._queue:
            raise ValueError("pysyclfft: the array is on a different SYCL queue than the plan")
        return arr

    def _check_out(self, out, casts=None):
        """out checked against the result (casts: whether the result is cast into it; None: find out)."""
        casts = self._casts_into(out) if casts is None else casts
        dtype = _arrays.dtype_of(out) if casts else self.result_dtype
        return _transform.check_out(out, self.out_shape, dtype, self._queue, self._on_host)

    def _casts_into(self, out):
        """numpy's out= rule (casting="same_kind"): a result of another dtype of
        the same kind (complex128 into complex64, float64 into complex128) is cast."""
        dtype = _arrays.dtype_of(out)
        return dtype is not None and dtype != self.result_dtype and \
            np.can_cast(self.result_dtype, dtype, "same_kind")

    def _cast_into(self, checked, y):
        """Cast the result y into the checked out array (numpy or DeviceArray)."""
        if self._on_host:
            np.copyto(checked, y, casting="same_kind")
        else:
            _memory.assign(checked, _arrays.as_device_array(y))

    @_cuda_arrays.keeps_current_context
    def __call__(self, x, out=None, forward=True):
        """Transform x (forward=True) or inverse-transform it; returns the result
        (`out` when given, x itself for an in-place plan)."""
        if not isinstance(forward, (bool, np.bool_)):
            raise TypeError(f"pysyclfft: forward must be True or False, got {forward!r}")
        return self.execute(x, self._check_array(x), out, bool(forward))

    def forward(self, x, out=None):
        return self(x, out=out, forward=True)

    def backward(self, x, out=None):
        return self(x, out=out, forward=False)

    def execute(self, x, arr, out, forward):
        """Run on `arr` (x as numpy array or DeviceArray, already checked against the plan).
        A CUDA library's array (pysyclfft/_cuda_arrays.py) is converted and its result
        allocated by that library, and the work is ordered with the library's stream."""
        producer = None if self._on_host else _arrays.cuda_producer_of(x)
        if producer is not None and not self._in_place:
            converted = producer.astype(x, self._impl.input_dtype)
            if converted is not x:
                x, arr = converted, _arrays.as_device_array(converted)
            if out is None:
                out = producer.empty(x, self.out_shape, self.result_dtype)
        with _cuda_arrays.ordered(producer, x, self._queue):
            return self._execute(x, arr, out, forward)

    def _execute(self, x, arr, out, forward):
        if self._in_place:
            if out is not None and out is not x:
                raise ValueError("pysyclfft: an in-place plan writes into its input; do not pass another out")
            out = x
        elif out is not None and self._casts_into(out):
            self._cast_into(self._check_out(out, True), self._execute(x, arr, None, forward))  # out checked first
            return out
        checked = None if out is None else self._check_out(out, False)
        if self._on_host:
            return self._impl.run_host(arr, checked, forward)
        y = self._impl.run_device(arr, checked, forward)
        return out if out is not None else _arrays.wrap_result(y, _arrays.kind_of(x))


@_cuda_arrays.keeps_current_context
def get_fft_plan(x, s=None, axes=None, kind="c2c", *, norm=None, out=None, in_place=False, memory="auto"):
    """A Plan for transforms of arrays like x (same queue, shape, strides, dtype).

    s, axes: as numpy.fft.fftn (default: every axis at its length).
    kind: 'c2c'; 'r2c' (forward: rfftn, backward: ihfftn; s, axes as rfftn);
      'c2r' (backward: irfftn, forward: hfftn; s are the real output lengths,
      the last defaulting to 2*(m-1) as irfftn); 'dct1'..'dct4', 'dst1'..'dst4'
      (forward: dctn/dstn of that type, backward: its inverse idctn/idstn).
    norm: the normalisation the plan applies ('backward' by default).
    out: an output array to check the plan against now (optional).
    in_place: results overwrite x (needs the result dtype and shape).
    memory: 'auto', or 'minimal' to forbid scratch buffers beyond twiddle tables.
    """
    return Plan(x, s, axes, kind, norm=norm, out=out, in_place=in_place, memory=memory)


def cached_plan(kind, x, s, axes, norm, in_place=False, memory="auto"):
    """The calling thread's cached plan for x (building and caching it on a miss)
    and the array the transform reads."""
    on_host, queue, shape, strides, dtype, arr = array_signature(x)
    key = (on_host, queue, kind, dtype, shape, strides, tuple(s), tuple(axes), _args.check_norm(norm),
           bool(in_place), memory)
    cache = config.get_plan_cache()
    plan = cache.get(key)
    if plan is None:
        build = lambda: Plan(arr, s, axes, kind, norm=norm, in_place=in_place, memory=memory)  # noqa: E731
        try:
            plan = build()
        except MemoryError:
            # The device is full: the cached plans' tables and scratch and the memory pool's
            # idle blocks go (as CuPy's pool frees its cache), then one more try.
            cache.clear()
            _pool.pool.clear()
            plan = build()
        cache.put(key, plan)
    return plan, arr


@_cuda_arrays.keeps_current_context
def run(kind, x, axes, lengths, norm, out, plan, forward):
    """A transform function's body: with `plan` check it matches the call, else
    take the thread's cached plan; then run it in the given direction. Running
    out of memory names what was being allocated, how big and on which device."""
    if plan is None:
        try:
            plan, arr = cached_plan(kind, x, lengths, axes, norm)
        except MemoryError as error:
            queue = _arrays.as_device_array(x).sycl_queue if _arrays.is_usm(x) else _arrays.default_queue()
            raise _out_of_memory("building the plan (twiddle tables, scratch, kernels)", kind, x, lengths, queue,
                                 error) from error
        call = lambda: plan.execute(x, arr, out, forward)  # noqa: E731
    else:
        if not isinstance(plan, Plan):
            raise TypeError(f"pysyclfft: plan must be a pysyclfft.Plan, got {type(plan).__name__}")
        if plan.kind != kind or plan.axes != tuple(axes) or plan.lengths != tuple(lengths):
            raise ValueError(f"pysyclfft: plan {plan!r} does not match this {kind} transform over axes "
                             f"{list(axes)} with s={list(lengths)}")
        if norm is not None and _args.check_norm(norm) != plan.norm:
            raise ValueError(f"pysyclfft: norm={norm!r} differs from the plan's norm {plan.norm!r}")
        call = lambda: plan(x, out=out, forward=forward)  # noqa: E731
    try:
        return call()
    except MemoryError as error:
        result = np.prod(plan.out_shape, dtype=float) * plan.result_dtype.itemsize
        raise _out_of_memory(f"allocating the result ({_gib(result)}) and scratch", kind, x, lengths, plan.queue,
                             error) from error


def _gib(nbytes):
    return f"{nbytes / 2**30:.3g} GiB"


def _out_of_memory(step, kind, x, lengths, queue, error):
    """A MemoryError saying which step of which transform ran out, on which device."""
    device = queue.sycl_device
    return MemoryError(f"pysyclfft: out of memory {step} for a {kind} transform of lengths {list(lengths)} "
                       f"(input shape {list(_arrays.shape_of(x))}) on {device.name} "
                       f"({_gib(device.global_mem_size)} of global memory): {error}")
