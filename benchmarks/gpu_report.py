"""docs/performance-gpu.md and its plot from GPU benchmark runs (the dict gpu_bench.py writes as JSON).

Everything printed comes from the JSON (and gpu_cases' goals), so rendering the same JSON
gives the same file.
"""
import os
import re
import statistics

import gpu_cases
import harness_common
from gpu_peers import OURS, PEERS, TITLES

SUITE_ORDER = list(gpu_cases.SUITES)


def ordered_cases(run):
    """Cases in the order of gpu_cases.SUITES and of each suite's shapes."""
    def key(c):
        shapes = gpu_cases.SUITES[c["suite"]].shapes
        dims = tuple(c["dims"])
        return SUITE_ORDER.index(c["suite"]), shapes.index(dims) if dims in shapes else len(shapes)
    return sorted(run["cases"], key=key)


def present_peers(run):
    return [p for p in PEERS if any(p in c["results"] for c in run["cases"])]


def spread(cell):
    """(slowest block - fastest block) / fastest block of one measured cell."""
    times = cell["device_us"]
    return max(times) / min(times) - 1


def row_spread(case):
    cells = [c for c in case["results"].values() if c["status"] == "ok"]
    return max((spread(c) for c in cells), default=None)


def _ok(case, peer):
    cell = case["results"].get(peer)
    return cell if cell and cell["status"] == "ok" else None


def copy_share(case, run, peer):
    cell = _ok(case, peer)
    copy = run["runs"][case["run"]]["copy_gbs"]
    return cell["gbs"] / copy if cell and copy else None


def ratio(case, peer):
    ours, other = _ok(case, "ours"), _ok(case, peer)
    return ours["gbs"] / other["gbs"] if ours and other else None


def goal_met(case, run):
    """'yes', 'no', 'wrong' (our error above harness_common.error_bound) or '-' (no goal, or a number it
    needs is missing)."""
    goal = gpu_cases.SUITES[case["suite"]].goal
    ours = _ok(case, "ours")
    if goal is None or ours is None:
        return "-"
    if harness_common.wrong(ours, case):
        return "wrong"
    others = [p for p in ("cufft", "vkfft") if _ok(case, p)]
    if goal.measure == "copy":
        share = copy_share(case, run, "ours")
        if share is None:
            return "-"
        met = share >= goal.value
        if goal.within_spread:
            slack = 1 + row_spread(case)
            met = met and all(ours["gbs"] * slack >= _ok(case, p)["gbs"] for p in others)
    elif goal.measure == "best":
        if not others:
            return "-"
        met = ours["gbs"] >= goal.value * max(_ok(case, p)["gbs"] for p in others)
    else:
        if goal.measure not in others:
            return "-"
        met = ours["gbs"] >= goal.value * _ok(case, goal.measure)["gbs"]
    return "yes" if met else "no"


def _fmt(value, spec, missing="-"):
    return missing if value is None else format(value, spec)


def _cell(case, run, peer):
    cell = case["results"].get(peer)
    if cell is None:
        return " "
    if cell["status"] != "ok":
        return cell["status"]
    share = copy_share(case, run, peer)
    return f"{cell['gbs']:.0f} ({share:.1%})" if share is not None else f"{cell['gbs']:.0f}"


def _portable(command):
    """The command with each path argument reduced to its file name (no machine's folders)."""
    return re.sub(r"(?<=\s)/\S*/", "", command)


