"""Process environment the SYCL runtime reads when it starts.

Must run before the SYCL runtime enumerates devices (dpctl/dpnp imports do not,
the first device query does), so ``pysyclfft/__init__`` calls it first.
"""
import os
import sys
import time
from importlib import metadata
from pathlib import Path


def _distribution_file(dist_name, suffix):
    try:
        dist = metadata.distribution(dist_name)
    except metadata.PackageNotFoundError:
        return None
    for f in dist.files or ():
        if str(f).endswith(suffix):
            path = Path(dist.locate_file(f)).resolve()
            if path.exists():
                return path
    return None


def opencl_cpu_driver():
    """Path of the OpenCL CPU runtime shipped by the intel-opencl-rt wheel."""
    found = _distribution_file("intel-opencl-rt", "/libintelocl.so")
    if found:
        return found
    candidate = Path(sys.prefix) / "lib" / "libintelocl.so"
    return candidate if candidate.exists() else None


def kernel_cache_dir():
    """Where compiled kernels persist between processes."""
    if os.environ.get("PYSYCLFFT_CACHE_DIR"):
        return Path(os.environ["PYSYCLFFT_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pysyclfft" / "kernels"


def disk_cache_enabled():
    """False when the user turned the on-disk kernel caches off (PYSYCLFFT_DISK_CACHE=0)."""
    return os.environ.get("PYSYCLFFT_DISK_CACHE", "1") != "0"


def binary_cache_dir():
    """Our cache of device binaries (plan/binary_cache.hpp), inside the kernel cache."""
    return kernel_cache_dir() / "binaries"


def table_cache_dir():
    """Our cache of host-computed tables (plan/table_cache.hpp), beside the binaries."""
    return kernel_cache_dir() / "tables"


BINARY_CACHE_MAX_BYTES = 10**9  # least recently used binaries go beyond this
TABLE_CACHE_MAX_BYTES = 10**9  # a 10^6-point double Bluestein table is ~50 MB
SYCL_CACHE_MAX_MEGABYTES = 1024


def configure_disk_caches(core):
    """Point the C++ compiler at our binary cache and the planner at our table
    cache (or disable both)."""
    on = disk_cache_enabled()
    core.set_binary_cache(str(binary_cache_dir()) if on else "", BINARY_CACHE_MAX_BYTES)
    core.set_table_cache(str(table_cache_dir()) if on else "", TABLE_CACHE_MAX_BYTES)


def configure():
    """Point the OpenCL loader at the wheel's CPU driver (its .icd file holds a
    placeholder path) and enable the SYCL runtime's persistent kernel cache in
    our directory. Settings the user made are left alone."""
    driver = opencl_cpu_driver()
    if driver and "OCL_ICD_FILENAMES" not in os.environ:
        os.environ["OCL_ICD_FILENAMES"] = str(driver)
    if disk_cache_enabled():
        os.environ.setdefault("SYCL_CACHE_PERSISTENT", "1")
        os.environ.setdefault("SYCL_CACHE_DIR", str(kernel_cache_dir()))
        # The runtime's cache is only the fallback behind our binary cache: cap it
        # at 1 GiB (the runtime's default is 8 GiB, in megabytes).
        os.environ.setdefault("SYCL_CACHE_MAX_SIZE", str(SYCL_CACHE_MAX_MEGABYTES))
    if owns_disk_cache():
        remove_stale_eviction_lock(Path(os.environ["SYCL_CACHE_DIR"]))


# The SYCL runtime holds <cache dir>/cache_size.txt.lock while it updates its
# persistent cache's size file (after each binary it writes, and while it evicts:
# well under a second) and, in another process, spins at full CPU for as long as
# that file exists. A process that ends while holding it leaves it
# behind (ours end at exit while a background compile runs,
# plan/background_compiler.hpp; or a kill), and every later compile hung on it
# (seen 2026-11-28). Older than this, the file is no live process's.
STALE_LOCK_SECONDS = 60


def remove_stale_eviction_lock(cache_dir):
    lock = Path(cache_dir) / "cache_size.txt.lock"
    try:
        if time.time() - lock.stat().st_mtime > STALE_LOCK_SECONDS:
            lock.unlink()
    except OSError:  # none there, or another process removed it first
        pass


def include_dir():
    """Kernel headers compiled at run time: installed in the package, or the
    source tree when running from a checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "include", here.parent / "sycl_src" / "include"):
        if (candidate / "pysyclfft" / "kernels").is_dir():
            return candidate
    raise ImportError("pysyclfft: kernel headers not found next to the package")


def owns_disk_cache():
    """True when the SYCL persistent cache in use is our own directory."""
    return (os.environ.get("SYCL_CACHE_PERSISTENT") == "1"
            and os.environ.get("SYCL_CACHE_DIR") == str(kernel_cache_dir()))


def retry_after_clearing_disk_cache(build):
    """Run `build()`; if compilation fails and the on-disk cache is ours, the
    SYCL runtime's cache may hold a corrupt entry (the runtime then fails on
    every build), so empty it and try once more. (Our binary cache checks its
    entries itself: a bad one is deleted and rebuilt in C++.)"""
    from . import _core

    try:
        return build()
    except _core.CompileError:
        if not owns_disk_cache():
            raise
        import shutil
        import warnings

        warnings.warn("pysyclfft: kernel build failed; clearing the on-disk kernel cache and retrying",
                      RuntimeWarning, stacklevel=3)
        cache = kernel_cache_dir()
        for entry in cache.iterdir() if cache.is_dir() else ():  # empty it, keep the directory
            if entry.is_dir():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)
        return build()


def cmake_dir():
    """Directory of pysyclfftConfig.cmake (for find_package(pysyclfft)): installed
    in the package, or the checkout's cmake/ folder."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "cmake", here.parent / "cmake"):
        if (candidate / "pysyclfftConfig.cmake").is_file():
            return candidate
    raise FileNotFoundError("pysyclfft: pysyclfftConfig.cmake not found next to the package")


def configure_specialization(core):
    """When plans get their specialized kernels (PYSYCLFFT_SPECIALIZE, default
    'background': a generic plan serves a new length at once while its own
    kernels compile on a worker thread; plan/background_compiler.hpp parses it,
    a bad value raises ValueError), and stop that worker's queue at exit so that
    no compile starts while the process ends; a compile still running then ends
    the process before the C exit handlers destroy what it uses."""
    import atexit

    core.set_specialization(os.environ.get("PYSYCLFFT_SPECIALIZE", "background"))
    atexit.register(core.shutdown_background)


def configure_announcements(core):
    """Whether compiling a generic kernel set (seconds, once per device: docs/plantime.md) says so on
    stderr: in an interactive session (the REPL, IPython), or as PYSYCLFFT_ANNOUNCE_BUILDS says (1 or 0)."""
    setting = os.environ.get("PYSYCLFFT_ANNOUNCE_BUILDS", "")
    if setting not in ("", "0", "1"):
        raise ValueError(f"PYSYCLFFT_ANNOUNCE_BUILDS must be 0 or 1, got {setting!r}")
    interactive = hasattr(sys, "ps1") or bool(sys.flags.interactive) or "IPython" in sys.modules
    core.set_announce_generic_builds(setting == "1" if setting else interactive)
