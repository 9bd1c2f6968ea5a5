"""The C++ DFT API (sycl_src/include/pysyclfft/dft.hpp): build docs/examples/cpp_fft.cpp
with g++ through find_package(pysyclfft), run it on the CPU device and check
what it prints against numpy and scipy."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import scipy.fft

from pysyclfft import _environment

from cpp_programs import ROOT, TOOLS_PRESENT, run_cpp_program

EXAMPLE = ROOT / "docs" / "examples"

pytestmark = pytest.mark.skipif(not TOOLS_PRESENT, reason="needs cmake, ninja and g++")


def sample(count):
    j = np.arange(count)
    return (0.25 * (j % 11) - 1.0) + 1j * (0.5 * ((j * j) % 7) - 1.5)


def parse(text):
    """{name: complex array} from '<name> <count>' headers followed by 're im' lines."""
    results, lines = {}, iter(text.splitlines())
    for line in lines:
        name, _, count = line.partition(" ")
        if name == "device":
            continue
        values = [next(lines).split() for _ in range(int(count))]
        results[name] = np.array([float(re) + 1j * float(im) for re, im in values])
    return results


@pytest.fixture(scope="module")
def example_output(tmp_path_factory):
    build = tmp_path_factory.mktemp("cpp_example")
    configure = ["cmake", "-S", str(EXAMPLE), "-B", str(build), "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                 f"-Dpysyclfft_DIR={ROOT / 'cmake'}", f"-DPython_EXECUTABLE={sys.executable}"]
    subprocess.run(configure, check=True, capture_output=True, text=True)
    subprocess.run(["cmake", "--build", str(build)], check=True, capture_output=True, text=True)
    env = dict(os.environ)
    _environment.configure()  # the OpenCL CPU driver and the kernel cache, as the Python package uses
    for var in ("OCL_ICD_FILENAMES", "SYCL_CACHE_PERSISTENT", "SYCL_CACHE_DIR"):
        if var in os.environ:
            env[var] = os.environ[var]
    run = subprocess.run([str(build / "cpp_fft")], env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    return parse(run.stdout)


def rel_l2(got, want):
    return np.linalg.norm(got - want) / np.linalg.norm(want)


def test_batched_out_of_place_single(example_output):
    want = np.fft.fft(sample(48).reshape(3, 16), axis=-1).ravel()
    assert rel_l2(example_output["batched_forward_f32"], want) < 8 * np.finfo(np.float32).eps * 4


def test_in_place_2d_with_offset_double(example_output):
    want = np.fft.fft2(sample(48).reshape(6, 8)).ravel()
    assert rel_l2(example_output["inplace_2d_f64"], want) < 8 * np.finfo(np.float64).eps * 6


def test_strided_round_trip_with_scale(example_output):
    x = sample(24)
    want = np.fft.fft(x[::2])
    assert rel_l2(example_output["strided_forward_f64"], want) < 8 * np.finfo(np.float64).eps * 4
    round_trip = example_output["strided_roundtrip_f64"]
    assert rel_l2(round_trip[::2], x[::2]) < 8 * np.finfo(np.float64).eps * 4
    assert np.all(round_trip[1::2] == 0)  # the gaps of the strided output are untouched


def test_real_2d_forward_and_round_trip(example_output):
    x = sample(40).real.reshape(4, 10)
    want = np.fft.rfft2(x).ravel()
    assert rel_l2(example_output["real_forward_f64"], want) < 8 * np.finfo(np.float64).eps * 6
    round_trip = example_output["real_roundtrip_f64"]
    assert rel_l2(round_trip, x.ravel()) < 8 * np.finfo(np.float64).eps * 6
    assert np.all(round_trip.imag == 0)


def test_dct2_2d(example_output):
    x = sample(60).real.reshape(6, 10)
    want = scipy.fft.dctn(x, type=2).ravel()
    got = example_output["dct2_2d_f64"]
    assert rel_l2(got, want) < 8 * np.finfo(np.float64).eps * 6
    assert np.all(got.imag == 0)


def test_zero_padded_and_cropped_2d(example_output):
    want = np.fft.fftn(sample(80).reshape(5, 16), s=(8, 12), axes=(0, 1)).ravel()
    assert rel_l2(example_output["padded_2d_f32"], want) < 8 * np.finfo(np.float32).eps * 4


# --- REAL domain: tests/cpp/real_descriptor.cpp ---------------------------------

REAL_CASES = ["oop_1d_16", "oop_1d_17", "oop_1d_1000", "oop_1d_4096", "oop_1d_32768", "oop_1d_single_17",
              "oop_1d_single_1000", "inplace_1d_16", "inplace_1d_17", "inplace_1d_32768", "inplace_1d_single_1000",
              "strided_1d_16", "oop_2d_6x10", "inplace_2d_6x9", "oop_2d_single_6x17", "oop_3d_3x4x16",
              "inplace_3d_single_3x4x9", "gapped_3d_3x4x17", "strided_2d_6x10"]


def parse_real_cases(text):
    """{name: case dict} from the program's 'case' headers and buffers."""
    cases, lines = {}, iter(text.splitlines())
    for line in lines:
        words = line.split()
        assert words[0] == "case", line
        name, prec, in_place, batch = words[1], words[2], words[3] == "1", int(words[4])
        fwd_scale, bwd_scale, d = float(words[5]), float(words[6]), int(words[7])
        ints = [int(w) for w in words[8:]]
        lengths, ints = ints[:d], ints[d:]
        fwd, fwd_dist, bwd, bwd_dist = ints[:d + 1], ints[d + 1], ints[d + 2:2 * d + 3], ints[2 * d + 3]
        reals, complexes = (int(w) for w in next(lines).split())
        case = dict(prec=prec, in_place=in_place, batch=batch, fwd_scale=fwd_scale, bwd_scale=bwd_scale,
                    lengths=lengths, fwd=fwd, fwd_dist=fwd_dist, bwd=bwd, bwd_dist=bwd_dist, reals=reals,
                    complexes=complexes)
        for direction in ("forward", "backward"):
            what, count = next(lines).split()
            assert what == direction
            case[direction] = np.array([float(next(lines)) for _ in range(int(count))])
        what, *kept = next(lines).split()
        assert what == "inputs_kept"
        case["inputs_kept"] = [k == "1" for k in kept]
        cases[name] = case
    return cases


