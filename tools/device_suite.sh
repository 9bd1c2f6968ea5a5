#!/usr/bin/env bash
# Builds pysyclfft against the SYCL runtime in $SYCL_ROOT and runs the test suite on that
# runtime's default device (ONEAPI_DEVICE_SELECTOR chooses it, e.g. cuda:gpu for an NVIDIA GPU
# through DPC++'s CUDA adapter: docs/nvidia.md).
#   SYCL_ROOT=... ONEAPI_DEVICE_SELECTOR=cuda:gpu tools/device_suite.sh OUTDIR [pytest arguments (default: tests)]
# Writes OUTDIR/build.log, OUTDIR/device.txt (what `python -m pysyclfft` reports) and
# OUTDIR/junit.xml + OUTDIR/pytest.log; prints the last lines of the test run.
set -uo pipefail
out=${1:?usage: tools/device_suite.sh OUTDIR [pytest arguments (default: tests)]}
shift
mkdir -p "$out"
site=${PYSYCLFFT_SITE:-$(mktemp -d)}
python3 -m pip install -q --no-build-isolation --no-deps --target "$site" . >"$out/build.log" 2>&1 ||
  { tail -40 "$out/build.log"; exit 1; }
export PYTHONPATH="$site${PYTHONPATH:+:$PYTHONPATH}"
# -P: import the installed package, not the source tree in the current directory.
python3 -P -m pysyclfft >"$out/device.txt" 2>&1
[ $# -gt 0 ] || set -- tests
python3 -P -m pytest -q -p no:cacheprovider --junitxml="$out/junit.xml" "$@" >"$out/pytest.log" 2>&1
status=$?
tail -25 "$out/pytest.log"
exit $status
