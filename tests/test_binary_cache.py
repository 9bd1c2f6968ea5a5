"""Our on-disk cache of device binaries (plan/binary_cache.hpp): a process with a
warm cache compiles nothing, bad entries are deleted and rebuilt, the key follows
the kernel source, the size cap holds, a build of several lengths serves a later
process that plans one of them (aliases). Each case runs in child processes on its
own copy of a cache filled once per module."""
import json
import os
import re
import shutil
import struct
import subprocess
import sys

import pytest

from pysyclfft import _core

from conftest import DEFAULT_BACKEND, needs_binary_cache

pytestmark = needs_binary_cache

# One child process makes two builds: PRECOMPILED in one build, which the OpenCL
# runtime splits into two device binaries (kernels requiring different sub-group
# sizes: 4-point work-item kernels 4, 256-point complex128 teams 8), and SINGLE (a
# single-kernel length's kernels, its column-group kernels on a GPU included, are one
# build: plan/c2c_plan.hpp).
PRECOMPILED = [4, 256]
SINGLE = 24
BUILDS = 2

_CHILD = r"""
import json, sys
import numpy as np, pysyclfft
from pysyclfft import _core
args = json.loads(sys.argv[1])
if args.get("include_dir"):
    _core.set_kernel_include_dir(args["include_dir"])
if args.get("max_bytes"):
    _core.set_binary_cache(_core.binary_cache_dir(), args["max_bytes"])
if args["precompile"]:
    pysyclfft.precompile(args["precompile"], np.complex128)
errs = []
for n in args["lengths"]:
    x = np.arange(3 * n).reshape(3, n) * (1 + 0.5j)
    ref = np.fft.fft(x)
    errs.append(float(np.linalg.norm(pysyclfft.fft(x) - ref) / np.linalg.norm(ref)))
print("RESULT", json.dumps({"compiles": _core.compile_count(), "loads": _core.binary_cache_loads(),
                            "err": max(errs), "dir": _core.binary_cache_dir()}))
"""


def child_env(cache_dir):
    """The environment of a child process whose only kernel cache is `cache_dir` (ours, enabled)."""
    env = dict(os.environ, PYSYCLFFT_CACHE_DIR=str(cache_dir))
    for var in ("SYCL_CACHE_DIR", "SYCL_CACHE_PERSISTENT", "PYSYCLFFT_DISK_CACHE"):
        env.pop(var, None)
    return env


def run_code(cache_dir, code, argv, error_bound, **env):
    """What a child process running `code` printed after RESULT, its error checked against error_bound."""
    out = subprocess.run([sys.executable, "-c", code, *argv], env=dict(child_env(cache_dir), **env),
                         capture_output=True, text=True, timeout=300, cwd=cache_dir.parent)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.split("RESULT")[1])
    assert result["err"] < error_bound
    return result


def run_child(cache_dir, **args):
    args.setdefault("precompile", PRECOMPILED)
    args.setdefault("lengths", PRECOMPILED + [SINGLE])
    return run_code(cache_dir, _CHILD, [json.dumps(args)], 1e-14)


def entries(cache_dir):
    return sorted((cache_dir / "binaries").glob("*.bin"))


def key_and_body(entry):
    """An entry's key and body (layout in plan/cache_directory.hpp: magic line, key
    length, key, body, checksum; counts and lengths are 8-byte little-endian)."""
    data = entry.read_bytes()
    pos = data.index(b"\n") + 1
    (key_len,) = struct.unpack_from("<Q", data, pos)
    return data[pos + 8:pos + 8 + key_len], data[pos + 8 + key_len:-8]


def builds(cache_dir):
    """The entries of builds, not aliases (whose keys begin with "alias")."""
    return [f for f in entries(cache_dir) if not key_and_body(f)[0].startswith(b"alias\n")]


def aliases(cache_dir):
    return sorted(set(entries(cache_dir)) - set(builds(cache_dir)))


@pytest.fixture(scope="module")
def warm_cache(tmp_path_factory):
    """A cache directory after one cold process (compiled every build)."""
    cache = tmp_path_factory.mktemp("warm") / "cache"
    cold = run_child(cache)
    assert cold["compiles"] == BUILDS and cold["loads"] == 0
    assert cold["dir"] == str(cache / "binaries")
    assert len(builds(cache)) == BUILDS
    assert len(aliases(cache)) >= len(PRECOMPILED)  # one per kernel of the PRECOMPILED build
    if DEFAULT_BACKEND == "opencl":  # the OpenCL runtime splits PRECOMPILED in two: both load paths are covered
        assert sorted(len(images_and_symbols(f)) for f in builds(cache)) == [1, 2]
    return cache


