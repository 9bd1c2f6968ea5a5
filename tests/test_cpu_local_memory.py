"""pysyclfft asks the OpenCL CPU device for 512 KiB of local memory per work-group
(pysyclfft/_environment.py, CL_CONFIG_CPU_FORCE_LOCAL_MEM_SIZE, unless the user set
it), so complex128 transforms of 16384 points run in one kernel there; plans follow
what the device reports, so a user's smaller setting gives two passes, with the same
results. Checked in child processes against numpy in float64."""
import json

import numpy as np
import pytest

from test_plans import run_python

CHILD = r"""
import json, os
if os.environ.get("CL_CONFIG_CPU_FORCE_LOCAL_MEM_SIZE") == "unset":  # as in a shell that never set it
    del os.environ["CL_CONFIG_CPU_FORCE_LOCAL_MEM_SIZE"]
import numpy as np
import pysyclfft
x = np.random.default_rng(3).standard_normal((3, 16384)) + 1j * np.random.default_rng(4).standard_normal((3, 16384))
plan = pysyclfft.get_fft_plan(x, axes=(1,))
want = np.fft.fft(x)
err = float(np.max(np.abs(plan.forward(x) - want)) / np.max(np.abs(want)))
device = plan.queue.sycl_device
print(json.dumps([os.environ.get("CL_CONFIG_CPU_FORCE_LOCAL_MEM_SIZE"), device.is_cpu, device.local_mem_size,
                  "four-step" not in plan.describe().splitlines()[1], err]))
"""


@pytest.mark.parametrize("setting, local_bytes, one_kernel", [(None, 512 * 1024, True), ("256KB", 256 * 1024, False)])
def test_cpu_local_memory_setting_and_plans(setting, local_bytes, one_kernel):
    done = run_python(CHILD, timeout=600, CL_CONFIG_CPU_FORCE_LOCAL_MEM_SIZE=setting or "unset")
    assert done.returncode == 0, done.stderr
    seen, is_cpu, local, single, err = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen == (setting or "512KB")
    assert err <= 4.0 * np.finfo(np.float64).eps * np.log2(16384), err
    if is_cpu:
        assert local == local_bytes
        assert single == one_kernel
