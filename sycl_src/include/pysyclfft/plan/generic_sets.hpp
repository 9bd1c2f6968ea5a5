// The generic kernel sets (the stages, generic_c2c_plan.hpp; the map passes,
// map_pass_plan.hpp) are the one compile a program waits for: seconds, once per
// device, precision and runtime version (docs/plantime.md). Where the program
// asks (Python in an interactive session: pysyclfft/_environment.py), a line on
// stderr says what is being built, how to build it ahead, and how long it took.
#pragma once
#include <sycl/sycl.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "compiler.hpp"

namespace pysyclfft::plan {

inline std::atomic<bool>& announce_generic_builds() {
  static std::atomic<bool> on{false};
  return on;
}

// The kernels `names` of `header`, compiled or loaded; `what` names the set in the announcement.
inline std::vector<DeviceKernel> generic_set(const sycl::queue& q, const char* header,
                                             const std::vector<std::string>& names, const std::string& what) {
  KernelCompiler& compiler = KernelCompiler::instance();
  if (!announce_generic_builds() || compiler.available(q, header, names)) return compiler.get(q, header, names);
  const std::string device = q.get_device().get_info<sycl::info::device::name>();
  std::fprintf(stderr,
               "pysyclfft: compiling the %s for %s, once per device (`python -m pysyclfft precompile` "
               "builds it ahead)\n",
               what.c_str(), device.c_str());
  const auto start = std::chrono::steady_clock::now();
  std::vector<DeviceKernel> set = compiler.get(q, header, names);
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  std::fprintf(stderr, "pysyclfft: %s compiled in %.1f s\n", what.c_str(), took.count());
  return set;
}

}  // namespace pysyclfft::plan
