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


def _cases(cases, quick, dtypes):
    """(label, n, batch, dtype) of every case and dtype; --quick skips lengths above 2^16."""
    return [(label, n, batch, dtype) for label, n, batch in cases if not quick or n <= 2**16 for dtype in dtypes]


def _table(columns, lines):
    """A markdown table: the column titles, then one list of cells per line."""
    out = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    out += ["| " + " | ".join(str(cell) for cell in cells) + " |" for cells in lines]
    return "\n".join(out)


def _cell(error):
    """'L2 / max' of an (l2, max) pair."""
    return f"{error[0]:.2e} / {error[1]:.2e}"


def measure(quick):
    rows = []
    for cls, n, batch, dtype in _cases(CASES, quick, (np.complex64, np.complex128)):
        x = random_complex((batch, n), dtype, seed=n)
        ref = long_double_reference(x)
        rows.append({"class": cls, "n": n, "batch": batch, "dtype": np.dtype(dtype).name,
                     **{name: errors(fn(x), ref) for name, fn in PEERS.items()}})
        print(rows[-1], flush=True)
    return rows


REAL_CASES = [("fused single kernel", 1000, 16), ("around Bluestein", 4097, 4),
              ("around multi-pass", 65536, 1), ("around multi-pass", 2**20, 1)]


def measure_real(quick):
    rows = []
    for path, n, batch, dtype in _cases(REAL_CASES, quick, (np.float32, np.float64)):
        for kind in REAL_KINDS:
            x, ref, call = real_kind_case(kind, n, batch, dtype, seed=n)
            rows.append({"path": path, "kind": kind, "n": n, "dtype": np.dtype(dtype).name,
                         "pysyclfft": errors(call(pysyclfft, x), ref), "scipy": errors(call(sfft, x), ref)})
            print(rows[-1], flush=True)
    return rows


def markdown_real(rows):
    return _table(["kind", "n", "path", "dtype", "pysyclfft L2 / max", "scipy L2 / max"],
                  [[r["kind"], r["n"], r["path"], r["dtype"], _cell(r["pysyclfft"]), _cell(r["scipy"])] for r in rows])


def markdown(rows):
    return _table(["class", "n", "dtype", "pysyclfft L2 / max", "numpy L2 / max", "scipy L2 / max", "bound (L2)"],
                  [[r["class"], r["n"], r["dtype"], _cell(r["pysyclfft"]), _cell(r["numpy"]), _cell(r["scipy"]),
                    f"{L2_BOUND[np.dtype(r['dtype']).type]:.0e}"] for r in rows])


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
