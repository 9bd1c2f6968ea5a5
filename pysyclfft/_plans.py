"""Compiled 1-D plans, shared by every call in the process (keyed by queue,
length and precision). Plans are immutable once built, so sharing is safe."""
import threading

from . import _core, _environment

_lock = threading.Lock()
_c2c = {}
_mapped = {}
_map_pass = {}


def c2c_plan(queue, n, is_double):
    key = (queue, int(n), bool(is_double))
    with _lock:
        plan = _c2c.get(key)
    if plan is None:
        if not _core.is_single_kernel_size(queue, n, is_double):
            raise NotImplementedError(
                f"pysyclfft: length {n} is not supported yet: it needs a prime factor above 13 "
                "or more points than one work-group holds"
            )
        plan = _environment.retry_after_clearing_disk_cache(lambda: _core.C2CPlan(queue, n, is_double))
        with _lock:
            plan = _c2c.setdefault(key, plan)
    return plan


def mapped_plan(queue, transform, n, is_double):
    """The fused real/trigonometric plan (transform: a _core.RealTransform) of data
    length n; only for lengths where _core.is_single_kernel_mapped holds."""
    key = (queue, transform, int(n), bool(is_double))
    with _lock:
        plan = _mapped.get(key)
    if plan is None:
        plan = _core.MappedPlan(queue, transform, n, is_double)
        with _lock:
            plan = _mapped.setdefault(key, plan)
    return plan


def map_pass_plan(queue, transform, n, is_double):
    """The unfused load/store passes of a real/trigonometric transform (any length)."""
    key = (queue, transform, int(n), bool(is_double))
    with _lock:
        plan = _map_pass.get(key)
    if plan is None:
        plan = _core.MapPassPlan(queue, transform, n, is_double)
        with _lock:
            plan = _map_pass.setdefault(key, plan)
    return plan


def clear():
    with _lock:
        _c2c.clear()
        _mapped.clear()
        _map_pass.clear()
