"""Device memory pool: the arrays pysyclfft allocates reuse cached USM blocks.

Fresh USM memory faults its pages in on first touch (about 25 ms per 64 MiB on
the OpenCL CPU device, as long as the transform itself). Every device array the
library allocates (results, padded or converted inputs, the device side of numpy
calls) is therefore carved from a block of this pool: one per request, of the
request's size rounded up to a bin (four bins per power of two), cached per
queue and USM type, so a repeated call of the same shape gets pages a previous
call has touched already.

Lifetime: the array's memory object is a `Pooled...` dpctl memory object viewing
the block; its finaliser hands the block back. That happens when no array or
view refers to it any more, and every kernel using an array holds a reference
until its event completes (pysyclfft/_keepalive.py for ours, dpctl's
keep_args_alive for dpnp's), so a block is never handed out again while work on
it is pending, and nobody waits for it. The finaliser can run on any thread (a
SYCL host task, the garbage collector inside this module's lock), so it only
appends to a deque that the next request drains.

Bounds: leased plus idle blocks stay within the limit (default 2 GiB, or the
PYSYCLFFT_MEMORY_POOL_LIMIT environment variable, in bytes); idle blocks are
freed least recently returned first to make room, and a request that still does
not fit is an ordinary allocation outside the pool. Limit 0 disables pooling.
"""
import collections
import threading

import dpctl.memory as dpm

from . import _args, _device_array, _keepalive

DEFAULT_LIMIT = 2 << 30
_MIN_BLOCK = 512
_BINS_PER_OCTAVE = 4

RAW_MEMORY = _device_array.USM_MEMORY

_returned = collections.deque()  # (key, block) of leases whose arrays died; appends are atomic


class _ReturnsBlock:
    __slots__ = ()

    def __del__(self, _give_back=_returned.append):  # bound now: module globals may be gone at exit
        _give_back(self._lease)


# One lease class per USM type, so the arrays report the input's usm_type.
_LEASE_TYPES = {usm: type(f"Pooled{raw.__name__}", (_ReturnsBlock, raw), {"__slots__": ("_lease",)})
                for usm, raw in RAW_MEMORY.items()}


def bin_size(nbytes):
    """The block size serving a request: rounded up to a quarter of its octave (at most 25% more)."""
    if nbytes <= _MIN_BLOCK:
        return _MIN_BLOCK
    step = (1 << ((nbytes - 1).bit_length() - 1)) // _BINS_PER_OCTAVE
    return -(-nbytes // step) * step


def _check_limit(nbytes):
    return _args.check_integer(nbytes, "memory pool limit", 0)


class MemoryPool:
    """Cached USM blocks keyed by (queue, usm_type, bin size), shared by all threads."""

    def __init__(self, limit):
        self._lock = threading.Lock()
        self._limit = _check_limit(limit)
        self._idle = collections.OrderedDict()  # id(block) -> (key, block), least recently returned first
        self._free = collections.defaultdict(list)  # key -> ids of its idle blocks
        self._idle_bytes = 0
        self._leased_bytes = 0
        self._hits = self._misses = self._bypassed = 0

    def acquire(self, queue, usm_type, nbytes):
        """A pooled memory object of at least nbytes on queue, or None when it does not fit the limit."""
        key = (queue, usm_type, bin_size(nbytes))
        _keepalive.release_finished()  # arrays of finished kernels die now and give their blocks back
        return self._lease_idle(key) or self._lease_new(key)

    def _lease_idle(self, key):
        with self._lock:
            freed = self._drain()
            ids = self._free.get(key)
            if not ids:
                return None
            _, block = self._idle.pop(ids.pop())
            self._idle_bytes -= block.nbytes
            self._leased_bytes += block.nbytes
            self._hits += 1
        del freed  # outside the lock: freeing USM calls into the runtime
        return _lease(key, block)

    def _lease_new(self, key):
        queue, usm_type, size = key
        with self._lock:
            freed = self._drain()
            while self._idle and self._leased_bytes + self._idle_bytes + size > self._limit:
                freed.append(self._evict_one())
            if self._leased_bytes + self._idle_bytes + size > self._limit:
                self._bypassed += 1
                return None
            self._leased_bytes += size  # reserved while allocating outside the lock
            self._misses += 1
        del freed
        try:
            block = self._allocate(queue, usm_type, size)
        except BaseException:
            with self._lock:
                self._leased_bytes -= size
            raise
        return _lease(key, block)

    def _allocate(self, queue, usm_type, size):
        try:
            return RAW_MEMORY[usm_type](size, queue=queue)
        except dpm.USMAllocationError:
            self.clear()  # the device is full: give the idle blocks back and try once more
            return RAW_MEMORY[usm_type](size, queue=queue)

    def _drain(self):
        """Take back the blocks of dead arrays; returns those beyond the limit (to free outside the lock)."""
        freed = []
        while _returned:
            key, block = _returned.popleft()
            self._leased_bytes -= block.nbytes
            if self._leased_bytes + self._idle_bytes + block.nbytes > self._limit:
                freed.append(block)
                continue
            self._idle[id(block)] = (key, block)
            self._free[key].append(id(block))
            self._idle_bytes += block.nbytes
        return freed

    def _evict_one(self):
        block_id, (key, block) = self._idle.popitem(last=False)
        self._free[key].remove(block_id)
        if not self._free[key]:
            del self._free[key]
        self._idle_bytes -= block.nbytes
        return block

    def clear(self):
        """Free every idle block (blocks of live arrays come back when the arrays die)."""
        with self._lock:
            freed = self._drain()
            while self._idle:
                freed.append(self._evict_one())
        del freed

    @property
    def limit(self):
        return self._limit

    @limit.setter
    def limit(self, nbytes):
        nbytes = _check_limit(nbytes)
        with self._lock:
            self._limit = nbytes
            freed = self._drain()
            while self._idle and self._leased_bytes + self._idle_bytes > self._limit:
                freed.append(self._evict_one())
        del freed

    def info(self):
        """Counters and sizes, after taking back the blocks of dead arrays."""
        _keepalive.release_finished()
        with self._lock:
            freed = self._drain()
            info = {"limit": self._limit, "leased_bytes": self._leased_bytes, "idle_bytes": self._idle_bytes,
                    "total_bytes": self._leased_bytes + self._idle_bytes, "idle_blocks": len(self._idle),
                    "hits": self._hits, "misses": self._misses, "bypassed": self._bypassed}
        del freed
        return info


def _lease(key, block):
    lease = _LEASE_TYPES[key[1]](block)
    lease._lease = (key, block)
    return lease


pool = MemoryPool(_args.count_from_environment("PYSYCLFFT_MEMORY_POOL_LIMIT", DEFAULT_LIMIT))
