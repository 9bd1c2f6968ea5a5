"""Distributed 2-D and 3-D FFTs over MPI (mpi4py): slab and pencil decompositions.

    from mpi4py import MPI
    from pysyclfft.distributed import DistributedFFT
    plan = DistributedFFT(MPI.COMM_WORLD, (256, 256, 256), np.complex128, grid="pencil")
    y = plan.forward(x_local)          # x_local: global[plan.input_box.slices]

Local FFTs run by pysyclfft plans on each rank's SYCL device; exchanges are MPI
Alltoallv through host buffers. See docs/distributed.md. Needs mpi4py
(pip install "pysyclfft[mpi]").
"""
from ._boxes import Box, block_range, block_sizes
from ._plan import DistributedFFT

__all__ = ["DistributedFFT", "Box", "block_range", "block_sizes"]
