"""Markdown tables and plots of a benchmark run (the dict bench.py writes as JSON)."""
import harness_common
from peers import MODULES, OURS, PEERS

SUITE_TITLES = {"c2c": "Batched 1-D c2c, forward", "anysize": "Any size: 1-D c2c, forward",
                "real": "R2C (rfft), forward", "dct": "DCT-II (scipy's unnormalised), forward",
                "batched": "Short 1-D c2c in a large batch, forward", "batched_real": "Short R2C in a large batch, forward",
                "nd": "2-D and 3-D c2c (fftn), forward", "nd_real": "2-D and 3-D R2C (rfftn), forward"}
COLUMN = {"ours_out": "ours out="}


def groups(run):
    """[(title, cases)] per suite and dtype, in run order."""
    out = {}
    for case in run["cases"]:
        key = (case["suite"], case["dtype"])
        out.setdefault(key, []).append(case)
    return [(f"{SUITE_TITLES[suite]}, {dtype}", cases) for (suite, dtype), cases in out.items()]


def present_peers(run):
    return [p for p in PEERS if p in run["peers"] and run["peers"][p]["skipped"] is None]


def _gflops_cell(cell):
    if cell is None:
        return " "
    return f"{cell['gflops']:.1f}" if cell["status"] == "ok" else cell["status"]


def _fmt(value, spec):
    return "-" if value is None else format(value, spec)


def _ratio_cell(case, peer):
    """Our ratio to the best peer, or `wrong` where our answer's error is over the bound."""
    if harness_common.wrong(case["results"].get(peer), case):
        return "wrong"
    return _fmt(case["ratio"].get(peer), ".2f")


def group_markdown(title, cases, peers):
    lines = [f"### {title}", "",
             "GFLOP/s (higher is better); `ours/best`, `out=/best`: our GFLOP/s over the best peer's "
             f"({harness_common.WRONG_LEGEND}).", "",
             "| case | batch | " + " | ".join(COLUMN.get(p, p) for p in peers)
             + " | best peer | ours/best | out=/best | ours ms |",
             "|---|---:|" + "---:|" * len(peers) + "---|---:|---:|---:|"]
    for c in cases:
        cells = [_gflops_cell(c["results"].get(p)) for p in peers]
        ours = c["results"].get("ours", {})
        lines.append(f"| {c['label']} | {c['batch']} | " + " | ".join(cells)
                     + f" | {c['best_peer'] or '-'} | {_ratio_cell(c, 'ours')}"
                     + f" | {_ratio_cell(c, 'ours_out')} | {_fmt(ours.get('ms'), '.1f')} |")
    lines += ["", "Max relative error against numpy in float64 (max|y - ref| / max|ref|):", "",
              "| case | " + " | ".join(COLUMN.get(p, p) for p in peers) + " |", "|---|" + "---:|" * len(peers)]
    for c in cases:
        cells = []
        for p in peers:
            cell = c["results"].get(p)
            cells.append(" " if cell is None else f"{cell['err']:.1e}" if cell["status"] == "ok" else cell["status"])
        lines.append(f"| {c['label']} | " + " | ".join(cells) + " |")
    notes = sorted({f"{COLUMN.get(p, p)}: {cell['note']}" for c in cases for p, cell in c["results"].items()
                    if cell["status"] != "ok"})
    if notes:
        lines += ["", "Not measured: " + "; ".join(notes) + "."]
    return "\n".join(lines) + "\n"


def header_markdown(run):
    m = run["meta"]
    skipped = [f"{p} ({v['skipped']})" for p, v in run["peers"].items() if v["skipped"]]
    versions = ", ".join(f"{MODULES[p]} {v['version']}" for p, v in run["peers"].items()
                         if v["version"] and p != "ours_out")
    runs = f" (best of {m['runs']} runs per case and peer)" if m.get("runs", 1) > 1 else ""
    lines = [f"- command: `{m['command']}`{runs}",
             f"- date: {m['start_utc']} to {m['end_utc']} UTC; load average (1/5/15 min) before "
             f"{m['load_before']}, after {m['load_after']}",
             f"- machine: {m['cpu']}, {m['cpus']} CPUs; SYCL device: {m['device']}",
             f"- versions: {versions}",
             f"- timing: minimum of {m['repetitions']} after one warm-up call; input about {m['input_mib']:g} MiB "
             f"per case; host peers with {m['threads']} threads; {m['omp_env']}"]
    if skipped:
        lines.append("- skipped peers: " + "; ".join(skipped))
    return "\n".join(lines) + "\n"


