"""Accuracy report: normalised L2 and max errors of pysyclfft, numpy.fft and scipy.fft
against long-double references (scipy.fft on clongdouble), per algorithm class.

    python benchmarks/accuracy_report.py [--quick] [--markdown docs/accuracy.md]
"""
import argparse
import os
import sys
import time

import numpy as np
import scipy.fft as sfft

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
import pysyclfft  # noqa: E402
from accuracy import L2_BOUND, REAL_KINDS, errors, long_double_reference, random_complex, real_kind_case  # noqa: E402

CASES = [  # (class, n, batch)
    ("single kernel", 64, 256), ("single kernel", 1000, 16), ("single kernel", 2187, 8),
    ("single kernel", 1331, 8), ("single kernel", 4096, 8), ("single kernel", 8192, 4),
    ("multi-pass", 16384, 2), ("multi-pass", 3**10, 1), ("multi-pass", 2**20, 1),
    ("multi-pass", 2**22, 1), ("multi-pass", 2**24, 1),
    ("Rader", 17, 64), ("Rader", 1009, 8), ("Rader", 12289, 2), ("Rader", 65537, 1),
    ("Bluestein", 4099, 4), ("Bluestein", 999983, 1),
]
PEERS = {
    "pysyclfft": pysyclfft.fft,
    "numpy": np.fft.fft,
    "scipy": lambda x: sfft.fft(x, workers=2),
}


def measure(quick):
    rows = []
    for cls, n, batch in CASES:
        if quick and n > 2**16:
            continue
        for dtype in (np.complex64, np.complex128):
            x = random_complex((batch, n), dtype, seed=n)
            ref = long_double_reference(x)
            row = {"class": cls, "n": n, "batch": batch, "dtype": np.dtype(dtype).name}
            for name, fn in PEERS.items():
                row[name] = errors(fn(x), ref)
            rows.append(row)
            print(row, flush=True)
    return rows


REAL_CASES = [("fused single kernel", 1000, 16), ("around Bluestein", 4097, 4),
              ("around multi-pass", 65536, 1), ("around multi-pass", 2**20, 1)]


def _cell(error):
    """'L2 / max' of an (l2, max) pair."""
    return f"{error[0]:.2e} / {error[1]:.2e}"


def measure_real(quick):
    rows = []
    for path, n, batch in REAL_CASES:
        if quick and n > 2**16:
            continue
        for dtype in (np.float32, np.float64):
            for kind in REAL_KINDS:
                x, ref, call = real_kind_case(kind, n, batch, dtype, seed=n)
                row = {"path": path, "kind": kind, "n": n, "dtype": np.dtype(dtype).name,
                       "pysyclfft": errors(call(pysyclfft, x), ref), "scipy": errors(call(sfft, x), ref)}
                rows.append(row)
                print(row, flush=True)
    return rows


def markdown_real(rows):
    out = ["| kind | n | path | dtype | pysyclfft L2 / max | scipy L2 / max |", "|---|---|---|---|---|---|"]
    for r in rows:
        out.append(f"| {r['kind']} | {r['n']} | {r['path']} | {r['dtype']} | {_cell(r['pysyclfft'])} | "
                   f"{_cell(r['scipy'])} |")
    return "\n".join(out)


def markdown(rows):
    out = ["| class | n | dtype | pysyclfft L2 / max | numpy L2 / max | scipy L2 / max | bound (L2) |",
           "|---|---|---|---|---|---|---|"]
    for r in rows:
        out.append(f"| {r['class']} | {r['n']} | {r['dtype']} | {_cell(r['pysyclfft'])} | {_cell(r['numpy'])} | "
                   f"{_cell(r['scipy'])} | {L2_BOUND[np.dtype(r['dtype']).type]:.0e} |")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="skip lengths above 2^16")
    ap.add_argument("--markdown", help="write the table to this file")
    args = ap.parse_args()
    t = time.time()
    table = markdown(measure(args.quick)) + "\n\nReal-input transforms (DCT/DST with norm='ortho'):\n\n" + \
        markdown_real(measure_real(args.quick))
    print(table)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(table + "\n")
    print(f"({time.time() - t:.0f} s)")


if __name__ == "__main__":
    main()
