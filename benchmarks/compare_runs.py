"""Two builds compared over several runs of bench.py each, taken alternately (A B A B ...).

    python benchmarks/compare_runs.py --old a1.json,a2.json,a3.json --new b1.json,b2.json,b3.json \
        --save results/compare.json --markdown table.md
    python benchmarks/compare_runs.py --from results/compare.json      # the table again

Per case (suite, shape, dtype) and peer (ours, ours_out) it takes each build's
times over its runs (every run's time is already the minimum of 3-20 calls):
the median, and the spread, (max - min) / median, which says how much one
build's runs differ among themselves on this (shared, noisy) machine.
`new/old` is the ratio of the medians (above 1: the new build is slower). A row
is flagged `slower` when new/old - 1 exceeds the larger of the two spreads:
the new build is slower by more than the runs of one build differ.
"""
import argparse
import statistics
import sys

import harness_common

PEERS = ("ours", "ours_out")


def _slim(run):
    """A bench.py run without what the comparison does not need."""
    cases = [{"suite": c["suite"], "label": c["label"], "dtype": c["dtype"], "batch": c["batch"],
              "results": {p: {k: r[k] for k in ("status", "ms", "gflops", "err") if k in r}
                          for p, r in c["results"].items() if p in PEERS}}
             for c in run["cases"]]
    return {"meta": run["meta"], "cases": cases}


def _times(runs):
    """{(suite, label, dtype, peer): [ms of each run]} over the runs that measured the case."""
    out = {}
    for run in runs:
        for c in run["cases"]:
            for peer, r in c["results"].items():
                if r["status"] == "ok":
                    out.setdefault((c["suite"], c["label"], c["dtype"], peer), []).append(r["ms"])
    return out


def _spread(ms):
    return (max(ms) - min(ms)) / statistics.median(ms)


def compare(old_runs, new_runs):
    """One row per case and peer measured by both builds."""
    old, new = _times(old_runs), _times(new_runs)
    rows = []
    for key in old:
        if key not in new:
            continue
        suite, label, dtype, peer = key
        ratio = statistics.median(new[key]) / statistics.median(old[key])
        spread = max(_spread(old[key]), _spread(new[key]))
        rows.append({"suite": suite, "case": label, "dtype": dtype, "peer": peer,
                     "old_ms": statistics.median(old[key]), "new_ms": statistics.median(new[key]),
                     "old_spread": _spread(old[key]), "new_spread": _spread(new[key]),
                     "new_over_old": ratio, "slower": ratio - 1 > spread})
    return rows


def markdown(rows):
    lines = ["| suite | case | dtype | peer | old ms | new ms | new/old | spread old | spread new | |",
             "|---|---|---|---|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        lines.append(f"| {r['suite']} | {r['case']} | {r['dtype']} | {r['peer']} | {r['old_ms']:.2f} | "
                     f"{r['new_ms']:.2f} | {r['new_over_old']:.2f} | {r['old_spread']:.0%} | {r['new_spread']:.0%} | "
                     f"{'slower' if r['slower'] else ''} |")
    ratios = [r["new_over_old"] for r in rows]
    slower = [f"{r['suite']} {r['case']} {r['dtype']} {r['peer']}" for r in rows if r["slower"]]
    lines += ["", f"{len(rows)} rows; new/old median {statistics.median(ratios):.2f} "
              f"(min {min(ratios):.2f}, max {max(ratios):.2f}); slower beyond the spread: "
              f"{', '.join(slower) if slower else 'none'}"]
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", help="comma list of bench.py --json files of the old build")
    ap.add_argument("--new", help="comma list of bench.py --json files of the new build")
    ap.add_argument("--from", dest="saved", help="a file --save wrote: print its table again")
    ap.add_argument("--save", help="write every run (slimmed) and the rows to this JSON file")
    ap.add_argument("--markdown", help="write the table to this file")
    args = ap.parse_args(argv)
    if args.saved:
        saved = harness_common.load(args.saved)[0]
        old_runs, new_runs = saved["old"], saved["new"]
    elif args.old and args.new:
        old_runs, new_runs = ([_slim(r) for r in harness_common.load(paths)] for paths in (args.old, args.new))
    else:
        ap.error("give --old and --new, or --from")
    rows = compare(old_runs, new_runs)
    text = markdown(rows)
    print(text)
    harness_common.save({"old": old_runs, "new": new_runs, "rows": rows}, args.save)
    harness_common.write_text(args.markdown, text + "\n")
    return rows


if __name__ == "__main__":
    sys.exit(main() and 0)
