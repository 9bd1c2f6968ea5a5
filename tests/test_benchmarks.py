"""Smoke test of the benchmark harness (benchmarks/bench.py): tiny sizes, numpy and ours only.

Checks the structure of the JSON and markdown a run writes, and that every
measured result agrees with the float64 reference (the harness's own check)."""
import copy
import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import bench  # noqa: E402
import harness_common  # noqa: E402
import report  # noqa: E402
from conftest import needs_dpnp  # noqa: E402


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bench")
    argv = ["--host", "--suite", "c2c,real,dct", "--quick", "--sizes", "16", "--mib", "0.0625",  # --host: on a GPU too
            "--peers", "numpy,ours,ours_out",
            "--json", str(folder / "run.json"), "--markdown", str(folder / "run.md")]
    bench.main(argv)
    return json.loads((folder / "run.json").read_text()), (folder / "run.md").read_text()


def test_cases_of_each_suite(quick_run):
    run, _ = quick_run
    cases = [(c["suite"], c["label"], c["dtype"], c["batch"]) for c in run["cases"]]
    assert cases == [("c2c", "16", "complex64", 512), ("c2c", "16", "complex128", 256),
                     ("real", "R2C 16", "float32", 1024), ("dct", "DCT-II 16", "float32", 1024),
                     ("dct", "DCT-II 16x16", "float32", 64)]


def test_results_are_accurate_and_ratios_consistent(quick_run):
    run, _ = quick_run
    for c in run["cases"]:
        bound = 8 * np.finfo(c["dtype"]).eps * math.log2(math.prod(c["dims"]))
        res = c["results"]
        for peer in ("numpy", "ours", "ours_out"):
            if c["kind"] == "dct2" and peer != "ours":  # numpy has no DCT, pysyclfft.dct no out=
                assert res[peer]["status"] == "n/a", (c["label"], peer)
                continue
            assert res[peer]["status"] == "ok", (c["label"], peer, res[peer])
            assert res[peer]["err"] < bound, (c["label"], peer, res[peer]["err"])
            assert res[peer]["ms"] > 0 and res[peer]["reps"] >= 2
        if c["kind"] == "dct2":
            assert c["best_peer"] is None and c["ratio"] == {}
        else:
            assert c["best_peer"] == "numpy"
            assert c["ratio"]["ours"] == pytest.approx(res["ours"]["gflops"] / res["numpy"]["gflops"])


def test_markdown_tables(quick_run):
    run, text = quick_run
    assert text.count("| case | batch | numpy | ours | ours out= | best peer |") == 4  # one per suite and dtype
    assert "numpy: numpy.fft has no dct()" in text
    assert run["meta"]["command"] in text


def test_a_wrong_answer_shows_no_ratio(quick_run):
    """Our ratio to the best peer says `wrong` where our error is over eps log2(points), however fast."""
    run, _ = quick_run
    case = copy.deepcopy(run["cases"][0])

    def ratios():  # the row's ours/best and out=/best cells
        row = next(line for line in report.group_markdown("t", [case], ["numpy", "ours", "ours_out"]).splitlines()
                   if line.startswith(f"| {case['label']} |"))
        return row.split(" | ")[6:8]

    assert "wrong" not in ratios()
    case["results"]["ours"]["err"] = 1.01 * harness_common.error_bound(case)
    assert ratios()[0] == "wrong" and ratios()[1] != "wrong", ratios()


def test_merge_keeps_the_fastest_cell_and_the_worst_error(quick_run):
    run, _ = quick_run
    slower = copy.deepcopy(run)
    for c in slower["cases"]:
        for cell in c["results"].values():
            if cell["status"] == "ok":
                cell.update(ms=2 * cell["ms"], gflops=cell["gflops"] / 2, err=3 * cell["err"])
    merged = bench.merge([slower, run])
    assert merged["meta"]["runs"] == 2 and len(merged["cases"]) == len(run["cases"])
    for c, m in zip(run["cases"], merged["cases"]):
        for peer, cell in c["results"].items():
            if cell["status"] == "ok":
                assert m["results"][peer]["ms"] == cell["ms"]
                assert m["results"][peer]["err"] == 3 * cell["err"]
        assert m["ratio"] == pytest.approx(c["ratio"])


def test_unknown_suite_or_peer_is_rejected():
    with pytest.raises(SystemExit):
        bench.parse_args(["--suite", "c2c,nope"])
    with pytest.raises(SystemExit):
        bench.parse_args(["--peers", "numpy,fftw3"])


@needs_dpnp  # the script times dpnp arrays
def test_plan_placement_times_each_fresh_plan():
    """plan_placement.py: one time per fresh plan, in milliseconds."""
    import plan_placement

    times = plan_placement.one_process(4096, "complex64", 2, mib=0.25)
    assert len(times) == 2 and all(0 < t < 10_000 for t in times)


