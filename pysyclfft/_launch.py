"""Launching one 1-D plan along one axis of strided USM arrays (tests and
benchmarks time single kernels this way; transforms go through NdPlan). Where
the lines lie is C++'s rule (plan/line_layouts.hpp: batch dimensions merged,
two in the kernel, a launch per index of any beyond).
"""
from dpctl.utils import SequentialOrderManager

from . import _core, _keepalive


def usm_view(a):
    """(base address, element offset, shape, element strides) of a usm_ndarray.
    Read from its attributes: building __sycl_usm_array_interface__ costs
    microseconds and a queue wait."""
    return a.usm_data._pointer, a._element_offset, a.shape, a.strides


def launch_along_axis(plan, x, y, axis, *run_args):
    """Run `plan` over every 1-D line of x along `axis`, writing y (the same
    shape but for `axis`; y may be x for an in-place transform). `run_args` go
    to plan.execute between the layout and the dependencies (c2c: forward,
    scale). Returns the computation event."""
    xp, xoff, shape, xs = usm_view(x)
    yp, yoff, _, ys = usm_view(y)
    manager = SequentialOrderManager[x.sycl_queue]
    event = None
    for in_off, in_stride, out_off, out_stride, counts, in_dists, out_dists in _core.line_layouts(
            shape, axis, xoff, xs, yoff, ys):
        event = plan.execute(xp, yp, in_off, in_stride, out_off, out_stride, counts, in_dists, out_dists,
                             *run_args, manager.submitted_events)
        _keepalive.hold(event, x, y)
        manager.add_event_pair(event, event)
    return event
