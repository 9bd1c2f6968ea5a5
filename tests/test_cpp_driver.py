"""C++ programs find the OpenCL CPU device as the Python package does: including
pysyclfft's header sets OCL_ICD_FILENAMES to the intel-opencl-rt wheel's
libintelocl.so (beside libsycl.so) before main, and keeps a value the user set."""
import os

import pytest

from cpp_programs import TOOLS_PRESENT, run_cpp_program
from pysyclfft import _environment

pytestmark = pytest.mark.skipif(not TOOLS_PRESENT, reason="cmake, ninja and g++ are needed to build C++ programs")


def report(stdout):
    lines = [line.partition(" ") for line in stdout.splitlines()]
    return {key: [v for k, _, v in lines if k == key] for key, _, _ in lines}


@pytest.fixture(scope="module")
def build_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("cpp_driver")


def test_cpu_device_found_without_setting_the_variable(build_dir):
    driver = _environment.opencl_cpu_driver()
    if driver is None:
        pytest.skip("the intel-opencl-rt wheel is not installed")
    env = {k: v for k, v in os.environ.items() if k != "OCL_ICD_FILENAMES"}
    out = report(run_cpp_program(build_dir, "opencl_driver", 300, env=env))
    assert out["set_by_pysyclfft"] == ["yes"]
    assert os.path.realpath(out["OCL_ICD_FILENAMES"][0]) == os.path.realpath(driver)
    assert out.get("cpu_device"), "no OpenCL CPU device appeared"


def test_a_users_value_is_kept(build_dir):
    env = dict(os.environ, OCL_ICD_FILENAMES="/nonexistent/libOpenCL-user-choice.so")
    out = report(run_cpp_program(build_dir, "opencl_driver", 300, env=env))
    assert out["OCL_ICD_FILENAMES"] == ["/nonexistent/libOpenCL-user-choice.so"]
    assert out["set_by_pysyclfft"] == ["no"]
