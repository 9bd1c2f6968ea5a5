"""Rader's convolution in one kernel over a CPU's batches of lines (kernels/convolution_lines.hpp,
plan/rader_lines.hpp): each SIMD lane runs the convolution of its own row or column. Checked against
numpy in float64 on batches that fill whole groups and leave a rest on the team kernel (37 rows: 32 + 5
in complex64's groups of 16 and complex128's of 8), a 2-D batch (3 x 20 rows), rows apart by more than
their length (a slice), in place, columns (the lines of axis 0, neighbouring elements: read and written
where they lie), a 3-D array's first axis and fftn of prime sizes (rows and columns in one plan);
convolution lengths of three stages (97: 96 = 8 4 3 here) and more (1009, 2003). A wrong slot, end value
or buffer gives errors of order 1."""

from conftest import run_checked_child
from test_line_groups import _CHILD, _ROWS

ROW_JOBS = [[[37, 97], "rows"], [[37, 1009], "rows"], [[3, 20, 257], "rows"], [[36, 1009], "slice"],
            [[32, 97], "in_place"], [[21, 2003], "rows"]]
COLUMN_JOBS = [[[1009, 37], 0], [[97, 40], 0], [[257, 8, 20], 0], [[97, 101], None]]


def line_groups(describe):
    """The access patterns the line groups of a plan's describe() met: '' where it has none."""
    marker = "line groups of the convolution"
    return describe.split(marker)[1].split(" (rows moved")[0] if marker in describe else ""


def test_rader_rows(tmp_path):
    """Every answer within the bound against numpy; on a CPU every plan takes the row groups (not
    vacuous: with PYSYCLFFT_ROW_GROUPS=0 the describe() check fails), on other devices none."""
    results = run_checked_child(tmp_path, _ROWS, ROW_JOBS)
    assert len(results) == 2 * len(ROW_JOBS)
    rows = [line_groups(r["describe"]).endswith("for rows") for r in results]
    assert all(rows) if results[0]["cpu"] else not any(rows), [r["describe"] for r in results]


def test_rader_columns(tmp_path):
    """The same for columns: after a transform along axis 0 the plan's groups have met columns."""
    results = run_checked_child(tmp_path, _CHILD, COLUMN_JOBS)
    assert len(results) == 2 * len(COLUMN_JOBS)
    columns = ["columns" in line_groups(r["describe"]) for r in results]
    assert all(columns) if results[0]["cpu"] else not any(columns), [r["describe"] for r in results]


def test_without_row_groups_the_team_kernel_serves(tmp_path):
    results = run_checked_child(tmp_path, _ROWS, ROW_JOBS[:2], PYSYCLFFT_ROW_GROUPS="0")
    assert not any(line_groups(r["describe"]) for r in results)
