"""The C++ DFT API (sycl_src/include/pysyclfft/dft.hpp): build docs/examples/cpp_fft.cpp
with g++ through find_package(pysyclfft), run it on the CPU device and check
what it prints against numpy."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pysyclfft import _environment

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples"

pytestmark = pytest.mark.skipif(not all(shutil.which(t) for t in ("cmake", "ninja", "g++")),
                                reason="needs cmake, ninja and g++")


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
