"""Rader's convolution in one kernel over a CPU's batches of rows (kernels/convolution_rows.hpp,
plan/rader_rows.hpp): each SIMD lane runs the convolution of its own row. Checked against numpy in
float64 on batches that fill whole groups and leave a rest on the team kernel (37 rows: 32 + 5 in
complex64's groups of 16 and complex128's of 8), a 2-D batch (3 x 20 rows), rows apart by more than
their length (a slice), and in place; convolution lengths of two stages (97: 96 = 8 4 3 here, the
first FFT's output in either buffer as the stage count is odd or even) and more (1009, 2003). A wrong
slot, end value or buffer gives errors of order 1."""

from conftest import run_checked_child
from test_line_groups import _ROWS

JOBS = [[[37, 97], "rows"], [[37, 1009], "rows"], [[3, 20, 257], "rows"], [[36, 1009], "slice"],
        [[32, 97], "in_place"], [[21, 2003], "rows"]]


def test_rader_rows_compute_the_transforms_of_rows(tmp_path):
    """Every answer within the bound against numpy; on a CPU every plan takes the row groups (not
    vacuous: with PYSYCLFFT_ROW_GROUPS=0 the describe() check fails), on other devices none."""
    results = run_checked_child(tmp_path, _ROWS, JOBS)
    assert len(results) == 2 * len(JOBS)
    rows = ["row groups of the convolution" in r["describe"] for r in results]
    assert all(rows) if results[0]["cpu"] else not any(rows), [r["describe"] for r in results]


def test_without_row_groups_the_team_kernel_serves(tmp_path):
    results = run_checked_child(tmp_path, _ROWS, JOBS[:2], PYSYCLFFT_ROW_GROUPS="0")
    assert not any("row groups of the convolution" in r["describe"] for r in results)
