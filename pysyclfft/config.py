"""Plan cache controls (CuPy's names): every thread has its own LRU cache of
Plan objects, keyed by queue, kind, dtype, shape, strides, s, axes, norm,
placement and memory mode, with hit/miss counters, a size limit (default 16,
or the PYSYCLFFT_PLAN_CACHE_SIZE environment variable; 0 disables caching) and
an optional limit on the device memory its plans hold.

The compiled kernels and twiddle tables under the plans are shared process-wide
(the 1-D complex and real/trigonometric plans in C++, plan/line_plan_cache.hpp),
so evicting a plan is cheap to undo.

Memory pool controls: the device arrays the library allocates come from one
process-wide pool of cached USM blocks (pysyclfft/_pool.py) whose total size is
bounded (default 2 GiB, or the PYSYCLFFT_MEMORY_POOL_LIMIT environment variable,
in bytes; 0 disables pooling)."""
import threading
from collections import OrderedDict

from . import _args, _pool

_DEFAULT_SIZE = 16


def _check_size(n, name="size"):
    return _args.check_integer(n, f"plan cache {name}", -1 if name == "memsize" else 0)


class PlanCache:
    """A least-recently-used cache of plans for one thread."""

    def __init__(self, size, memsize=-1):
        self._plans = OrderedDict()
        self._size = _check_size(size)
        self._memsize = _check_size(memsize, "memsize")
        self.hits = 0
        self.misses = 0

    @property
    def size(self):
        """Most plans held (0: caching disabled)."""
        return self._size

    @size.setter
    def size(self, n):
        self._size = _check_size(n)
        self._evict()

    @property
    def memsize(self):
        """Most bytes of plan workspace held (-1: no limit)."""
        return self._memsize

    @memsize.setter
    def memsize(self, n):
        self._memsize = _check_size(n, "memsize")
        self._evict()

    @property
    def memory(self):
        """Bytes of workspace the cached plans hold, summed now: a plan's workspace
        grows after it was cached (generic scratch sized by the batches run, the
        specialized plan added when the background compiler delivers it)."""
        return sum(plan.workspace_bytes for plan in self._plans.values())

    def __len__(self):
        return len(self._plans)

    def __contains__(self, key):
        return key in self._plans

    def get(self, key):
        plan = self._plans.get(key)
        if plan is None:
            self.misses += 1
            return None
        self.hits += 1
        self._plans.move_to_end(key)
        return plan

    def put(self, key, plan):
        if self._size == 0 or (self._memsize >= 0 and plan.workspace_bytes > self._memsize):
            return
        self._plans.pop(key, None)
        self._plans[key] = plan
        self._evict()

    def _evict(self):
        while self._plans and (len(self._plans) > self._size or 0 <= self._memsize < self.memory):
            self._plans.popitem(last=False)

    def clear(self):
        """Drop every plan (the counters are kept)."""
        self._plans.clear()

    def plans(self):
        """The cached plans, least recently used first."""
        return list(self._plans.values())

    def info(self):
        mem = "unlimited" if self._memsize < 0 else f"{self._memsize} B"
        lines = [f"pysyclfft plan cache (thread {threading.current_thread().name}): "
                 f"{len(self)} / {self._size} plans, {self.memory} B workspace (limit {mem}), "
                 f"{self.hits} hits, {self.misses} misses"]
        lines += [f"  {plan!r}" for plan in reversed(self.plans())]
        return "\n".join(lines)


_local = threading.local()


def get_plan_cache():
    """The calling thread's PlanCache."""
    cache = getattr(_local, "cache", None)
    if cache is None:
        cache = _local.cache = PlanCache(_args.count_from_environment("PYSYCLFFT_PLAN_CACHE_SIZE", _DEFAULT_SIZE))
    return cache


def set_plan_cache_size(size):
    """Most plans the calling thread's cache holds; 0 disables caching."""
    get_plan_cache().size = size


def get_plan_cache_size():
    return get_plan_cache().size


def set_plan_cache_max_memsize(size):
    """Most bytes of plan workspace the calling thread's cache holds; -1: no limit."""
    get_plan_cache().memsize = size


def get_plan_cache_max_memsize():
    return get_plan_cache().memsize


def clear_plan_cache():
    """Drop the calling thread's cached plans."""
    get_plan_cache().clear()


def show_plan_cache_info():
    """Print the calling thread's cache: size, limits, counters and plans."""
    print(get_plan_cache().info())


def set_memory_pool_limit(nbytes):
    """Most bytes the memory pool holds (blocks of live arrays and idle ones); 0 disables pooling.
    Idle blocks beyond a lowered limit are freed now, leased ones when their arrays die."""
    _pool.pool.limit = nbytes


def get_memory_pool_limit():
    return _pool.pool.limit


def get_memory_pool_info():
    """The memory pool's state: limit, leased_bytes (blocks of live arrays), idle_bytes,
    total_bytes, idle_blocks, and counters: hits (requests served by an idle block),
    misses (new blocks), bypassed (requests beyond the limit, allocated outside the pool)."""
    return _pool.pool.info()


def clear_memory_pool():
    """Free the pool's idle blocks. Arrays alive keep their memory; it returns to the
    pool when they die."""
    _pool.pool.clear()


def set_specialization(mode):
    """When a plan of a new length gets kernels compiled for its length:
    'background' (default; also the PYSYCLFFT_SPECIALIZE environment variable):
    at once when they are in the kernel caches, else a plan on the generic
    kernel set (compiled once per device and precision) serves at once while a
    worker thread compiles them, and the plan switches over when they are ready;
    'wait': the call compiles them and waits (every plan is specialized);
    'generic': never (generic kernels only; slower, for measurements).
    Plans made before the change keep their kernels: the plan caches are emptied."""
    from . import _core

    _core.set_specialization(mode)  # ValueError for an unknown mode
    _core.clear_line_plans()
    clear_plan_cache()


def get_specialization():
    from . import _core

    return _core.specialization()


def wait_for_specialized():
    """Block (without holding the GIL) until every plan waiting for its specialized
    kernels has them (or their build failed: such plans keep the generic kernels)."""
    from . import _core

    _core.wait_for_specialized()
