"""What the harnesses (bench.py, gpu_bench.py, compare_runs.py) share: their comma-list options, runs
as JSON files, tables as text files, the error above which a row's answer is wrong."""
import json
import math

import numpy as np


def comma_list(parser, text, known, what, everything=None):
    """The names of a comma-list option, each one of `known` (else parser.error names the
    unknown ones); `everything`, when given, is the word for all of `known`."""
    names = list(known) if everything and text == everything else text.split(",")
    unknown = set(names) - set(known)
    if unknown:
        parser.error(f"unknown {what} {sorted(unknown)}; expected some of {', '.join(known)}"
                     + (f" or {everything}" if everything else ""))
    return names


def save(run, path):
    """`run` as JSON in `path` (none: nothing); rewritten after each case, so a run cut short keeps its results."""
    if path:
        with open(path, "w") as f:
            json.dump(run, f, indent=1)


def load(paths):
    """The runs of a comma-separated list of JSON files, in that order."""
    runs = []
    for path in paths.split(","):
        with open(path) as f:
            runs.append(json.load(f))
    return runs


def write_text(path, text):
    """`text` in `path` (none: nothing)."""
    if path:
        with open(path, "w") as f:
            f.write(text)


# How the tables say it, beside the verdict or ratio that `wrong` replaces.
WRONG_LEGEND = "`wrong`: our max-norm error above eps log2 of the points per transform"


def error_bound(case):
    """The largest max-norm relative error a correct answer to `case` (a run's case dict: its dtype and
    dims) may have: eps log2 of the points per transform. It gates our answers only: in the committed
    runs ours stayed within 0.38 of it but for the H200's wrong 3-D rows, cuFFT within 0.38, VkFFT
    0.62, while oneMKL's float32 R2C of 2^20 points reached 1.7 (cpu_all.json)."""
    return float(np.finfo(case["dtype"]).eps) * math.log2(max(2, math.prod(case["dims"])))


def wrong(cell, case):
    """Whether a peer's result cell of `case` holds an answer over error_bound: such a row meets no goal."""
    return bool(cell and cell.get("status") == "ok" and cell.get("err") is not None and cell["err"] > error_bound(case))
