"""Timing of one peer on one case: a warm-up call (also checked against the float64
reference), then the minimum wall time over repetitions (device waits included)."""
import time
from dataclasses import dataclass

from cases import max_relative_error
from peers import Unsupported


@dataclass(frozen=True)
class Repetitions:
    min_reps: int
    max_reps: int
    budget_s: float  # keep repeating up to max_reps while the repetitions took less than this


FULL = Repetitions(3, 20, 1.0)
QUICK = Repetitions(2, 3, 0.1)


def min_time(fn, reps):
    """(minimum seconds of fn(), number of calls), after the caller's warm-up."""
    times = []
    start = time.perf_counter()
    while len(times) < reps.max_reps and (len(times) < reps.min_reps or time.perf_counter() - start < reps.budget_s):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times), len(times)


def measure(case, adapter, inputs, rows, ref, reps):
    """One table cell: {status: ok, ms, gflops, err, first_ms, plan_ms, reps},
    {status: n/a, note} (no such transform) or {status: error, note}."""
    try:
        runner = adapter(case, inputs)
        t0 = time.perf_counter()
        result = runner.call()
        runner.wait(result)
        first = time.perf_counter() - t0
        err = max_relative_error(runner.fetch(result)[rows], ref)
        del result
        best, count = min_time(lambda: runner.wait(runner.call()), reps)
    except Unsupported as e:
        return {"status": "n/a", "note": str(e)}
    except Exception as e:  # noqa: BLE001 -- one failing peer must not stop the run; the table says why
        return {"status": "error", "note": f"{type(e).__name__}: {e}"[:300]}
    return {"status": "ok", "ms": best * 1e3, "gflops": case.flops / best / 1e9, "err": err,
            "first_ms": first * 1e3, "plan_ms": runner.plan_s * 1e3, "reps": count}
