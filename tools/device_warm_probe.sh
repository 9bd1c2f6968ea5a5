#!/usr/bin/env bash
# Warm plans on this machine's default device (docs/plantime.md, "Where a warm plan's time goes"): builds
# pysyclfft as tools/device_bench.sh does, fills a fresh cache with one process that waits for every
# plan's own kernels, then plans the same lengths warm in new processes: in order, reversed, and (CUDA)
# with CUDA_MODULE_LOADING=EAGER; under nsys where it exists (the CUDA calls' times).
#   tools/device_warm_probe.sh OUTDIR [KIND (default r2c)] [LENGTHS (default 23100,19800,15400,56417,1000,4096,1009)]
# Writes OUTDIR/build.log, OUTDIR/KIND_{cold,warm,warm_reversed,warm_eager}.json and .log, OUTDIR/nsys_KIND.txt.
set -uo pipefail
out=${1:?usage: tools/device_warm_probe.sh OUTDIR [KIND] [LENGTHS]}
kind=${2:-r2c}
lengths=${3:-23100,19800,15400,56417,1000,4096,1009}
reversed=$(echo "$lengths" | tr , '\n' | tac | paste -sd,)
mkdir -p "$out"
out=$(readlink -f "$out")
probe=$(readlink -f benchmarks/warm_plan_probe.py)
site=${PYSYCLFFT_SITE:-$(mktemp -d)}
[ -d "$site/pysyclfft" ] || python3 -m pip install -q --no-build-isolation --no-deps --target "$site" . >"$out/build.log" 2>&1 ||
  { tail -40 "$out/build.log"; exit 1; }
cache=$(mktemp -d)
export PYTHONPATH="$site${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
export PYSYCLFFT_CACHE_DIR="$cache" SYCL_CACHE_DIR="$cache" SYCL_CACHE_PERSISTENT=1
cd "$cache" || exit 1  # never under a checkout, whose source folder would shadow the build
run() {  # NAME LENGTHS [ENV...]: one process
  local name=$1 order=$2; shift 2
  env "$@" python3 "$probe" "$kind" "$order" --json "$out/${kind}_$name.json" >"$out/${kind}_$name.log" 2>&1
  cat "$out/${kind}_$name.log"
}
PYSYCLFFT_SPECIALIZE=wait python3 "$probe" "$kind" "$lengths" --wait --json "$out/${kind}_cold.json" >"$out/${kind}_cold.log" 2>&1
run warm "$lengths"
run warm_reversed "$reversed"
run warm_eager "$lengths" CUDA_MODULE_LOADING=EAGER
if command -v nsys >/dev/null; then
  nsys profile -t cuda,osrt -o "$cache/warm" python3 "$probe" "$kind" "$lengths" >/dev/null 2>&1 &&
    nsys stats -r cuda_api_sum "$cache/warm.nsys-rep" >"$out/nsys_$kind.txt" 2>&1
fi
