#!/usr/bin/env bash
# Builds the Unified Runtime CUDA adapter (libur_adapter_cuda.so) that DPC++'s SYCL runtime needs to
# see NVIDIA GPUs, from the open-source Unified Runtime at the commit that matches the installed
# intel-sycl-rt wheel, and installs it beside that runtime's libsycl.so (where the runtime's adapter
# loader looks). Codeplay's "oneAPI for NVIDIA GPUs" plugin of the same version installs the same file.
#
#   tools/build_cuda_adapter.sh [--python PY] [--sycl-lib-dir DIR] [--ur-source DIR] [--umf-wheel WHL]
#
#   --python PY        the Python whose intel-sycl-rt to build for (default: python3)
#   --sycl-lib-dir DIR the directory of libsycl.so (default: PY's intel-sycl-rt; set it for a runtime
#                      outside Python, e.g. $SYCL_ROOT/lib); the adapter is installed there
#   --ur-source DIR    Unified Runtime source at the matching commit (default: git clone, needs network)
#   --umf-wheel WHL    the umf wheel of the runtime's libumf version (default: pip download, needs network)
#
# Needs the CUDA toolkit (nvcc, cuda.h, nvml.h), cmake >= 3.20, ninja, g++. About a minute on 16 cores.
# Then: `python -m pysyclfft install-cuda-support` (the JIT's libspirv) and
# `ONEAPI_DEVICE_SELECTOR=cuda:gpu python -m pysyclfft` lists the GPU (docs/cuda.md).
set -euo pipefail

# Runtime version -> Unified Runtime commit whose include/ur_api.h matches the runtime's UR headers.
declare -A UR_COMMIT_OF=([2026.2.0]=eb58ab8d49cc733bf5081dce46265a0f8b885937)
UR_REPOSITORY=https://github.com/oneapi-src/unified-runtime

python=python3 lib_dir="" ur_source="" umf_wheel=""
while [ $# -gt 0 ]; do
  case "$1" in
    --python) python=$2; shift 2 ;;
    --sycl-lib-dir) lib_dir=$2; shift 2 ;;
    --ur-source) ur_source=$2; shift 2 ;;
    --umf-wheel) umf_wheel=$2; shift 2 ;;
    *) echo "unknown argument: $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
fail() { echo "build_cuda_adapter: $*" >&2; exit 1; }
log() { echo "[build_cuda_adapter] $*"; }

runtime_version() {  # of the libsycl.so in $lib_dir: the wheel's metadata, else the version the caller names
  "$python" - "$lib_dir" <<'PY' 2>/dev/null || true
import sys
from importlib import metadata
dist = metadata.distribution("intel-sycl-rt")
if sys.argv[1] == "":
    lib = next(f for f in dist.files if str(f).endswith("libsycl.so.9"))
    print(dist.version, dist.locate_file(lib).resolve().parent)
else:
    print(dist.version, sys.argv[1])
PY
}

read -r version found_dir <<<"$(runtime_version)" || true
lib_dir=${lib_dir:-${found_dir:-}}
version=${SYCL_RUNTIME_VERSION:-${version:-}}
[ -n "$lib_dir" ] && [ -f "$lib_dir/libsycl.so" -o -f "$lib_dir/libsycl.so.9" ] ||
  fail "no libsycl.so found: install intel-sycl-rt into '$python' or pass --sycl-lib-dir"
[ -n "$version" ] || fail "unknown runtime version: set SYCL_RUNTIME_VERSION (e.g. 2026.2.0)"
commit=${UR_COMMIT_OF[$version]:-}
[ -n "$commit" ] || fail "no Unified Runtime commit known for runtime $version (known: ${!UR_COMMIT_OF[*]}):
  take the commit whose include/ur_api.h matches $lib_dir/../include/unified-runtime/ur_api.h"
[ -w "$lib_dir" ] || fail "cannot write to $lib_dir (the adapter goes beside libsycl.so)"
command -v nvcc >/dev/null || fail "nvcc not on PATH: the CUDA toolkit is needed"
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
[ -f "$cuda_root/include/cuda.h" ] || fail "cuda.h not found under $cuda_root/include"
log "runtime $version in $lib_dir; Unified Runtime $commit; CUDA $cuda_root"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$ur_source" ]; then
  ur_source=$work/ur
  git clone -q --filter=blob:none --no-checkout "$UR_REPOSITORY" "$ur_source"
  git -C "$ur_source" checkout -q "$commit"
fi

# UMF: headers and CMake package of the libumf version the runtime ships (libumf.so.X.Y.Z beside libsycl).
umf_version=$(basename "$(ls "$lib_dir"/libumf.so.*.*.* 2>/dev/null | head -1)" | sed 's/^libumf\.so\.//')
[ -n "$umf_version" ] || fail "no libumf.so.X.Y.Z beside libsycl.so in $lib_dir"
if [ -z "$umf_wheel" ]; then
  "$python" -m pip download -q --no-deps -d "$work" "umf==$umf_version"
  umf_wheel=$(ls "$work"/umf-*.whl)
fi
"$python" - "$umf_wheel" "$work/umf" <<'PY'
import os, sys, zipfile
wheel, dest = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    for entry in z.infolist():
        head, sep, rest = entry.filename.partition(".data/data/")
        if sep and not entry.is_dir():
            os.makedirs(os.path.dirname(os.path.join(dest, rest)), exist_ok=True)
            with open(os.path.join(dest, rest), "wb") as f:
                f.write(z.read(entry))
PY

# libnvidia-ml: the toolkit's stub if the CUDA package finder would miss it.
nvml=$(find "$cuda_root/" -name 'libnvidia-ml.so' 2>/dev/null | head -1 || true)
cmake -S "$ur_source" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_BUILD_WITH_INSTALL_RPATH=ON -DUR_BUILD_ADAPTER_CUDA=ON -DUR_BUILD_TESTS=OFF \
  -DUR_BUILD_EXAMPLES=OFF -DUR_BUILD_TOOLS=OFF -DBUILD_TESTING=OFF -DUR_ENABLE_TRACING=OFF \
  -DUR_USE_EXTERNAL_UMF=ON -Dumf_DIR="$work/umf/lib/cmake/umf" -DCUDAToolkit_ROOT="$cuda_root" \
  -DFETCHCONTENT_FULLY_DISCONNECTED=ON ${nvml:+-DCUDA_nvml_LIBRARY="$nvml"} >"$work/configure.log" 2>&1 ||
  { tail -40 "$work/configure.log"; fail "configure failed"; }
cmake --build "$work/build" --target ur_adapter_cuda -j "$(nproc)" >"$work/build.log" 2>&1 ||
  { tail -40 "$work/build.log"; fail "build failed"; }

adapter=$(basename "$(ls "$work"/build/lib/libur_adapter_cuda.so.*.*.*)")
cp -f "$work/build/lib/$adapter" "$lib_dir/"
ln -sf "$adapter" "$lib_dir/libur_adapter_cuda.so.0"
ln -sf libur_adapter_cuda.so.0 "$lib_dir/libur_adapter_cuda.so"
log "installed $lib_dir/$adapter"
log "next: $python -m pysyclfft install-cuda-support; ONEAPI_DEVICE_SELECTOR=cuda:gpu $python -m pysyclfft"
