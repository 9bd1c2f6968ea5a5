"""The NVRTC layer's kernel parameters come from the one planner (pysyclfft/cuda/plan_query.cpp over
plan/kernel_params.hpp), with its own radix-16 threshold: its kernels, neither inlined nor laid out
against bank conflicts, lost 14-21% at 1024-2048 points on an H200 with the SYCL kernels' radix 16 from
1024 points, so they keep radix 8 below 4096 (KernelRole::nvrtc). The query is host C++ only: it is
compiled and run here as the layer does (pysyclfft/cuda/_planner.py), without CUDA."""
import json
import os
import subprocess
from pathlib import Path

import pysyclfft
from pysyclfft._environment import include_dir

H100_LIMITS = (227 * 1024, 1024)  # local memory bytes, work-items per group


def query(tmp_path, *lengths):
    source = Path(pysyclfft.__file__).with_name("cuda") / "plan_query.cpp"
    binary = tmp_path / "plan_query"
    subprocess.run([os.environ.get("CXX", "g++"), "-O1", "-std=c++17", f"-I{include_dir()}", str(source), "-o",
                    str(binary)], check=True)
    out = subprocess.run([str(binary), "plan", *map(str, H100_LIMITS), "float", *map(str, lengths)], check=True,
                         capture_output=True, text=True).stdout
    return {p["n"]: p["radices"] for p in map(json.loads, out.splitlines())}


def test_nvrtc_kernels_keep_radix_8_below_4096_points(tmp_path):
    radices = query(tmp_path, 1024, 2048, 4096)
    assert radices[1024] == [8, 8, 4, 4], radices
    assert max(radices[2048]) == 8, radices
    assert radices[4096] == [16, 16, 16], radices  # not vacuous: radix 16 from 4096 as before