def test_compare_runs_flags_only_slowdowns_beyond_the_spread():
    """compare_runs.py (old vs new builds over several runs): a row is `slower` when the
    ratio of the medians exceeds 1 by more than either build's spread."""
    import compare_runs

    def run(ms_a, ms_b):
        results = lambda ms: {"ours": {"status": "ok", "ms": ms}}  # noqa: E731
        return {"meta": {}, "cases": [{"suite": "c2c", "label": "a", "dtype": "complex64", "results": results(ms_a)},
                                      {"suite": "c2c", "label": "b", "dtype": "complex64", "results": results(ms_b)}]}
    old = [run(1.0, 1.0), run(1.1, 1.0), run(0.9, 1.0)]  # spreads: a 20%, b 0%
    new = [run(1.1, 1.3), run(1.15, 1.3), run(1.05, 1.3)]  # a: 1.10x (within 20%), b: 1.30x
    rows = {r["case"]: r for r in compare_runs.compare(old, new)}
    assert rows["a"]["new_over_old"] == pytest.approx(1.1) and not rows["a"]["slower"]
    assert rows["b"]["new_over_old"] == pytest.approx(1.3) and rows["b"]["slower"]
    assert "slower beyond the spread: c2c b complex64 ours" in compare_runs.markdown(list(rows.values()))


def test_batched_and_nd_suites(tmp_path):
    """Suites of whole shapes (2-D, 3-D) and of short lengths in a large batch, checked against numpy."""
    out = tmp_path / "nd.json"
    bench.main(["--host", "--suite", "nd_real,batched", "--quick", "--mib", "0.0625", "--peers", "numpy,ours",
                "--json", str(out)])
    run = json.loads(out.read_text())
    labels = [(c["suite"], c["label"], c["dtype"]) for c in run["cases"]]
    assert labels == [("nd_real", "R2C 64x64", "float32"), ("nd_real", "R2C 16x16x16", "float32"),
                      ("batched", "8", "complex64"), ("batched", "64", "complex64"),
                      ("batched", "8", "complex128"), ("batched", "64", "complex128")]
    for c in run["cases"]:
        assert c["results"]["ours"]["status"] == "ok" and c["results"]["ours"]["err"] < 1e-5, c


def test_workloads_compute_what_scipy_does():
    """Each workload on a tiny shape: ours and numpy agree with scipy in float64; the table has every row."""
    import dataclasses

    import workloads

    shapes = {"stft": (4, 32), "convolution": (32, 32), "poisson": (8, 8, 8), "rfft8": (16, 8)}
    peers, _ = workloads.available_peers(["ours", "numpy"])
    rows = [workloads.measure(dataclasses.replace(workloads.WORKLOADS[name], quick_shape=shape), peers, 1, True)
            for name, shape in shapes.items()]
    for row in rows:
        assert row["results"]["ours"]["status"] == "ok" and row["results"]["ours"]["err"] < 1e-5, row
    assert rows[2]["results"]["numpy"]["status"] == "n/a"  # numpy.fft has no dctn
    text = workloads.markdown({"repeats": 1, "rows": rows})
    assert all(f"| {name} |" in text for name in shapes)


def test_launch_cost_times_and_checks_every_case(capsys):
    """launch_cost.py: a line per case, positive times, and each answer within its bound."""
    import launch_cost

    lines = launch_cost.main(["--calls", "3", "--label", "t"])
    assert len(lines) == len(launch_cost.CASES)
    assert all(line.endswith(" OK") and "submit" in line for line in lines)


@pytest.mark.parametrize("arrays", ["device", pytest.param("dpnp", marks=needs_dpnp)])
def test_plan_overhead_times_every_layer(arrays):
    """plan_overhead.py, with dpnp arrays or (as on a machine without dpnp) DeviceArrays:
    a positive time for every layer, and the transform's answer checked by the script."""
    import plan_overhead

    medians = plan_overhead.main(["16", "4", "complex64", "1", arrays])
    assert "bare launch" in medians and "fft(x, out)" in medians
    assert all(t > 0 for t in medians.values())


def test_warm_plan_probe_counts_what_a_new_plan_builds():
    import warm_plan_probe

    for kind in ("c2c", "r2c"):
        first = warm_plan_probe.probe(kind, 60, wait=True)
        again = warm_plan_probe.probe(kind, 60)  # the same length again: nothing new to build
        assert first["plan_ms"] > 0 and first["first_ms"] > 0 and first["n"] == 60
        assert again["compiles"] == again["binary_loads"] == again["tables_computed"] == 0
