"""Device-side timing of back-to-back launches, and the device-to-device copy bandwidth.

Each timer runs `call` once to warm up, then `blocks` blocks of `launches` calls
submitted back to back, and returns the device time per call of every block
(seconds) with the host time of every block (submission until the device is done).
CUDA peers: CUDA events on the current stream around each block. SYCL: a 4-byte
USM copy before and after each block on an in-order profiling queue; the block's
time runs from the end of the first to the start of the second (event profiling).
A device that idles because the host cannot submit fast enough counts that idle time.
"""
import time
from dataclasses import dataclass

LAUNCHES = 20
BLOCKS = 5
COPY_BYTES = 1 << 30


@dataclass(frozen=True)
class Blocks:
    device_s: list  # per call, one value per block
    host_s: list    # per call, one value per block

    def as_dict(self):
        return {"device_us": [t * 1e6 for t in self.device_s], "host_us": [t * 1e6 for t in self.host_s]}


def cuda_blocks(call, launches=LAUNCHES, blocks=BLOCKS):
    import cupy as cp

    call()
    cp.cuda.Device().synchronize()
    device, host = [], []
    for _ in range(blocks):
        start, end = cp.cuda.Event(), cp.cuda.Event()
        t0 = time.perf_counter()
        start.record()
        for _ in range(launches):
            call()
        end.record()
        end.synchronize()
        host.append((time.perf_counter() - t0) / launches)
        device.append(cp.cuda.get_elapsed_time(start, end) / 1e3 / launches)
    return Blocks(device, host)


class SyclMarkers:
    """Tiny profiled copies on an in-order profiling queue that bracket blocks of work."""

    def __init__(self, queue):
        import dpctl.memory as dpm

        if not queue.has_enable_profiling or not queue.is_in_order:
            raise ValueError("the SYCL timer needs an in-order queue with enable_profiling")
        self.queue = queue
        self._src, self._dst = dpm.MemoryUSMDevice(4, queue=queue), dpm.MemoryUSMDevice(4, queue=queue)

    def mark(self):
        return self.queue.memcpy_async(self._dst, self._src, 4)

    def blocks(self, call, launches=LAUNCHES, blocks=BLOCKS):
        call()
        self.queue.wait()
        device, host = [], []
        for _ in range(blocks):
            t0 = time.perf_counter()
            first = self.mark()
            for _ in range(launches):
                call()
            last = self.mark()
            last.wait()
            host.append((time.perf_counter() - t0) / launches)
            device.append((last.profiling_info_start - first.profiling_info_end) * 1e-9 / launches)
        return Blocks(device, host)

    def check(self):
        """Raises where this device's events carry no profiling times."""
        self.blocks(lambda: None, launches=1, blocks=1)

    def host_blocks(self, call, launches=LAUNCHES, blocks=BLOCKS):
        """The fallback where events carry no profiling times: the host clock around each
        block, up to the queue's end (so the device time is the host time)."""
        call()
        self.queue.wait()
        times = []
        for _ in range(blocks):
            t0 = time.perf_counter()
            for _ in range(launches):
                call()
            self.queue.wait()
            times.append((time.perf_counter() - t0) / launches)
        return Blocks(times, times)


def cupy_copy_gbs():
    """Bytes read + written per second of CuPy's element-wise copy of 1 GiB (the peers' anchor method)."""
    import cupy as cp

    a = cp.ones(COPY_BYTES // 4, dtype=cp.float32)
    b = cp.empty_like(a)
    best = min(cuda_blocks(lambda: b.__setitem__(Ellipsis, a), launches=10).device_s)
    del a, b
    return 2 * COPY_BYTES / best / 1e9


def sycl_copy_gbs(markers):
    """Bytes read + written per second of a 1 GiB USM memcpy on the profiling queue."""
    import dpctl.memory as dpm

    q = markers.queue
    a, b = dpm.MemoryUSMDevice(COPY_BYTES, queue=q), dpm.MemoryUSMDevice(COPY_BYTES, queue=q)
    best = min(markers.blocks(lambda: q.memcpy_async(b, a, COPY_BYTES), launches=10).device_s)
    del a, b
    return 2 * COPY_BYTES / best / 1e9
