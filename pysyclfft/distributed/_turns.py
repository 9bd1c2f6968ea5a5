"""Plan building one rank at a time on each node.

Kernels are compiled at run time and cached on disk (pysyclfft's binary cache
and the SYCL runtime's). Ranks of one node share that cache; building their
plans in turns means a kernel is compiled once, by the first rank that needs
it, and every later rank loads it from disk instead of compiling it again at
the same moment. (The binary cache is also safe under concurrent writers: each
writer fills a file named after its process and renames it into place; turns
avoid the wasted duplicate compilations, not a corruption.)
"""


def build_in_turns(comm, build):
    """build() on every rank of comm, the ranks of each node one after another.

    An exception on one rank is raised on every rank once all turns are over
    (ValueError-like errors keep their type on the rank that raised), so no rank
    waits forever at a barrier another rank never reaches."""
    from mpi4py import MPI

    node = comm.Split_type(MPI.COMM_TYPE_SHARED)
    result, error = None, None
    try:
        for turn in range(node.size):
            if node.rank == turn:
                try:
                    result = build()
                except Exception as caught:  # re-raised below, after every rank has had its turn
                    error = caught
            node.Barrier()
    finally:
        node.Free()
    failed = comm.allgather(error is not None)
    if error is not None:
        raise error
    if any(failed):
        raise RuntimeError(f"pysyclfft.distributed: plan building failed on rank {failed.index(True)}")
    return result