def header(run, render_command):
    made = (f"Rendered by `{render_command}` from the raw JSON it names; rendering again gives this file"
            if render_command else "Written by the run below")
    lines = ["# GPU performance: pysyclfft beside the GPU's FFT libraries", "",
             f"{made} (`benchmarks/bench.py`, whose GPU harness is `benchmarks/gpu_bench.py`): edit those, "
             "not this file.", "",
             "## How the numbers were made", "",
             "- Each case transforms a batch of about 256 MiB of input (uniform random in [-1, 1), made on the GPU), "
             "forward, out of place into a preallocated output. cuFFT runs through CuPy (a plan from "
             "`cupyx.scipy.fftpack.get_fft_plan`), VkFFT through pyvkfft built with `VKFFT_BACKEND=cuda`, ours "
             "through a `pysyclfft.Plan` on an in-order SYCL queue with profiling, ours-nvrtc through "
             "`pysyclfft.cuda` (the NVRTC layer; 1-D c2c single-kernel lengths only).",
             "- Time: a warm-up call, then blocks of back-to-back calls timed on the device (CUDA events on the "
             "stream for the CUDA peers; for ours, SYCL event profiling of a 4-byte copy before and after each block "
             "on the same in-order queue); the fastest block is kept. Spread: (slowest block - fastest) / fastest, "
             "the largest of the row's peers.",
             "- Bandwidth: bytes read + written once (R2C: the real input and the n/2+1 complex outputs) over the "
             "time, in GB/s and as a share of the device-to-device copy bandwidth of the same run (CuPy's element-wise "
             "copy of 1 GiB, the method of the peer anchors; the SYCL memcpy of 1 GiB is listed too).",
             "- Errors: max|y - ref| / max|ref| against numpy in float64 (complex128) on some batch rows of the same "
             "input (the first rows holding 2^16 points and the last; only the last above 2^20 points).",
             "- On the device machine: the SYCL runtime with the CUDA adapter set up as docs/cuda.md says, then "
             "`tools/device_bench.sh OUT --vkfft-sdist pyvkfft-2025.1.1.tar.gz --suite ... --json ...` "
             "(builds pysyclfft and pyvkfft there, runs bench.py). CUDA versions are as CUDA encodes them "
             "(13020: 13.2).", "",
             "## Runs", "",
             "| run | date (UTC) | commit | device | CUDA versions | copy GB/s (CuPy / SYCL memcpy) | peers | timing |",
             "|---|---|---|---|---|---|---|---|"]
    for i, m in enumerate(run["runs"]):
        cuda = m["cuda"] or ["-", "-"]
        peers = ", ".join(v["version"] if v["version"] else f"{TITLES[p]}: {v['skipped']}"
                          for p, v in m["peers"].items() if p != "ours_nvrtc")
        lines.append(f"| {i} | {m['start_utc']} to {m.get('end_utc', '?')} | {m['commit']} | {cuda[0]}, SYCL "
                     f"{m['sycl_backend']} device \"{m['sycl_device']}\" | {cuda[1]} | {_fmt(m['copy_gbs'], '.0f')} / "
                     f"{m['sycl_copy_gbs']:.0f} | {peers} | {m['timing']}; ours: {m['sycl_timer']} |")
    lines.append("")
    lines += [f"Run {i}: `{_portable(m['command'])}`." for i, m in enumerate(run["runs"])]
    return "\n".join(lines) + "\n"


def results_tables(run, peers):
    lines = ["## Results", "",
             "GB/s (share of the copy bandwidth); `ours/cuFFT`, `ours/VkFFT`: our bandwidth over the peer's "
             f"(time ratio inverted); `met`: the goal of issue 13 for the row ({harness_common.WRONG_LEGEND}).", ""]
    by_suite = {}
    for c in ordered_cases(run):
        by_suite.setdefault(c["suite"], []).append(c)
    for suite, cases in by_suite.items():
        spec = gpu_cases.SUITES[suite]
        goal = spec.goal.text() if spec.goal else "none"
        lines += [f"### {spec.title} (goal: {goal})", "",
                  "| case | batch | run | " + " | ".join(TITLES[p] for p in peers)
                  + " | ours/cuFFT | ours/VkFFT | spread | met | ours plan ms |",
                  "|---|---:|---:|" + "---:|" * len(peers) + "---:|---:|---:|---|---:|"]
        for c in cases:
            ours = _ok(c, "ours")
            lines.append(f"| {c['label']} {c['dtype']} | {c['batch']} | {c['run']} | "
                         + " | ".join(_cell(c, run, p) for p in peers)
                         + f" | {_fmt(ratio(c, 'cufft'), '.2f')} | {_fmt(ratio(c, 'vkfft'), '.2f')} | "
                         f"{_fmt(row_spread(c), '.1%')} | {goal_met(c, run)} | "
                         f"{_fmt(ours['plan_ms'] if ours else None, '.0f')} |")
        lines += ["", "Relative error against numpy in float64:", "",
                  "| case | " + " | ".join(TITLES[p] for p in peers) + " |", "|---|" + "---:|" * len(peers)]
        for c in cases:
            cells = [" " if c["results"].get(p) is None else
                     f"{c['results'][p]['err']:.1e}" if c["results"][p]["status"] == "ok" else c["results"][p]["status"]
                     for p in peers]
            lines.append(f"| {c['label']} {c['dtype']} | " + " | ".join(cells) + " |")
        notes = sorted({f"{TITLES[p]}: {cell['note']}" for c in cases for p, cell in c["results"].items()
                        if cell["status"] != "ok"})
        if notes:
            lines += ["", "Not measured: " + "; ".join(notes) + "."]
        lines.append("")
    return "\n".join(lines)


def summary(run):
    lines = ["## Summary", "", "| rows | goal | met | short of it |", "|---|---|---:|---|"]
    by_suite = {}
    for c in ordered_cases(run):
        by_suite.setdefault(c["suite"], []).append(c)
    for suite, cases in by_suite.items():
        goal = gpu_cases.SUITES[suite].goal
        if goal is None:
            continue
        verdicts = [(c, goal_met(c, run)) for c in cases]
        short = [c["label"] + (" (wrong answers)" if v == "wrong" else "") for c, v in verdicts if v in ("no", "wrong")]
        lines.append(f"| {gpu_cases.SUITES[suite].title} | {goal.text()} | "
                     f"{sum(v == 'yes' for _, v in verdicts)} of {len(cases)} | {', '.join(short) or '-'} |")
    return "\n".join(lines) + "\n"


