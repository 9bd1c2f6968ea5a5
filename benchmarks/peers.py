"""Peer adapters: how each library runs a benchmark case.

An adapter takes (case, inputs) and returns a Runner, or raises Unsupported
(the library has no such transform; the reason goes into the table) or
ImportError (the library is missing; see availability()). Plans (pyFFTW's
FFTW_MEASURE, our out= array) are made in the adapter, outside the timing.

  numpy     numpy.fft on host arrays (allocating)
  scipy     scipy.fft with workers=2 on host arrays (allocating)
  pyfftw    pyfftw.builders (DCT: pyfftw.FFTW with FFTW_REDFT10 per axis), FFTW_MEASURE,
            threads=2, planned outside the timing; the timed call runs the plan on its
            own aligned arrays (output preallocated)
  mkl_fft   mkl_fft on host arrays (allocating; commits an MKL descriptor per call)
  dpnp      dpnp.fft on a dpnp array already on the SYCL device (allocating)
  ours      pysyclfft on that same device array (allocating), as users call it
  ours_out  pysyclfft with a preallocated out= array
Device results are waited for inside the timing (queue.wait()).
"""
import importlib
import time
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

import pysyclfft  # sets the SYCL environment (OCL_ICD_FILENAMES) before dpnp enumerates devices

THREADS = 2  # workers / threads of the multi-threaded host peers (the CPU has 2 cores)
PEERS = ("numpy", "scipy", "pyfftw", "mkl_fft", "dpnp", "ours", "ours_out")
OURS = ("ours", "ours_out")
MODULES = {"numpy": "numpy", "scipy": "scipy", "pyfftw": "pyfftw", "mkl_fft": "mkl_fft", "dpnp": "dpnp",
           "ours": "pysyclfft", "ours_out": "pysyclfft"}


class Unsupported(Exception):
    """The peer has no such transform."""


@dataclass
class Runner:
    call: Callable[[], Any]                                 # timed
    wait: Callable[[Any], None] = lambda result: None      # timed: waits for device work
    fetch: Callable[[Any], np.ndarray] = np.asarray         # not timed: the result on the host
    plan_s: float = 0.0                                     # planning outside the timing


class Inputs:
    """A case's input on the host, and (made once, on first use) on the default SYCL device."""

    def __init__(self, host):
        self.host = host
        self._device = None

    def device(self):
        """A dpnp copy of the input, or the host array where dpnp is not installed."""
        if self._device is None:
            try:
                import dpnp
            except ImportError:
                self._device = self.host
            else:
                self._device = dpnp.asarray(self.host)
                self._device.sycl_queue.wait()
        return self._device


def device_name():
    """The device our and dpnp's calls run on: dpnp's default, or ours on host arrays without dpnp."""
    try:
        import dpnp
    except ImportError:
        return pysyclfft.runtime_info()["default_device"] + " (numpy host arrays: dpnp is not installed)"
    return dpnp.empty(1).sycl_device.name


def availability(names=PEERS):
    """{peer: (version, None) or (None, why it is skipped)} for the named peers."""
    out = {}
    for peer in names:
        try:
            module = importlib.import_module(MODULES[peer])
            out[peer] = (getattr(module, "__version__", "?"), None)
        except ImportError as e:
            out[peer] = (None, f"not importable ({e})")
    return out


_FUNCTIONS = {"c2c": ("fft", "fftn"), "r2c": ("rfft", "rfftn"), "dct2": ("dct", "dctn")}


def _numpy_like(module, case, **fixed):
    """module's numpy/scipy-style function for the case, as f(x, **extra)."""
    one, many = _FUNCTIONS[case.kind]
    name = one if len(case.dims) == 1 else many
    f = getattr(module, name, None)
    if f is None:
        raise Unsupported(f"{module.__name__} has no {one}()")
    kw = {"axis": -1} if len(case.dims) == 1 else {"axes": case.axes}
    if case.kind == "dct2":
        kw["type"] = 2
    kw.update(fixed)
    return lambda x, **extra: f(x, **kw, **extra)


def _wait_queue(result):
    queue = getattr(result, "sycl_queue", None)  # None: a host array (no dpnp installed)
    if queue is not None:
        queue.wait()


def _to_host(result):
    return result.asnumpy() if hasattr(result, "asnumpy") else np.asarray(result)


def _on_device(call):
    """A Runner for a call on device arrays: wait for the queue, copy back with asnumpy."""
    return Runner(call, _wait_queue, _to_host)


def numpy_peer(case, inputs):
    f = _numpy_like(np.fft, case)
    return Runner(lambda: f(inputs.host))


def scipy_peer(case, inputs):
    import scipy.fft

    f = _numpy_like(scipy.fft, case, workers=THREADS)
    return Runner(lambda: f(inputs.host))


def pyfftw_peer(case, inputs):
    import pyfftw
    import pyfftw.builders

    x = inputs.host
    start = time.perf_counter()
    if case.kind == "dct2":  # builders has a 1-D dct only: an r2r plan of FFTW's DCT-II on every axis
        src = pyfftw.empty_aligned(x.shape, x.dtype)
        dst = pyfftw.empty_aligned(x.shape, x.dtype)
        plan = pyfftw.FFTW(src, dst, axes=case.axes, direction=["FFTW_REDFT10"] * len(case.axes),
                           flags=("FFTW_MEASURE",), threads=THREADS)
        src[...] = x  # FFTW_MEASURE overwrites the arrays while planning
    else:
        plan = _numpy_like(pyfftw.builders, case, planner_effort="FFTW_MEASURE", threads=THREADS)(x)
    return Runner(plan, plan_s=time.perf_counter() - start)


def mkl_fft_peer(case, inputs):
    import mkl_fft

    f = _numpy_like(mkl_fft, case)
    return Runner(lambda: f(inputs.host))


def dpnp_peer(case, inputs):
    import dpnp

    f = _numpy_like(dpnp.fft, case)
    x = inputs.device()
    return _on_device(lambda: f(x))


def ours_peer(case, inputs):
    f = _numpy_like(pysyclfft, case)
    x = inputs.device()
    return _on_device(lambda: f(x))


def ours_out_peer(case, inputs):
    if case.kind == "dct2":
        raise Unsupported("pysyclfft.dct has no out= (scipy.fft's signature)")
    f = _numpy_like(pysyclfft, case)
    x = inputs.device()
    out = f(x)  # the output array, allocated once
    return _on_device(lambda: f(x, out=out))


ADAPTERS = {"numpy": numpy_peer, "scipy": scipy_peer, "pyfftw": pyfftw_peer, "mkl_fft": mkl_fft_peer,
            "dpnp": dpnp_peer, "ours": ours_peer, "ours_out": ours_out_peer}


def precompile_ours(cases):
    """Compile our kernels of all cases in one build per (kind, precision), outside the timing."""
    groups = {}
    for c in cases:
        groups.setdefault((c.kind, c.dtype), set()).update(c.dims)
    for (kind, dtype), lengths in groups.items():
        if kind == "c2c":
            pysyclfft.precompile(sorted(lengths), dtype)
        else:
            pysyclfft.precompile_real(sorted(lengths), kind, dtype)