@pytest.fixture
def cache(warm_cache, tmp_path):
    copy = tmp_path / "cache"
    shutil.copytree(warm_cache, copy)
    return copy


def test_second_process_loads_binaries_and_compiles_nothing(cache):
    warm = run_child(cache)
    assert warm["compiles"] == 0
    assert warm["loads"] == BUILDS


def fnv1a(data):
    h = 14695981039346656037
    for b in data:
        h = ((h ^ b) * 1099511628211) & (2**64 - 1)
    return h


def with_bad_binaries(data):
    """The entry with its device binaries replaced by garbage and a correct checksum:
    the file passes its checks and the driver must reject it. (Layout in
    plan/binary_cache.hpp: magic line, key, binaries, then symbols; 8-byte counts.)"""
    body = data[:-8]
    pos = body.index(b"\n") + 1
    (key_len,) = struct.unpack_from("<Q", body, pos)
    pos += 8 + key_len
    (images,) = struct.unpack_from("<Q", body, pos)
    out = body[:pos + 8]
    pos += 8
    garbage = b"not a device binary" * 50
    for _ in range(images):
        (n,) = struct.unpack_from("<Q", body, pos)
        pos += 8 + n
        out += struct.pack("<Q", len(garbage)) + garbage
    out += body[pos:]
    return out + struct.pack("<Q", fnv1a(out))


