"""python -m pysyclfft: print devices, runtime versions and kernel-cache state;
python -m pysyclfft --cmakedir: print the directory for find_package(pysyclfft);
python -m pysyclfft install-cuda-support [--root DIR] [--yes]: install the files the
run-time compiler needs for CUDA devices (see _cuda_support);
python -m pysyclfft precompile LENGTH... [--kinds ...] [--precision ...] [--jobs N]:
compile kernels and compute tables of those lengths into the on-disk caches (see _warm)."""
import sys

from . import _environment, runtime_info


def main():
    if sys.argv[1:] == ["--cmakedir"]:
        print(_environment.cmake_dir())
        return
    if sys.argv[1:2] == ["install-cuda-support"]:
        from . import _cuda_support

        _cuda_support.main(sys.argv[2:])
        return
    if sys.argv[1:2] == ["precompile"]:
        from . import _warm

        sys.exit(_warm.main(sys.argv[2:]))
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
    if info["table_cache_dir"]:
        print(f"host tables on disk (on): {info['table_cache_dir']}, {info['table_cache_files']} files, "
              f"{info['table_cache_bytes'] / 1e6:.1f} MB (at most {info['table_cache_max_bytes'] / 1e6:.0f} MB)")
    else:
        print("host tables on disk (off)")
    state = "on" if info["disk_cache_enabled"] else "off"
    print(f"SYCL runtime kernel cache on disk ({state}): {info['disk_cache_dir']}, "
          f"{info['disk_cache_files']} files, {info['disk_cache_bytes'] / 1e6:.1f} MB")
    print(f"kernels in memory: {info['kernels_in_memory']}")


if __name__ == "__main__":
    main()
