"""Balanced block partitions of a global array and the boxes they give each rank.

An axis of length n split over p parts gets blocks whose sizes differ by at most
one, the first n % p blocks one element longer (as FFTW-MPI and mpi4py-fft). A
part may be empty when n < p.
"""
from dataclasses import dataclass


def block_sizes(n, parts):
    """Sizes of the `parts` blocks of an axis of length n."""
    base, extra = divmod(n, parts)
    return tuple(base + (1 if i < extra else 0) for i in range(parts))


def block_range(n, parts, index):
    """(start, stop) of block `index` of an axis of length n split into `parts`."""
    base, extra = divmod(n, parts)
    start = index * base + min(index, extra)
    return start, start + base + (1 if index < extra else 0)


@dataclass(frozen=True)
class Box:
    """The part of a global array one rank holds: lower (inclusive) and upper
    (exclusive) global index per axis, as heFFTe's box3d with an exclusive top."""

    lower: tuple
    upper: tuple

    @property
    def shape(self):
        return tuple(hi - lo for lo, hi in zip(self.lower, self.upper))

    @property
    def slices(self):
        """Index of this box in the global array: global[box.slices] is the local block."""
        return tuple(slice(lo, hi) for lo, hi in zip(self.lower, self.upper))

    @property
    def size(self):
        count = 1
        for extent in self.shape:
            count *= extent
        return count


def layout_box(global_shape, distribution, grid, coords):
    """The box of the rank at `coords` of the process grid when axis i is split
    over grid dimension distribution[i] (None: the axis is whole on every rank)."""
    lower, upper = [], []
    for n, dim in zip(global_shape, distribution):
        start, stop = (0, n) if dim is None else block_range(n, grid[dim], coords[dim])
        lower.append(start)
        upper.append(stop)
    return Box(tuple(lower), tuple(upper))
