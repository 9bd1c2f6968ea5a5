// Kernels a plan builds on first need rather than with itself: a CPU's forms of
// a length's line groups (line_groups.hpp, rader_lines.hpp) for access patterns a
// plan may never meet, since a build holding them all took 1.5x as long (1000
// points: 1.35 against 2.05 s). Unless plans wait for their kernels
// (Specialization::wait) or the binary cache has them, the build runs on the
// background compiler while the plan's team kernel serves, as a generic plan
// serves a new length (plantime.md).
#pragma once
#include <sycl/sycl.hpp>

#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "background_compiler.hpp"
#include "compiler.hpp"
#include "device.hpp"
#include "device_kernel.hpp"

namespace pysyclfft::plan {

class KernelsOnFirstNeed {
 public:
  KernelsOnFirstNeed() = default;
  KernelsOnFirstNeed(const char* entry_header, std::vector<std::string> names)
      : entry_header_(entry_header), names_(std::move(names)) {}
  KernelsOnFirstNeed(const KernelsOnFirstNeed&) = delete;
  KernelsOnFirstNeed& operator=(const KernelsOnFirstNeed&) = delete;

  // The kernels' names (none: the form is never built).
  const std::vector<std::string>& names() const { return names_; }

  // Kernels built with the plan.
  void set(std::vector<DeviceKernel> kernels) {
    std::lock_guard lock(mutex_);
    kernels_ = std::move(kernels);
  }

  // Whether the kernels are in memory: built with the plan, else loaded from the
  // binary cache or compiled now (Specialization::wait), else queued once for the
  // background compiler, whose word (not the compiler, which would hash the
  // kernel headers for the cache key at every call) later calls wait for.
  bool ready(const sycl::queue& q) const {
    std::lock_guard lock(mutex_);
    if (!kernels_.empty()) return true;
    if (names_.empty()) return false;
    auto& compiler = KernelCompiler::instance();
    if (background_) {
      if (background_->load() != kBuilt) return false;  // building, or failed: the team kernel serves
      kernels_ = compiler.get(q, entry_header_, names_);  // in memory now
      return true;
    }
    if (specialization() == Specialization::wait || compiler.available(q, entry_header_, names_)) {
      kernels_ = compiler.get(q, entry_header_, names_);
      return true;
    }
    auto state = std::make_shared<std::atomic<int>>(kBuilding);
    auto build = [q, header = entry_header_, names = names_, state] {
      try {
        KernelCompiler::instance().get(q, header, names);
        state->store(kBuilt);
      } catch (const std::exception&) {
        state->store(kFailed);
      }
    };
    if (BackgroundCompiler::instance().submit({build, [] {}})) background_ = state;
    return false;
  }

  // Kernel i, once ready().
  DeviceKernel at(std::size_t i) const {
    std::lock_guard lock(mutex_);
    return kernels_.at(i);
  }

  bool in_memory() const {
    std::lock_guard lock(mutex_);
    return !kernels_.empty();
  }

 private:
  enum { kBuilding, kBuilt, kFailed };
  const char* entry_header_ = nullptr;
  std::vector<std::string> names_;
  mutable std::vector<DeviceKernel> kernels_;  // guarded by mutex_
  mutable std::shared_ptr<std::atomic<int>> background_;  // a build queued for the background compiler
  mutable std::mutex mutex_;
};

}  // namespace pysyclfft::plan