def nvrtc_comparison(run):
    """Issue 11's question: is the SYCL path at least as fast as the NVRTC layer at every length?"""
    both = [c for c in ordered_cases(run) if _ok(c, "ours") and _ok(c, "ours_nvrtc")]
    if not both:
        return ""
    lines = ["## The NVRTC layer against the SYCL path (issue 11)", "",
             "| case | ours GB/s | ours-nvrtc GB/s | ours/ours-nvrtc | spread | SYCL at least as fast |",
             "|---|---:|---:|---:|---:|---|"]
    slower = []
    for c in both:
        ours, nvrtc = _ok(c, "ours"), _ok(c, "ours_nvrtc")
        noise = max(spread(ours), spread(nvrtc))
        as_fast = ours["gbs"] * (1 + noise) >= nvrtc["gbs"]
        if not as_fast:
            slower.append(f"{c['label']} {c['dtype']}")
        lines.append(f"| {c['label']} {c['dtype']} | {ours['gbs']:.0f} | {nvrtc['gbs']:.0f} | "
                     f"{ours['gbs'] / nvrtc['gbs']:.2f} | {noise:.1%} | {'yes' if as_fast else 'no'} |")
    verdict = ("The SYCL path is at least as fast (within the spread) at every length measured."
               if not slower else f"The NVRTC layer is faster beyond the spread at: {', '.join(slower)}.")
    return "\n".join(lines + ["", verdict]) + "\n"


def configurations(run):
    lines = ["## Kernel configurations", "",
             "What ran for each of our rows: `Plan.describe()` (the C++ plan's passes and kernels), and the NVRTC "
             "layer's kernel where it ran.", ""]
    for c in ordered_cases(run):
        for peer in OURS:
            cell = _ok(c, peer)
            if cell and cell["config"]:
                lines += [f"- {c['label']} {c['dtype']}, {TITLES[peer]}:", "", "      "
                          + cell["config"].replace("\n", "\n      "), ""]
    return "\n".join(lines)


def configurations_path(markdown_path):
    """Where the kernel configurations go beside a report file (they are as long as the report)."""
    if not markdown_path:
        return None
    stem, ext = os.path.splitext(markdown_path)
    return f"{stem}-kernels{ext}"


def markdown(run, render_command=None, markdown_path=None, plot_path=None, notes=None):
    """The report; `notes`: hand-written text about these runs (profiles, causes), appended as given.
    With a `markdown_path`, the kernel configurations are linked (configurations_path), else appended."""
    peers = present_peers(run)
    parts = [header(run, render_command), summary(run), results_tables(run, peers)]
    if plot_path:
        where = os.path.relpath(plot_path, os.path.dirname(markdown_path) if markdown_path else ".")
        parts.append(f"![bandwidth as a share of the copy, per case and peer]({where})\n")
    parts += [nvrtc_comparison(run), notes]
    kernels = configurations_path(markdown_path)
    if kernels:
        name = os.path.basename(kernels)
        parts.append(f"## Kernel configurations\n\nEvery case's plan and kernels, as `describe()` gives them: "
                     f"[{name}]({name}).\n")
    else:
        parts.append(configurations(run))
    return "\n".join(p for p in parts if p)


def plot(run, path):
    """Bars of the share of the copy bandwidth per case and peer, one panel per suite."""
    try:
        import matplotlib
    except ImportError:
        print(f"matplotlib is not installed: no plot written to {path}")
        return False
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    by_suite = {}
    for c in ordered_cases(run):
        by_suite.setdefault(c["suite"], []).append(c)
    peers = present_peers(run)
    fig, axes = plt.subplots(len(by_suite), 1, figsize=(11, 2.6 * len(by_suite)), squeeze=False)
    width = 0.8 / len(peers)
    for ax, (suite, cases) in zip(axes[:, 0], by_suite.items()):
        for i, p in enumerate(peers):
            values = [100 * (copy_share(c, run, p) or 0) for c in cases]
            ax.bar([k + (i - (len(peers) - 1) / 2) * width for k in range(len(cases))], values, width,
                   label=TITLES[p], hatch="//" if p in OURS else None, edgecolor="black" if p in OURS else None,
                   linewidth=0.3)
        ax.set_xlim(-0.6, max(len(cases), 6) - 0.4)  # a lone case keeps a bar's width
        ax.set_xticks(range(len(cases)))
        ax.set_xticklabels([c["label"] for c in cases], rotation=30, ha="right", fontsize=7)
        ax.set_ylabel("% of copy")
        ax.set_ylim(0, 105)
        ax.set_title(gpu_cases.SUITES[suite].title, fontsize=9)
        ax.grid(axis="y", alpha=0.3)
    fig.legend(*axes[0, 0].get_legend_handles_labels(), ncol=len(peers), fontsize=8, loc="upper center")
    device = statistics.mode(m["cuda"][0] if m["cuda"] else m["sycl_device"] for m in run["runs"])
    fig.suptitle(device, fontsize=9, y=0.995, x=0.1, ha="left")
    fig.tight_layout(rect=(0, 0, 1, 0.98))
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True
