"""Launching 1-D kernels along one axis of strided USM arrays.

The kernels take one element stride and two batch dimensions; every other axis
of the array is a batch dimension. Mergeable batch dimensions are collapsed,
the two with the smallest output strides go to the kernel, and any beyond are
looped over here.
"""
import itertools

from dpctl.utils import SequentialOrderManager

from . import _keepalive


def usm_view(a):
    """(base address, element offset, shape, element strides) of a usm_ndarray.
    Read from its attributes: building __sycl_usm_array_interface__ costs
    microseconds and a queue wait."""
    return a.usm_data._pointer, a._element_offset, a.shape, a.strides


def batch_dims(shape, in_strides, out_strides, axis):
    """Batch dimensions (count, in_dist, out_dist), innermost first, merged where possible."""
    dims = [(shape[d], in_strides[d], out_strides[d]) for d in range(len(shape)) if d != axis and shape[d] != 1]
    dims.sort(key=lambda t: (abs(t[2]), abs(t[1])))
    merged = []
    for count, di, do in dims:
        if merged:
            c0, i0, o0 = merged[-1]
            if di == i0 * c0 and do == o0 * c0:
                merged[-1] = (c0 * count, i0, o0)
                continue
        merged.append((count, di, do))
    return merged


def launch_along_axis(plan, x, y, axis, *run_args):
    """Run `plan` over every 1-D line of x along `axis`, writing y (the same
    shape but for `axis`; y may be x for an in-place transform). `run_args` go
    to plan.execute between the layout and the dependencies (c2c: forward,
    scale). Returns the computation event."""
    xp, xoff, shape, xs = usm_view(x)
    yp, yoff, _, ys = usm_view(y)
    dims = batch_dims(shape, xs, ys, axis)
    kernel_dims, loop_dims = dims[:2], dims[2:]
    counts = [d[0] for d in kernel_dims]
    in_dists = [d[1] for d in kernel_dims]
    out_dists = [d[2] for d in kernel_dims]
    queue = x.sycl_queue
    manager = SequentialOrderManager[queue]
    event = None
    for index in itertools.product(*(range(d[0]) for d in loop_dims)):
        in_off = xoff + sum(i * d[1] for i, d in zip(index, loop_dims))
        out_off = yoff + sum(i * d[2] for i, d in zip(index, loop_dims))
        event = plan.execute(
            xp, yp, in_off, xs[axis], out_off, ys[axis], counts, in_dists, out_dists,
            *run_args, manager.submitted_events,
        )
        _keepalive.hold(event, x, y)
        manager.add_event_pair(event, event)
    return event
