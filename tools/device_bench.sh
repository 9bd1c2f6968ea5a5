#!/usr/bin/env bash
# Builds pysyclfft against the SYCL runtime in $SYCL_ROOT (and pyvkfft from its sdist with the CUDA
# backend, when one is given), then runs benchmarks/bench.py on that runtime's default device
# (ONEAPI_DEVICE_SELECTOR=cuda:gpu for an NVIDIA GPU: docs/cuda.md).
#   SYCL_ROOT=... tools/device_bench.sh OUTDIR [--vkfft-sdist pyvkfft-X.tar.gz] [bench.py arguments]
# Writes OUTDIR/build.log, OUTDIR/vkfft_build.log, OUTDIR/bench.log; bench.py's --json/--markdown
# paths are the caller's. PYSYCLFFT_SITE (default: a temporary folder) receives the build.
set -uo pipefail
out=${1:?usage: tools/device_bench.sh OUTDIR [--vkfft-sdist FILE] [bench.py arguments]}
shift
mkdir -p "$out"
site=${PYSYCLFFT_SITE:-$(mktemp -d)}
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}
vkfft_job=
if [ "${1:-}" = --vkfft-sdist ]; then
  sdist=$(readlink -f "$2")
  shift 2
  vkfft_site="$site-vkfft"
  # pyvkfft builds alone (no SYCL needed), beside ours.
  (src=$(mktemp -d) && tar xzf "$sdist" -C "$src" && cd "$src"/pyvkfft-* &&
    VKFFT_BACKEND=cuda python3 -m pip install -q --no-build-isolation --no-deps --target "$vkfft_site" .) \
    >"$out/vkfft_build.log" 2>&1 &
  vkfft_job=$!
  export PYTHONPATH="$vkfft_site${PYTHONPATH:+:$PYTHONPATH}"
fi
python3 -m pip install -q --no-build-isolation --no-deps --target "$site" . >"$out/build.log" 2>&1 ||
  { tail -40 "$out/build.log"; exit 1; }
if [ -n "$vkfft_job" ]; then
  wait "$vkfft_job" || { echo "pyvkfft did not build (VkFFT is skipped):"; tail -20 "$out/vkfft_build.log"; }
fi
export PYTHONPATH="$site${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
python3 benchmarks/bench.py "$@" 2>&1 | tee "$out/bench.log"