@pytest.fixture(scope="module")
def real_cases(tmp_path_factory):
    return parse_real_cases(run_cpp_program(tmp_path_factory.mktemp("cpp_real"), "real_descriptor", 600))


def input_buffer(count, dtype):
    """What the program fills every input buffer with: sample(j) over its reals, rounded to the precision."""
    j = np.arange(count, dtype=np.int64)
    return (((j * 7919) % 1009) / 504.5 - 1.0).astype(dtype).astype(np.float64)


def strided(buffer, offset_strides, distance, batch, shape):
    """The (batch, *shape) elements that oneMath strides {offset, s_1, ..., s_d} and a distance locate."""
    index = np.full((batch,) + tuple(shape), offset_strides[0], dtype=np.int64)
    index += (np.arange(batch) * distance).reshape((batch,) + (1,) * len(shape))
    for axis, (n, s) in enumerate(zip(shape, offset_strides[1:])):
        index += (np.arange(n) * s).reshape((1,) * (axis + 1) + (n,) + (1,) * (len(shape) - axis - 1))
    return buffer[index]


def real_bound(case):
    eps = np.finfo(np.float32 if case["prec"] == "single" else np.float64).eps
    return 8 * eps * max(1.0, np.log2(np.prod(case["lengths"])))


def test_real_cases_all_ran(real_cases):
    assert sorted(real_cases) == sorted(REAL_CASES)


