"""Compiled 1-D plans of the real and trigonometric axes (AxisMap), shared by
every call in the process (keyed by queue, length and precision). Plans are
immutable once built, so sharing is safe. The complex passes of every kind are
planned by the C++ NdPlan, whose 1-D plans C++ caches (plan/line_plan_cache.hpp).
Plan objects (pysyclfft/_plan.py) and their per-thread cache sit above this."""
import threading

from . import _core, _environment

_lock = threading.Lock()
_c2c = {}
_mapped = {}
_map_pass = {}


def _cached(cache, key, build):
    """The plan under `key`, built (once the disk cache is known sane) if missing."""
    with _lock:
        plan = cache.get(key)
    if plan is None:
        plan = _environment.retry_after_clearing_disk_cache(build)
        with _lock:
            plan = cache.setdefault(key, plan)
    return plan


def c2c_plan(queue, n, is_double, memory="auto"):
    """memory="minimal": no scratch buffer (multi-pass lengths then run in place)."""
    core_memory = "minimal" if memory == "minimal" else "default"
    key = (queue, int(n), bool(is_double), core_memory)
    return _cached(_c2c, key, lambda: _core.C2CPlan(queue, n, is_double, memory=core_memory))


def mapped_plan(queue, transform, n, is_double):
    """The fused real/trigonometric plan (transform: a _core.RealTransform) of data
    length n; only for lengths where _core.is_single_kernel_mapped holds."""
    return _cached(_mapped, (queue, transform, int(n), bool(is_double)),
                   lambda: _core.MappedPlan(queue, transform, n, is_double))


def map_pass_plan(queue, transform, n, is_double):
    """The unfused load/store passes of a real/trigonometric transform (any length)."""
    return _cached(_map_pass, (queue, transform, int(n), bool(is_double)),
                   lambda: _core.MapPassPlan(queue, transform, n, is_double))


def clear():
    with _lock:
        _c2c.clear()
        _mapped.clear()
        _map_pass.clear()
