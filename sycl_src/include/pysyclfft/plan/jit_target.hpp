// What the run-time compiler needs to target a CUDA-backend device, chosen by
// the library so the user sets nothing.
//
// DPC++'s SYCL-RTC (sycl-jit) emits PTX for the target named by the environment
// variables SYCL_JIT_AMDGCN_PTX_TARGET_CPU and SYCL_JIT_AMDGCN_PTX_TARGET_FEATURES
// (default sm_50/ptx76, which fails on newer devices), else from a kernel's
// target-cpu attribute; we found no option of syclexp::build that selects it in
// intel-sycl-rt 2026.2 (docs/cuda.md). The runtime reads them once
// per process, at the first run-time compilation for a CUDA device, so we set
// them (never overriding a user's values) just before our first build for such
// a device. If something else in the process compiled for a CUDA device first,
// or the process holds CUDA devices of different architectures, the first
// target read stays in force: docs/cuda.md says so.
#pragma once
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>

namespace pysyclfft::plan {

// A run-time compilation that cannot work until the user installs something
// (not a corrupt cache: callers must not clear caches and retry).
class JitToolchainError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct PtxTarget {
  std::string cpu;       // e.g. sm_90
  std::string features;  // e.g. +sm_90,+ptx78
};

// The oldest PTX ISA that supports an sm_XY (as LLVM's NVPTX back end requires);
// the driver of such a device loads it.
inline int min_ptx_version(int sm) {
  if (sm >= 120) return 87;
  if (sm >= 100) return 86;
  if (sm >= 89) return 78;
  if (sm >= 87) return 74;
  if (sm >= 86) return 71;
  if (sm >= 80) return 70;
  if (sm >= 75) return 63;
  if (sm >= 72) return 61;
  if (sm >= 70) return 60;
  if (sm >= 60) return 50;
  return 40;
}

// The PTX target of a CUDA-backend device (its compute capability "X.Y" is the
// device version there), nothing for other backends.
inline std::optional<PtxTarget> ptx_target(const sycl::device& d) {
  if (d.get_backend() != sycl::backend::ext_oneapi_cuda) return std::nullopt;
  const std::string version = d.get_info<sycl::info::device::version>();
  const auto dot = version.find('.');
  if (dot == std::string::npos) return std::nullopt;
  const int sm = std::atoi(version.substr(0, dot).c_str()) * 10 + std::atoi(version.substr(dot + 1).c_str());
  if (sm <= 0) return std::nullopt;
  const std::string cpu = "sm_" + std::to_string(sm);
  return PtxTarget{cpu, "+" + cpu + ",+ptx" + std::to_string(std::max(min_ptx_version(sm), 76))};
}

// Sets the JIT target variables for `d` unless set already (by the user, or for
// an earlier device). Call before every run-time build; cheap after the first.
inline void select_jit_target(const sycl::device& d) {
  const auto target = ptx_target(d);
  if (!target) return;
  setenv("SYCL_JIT_AMDGCN_PTX_TARGET_CPU", target->cpu.c_str(), 0);
  setenv("SYCL_JIT_AMDGCN_PTX_TARGET_FEATURES", target->features.c_str(), 0);
}

// A CUDA build that failed because the runtime's device linker could not open
// the libspirv bitcode: this runtime looks for it at an absolute path
// (/lib/clang/<version>/lib/nvptx64-nvidia-cuda/...) that the wheels do not
// install, although libsycl-jit.so embeds it. Returns the error to raise, naming
// the file (from the log) and the command we ship that writes it.
inline std::optional<JitToolchainError> missing_toolchain_file(const sycl::device& d, const std::string& message) {
  if (d.get_backend() != sycl::backend::ext_oneapi_cuda) return std::nullopt;
  const auto at = message.find("libspirv");
  if (at == std::string::npos) return std::nullopt;
  const std::size_t start = message.find_last_of(" '\"\n", at) + 1;  // npos + 1 == 0
  const std::size_t end = message.find_first_of(" '\":\n", at);
  const std::string file = message.substr(start, end == std::string::npos ? std::string::npos : end - start);
  return JitToolchainError(
      "pysyclfft: the SYCL runtime cannot link kernels for the CUDA device '" +
      d.get_info<sycl::info::device::name>() + "': it needs the file " + file +
      ", which the intel-sycl-rt wheel embeds in libsycl-jit.so but does not install. "
      "Run `python -m pysyclfft install-cuda-support` (it shows what it writes and asks first), then retry.\n" +
      message);
}

}  // namespace pysyclfft::plan
