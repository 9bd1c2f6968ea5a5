"""python -m pysyclfft: print devices, runtime versions and kernel-cache state;
python -m pysyclfft --cmakedir: print the directory for find_package(pysyclfft);
python -m pysyclfft precompile: build the default device's generic kernel set (every
precision it supports) into the kernel cache, so new lengths never wait for the compiler;
python -m pysyclfft install-cuda-support [--root DIR] [--yes]: install the files the
run-time compiler needs for CUDA devices (see _cuda_support)."""
import sys
import time

from . import _environment, runtime_info


def main():
    if sys.argv[1:] == ["--cmakedir"]:
        print(_environment.cmake_dir())
        return
    if sys.argv[1:2] == ["install-cuda-support"]:
        from . import _cuda_support

        _cuda_support.main(sys.argv[2:])
        return
    if sys.argv[1:] == ["precompile"]:
        precompile_generic_sets()
        return
    info = runtime_info()
    print(f"pysyclfft {info['pysyclfft']}  (dpctl {info['dpctl']}, SYCL runtime {info['sycl_runtime']})")
    print("SYCL devices:")
    for d in info["devices"]:
        print(f"  - {d['name']} [{d['backend']}, {d['type']}] driver {d['driver']}, "
              f"{d['compute_units']} compute units, local memory {d['local_mem_bytes'] // 1024} KiB, "
              f"max work-group {d['max_work_group_size']}, fp64 {'yes' if d['fp64'] else 'no'}")
    print(f"default device: {info['default_device']}")
    print(f"kernel headers: {info['kernel_headers']}")
    if info["binary_cache_dir"]:
        print(f"kernel binaries on disk (on): {info['binary_cache_dir']}, {info['binary_cache_files']} files, "
              f"{info['binary_cache_bytes'] / 1e6:.1f} MB (at most {info['binary_cache_max_bytes'] / 1e6:.0f} MB)")
    else:
        print("kernel binaries on disk (off)")
    state = "on" if info["disk_cache_enabled"] else "off"
    print(f"SYCL runtime kernel cache on disk ({state}): {info['disk_cache_dir']}, "
          f"{info['disk_cache_files']} files, {info['disk_cache_bytes'] / 1e6:.1f} MB")
    print(f"kernels in memory: {info['kernels_in_memory']}")


def precompile_generic_sets():
    import numpy as np

    from . import _arrays, precompile_generic

    queue = _arrays.default_queue()
    dtypes = [np.complex64] + ([np.complex128] if queue.sycl_device.has_aspect_fp64 else [])
    for dtype in dtypes:
        print(f"generic kernel set, {np.dtype(dtype).name}, {queue.sycl_device.name}: ", end="", flush=True)
        start = time.perf_counter()
        count = precompile_generic(dtype, queue)
        print(f"{count} kernels in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
