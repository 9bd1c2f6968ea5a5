"""What the harnesses (bench.py, gpu_bench.py, compare_runs.py) share: their comma-list options, runs
as JSON files, tables as text files."""
import json


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
