"""GPU peers: how each library runs a GPU benchmark case, out of place into a preallocated output.

  cufft       cuFFT through CuPy: a plan from cupyx.scipy.fftpack.get_fft_plan, run with plan.fft
  vkfft       VkFFT through pyvkfft.cuda (VkFFTApp, built with VKFFT_BACKEND=cuda)
  ours        pysyclfft: a Plan (get_fft_plan) on an in-order profiling queue of the selected SYCL device
  ours_nvrtc  pysyclfft's NVRTC layer (pysyclfft.cuda): 1-D c2c lengths with a single-kernel plan

An adapter takes (case, inputs) and returns a GpuRunner, or raises peers.Unsupported
(the library has no such transform) or ImportError (the library is missing).
"""
import importlib
import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

import cases as cases_mod
from peers import Unsupported

PEERS = ("cufft", "vkfft", "ours", "ours_nvrtc")
OURS = ("ours", "ours_nvrtc")
TITLES = {"cufft": "cuFFT", "vkfft": "VkFFT", "ours": "ours", "ours_nvrtc": "ours-nvrtc"}
MODULES = {"cufft": "cupy", "vkfft": "pyvkfft.cuda", "ours": "pysyclfft", "ours_nvrtc": "pysyclfft.cuda"}
PLAN_KIND = {"c2c": "c2c", "r2c": "r2c", "dct2": "dct2"}


@dataclass
class GpuRunner:
    call: Callable[[], None]                 # one asynchronous launch of the transform
    timer: str                               # "cuda" (CUDA events) or "sycl" (SYCL event profiling)
    fetch: Callable[[list], np.ndarray]      # rows of the result, on the host
    plan_s: float                            # plan creation (compilation included where not precompiled)
    config: str = ""                         # what runs: kernel names and parameters


def _version(peer):
    """The peer's version; raises where it cannot run here (not installed, no CUDA device)."""
    if peer in ("cufft", "vkfft", "ours_nvrtc"):
        import cupy

        cupy.cuda.runtime.getDeviceCount()  # raises without a CUDA driver and device
    module = importlib.import_module(MODULES[peer])
    if peer == "cufft":
        return f"CuPy {module.__version__}, cuFFT {module.cuda.cufft.getVersion()}"
    if peer == "vkfft":
        return f"pyvkfft {importlib.import_module('pyvkfft.version').__version__}"
    return f"pysyclfft {importlib.import_module('pysyclfft').__version__}"


def availability(names):
    """{peer: (version, None) or (None, why it is skipped)}."""
    out = {}
    for peer in names:
        try:
            out[peer] = (_version(peer), None)
        except Exception as e:  # noqa: BLE001 -- ImportError, or no CUDA device at run time
            out[peer] = (None, f"not usable here ({type(e).__name__}: {e})"[:200])
    return out


