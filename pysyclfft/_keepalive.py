"""Keeping arrays alive until the kernels that use them have finished.

dpctl's keep_args_alive submits a host task that takes the GIL when the kernel
ends; with several Python threads that deadlocks (a runtime thread waits for
the GIL while a Python thread holds it inside a SYCL call). Instead we hold
the references here and drop them, without blocking, once their event reports
completion.
"""
import collections
import threading

import dpctl

_COMPLETE = dpctl.event_status_type.complete
_lock = threading.Lock()
_pending = collections.deque()


def _purge():
    while _pending and _pending[0][0].execution_status == _COMPLETE:
        _pending.popleft()


def hold(event, *objects):
    """Keep `objects` referenced until `event` completes."""
    with _lock:
        _purge()
        _pending.append((event, objects))


def release_finished():
    """Drop the references held for finished work (their arrays may die now)."""
    with _lock:
        _purge()