@pytest.mark.parametrize("name", REAL_CASES)
def test_real_forward_matches_numpy_rfftn(real_cases, name):
    c = real_cases[name]
    lengths, axes = c["lengths"], tuple(range(1, len(c["lengths"]) + 1))
    dtype = np.float32 if c["prec"] == "single" else np.float64
    half = lengths[:-1] + [lengths[-1] // 2 + 1]
    size = max(c["reals"] + 1, 2 * c["complexes"]) // 2 * 2 if c["in_place"] else c["reals"]
    x = strided(input_buffer(size, dtype), c["fwd"], c["fwd_dist"], c["batch"], lengths)
    want = np.fft.rfftn(x, axes=axes) * c["fwd_scale"]
    out = c["forward"][0::2] + 1j * c["forward"][1::2]
    got = strided(out, c["bwd"], c["bwd_dist"], c["batch"], half)
    assert rel_l2(got, want) < real_bound(c)


@pytest.mark.parametrize("name", REAL_CASES)
def test_real_backward_matches_numpy_irfftn(real_cases, name):
    c = real_cases[name]
    lengths, axes = c["lengths"], tuple(range(1, len(c["lengths"]) + 1))
    dtype = np.float32 if c["prec"] == "single" else np.float64
    half = lengths[:-1] + [lengths[-1] // 2 + 1]
    size = max(c["reals"] + 1, 2 * c["complexes"]) // 2 if c["in_place"] else c["complexes"]
    buffer = input_buffer(2 * size, dtype)
    y = strided(buffer[0::2] + 1j * buffer[1::2], c["bwd"], c["bwd_dist"], c["batch"], half)
    want = np.fft.irfftn(y, s=lengths, axes=axes) * (np.prod(lengths) * c["bwd_scale"])
    got = strided(c["backward"], c["fwd"], c["fwd_dist"], c["batch"], lengths)
    assert rel_l2(got, want) < real_bound(c)


def test_real_out_of_place_leaves_gaps_untouched(real_cases):
    """The strided outputs write only their elements (the program zeroes output buffers first)."""
    c = real_cases["strided_1d_16"]
    written = np.zeros(c["reals"], dtype=bool)
    written[strided(np.arange(c["reals"]), c["fwd"], c["fwd_dist"], c["batch"], c["lengths"]).ravel()] = True
    assert np.all(c["backward"][~written] == 0)


@pytest.mark.parametrize("name", [n for n in REAL_CASES if "inplace" not in n])
def test_real_out_of_place_keeps_inputs(real_cases, name):
    """Out of place, neither direction writes its input (n-D backward works on a copy)."""
    assert real_cases[name]["inputs_kept"] == [True, True]


def row_major(shape):
    """oneMath strides {0, s_1, ..., s_d} of a row-major array of `shape`, and its size."""
    strides = [int(np.prod(shape[j + 1:])) for j in range(len(shape))]
    return [0] + strides, int(np.prod(shape))


@pytest.mark.parametrize("name", [n for n in REAL_CASES if n.startswith(("oop_", "inplace_"))])
def test_real_default_layouts(real_cases, name):
    """oneMath's defaults: complex rows of n/2+1; real rows of n, padded to 2*(n/2+1) in place."""
    c = real_cases[name]
    n = c["lengths"][-1]
    real_row = 2 * (n // 2 + 1) if c["in_place"] else n
    assert (c["fwd"], c["fwd_dist"]) == row_major(c["lengths"][:-1] + [real_row])
    assert (c["bwd"], c["bwd_dist"]) == row_major(c["lengths"][:-1] + [n // 2 + 1])


# --- oneMath-style uses: tests/cpp/descriptor_usage.cpp -------------------------

USAGE_CASES = ["negative_stride", "single_scale_recommit", "copies_share_work_0", "copies_share_work_1",
               "copies_share_work_2", "copies_share_work_3", "two_queues"]


def parse_usage_cases(text):
    """{name: (kind, forward, scale, batch, lengths, input, output)} from the program's output."""
    cases, lines = {}, iter(text.splitlines())
    for line in lines:
        words = line.split()
        assert words[0] == "case", line
        d = int(words[6])
        arrays = []
        for _ in range(2):
            count = int(next(lines))
            arrays.append(np.array([complex(*map(float, next(lines).split())) for _ in range(count)]))
        cases[words[1]] = (words[2], words[3] == "1", float(words[4]), int(words[5]),
                           [int(w) for w in words[7:7 + d]], *arrays)
    return cases


@pytest.fixture(scope="module")
def usage_cases(tmp_path_factory):
    return parse_usage_cases(run_cpp_program(tmp_path_factory.mktemp("cpp_usage"), "descriptor_usage", 600))


def test_usage_cases_all_ran(usage_cases):
    assert sorted(usage_cases) == sorted(USAGE_CASES)


@pytest.mark.parametrize("name", USAGE_CASES)
def test_usage_matches_numpy(usage_cases, name):
    kind, forward, scale, batch, lengths, x, y = usage_cases[name]
    axes = tuple(range(1, len(lengths) + 1))
    if kind == "c2r":
        half = lengths[:-1] + [lengths[-1] // 2 + 1]
        ref = np.fft.irfftn(x.reshape([batch] + half), s=lengths, axes=axes) * np.prod(lengths)
    else:
        x = x.reshape([batch] + lengths)
        once = np.fft.fftn if forward else lambda v, axes: np.fft.ifftn(v, axes=axes) * np.prod(lengths)
        ref = once(x, axes=axes)
        if kind == "c2c_twice":
            ref = once(ref, axes=axes)
    ref = scale * ref.ravel()
    single = name.startswith("single")
    eps = np.finfo(np.float32 if single else np.float64).eps
    err = np.linalg.norm(y - ref) / np.linalg.norm(ref)
    assert err < 8 * eps * max(1.0, np.log2(np.prod(lengths))), err


# --- the CMake package in an installed layout -------------------------------------

def _sycl_runtime_files():
    """(include dir, libsycl) of the intel-sycl-rt distribution this Python has."""
    from importlib import metadata

    try:
        dist = metadata.distribution("intel-sycl-rt")
    except metadata.PackageNotFoundError:
        pytest.skip("the SYCL runtime is not the intel-sycl-rt wheel here (SYCL_ROOT)")
    located = {str(f): Path(dist.locate_file(f)).resolve() for f in dist.files or ()}
    header = next(p for name, p in located.items() if name.endswith("sycl/sycl.hpp") and "include" in name)
    library = next(p for name, p in located.items() if name.endswith("libsycl.so.9"))
    return header.parent.parent, library


def _configure(project, package_cmake_dir, build, env, *options):
    # PATH holds the directories of cmake, ninja and the C++ compiler only (a virtual environment's
    # pip-installed cmake and ninja do not sit beside the compiler and its assembler).
    tools = os.pathsep.join(str(Path(shutil.which(t)).parent) for t in ("cmake", "ninja", os.environ.get("CXX", "c++")))
    return subprocess.run(["cmake", "-S", str(project), "-B", str(build), "-G", "Ninja",
                           f"-Dpysyclfft_DIR={package_cmake_dir}", *options], capture_output=True, text=True,
                          env=dict(env, PATH=tools + os.pathsep + "/nonexistent"))


def _config_project(tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    (project / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.20)\nproject(p LANGUAGES CXX)\nfind_package(pysyclfft REQUIRED)\n"
        "get_target_property(defs pysyclfft::dft INTERFACE_COMPILE_DEFINITIONS)\n"
        'message(STATUS "definitions: ${defs}")\n')
    return project


def _place_runtime(prefix):
    """The SYCL runtime at <prefix>/include and <prefix>/lib, as the intel-sycl-rt wheel lays it out."""
    include, library = _sycl_runtime_files()
    (prefix / "lib").mkdir(parents=True, exist_ok=True)
    (prefix / "include").symlink_to(include)
    (prefix / "lib" / library.name).symlink_to(library)


def _installed_package(prefix):
    """<prefix>/lib/python3.x/site-packages/pysyclfft as CMakeLists.txt installs it."""
    package = prefix / "lib" / "python3.x" / "site-packages" / "pysyclfft"
    (package / "cmake").mkdir(parents=True)
    for name in ("pysyclfftConfig.cmake", "FindSyclRuntime.cmake"):
        (package / "cmake" / name).write_bytes((ROOT / "cmake" / name).read_bytes())
    (package / "include").symlink_to(ROOT / "sycl_src" / "include")
    return package


def _without_sycl_root():
    """The environment less SYCL_ROOT and the active virtual environment (CMake's FindPython
    would find that environment's Python, which has the runtime)."""
    return {k: v for k, v in os.environ.items() if k not in ("SYCL_ROOT", "VIRTUAL_ENV", "CONDA_PREFIX")}


def test_installed_package_finds_its_environment(tmp_path):
    """find_package(pysyclfft) from an installed package, with no Python_EXECUTABLE and no
    python on PATH: the config finds the SYCL runtime installed into the same environment
    (no Python of the machine is involved), and the kernel headers installed beside it."""
    package = _installed_package(tmp_path / "prefix")
    _place_runtime(tmp_path / "prefix")
    run = _configure(_config_project(tmp_path), package / "cmake", tmp_path / "build", _without_sycl_root())
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"SYCL runtime: {tmp_path / 'prefix' / 'include'}" in run.stdout
    assert f'PYSYCLFFT_KERNEL_INCLUDE_DIR="{package / "include"}"' in run.stdout


def test_sycl_root_names_a_runtime_outside_python(tmp_path):
    """SYCL_ROOT (environment) points the config at a runtime no Python knows of; with neither
    it nor a runtime in the prefix, configuring fails saying where it looked and what to do."""
    package = _installed_package(tmp_path / "prefix")
    _place_runtime(tmp_path / "sycl")
    project = _config_project(tmp_path)
    found = _configure(project, package / "cmake", tmp_path / "build",
                       dict(_without_sycl_root(), SYCL_ROOT=str(tmp_path / "sycl")))
    assert found.returncode == 0, found.stdout + found.stderr
    assert f"SYCL runtime: {tmp_path / 'sycl' / 'include'}" in found.stdout
    # The last resort, a Python's intel-sycl-rt, points at a Python that does not exist.
    missing = _configure(project, package / "cmake", tmp_path / "build2", _without_sycl_root(),
                         f"-DPython_EXECUTABLE={tmp_path / 'no-python'}")
    assert missing.returncode != 0
    assert "SYCL runtime not found" in missing.stderr and "SYCL_ROOT" in missing.stderr
