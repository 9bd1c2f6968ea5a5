"""Kernel parameters and twiddles for the CUDA layer, from the C++ planner.

plan/kernel_params.hpp is the one place where kernel parameters are chosen, so
this module never chooses any: it compiles plan_query.cpp (plain C++ over the
SYCL-free plan headers) once with the host C++ compiler and asks it.
"""
import functools
import hashlib
import json
import os
import subprocess
from pathlib import Path

import numpy as np

from .._environment import include_dir, kernel_cache_dir

_SOURCE = Path(__file__).with_name("plan_query.cpp")
_PLAN_HEADERS = ("factorize.hpp", "kernel_params.hpp", "twiddles.hpp")
REAL_NAMES = {np.dtype(np.complex64): "float", np.dtype(np.complex128): "double"}


@functools.lru_cache(maxsize=None)
def _query_binary():
    """Path of the compiled planner query, rebuilt when its sources change."""
    digest = hashlib.sha256(_SOURCE.read_bytes())
    for name in _PLAN_HEADERS:
        digest.update((include_dir() / "pysyclfft" / "plan" / name).read_bytes())
    binary = kernel_cache_dir().parent / "cuda" / f"plan_query-{digest.hexdigest()[:16]}"
    if not binary.exists():
        binary.parent.mkdir(parents=True, exist_ok=True)
        tmp = binary.with_suffix(f".{os.getpid()}.tmp")
        cxx = os.environ.get("CXX", "g++")
        subprocess.run([cxx, "-O1", "-std=c++17", f"-I{include_dir()}", str(_SOURCE), "-o", str(tmp)], check=True)
        tmp.replace(binary)  # atomic: concurrent processes never run a half-written file
    return binary


def _run(*args):
    out = subprocess.run([str(_query_binary()), *map(str, args)], check=True, capture_output=True, text=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def _twiddle_array(hex_values, dtype):
    flat = np.array([float.fromhex(v) for v in hex_values], dtype=np.float64)
    return flat.view(np.complex128).astype(dtype)


def query_plans(lengths, dtype, limits):
    """{n: params dict or None (no single-kernel plan)} for the device `limits`
    (local_mem_bytes, max_group_size). Twiddles come back as a numpy array."""
    dtype = np.dtype(dtype)
    plans = {}
    for p in _run("plan", *limits, REAL_NAMES[dtype], *lengths):
        if p["radices"]:
            p["twiddles"] = _twiddle_array(p["twiddles"], dtype)
        plans[p["n"]] = p if p["radices"] else None
    return plans


def query_explicit(dtype, threads, per_group, radices):
    """Params for explicitly given kernel parameters (parameter sweeps in benchmarks)."""
    dtype = np.dtype(dtype)
    p = _run("explicit", REAL_NAMES[dtype], threads, per_group, *radices)[0]
    p["twiddles"] = _twiddle_array(p["twiddles"], dtype)
    return p