def plantime_markdown(plantime):
    """Per precision and kind: the plan and first-call latency over the lengths (median /
    90th percentile / max, ms) with an empty cache and warm, by length category."""
    lines = []
    for precision, t in plantime.items():
        categories = sorted({c for c, _ in t["lengths"]})
        lines += [f"### First call at a new length, {precision} precision ({len(t['lengths'])} lengths: "
                  + ", ".join(f"{sum(cat == c for cat, _ in t['lengths'])} {c}" for c in categories) + ")", "",
                  "median / p90 / max ms; `first call` = plan + first transform; the process's own start "
                  "(import, device, first plan) excluded.", "",
                  "| kind | cache | " + " | ".join(f"plan, {c}" for c in categories) +
                  " | plan, all | first call, all | compiles | tables computed | specialized in use |",
                  "|---|---|" + "---:|" * (len(categories) + 5)]
        for kind, states in t["kinds"].items():
            for state, probe in states.items():
                s = probe.get("summary", {})
                rows = [r for r in probe.get("lengths", {}).values() if "error" not in r]
                spec = [r["specialized_ms"] for r in rows if r.get("specialized_ms") is not None]
                lines.append(f"| {kind} | {state} | " + " | ".join(_stats(s.get(c), "plan_ms") for c in categories)
                             + f" | {_stats(s.get('all'), 'plan_ms')} | {_stats(s.get('all'), 'first_call_ms')} | "
                             f"{sum(r['compiles'] for r in rows)} | {sum(r['tables_computed'] for r in rows)} | "
                             + (f"{max(spec):.0f} (max)" if spec else "-") + " |")
        lines.append("")
    return "\n".join(lines)


def _stats(summary, name):
    if not summary or summary.get(f"{name}_median") is None:
        return "-"
    return " / ".join(f"{summary[f'{name}_{k}']:.0f}" for k in ("median", "p90", "max"))


def markdown(run):
    parts = [header_markdown(run)]
    parts += [group_markdown(title, cases, present_peers(run)) for title, cases in groups(run)]
    if run.get("plantime"):
        parts.append(plantime_markdown(run["plantime"]))
    return "\n".join(parts)


def plot(run, path):
    """Grouped GFLOP/s bars, one panel per suite and dtype. False (and a message) without matplotlib."""
    try:
        import matplotlib
    except ImportError:
        print(f"matplotlib is not installed: no plot written to {path} (pip install matplotlib, then "
              f"python benchmarks/bench.py --from-json RUN.json --plot {path})")
        return False
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = groups(run)
    if not panels:
        return False
    peers = present_peers(run)
    fig, axes = plt.subplots(len(panels), 1, figsize=(max(8, 0.9 * max(len(c) for _, c in panels) + 3),
                                                      3.6 * len(panels)), squeeze=False)
    width = 0.8 / len(peers)
    for ax, (title, cases) in zip(axes[:, 0], panels):
        for i, p in enumerate(peers):
            values = [c["results"].get(p, {}).get("gflops", 0.0) for c in cases]
            hatch = "//" if p in OURS else None
            ax.bar([k + (i - (len(peers) - 1) / 2) * width for k in range(len(cases))], values, width,
                   label=COLUMN.get(p, p), hatch=hatch, edgecolor="black" if hatch else None, linewidth=0.3)
        ax.set_xticks(range(len(cases)))
        ax.set_xticklabels([c["label"] for c in cases], rotation=30, ha="right", fontsize=8)
        ax.set_ylabel("GFLOP/s")
        ax.set_title(title, fontsize=10)
        ax.grid(axis="y", alpha=0.3)
    m = run["meta"]
    inch = 1 / fig.get_figheight()  # figure coordinates of one inch from the top
    fig.suptitle(f"{m['device']}, {m['start_utc']} UTC, load {m['load_before']}", fontsize=9, y=1 - 0.1 * inch)
    fig.legend(*axes[0, 0].get_legend_handles_labels(), ncol=len(peers), fontsize=8, loc="upper center",
               bbox_to_anchor=(0.5, 1 - 0.3 * inch))
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.7 * inch))
    fig.savefig(path, dpi=110)
    plt.close(fig)
    print(f"plot written to {path}")
    return True
