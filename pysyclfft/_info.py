"""Runtime information and kernel warm-up."""
import os
from importlib import metadata

import dpctl
import numpy as np

from . import _args, _arrays, _core, _environment


def precompile(lengths, dtype=np.complex64, queue=None):
    """Compile the kernels for many transform lengths in one run-time compilation
    (one compile is much cheaper than one per length). Returns the kernel count."""
    lengths = _check_lengths(lengths)
    queue = queue or _arrays.default_queue()
    dtype = _arrays.complex_result_dtype(dtype, queue)
    return _core.precompile_c2c(queue, lengths, dtype == np.complex128)


def _check_lengths(lengths):
    """lengths as a list of ints >= 1 (a string or a single number is refused, not iterated)."""
    if isinstance(lengths, (str, bytes)) or not hasattr(lengths, "__iter__"):
        raise TypeError(f"pysyclfft: lengths must be an iterable of integers, got {type(lengths).__name__}")
    return [_args.check_integer(n, "lengths", 1) for n in lengths]


_REAL_TRANSFORMS = ("r2c", "c2r", "dct1", "dct2", "dct3", "dct4", "dst1", "dst2", "dst3", "dst4")


def precompile_real(lengths, transforms=_REAL_TRANSFORMS, dtype=np.float32, queue=None):
    """Compile the real/DCT/DST kernels of every (transform, length) pair in one
    run-time compilation per kernel family, as the plans run them (C++
    RealLinePlan::precompile): the fused kernel where its FFT fits one
    work-group, else the unfused load/store passes and the complex plan of that
    FFT length.
    `transforms` are names from "r2c", "c2r" (irfft of that output length),
    "dct1".."dct4", "dst1".."dst4" (the inverses use these too: idct type 2 is
    dct3), or one such name. Returns the kernel count."""
    queue = queue or _arrays.default_queue()
    is_double = _arrays.complex_result_dtype(dtype, queue) == np.complex128
    if isinstance(transforms, str):
        transforms = (transforms,)
    for t in transforms:
        if t not in _REAL_TRANSFORMS:
            raise ValueError(f"pysyclfft: unknown transform {t!r}; expected one of {_REAL_TRANSFORMS}")
    jobs = [(getattr(_core.RealTransform, t), n) for t in transforms for n in _check_lengths(lengths)]
    return _core.precompile_real(queue, jobs, is_double)


def _version_of(dist):
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "unknown"


def _dir_size(path, skip=()):
    """Bytes and files under `path`, leaving out the subtrees in `skip`."""
    total = count = 0
    for root, dirs, files in os.walk(path):
        dirs[:] = [d for d in dirs if os.path.join(root, d) not in skip]
        for f in files:
            try:
                total += os.path.getsize(os.path.join(root, f))
                count += 1
            except OSError:
                pass
    return total, count


def runtime_info():
    """A dict describing the SYCL runtime, devices and kernel caches."""
    cache = os.environ.get("SYCL_CACHE_DIR", str(_environment.kernel_cache_dir()))
    binaries, tables = _core.binary_cache_dir(), _core.table_cache_dir()  # empty when off
    size, files = _dir_size(cache, skip=(binaries, tables))  # ours are counted on their own
    binary_size, binary_files = _dir_size(binaries) if binaries else (0, 0)
    table_size, table_files = _dir_size(tables) if tables else (0, 0)
    devices = []
    for d in dpctl.get_devices():
        devices.append({
            "name": d.name, "backend": str(d.backend), "type": str(d.device_type),
            "driver": d.driver_version, "compute_units": d.max_compute_units,
            "local_mem_bytes": d.local_mem_size, "max_work_group_size": d.max_work_group_size,
            "fp64": d.has_aspect_fp64,
        })
    return {
        "pysyclfft": __import__("pysyclfft").__version__,
        "sycl_runtime": _version_of("intel-sycl-rt"),
        "dpctl": dpctl.__version__,
        "devices": devices,
        "default_device": _arrays.default_queue().sycl_device.name,
        "kernel_headers": _core.kernel_include_dir(),
        "disk_cache_dir": cache,
        "disk_cache_enabled": os.environ.get("SYCL_CACHE_PERSISTENT") == "1",
        "disk_cache_bytes": size,
        "disk_cache_files": files,
        "binary_cache_dir": binaries,
        "binary_cache_bytes": binary_size,
        "binary_cache_files": binary_files,
        "binary_cache_max_bytes": _environment.BINARY_CACHE_MAX_BYTES,
        "binary_cache_loads_this_process": _core.binary_cache_loads(),
        "table_cache_dir": tables,
        "table_cache_bytes": table_size,
        "table_cache_files": table_files,
        "table_cache_max_bytes": _environment.TABLE_CACHE_MAX_BYTES,
        "table_cache_counts_this_process": _core.table_cache_counts(),
        "kernels_in_memory": _core.compiled_kernel_count(),
        "compilations_this_process": _core.compile_count(),
        "ocl_icd_filenames": os.environ.get("OCL_ICD_FILENAMES", ""),
    }