def _out_shape_dtype(case, precision_complex):
    if case.kind == "r2c":
        return (case.batch,) + case.dims[:-1] + (case.dims[-1] // 2 + 1,), precision_complex
    return (case.batch,) + case.dims, case.dtype


def _complex_of(case):
    return np.dtype(np.complex64 if case.precision == "single" else np.complex128)


class _CupyAsUsm:
    """A CuPy allocation seen as USM memory of a SYCL queue on the same GPU (the CUDA
    adapter works in the device's primary context, where CUDA runtime memory is device USM)."""

    def __init__(self, array, queue):
        self.__sycl_usm_array_interface__ = {"data": (array.data.ptr, True), "shape": (array.nbytes,),
                                             "strides": None, "typestr": "|u1", "version": 1, "syclobj": queue}


class GpuInputs:
    """A case's input, made once: on the GPU through CuPy where it exists (else numpy on the
    host), and copied once onto our profiling queue."""

    def __init__(self, case, queue, use_cupy):
        self.case, self.queue, self.use_cupy = case, queue, use_cupy
        self._source = self._device = None
        self.copied_by = None

    def source(self):
        """The input as a CuPy array (uniform random in [-1, 1)), or numpy without CuPy."""
        if self._source is None:
            if self.use_cupy:
                import cupy as cp

                rng = cp.random.default_rng(self.case.n)
                shape = (self.case.batch,) + self.case.dims
                real = np.float32 if self.case.precision == "single" else np.float64
                x = rng.uniform(-1, 1, shape, dtype=real)
                if self.case.kind == "c2c":
                    x = x + 1j * rng.uniform(-1, 1, shape, dtype=real)
                self._source = x.astype(self.case.dtype)
                cp.cuda.Device().synchronize()
            else:
                self._source = cases_mod.make_input(self.case)
        return self._source

    def host_rows(self, rows):
        return _to_host(self.source()[rows])

    def device(self):
        """The input as a pysyclfft.DeviceArray on the profiling queue."""
        if self._device is None:
            import dpctl.memory as dpm
            from pysyclfft import DeviceArray

            x = self.source()
            a = DeviceArray(dpm.MemoryUSMDevice(x.nbytes, queue=self.queue), x.shape, x.dtype)
            if self.use_cupy:
                try:
                    self.queue.memcpy(a.usm_data, dpm.as_usm_memory(_CupyAsUsm(x, self.queue)), x.nbytes)
                    self.copied_by = "device copy from CuPy memory (USM)"
                except Exception:  # noqa: BLE001 -- a runtime that does not take CUDA memory as USM
                    pass
            if self.copied_by is None:
                from pysyclfft._device_array import from_host

                from_host(a, _to_host(x))
                self.copied_by = "copy through the host"
            self._device = a
        return self._device


def _to_host(x):
    """A numpy copy of a CuPy array (numpy arrays as they are)."""
    return x.get() if hasattr(x, "get") and not isinstance(x, np.ndarray) else np.asarray(x)


def _row_ranges(rows):
    """Sorted row indices as (start, stop) runs."""
    runs = []
    for r in rows:
        if runs and runs[-1][1] == r:
            runs[-1][1] = r + 1
        else:
            runs.append([r, r + 1])
    return runs


def cufft_peer(case, inputs):
    import cupy as cp
    from cupyx.scipy.fftpack import get_fft_plan

    if case.kind == "dct2":
        raise Unsupported("cuFFT has no DCT")
    x = inputs.source()
    start = time.perf_counter()
    plan = get_fft_plan(x, axes=case.axes, value_type="C2C" if case.kind == "c2c" else "R2C")
    plan_s = time.perf_counter() - start
    shape, dtype = _out_shape_dtype(case, _complex_of(case))
    y = cp.empty(shape, dtype)
    return GpuRunner(lambda: plan.fft(x, y, cp.cuda.cufft.CUFFT_FORWARD), "cuda", lambda rows: cp.asnumpy(y[rows]),
                     plan_s, f"{type(plan).__name__}")


def vkfft_peer(case, inputs):
    import cupy as cp
    import pyvkfft.cuda as vk

    x = inputs.source()
    options = {"r2c": True} if case.kind == "r2c" else {"dct": 2} if case.kind == "dct2" else {}
    start = time.perf_counter()
    app = vk.VkFFTApp(x.shape, x.dtype, ndim=len(case.dims), inplace=False, **options)
    plan_s = time.perf_counter() - start
    shape, dtype = _out_shape_dtype(case, _complex_of(case))
    y = cp.empty(shape, dtype)
    return GpuRunner(lambda: app.fft(x, y), "cuda", lambda rows: cp.asnumpy(y[rows]), plan_s, "")


def ours_peer(case, inputs):
    import dpctl.memory as dpm
    import pysyclfft

    x = inputs.device()
    start = time.perf_counter()
    plan = pysyclfft.get_fft_plan(x, axes=case.axes, kind=PLAN_KIND[case.kind])
    plan_s = time.perf_counter() - start
    nbytes = int(np.prod(plan.out_shape)) * plan.result_dtype.itemsize
    out = pysyclfft.DeviceArray(dpm.MemoryUSMDevice(nbytes, queue=inputs.queue), plan.out_shape, plan.result_dtype)

    def fetch(rows):
        return np.concatenate([out[a:b].asnumpy() for a, b in _row_ranges(rows)])

    return GpuRunner(lambda: plan(x, out=out), "sycl", fetch, plan_s, plan.describe().split("\n", 1)[-1])


def ours_nvrtc_peer(case, inputs):
    import cupy as cp
    from pysyclfft.cuda import _c2c

    if case.kind != "c2c" or len(case.dims) != 1:
        raise Unsupported("the NVRTC layer has 1-D c2c only")
    start = time.perf_counter()
    plan = _c2c.precompile([case.n], case.dtype)[case.n]
    if plan is None:
        raise Unsupported("the NVRTC layer has no single-kernel plan of this length")
    fn = plan.function(True)
    plan_s = time.perf_counter() - start
    x = inputs.source()
    y = cp.empty_like(x)
    layout = _c2c._layout(x, y, x.ndim - 1)
    config = (f"{plan.names[0]}: {plan.threads} work-items x {plan.per_group} transforms per block, "
              f"{fn.num_regs} registers, {fn.local_size_bytes} B local (spill)")
    return GpuRunner(lambda: plan.execute(x, y, layout, True, 1.0), "cuda", lambda rows: cp.asnumpy(y[rows]),
                     plan_s, config)


ADAPTERS = {"cufft": cufft_peer, "vkfft": vkfft_peer, "ours": ours_peer, "ours_nvrtc": ours_nvrtc_peer}


def precompile(cases, names, queue):
    """Compile our kernels (and the NVRTC layer's) of all cases in one build per kind and
    precision, outside the timing; returns the seconds each took."""
    import pysyclfft

    seconds = {}
    groups = {}
    for c in cases:
        groups.setdefault((c.kind, c.dtype, c.precision), set()).update(c.dims)
    for (kind, dtype, precision), lengths in groups.items():
        if "ours" in names:
            start = time.perf_counter()
            if kind == "c2c":
                pysyclfft.precompile(sorted(lengths), dtype, queue=queue)
            else:
                pysyclfft.precompile_real(sorted(lengths), kind, dtype, queue=queue)
            seconds[f"ours {kind} {dtype.name}"] = time.perf_counter() - start
        if "ours_nvrtc" in names and kind == "c2c":
            from pysyclfft.cuda import _c2c

            start = time.perf_counter()
            _c2c.precompile(sorted(c.n for c in cases if c.kind == kind and c.dtype == dtype and len(c.dims) == 1),
                            dtype)
            seconds[f"ours_nvrtc {kind} {dtype.name}"] = time.perf_counter() - start
    return seconds
