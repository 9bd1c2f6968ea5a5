"""Builds and runs the C++ test programs of tests/cpp/ against the checkout's CMake package."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS_PRESENT = all(shutil.which(t) for t in ("cmake", "ninja", "g++"))


def run_cpp_program(build_dir, target, timeout, env=None):
    """Configure tests/cpp in build_dir, build `target`, run it (in `env`, by default the
    environment the Python package sets up); its stdout (it must exit 0)."""
    from pysyclfft import _environment

    subprocess.run(["cmake", "-S", str(ROOT / "tests" / "cpp"), "-B", str(build_dir), "-G", "Ninja",
                    "-DCMAKE_BUILD_TYPE=Release", f"-Dpysyclfft_DIR={ROOT / 'cmake'}",
                    f"-DPython_EXECUTABLE={sys.executable}"], check=True, capture_output=True, text=True)
    subprocess.run(["cmake", "--build", str(build_dir), "--target", target], check=True, capture_output=True,
                   text=True)
    _environment.configure()  # the program finds the CPU device and the kernel cache as the package does
    run = subprocess.run([str(Path(build_dir) / target)], env=dict(os.environ) if env is None else env,
                         capture_output=True, text=True, timeout=timeout)
    assert run.returncode == 0, run.stderr
    return run.stdout
