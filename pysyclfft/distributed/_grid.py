"""The process grid: a slab (1-D, every rank one block of axis 0) or a pencil
(2-D (p0, p1), blocks of axes 0 and 1) arrangement of a communicator's ranks,
with one sub-communicator per grid dimension for the exchanges along it."""
import numbers


def _dims_create(size, ndims):
    from mpi4py import MPI

    return tuple(MPI.Compute_dims(size, ndims))


def check_grid(grid, comm_size, ndim):
    """The process grid as a tuple of positive ints whose product is comm_size.

    grid: None or "slab" -> (comm_size,); "pencil" -> a balanced (p0, p1); or a
    tuple of 1 or 2 ints. A d-dimensional array allows grids of at most d - 1
    dimensions (one axis must be whole on each rank for the first local FFT)."""
    if grid is None or (isinstance(grid, str) and grid == "slab"):
        return (comm_size,)
    if isinstance(grid, str) and grid == "pencil":
        grid = _dims_create(comm_size, 2)
    elif isinstance(grid, str) or not hasattr(grid, "__len__"):
        raise TypeError(f"pysyclfft.distributed: grid must be None, 'slab', 'pencil' or a tuple of 1 or 2 ints, "
                        f"got {grid!r}")
    grid = tuple(grid)
    if not all(isinstance(p, numbers.Integral) and not isinstance(p, bool) for p in grid):
        raise TypeError(f"pysyclfft.distributed: grid must be a tuple of 1 or 2 ints, got {grid!r}")
    if not 1 <= len(grid) <= 2:
        raise ValueError(f"pysyclfft.distributed: grid must have 1 (slab) or 2 (pencil) dimensions, "
                         f"got grid={grid!r}")
    if any(p < 1 for p in grid):
        raise ValueError(f"pysyclfft.distributed: grid entries must be >= 1, got grid={grid!r}")
    product = 1
    for p in grid:
        product *= p
    if product != comm_size:
        raise ValueError(f"pysyclfft.distributed: grid={grid!r} holds {product} ranks but the communicator has "
                         f"{comm_size}")
    if len(grid) > ndim - 1:
        raise ValueError(f"pysyclfft.distributed: a {ndim}-D array allows a grid of at most {ndim - 1} "
                         f"dimension(s), got grid={grid!r}")
    return tuple(int(p) for p in grid)


class ProcessGrid:
    """A Cartesian communicator over `grid` and its per-dimension sub-communicators.

    Ranks keep their order (reorder=False): the rank at coordinates (c0, c1) is
    c0 * p1 + c1, and sub-communicator k ranks its members by coordinate k."""

    def __init__(self, comm, grid):
        self.dims = grid
        self.cart = comm.Create_cart(list(grid), periods=[False] * len(grid), reorder=False)
        self.coords = tuple(self.cart.Get_coords(self.cart.rank))
        self.subcomms = tuple(self.cart.Sub([k == dim for k in range(len(grid))]) for dim in range(len(grid)))

    def coords_of(self, rank):
        return tuple(self.cart.Get_coords(rank))

    def free(self):
        for sub in self.subcomms:
            sub.Free()
        self.cart.Free()
