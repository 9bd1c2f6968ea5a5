"""pysyclfft.distributed under MPI: launches tests/distributed/mpi_checks.py with
`mpiexec -n N` for N = 1..4 (4 ranks on 2 cores: correctness, not speed).
Skipped when mpi4py or mpiexec is missing (pip install ".[mpi]")."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mpi4py", reason="needs mpi4py: pip install '.[mpi]'")
MPIEXEC = shutil.which("mpiexec", path=os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]))
CHECKS = Path(__file__).parent / "distributed" / "mpi_checks.py"


@pytest.mark.skipif(MPIEXEC is None, reason="needs an mpiexec: pip install '.[mpi]' brings MPICH's")
@pytest.mark.parametrize("ranks", [1, 2, 3, 4])
def test_distributed_ffts_match_numpy(ranks):
    # Open MPI refuses root and more ranks than cores unless told; MPICH ignores these.
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    done = subprocess.run([MPIEXEC, "-n", str(ranks), sys.executable, str(CHECKS)], env=env, capture_output=True,
                          text=True, timeout=240, cwd=CHECKS.parent)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    assert f"{ranks} ranks:" in done.stdout and ", 0 failures" in done.stdout, done.stdout[-4000:]


BENCH = Path(__file__).parents[1] / "benchmarks" / "distributed_bench.py"


@pytest.mark.skipif(MPIEXEC is None, reason="needs an mpiexec: pip install '.[mpi]' brings MPICH's")
@pytest.mark.parametrize("kind,dtype", [("c2c", "complex64"), ("r2c", "float64")])
def test_benchmark_checks_its_results(tmp_path, kind, dtype):
    """benchmarks/distributed_bench.py --check (the two-GPU run's check): every rank's output block
    against numpy's transform of the whole global input, within its bound, recorded in the JSON."""
    import json

    out = tmp_path / "bench.json"
    done = subprocess.run([sys.executable, str(BENCH), "--n", "10", "--ranks", "1", "2", "--repeats", "1", "--kind",
                           kind, "--dtype", dtype, "--device-blocks", "--peer", "none", "--check", "--out", str(out)],
                          capture_output=True, text=True, timeout=240, cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    results = json.loads(out.read_text())["results"]
    assert [r["ranks"] for r in results] == [1, 2]
    for result in results:
        check = result["ours"]["check"]
        assert check["passed"] and 0 < check["relative_l2_error"] <= check["bound"], check
    assert results[1]["ours"]["bytes_sent_per_rank"] > 0