DAMAGE = {
    "truncate": lambda d: d[: len(d) // 2],
    "garbage": lambda d: b"not a cache entry" * 9,
    "flipped_byte": lambda d: d[: len(d) // 2] + bytes([d[len(d) // 2] ^ 1]) + d[len(d) // 2 + 1:],
    "binary_rejected_by_driver": with_bad_binaries,
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_bad_entry_is_deleted_and_rebuilt(cache, damage):
    for f in builds(cache):
        f.write_bytes(DAMAGE[damage](f.read_bytes()))
    rebuilt = run_child(cache)
    assert rebuilt["compiles"] == BUILDS and rebuilt["loads"] == 0
    warm = run_child(cache)  # the rebuilt entries are good again
    assert warm["compiles"] == 0 and warm["loads"] == BUILDS


def test_key_follows_the_kernel_source(cache, tmp_path):
    changed = tmp_path / "include"
    shutil.copytree(_core.kernel_include_dir(), changed)
    with open(changed / "pysyclfft" / "kernels" / "complex.hpp", "a") as f:
        f.write("\n// a change that leaves the kernels as they were still makes a new key\n")
    before = set(builds(cache))
    other = run_child(cache, include_dir=str(changed), precompile=[], lengths=[SINGLE])
    assert other["compiles"] == 1 and other["loads"] == 0
    assert len(set(builds(cache)) - before) == 1  # stored beside, not over, the old entries
    assert run_child(cache, precompile=[], lengths=[SINGLE])["compiles"] == 0  # the original source still hits


def test_size_cap_evicts_least_recently_used(cache):
    stored = sorted(entries(cache), key=lambda f: f.stat().st_mtime_ns)  # in build order
    cap = sum(f.stat().st_size for f in stored)  # no room for another entry
    run_child(cache, lengths=PRECOMPILED + [SINGLE, 32], max_bytes=cap)  # loads them (in order), then stores 32
    left = entries(cache)
    assert sum(f.stat().st_size for f in left) <= cap
    assert stored[0] not in left  # least recently used: evicted first
    assert set(left) - set(stored)  # the entry just stored survives


_PLAN_ONE = r"""
import json, sys
import numpy as np, pysyclfft, scipy.fft
from pysyclfft import _core
kind, n = sys.argv[1], int(sys.argv[2])
x = np.random.default_rng(n).standard_normal(n) * (1 + 0.5j if kind == "c2c" else 1)
ref = np.fft.fft(x) if kind == "c2c" else scipy.fft.dct(x, 2)
plan = pysyclfft.get_fft_plan(x, kind=kind)
err = float(np.linalg.norm(plan(x) - ref) / np.linalg.norm(ref))
describe = plan.describe()
pysyclfft.config.wait_for_specialized()  # a process exiting while the worker compiles may abort (test_generic.py)
print("RESULT", json.dumps({"compiles": _core.compile_count(), "loads": _core.binary_cache_loads(), "err": err,
                            "describe": describe}))
"""


def plan_one(cache_dir, kind, n, specialize):
    """A child process plans and runs the 1-D float64 `kind` transform of n points."""
    return run_code(cache_dir, _PLAN_ONE, [kind, str(n)], 1e-13, PYSYCLFFT_SPECIALIZE=specialize)


def test_a_length_of_a_build_of_several_loads_in_a_later_process(cache):
    """PRECOMPILED's lengths are one build, stored under all their kernel names; a process
    that plans one of them finds it through its kernels' aliases, at plan time too
    (KernelCompiler::available), so the plan runs its own kernels at once."""
    later = plan_one(cache, "c2c", PRECOMPILED[-1], "background")
    assert later["compiles"] == 0 and later["loads"] == 1
    assert "generic" not in later["describe"]


@pytest.mark.parametrize("n", [100, 101])  # a fused map kernel; map passes around a Rader FFT
def test_dct2_compiled_in_wait_mode_serves_a_later_default_process(tmp_path, n):
    """A 'wait' plan compiles its forward and backward maps' kernels in one build; a later
    plan in the default mode asks for the forward ones only."""
    cache = tmp_path / "cache"
    first = plan_one(cache, "dct2", n, "wait")
    assert first["compiles"] >= 1
    later = plan_one(cache, "dct2", n, "background")
    assert later["compiles"] == 0
    assert "generic map passes" not in later["describe"]


def test_alias_to_a_removed_build_compiles_again(cache):
    for f in builds(cache):  # as eviction may leave them: aliases only
        f.unlink()
    rebuilt = plan_one(cache, "c2c", PRECOMPILED[-1], "wait")
    assert rebuilt["compiles"] == 1 and rebuilt["loads"] == 0
    assert plan_one(cache, "c2c", PRECOMPILED[-1], "wait")["compiles"] == 0  # the new build is found


def test_disabled_cache_is_empty_and_untouched(tmp_path):
    env = dict(os.environ, PYSYCLFFT_CACHE_DIR=str(tmp_path / "cache"), PYSYCLFFT_DISK_CACHE="0")
    out = subprocess.run([sys.executable, "-c", "from pysyclfft import _core; print(repr(_core.binary_cache_dir()))"],
                         env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "''"
    assert not (tmp_path / "cache").exists()


def test_main_prints_the_binary_cache(cache):
    env = child_env(cache)
    out = subprocess.run([sys.executable, "-m", "pysyclfft"], env=env, capture_output=True, text=True, timeout=120,
                         cwd=cache.parent)
    assert out.returncode == 0, out.stderr
    line = next(l for l in out.stdout.splitlines() if l.startswith("kernel binaries on disk"))
    assert f"(on): {cache / 'binaries'}, {len(entries(cache))} files" in line


_EVERY_DEVICE = r"""
import json
import dpctl, numpy as np, pysyclfft
default = dpctl.select_default_device()
devices = dpctl.get_devices(backend=default.backend.name, device_type=default.device_type.name)
errs = []
for device in devices:
    queue = dpctl.SyclQueue(device, property="in_order")  # dpctl's default context: every device of the platform
    assert queue.sycl_context.device_count == len(devices)
    x = np.arange(3 * 24).reshape(3, 24) * (1 + 0.5j)
    y = np.asarray(pysyclfft.fft(pysyclfft.DeviceArray.from_numpy(x, queue)))
    errs.append(float(np.linalg.norm(y - np.fft.fft(x)) / np.linalg.norm(np.fft.fft(x))))
print("RESULT", json.dumps({"errs": errs, "loads": pysyclfft._core.binary_cache_loads()}))
"""


def test_each_device_of_a_shared_context_runs_the_binaries_loaded_for_it(tmp_path):
    """The second device finds the first one's entry on disk and loads it for itself: on CUDA into its
    own primary context (loading into the shared context's, the first GPU's, failed every launch on the
    second GPU: the two-GPU run of docs/distributed.md)."""
    import dpctl

    default = dpctl.select_default_device()
    if len(dpctl.get_devices(backend=default.backend.name, device_type=default.device_type.name)) < 2:
        pytest.skip("needs two devices of the default device's backend and type")
    env = child_env(tmp_path / "cache")
    out = subprocess.run([sys.executable, "-c", _EVERY_DEVICE], env=env, capture_output=True, text=True, timeout=300,
                         cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.split("RESULT")[1])
    assert result["loads"] >= 1  # a later device loaded what the first one compiled
    assert max(result["errs"]) < 1e-14


def images_and_symbols(entry):
    """A build entry's device binaries and, per binary, the kernel symbols it holds
    (body layout in plan/binary_cache.hpp: counts and lengths are 8-byte little-endian)."""
    body, pos = key_and_body(entry)[1], 0

    def count():
        nonlocal pos
        pos += 8
        return struct.unpack_from("<Q", body, pos - 8)[0]

    def text():
        nonlocal pos
        n = count()
        pos += n
        return body[pos - n:pos]

    images = [text() for _ in range(count())]
    symbols = [[] for _ in images]
    for _ in range(count()):
        name = text().decode()
        symbols[count()].append(name)
    assert pos == len(body)
    return list(zip(images, symbols))


def code_of_builds(tmp_path, code):
    """(device code, kernel symbols) of each device binary of each build a fresh process running
    `code` left in an empty cache. CUDA devices store the SASS the driver compiles a build's PTX to
    (a cubin), or the PTX where the driver's linker refuses a kernel of the build: pass kernels of
    more than 48 KiB of static shared memory, which loading the PTX accepts (docs/cuda.md)."""
    out = subprocess.run([sys.executable, "-c", code], env=child_env(tmp_path / "cache"), capture_output=True,
                         text=True, timeout=300, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    binaries = [b for f in builds(tmp_path / "cache") for b in images_and_symbols(f)]
    assert binaries and all(is_sass(image) or b".entry" in image for image, _ in binaries)
    return binaries


def is_sass(image):
    return image.startswith(b"\x7fELF")


@pytest.mark.skipif(DEFAULT_BACKEND != "cuda", reason="CUDA devices' SASS")
def test_cuda_builds_are_stored_as_sass(tmp_path):
    """A new process loads SASS without the driver's PTX compile (a one-kernel build of 64 points:
    0.1 ms against 4 ms for its PTX with the driver's cache warm, docs/cuda.md)."""
    binaries = code_of_builds(tmp_path, "import numpy as np, pysyclfft; pysyclfft.fft(np.ones(64, np.complex64))")
    assert [is_sass(image) for image, _ in binaries] == [True]


LOCAL_SIZE_BYTES = 3  # CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES
_PRECOMPILE_LARGE = r"""
import numpy as np, pysyclfft
pysyclfft.precompile([32768, 2**21], np.complex64)
"""


@pytest.mark.skipif(DEFAULT_BACKEND != "cuda", reason="CUDA kernels' local memory (PTX, or SASS through CuPy)")
def test_precompiled_pass_kernels_keep_no_stack_frame(tmp_path):
    """A build of several pass kernels (precompile: both directions of two lengths, which share a
    storer type) has every loader and storer inlined: no kernel uses local memory (a stack frame,
    `__local_depot` in the PTX). With one the H100 ran those kernels at 0.6x
    (benchmarks/results/gpu_h100_notes.md, run 11)."""
    cupy = pytest.importorskip("cupy")
    local_bytes = {}
    for image, symbols in code_of_builds(tmp_path, _PRECOMPILE_LARGE):
        if not is_sass(image):
            local_bytes.update({name: int(b"__local_depot" in image) for name in symbols})
            continue
        module = cupy.cuda.function.Module()
        module.load(image)
        local_bytes.update({name: cupy.cuda.driver.funcGetAttribute(LOCAL_SIZE_BYTES, module.get_function(name).ptr)
                            for name in symbols})
    assert local_bytes and {name: b for name, b in local_bytes.items() if b} == {}


_FIRST_BUILD = r"""
import numpy as np, pysyclfft
pysyclfft.precompile([64, 1024], np.complex64)
"""


@pytest.mark.skipif(DEFAULT_BACKEND != "cuda", reason="CUDA builds' code")
def test_first_build_of_a_process_inlines_the_builtins(tmp_path):
    """SYCL-RTC's first NVPTX build in a process calls the SPIR-V built-ins (barriers, work-item ids)
    as functions and every later build inlines them, so a kernel's code depended on what its process
    compiled first (4096^2's columns on an H200: 56 or 72 registers, 620 or 715 GB/s). The compiler's
    throw-away build first (KernelCompiler::warm_up_builtins) gives the first kept build the inlined form:
    no built-in left as a function of its own: no call to one in PTX, no symbol of one in SASS."""
    called = {True: re.compile(rb"_Z\d+__spirv_\w+"),
              False: re.compile(rb"call(?:\.uni)?\s+(?:\([^)]*\),\s*)?_Z\d+__spirv_\w+")}
    binaries = code_of_builds(tmp_path, _FIRST_BUILD)
    found = [called[is_sass(image)].findall(image)[:3] for image, _ in binaries]
    assert [calls for calls in found if calls] == []
