#!/usr/bin/env bash
# data-apis/array-api-tests' array_api_tests/test_fft.py against array-api-strict
# with its fft namespace replaced by pysyclfft's (pysyclfft.interfaces.array_api_fft).
#
#   tools/array_api_fft_tests.sh CHECKOUT [pytest arguments]
#
# CHECKOUT: a clone of array-api-tests at the commit below, with its array-api
# submodule (the spec's signature stubs, which the suite imports). The active
# Python environment needs pysyclfft and `pip install array-api-strict
# pytest-json-report ndindex` (hypothesis and pytest come with pysyclfft[test]).
#
# Two passes over the same examples (hypothesis --derandomize): the first
# without a deadline compiles every kernel the examples need (run-time
# compilation, ~0.4 s a kernel, cached in ~/.cache/pysyclfft); the second is the
# suite as its authors run it, with its default 800 ms deadline per example.
set -euo pipefail
PINNED=55fcc60179efa2680ddd6cd926ddf17b83530e2b   # array-api-tests, 2026-04-03

checkout=${1:?usage: tools/array_api_fft_tests.sh CHECKOUT [pytest arguments]}
shift
commit=$(git -C "$checkout" rev-parse HEAD)
if [[ $commit != "$PINNED" ]]; then
  echo "array-api-tests is at $commit; the results in docs/conformance.md are for $PINNED" >&2
  echo "(git -C $checkout checkout $PINNED && git -C $checkout submodule update --init)" >&2
  exit 2
fi
[[ -d $checkout/array-api/spec ]] || { echo "$checkout/array-api is empty: git submodule update --init" >&2; exit 2; }

export ARRAY_API_TESTS_MODULE="exec('import array_api_strict as xp; from pysyclfft.interfaces import array_api_fft; xp.fft = array_api_fft.namespace(xp)')"
cd "$checkout"
run() { python -m pytest array_api_tests/test_fft.py -p no:cacheprovider --hypothesis-derandomize "$@"; }
echo "== pass 1: compiling the kernels the examples need (no deadline)"
run -q --disable-deadline "$@" >/dev/null || true
echo "== pass 2: default deadline"
run -v -rs "$@"
