#!/usr/bin/env bash
# pysyclfft.distributed on a node's GPUs (docs/distributed.md): ranks take GPU (node rank modulo GPU count), so
# 1..4 ranks share one GPU on a one-GPU node and 2 ranks get a GPU each on a two-GPU node.
#   benchmarks/distributed_gpu.sh OUTDIR SIZE... [-- tests]
# For each precision (double, then single), SIZE and kind: distributed_bench.py over the rank counts, blocks on the
# device (DeviceArrays), exchanges staged through USM host memory; raw JSON OUTDIR/gpu_N_KIND_DTYPE.json, its output in .log beside it.
# Environment: RANKS ("1 2 3 4"), KINDS ("c2c"; "c2c r2c"), PRECISIONS ("double single"), REPEATS (5),
# PEER (none; cufft: CuPy's cuFFT on the whole array, one GPU), CHECK (empty; 1: compare every run with the
# one-GPU transform of the whole array), RUN_SECONDS (150 per distributed_bench.py run).
# With "-- tests": then tests/distributed/mpi_checks.py under mpiexec -n RANK for each rank count (OUTDIR/checks_N.log).
# Expects pysyclfft importable (PYTHONPATH) and the device's SYCL runtime set up (docs/cuda.md).
set -uo pipefail
out=${1:?usage: benchmarks/distributed_gpu.sh OUTDIR SIZE... [-- tests]}
shift
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export PYSYCLFFT_SPECIALIZE=${PYSYCLFFT_SPECIALIZE:-wait}  # time the specialized kernels, not the generic set
sizes=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do sizes+=("$1"); shift; done
declare -A dtypes=([c2c double]=complex128 [c2c single]=complex64 [r2c double]=float64 [r2c single]=float32)
for precision in ${PRECISIONS:-double single}; do
  for n in "${sizes[@]}"; do
    for kind in ${KINDS:-c2c}; do
      dtype=${dtypes[$kind $precision]}
      echo "== ${n}^3 $kind $dtype"
      # shellcheck disable=SC2086  # RANKS is a list
      timeout "${RUN_SECONDS:-150}" python3 benchmarks/distributed_bench.py --n "$n" --ranks ${RANKS:-1 2 3 4} \
        --repeats "${REPEATS:-5}" --kind "$kind" --dtype "$dtype" --device-blocks --peer "${PEER:-none}" \
        ${CHECK:+--check} --out "$out/gpu_${n}_${kind}_${dtype}.json" 2>&1 | tee "$out/gpu_${n}_${kind}_${dtype}.log" |
        tail -8
    done
  done
done
if [ "${1:-}" = "--" ]; then
  for ranks in ${RANKS:-1 2 3 4}; do
    (cd tests/distributed && timeout 120 mpiexec -n "$ranks" python3 mpi_checks.py >"$out/checks_$ranks.log" 2>&1)
    echo "mpi_checks -n $ranks: exit $? $(tail -1 "$out/checks_$ranks.log")"
  done
fi
