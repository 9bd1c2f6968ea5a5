#!/usr/bin/env bash
# The plantime suite (benchmarks/plantime.py) on this machine's default device, every kind in its own
# process at once (one kind after another takes ~12x longer than a device call allows), after building
# pysyclfft as tools/device_bench.sh does:
#   tools/device_plantime.sh OUTDIR [KINDS (comma list, default every kind)] [SECONDS (default 480)]
# Writes OUTDIR/build.log, OUTDIR/plantime_KIND.json and .log per kind, and OUTDIR/plantime.md (the
# merged tables); a kind still running after SECONDS is stopped and has no JSON.
set -uo pipefail
out=${1:?usage: tools/device_plantime.sh OUTDIR [KINDS] [SECONDS]}
kinds=${2:-c2c,r2c,c2r,dct1,dct2,dct3,dct4,dst1,dst2,dst3,dst4,c2c_2d}
mkdir -p "$out"
site=${PYSYCLFFT_SITE:-$(mktemp -d)}
[ -d "$site/pysyclfft" ] || python3 -m pip install -q --no-build-isolation --no-deps --target "$site" . >"$out/build.log" 2>&1 ||
  { tail -40 "$out/build.log"; exit 1; }
export PYTHONPATH="$site${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
for kind in ${kinds//,/ }; do
  timeout "${3:-480}" python3 benchmarks/bench.py --host --suite plantime --dtype single --plan-kinds "$kind" \
    --json "$out/plantime_$kind.json" >"$out/plantime_$kind.log" 2>&1 &
done
wait
jsons=$(ls "$out"/plantime_*.json 2>/dev/null | paste -sd, -)
[ -n "$jsons" ] && python3 benchmarks/bench.py --from-json "$jsons" --markdown "$out/plantime.md" >/dev/null
echo "plantime: $(ls "$out"/plantime_*.json 2>/dev/null | wc -l) of $(echo "${kinds//,/ }" | wc -w) kinds measured"
