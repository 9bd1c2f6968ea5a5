#!/usr/bin/env bash
# pysyclfft.distributed on one GPU shared by 1 to 4 ranks (the H100 run of docs/distributed.md):
#   benchmarks/distributed_gpu.sh OUTDIR SIZE... [-- tests]
# For each SIZE: distributed_bench.py on 1..4 ranks, complex128 then complex64, blocks on the device
# (DeviceArrays), exchanges staged through USM host memory; raw JSON OUTDIR/gpu_N_DTYPE.json.
# With "-- tests": then tests/distributed/mpi_checks.py under mpiexec -n 1..4 (OUTDIR/checks_N.log).
# Expects pysyclfft importable (PYTHONPATH) and the device's SYCL runtime set up (docs/cuda.md).
set -uo pipefail
out=${1:?usage: benchmarks/distributed_gpu.sh OUTDIR SIZE... [-- tests]}
shift
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
sizes=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do sizes+=("$1"); shift; done
for n in "${sizes[@]}"; do
  for dtype in complex128 complex64; do
    echo "== ${n}^3 $dtype"
    timeout 150 python3 benchmarks/distributed_bench.py --n "$n" --ranks 1 2 3 4 --repeats 5 --dtype "$dtype" \
      --device-blocks --no-peer --out "$out/gpu_${n}_${dtype}.json" 2>&1 | tail -8
  done
done
if [ "${1:-}" = "--" ]; then
  for ranks in 1 2 3 4; do
    (cd tests/distributed && timeout 120 mpiexec -n "$ranks" python3 mpi_checks.py >"$out/checks_$ranks.log" 2>&1)
    echo "mpi_checks -n $ranks: exit $? $(tail -1 "$out/checks_$ranks.log")"
  done
fi
