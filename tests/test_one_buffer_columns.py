"""Column groups of pass kernels that run their middle stages in place in one Stockham buffer,
with radix 16 (plan/kernel_params.hpp, take_one_buffer): a GPU takes them for passes of long lines
whose input lines are neighbouring columns; the CPU device does under PYSYCLFFT_ONE_BUFFER_COLUMNS=1,
so the kernels are checked here against numpy in float64."""

from conftest import C2C_ROWS_CHILD, H100, run_checked_child

# Two passes on this CPU, the first in one buffer (1280- and 1080-point lines, 8 per group).
LENGTHS = [1280 * 1280, 1080 * 1000]


def test_one_buffer_column_groups_compute_the_same_transforms(tmp_path):
    results = run_checked_child(tmp_path, C2C_ROWS_CHILD, LENGTHS, PYSYCLFFT_ONE_BUFFER_COLUMNS="1")
    assert len(results) == 2 * len(LENGTHS)
    # Not vacuous: the form under test is there, in every plan.
    assert all("stages in place in one local buffer" in r["describe"] for r in results), [r["describe"] for r in results]


def test_long_column_lines_on_an_h100_take_twice_the_lines():
    """1024-point lines whose input is columns: 8 per group (64 bytes per row) in one buffer of 64 KiB
    (three groups per multiprocessor) instead of 4 in two; lines read as rows keep two buffers' worth."""
    from pysyclfft import _core

    columns = _core.pass_kernel_params(1024, 1 << 20, False, False, **H100)
    assert (columns["interleave"], columns["buffers"], columns["local_bytes"]) == (8, 1, 64 * 1024), columns
    assert max(columns["radices"]) == 16 and columns["threads"] == 64, columns
    rows = _core.pass_kernel_params(1024, 1 << 20, True, False, **H100)
    assert rows["interleave"] == 4, rows
    # Two-buffer passes of 1024 points keep radix 8 (radix 16 lost 34% there); a single kernel of 1024 takes 16.
    assert max(rows["radices"]) == 8, rows
    assert max(_core.c2c_kernel_params(1024, False, **H100)["radices"]) == 16
    # Groups of 16 shorter lines keep two buffers (one lost 10-32% on an H200).
    short = _core.pass_kernel_params(256, 1 << 20, False, False, **H100)
    assert (short["interleave"], short["buffers"]) == (16, 2), short
