// Batched 1-D complex transforms of any length: the specialized plans (the
// single-kernel plan where one work-group holds the transform, the multi-pass
// plan, four-step, Bluestein or Rader, otherwise) and the generic plan that
// stands in for them while their kernels compile.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "algorithm.hpp"
#include "background_compiler.hpp"
#include "c2c_plan.hpp"
#include "generic_c2c_plan.hpp"
#include "multipass_plan.hpp"
#include "weak_plan_cache.hpp"

namespace pysyclfft::plan {

// The specialized plan of a length: kernels compiled for it, the fast path.
class SpecializedC2CPlan {
 public:
  // max_pass > 0 forces passes of at most that length (for tests and tuning).
  // Memory::minimal: no scratch buffer (single-kernel plans never have one).
  // A single kernel whose registers forbid its planned work-group (GroupTooLarge)
  // gives way to passes of at most half the length, a convolution in one kernel
  // to two launches.
  SpecializedC2CPlan(sycl::queue q, std::int64_t n, Precision p, std::int64_t max_pass = 0, Memory memory = Memory::automatic) {
    if (choose_algorithm(n, p, device_limits(q.get_device()), max_pass) == Algorithm::single_kernel) {
      try {
        single_ = std::make_unique<C2CPlan>(q, n, p);
        return;
      } catch (const GroupTooLarge& e) {
        max_pass = n / 2;
        gave_way_ = "passes because " + e.why;
      }
    }
    try {
      multi_ = std::make_unique<MultipassPlan>(q, n, p, max_pass, memory);
    } catch (const GroupTooLarge& e) {  // a convolution in one kernel gives way to two launches
      gave_way_ = "two launches because " + e.why;
      multi_ = std::make_unique<MultipassPlan>(std::move(q), n, p, max_pass, memory, /*fuse=*/false);
    }
  }

  // Whether its kernels are in memory or in the binary cache (building it compiles nothing).
  static bool available(const sycl::queue& q, std::int64_t n, Precision p, std::int64_t max_pass, Memory memory) {
    const DeviceLimits lim = device_limits(q.get_device());
    auto& compiler = KernelCompiler::instance();
    const bool single = choose_algorithm(n, p, lim, max_pass) == Algorithm::single_kernel;
    return (!single || compiler.available(q, kC2CEntryHeader, c2c_kernel_names(q.get_device(), {n}, p))) &&
           compiler.available(q, kPassEntryHeader, pass_kernel_names(q.get_device(), n, p, max_pass, memory));
  }

  // Its kernels of the pass family: a multi-pass plan's passes (a single-kernel
  // length builds its column groups with its c2c kernels, c2c_plan.hpp).
  static std::vector<std::string> pass_kernel_names(const sycl::device& dev, std::int64_t n, Precision p,
                                                    std::int64_t max_pass, Memory memory) {
    const DeviceLimits lim = device_limits(dev);
    if (choose_algorithm(n, p, lim, max_pass) == Algorithm::single_kernel) return {};
    return MultipassPlan::kernel_names(n, p, lim, max_pass, memory);
  }

  sycl::event execute(const void* in, void* out, const BatchLayout& layout, bool forward, double scale,
                      const std::vector<sycl::event>& deps = {}) const {
    return single_ ? single_->execute(in, out, layout, forward, scale, deps)
                   : multi_->execute(in, out, layout, forward, scale, deps);
  }
  std::int64_t length() const { return single_ ? single_->length() : multi_->length(); }
  const sycl::queue& queue() const { return single_ ? single_->queue() : multi_->queue(); }
  std::size_t workspace_bytes() const { return single_ ? single_->workspace_bytes() : multi_->workspace_bytes(); }
  // A plan that gave way to passes says why (the kernel's group limit on this device).
  std::string describe() const {
    if (single_) return single_->describe();
    return gave_way_.empty() ? multi_->describe() : multi_->describe() + " (" + gave_way_ + ")";
  }

 private:
  std::string gave_way_;  // the form taken and GroupTooLarge::why, where a single kernel gave way
  std::unique_ptr<C2CPlan> single_;
  std::unique_ptr<MultipassPlan> multi_;
};

// A batched 1-D complex transform of any length: the specialized plan where its
// kernels are at hand (or the caller waits for them, specialization()), else
// the generic plan at once while the worker compiles the specialized one
// (background_compiler.hpp), which every execution after that uses. This is the
// plan Python sees as _core.C2CPlan.
class AnyC2CPlan {
 public:
  AnyC2CPlan(sycl::queue q, std::int64_t n, Precision p, std::int64_t max_pass = 0, Memory memory = Memory::automatic,
             Specialization mode = specialization()) {
    if (n < 1) throw std::invalid_argument("pysyclfft: transform length must be >= 1, got " + std::to_string(n));
    if (!supports(q.get_device(), p))
      throw std::invalid_argument("pysyclfft: the device has no double precision (fp64) support");
    // Forced passes and in-place plans have no generic form.
    const bool generic_first = max_pass == 0 && memory == Memory::automatic && mode != Specialization::wait;
    if (!generic_first || (mode == Specialization::background && SpecializedC2CPlan::available(q, n, p, max_pass, memory))) {
      specialized_ = std::make_shared<SpecializedC2CPlan>(std::move(q), n, p, max_pass, memory);
      return;
    }
    generic_ = std::make_unique<GenericC2CPlan>(q, n, p);
    if (mode != Specialization::background) return;
    switch_ = std::make_shared<PlanSwitch<SpecializedC2CPlan>>();
    build_ = [q, n, p] { return std::make_shared<const SpecializedC2CPlan>(q, n, p); };
    switch_->schedule(switch_, build_);
  }

  sycl::event execute(const void* in, void* out, const BatchLayout& layout, bool forward, double scale,
                      const std::vector<sycl::event>& deps = {}) const {
    if (const auto fast = specialized()) return fast->execute(in, out, layout, forward, scale, deps);
    if (switch_) switch_->schedule(switch_, build_);  // again, if the queue was full
    return generic_->execute(in, out, layout, forward, scale, deps);
  }

  // Blocks until the plan runs its specialized kernels (or they failed to
  // build: then it keeps its generic ones). Returns whether it does.
  bool wait_specialized() const {
    if (switch_ && switch_->schedule(switch_, build_)) switch_->wait();
    return specialized() != nullptr;
  }
  bool is_specialized() const { return specialized() != nullptr; }

  std::int64_t length() const { return specialized() ? specialized()->length() : generic_->length(); }
  const sycl::queue& queue() const { return specialized() ? specialized()->queue() : generic_->queue(); }
  std::size_t workspace_bytes() const {
    // The generic plan's memory stays held once the switch happened (a running execution may use it).
    return (generic_ ? generic_->workspace_bytes() : 0) + (specialized() ? specialized()->workspace_bytes() : 0);
  }
  std::string describe() const { return specialized() ? specialized()->describe() : generic_->describe(); }

 private:
  std::shared_ptr<const SpecializedC2CPlan> specialized() const {
    if (specialized_) return specialized_;
    return switch_ ? switch_->plan() : nullptr;
  }

  std::shared_ptr<const SpecializedC2CPlan> specialized_;  // built at once
  std::unique_ptr<GenericC2CPlan> generic_;
  std::shared_ptr<PlanSwitch<SpecializedC2CPlan>> switch_;  // where the background build lands
  std::function<std::shared_ptr<const SpecializedC2CPlan>()> build_;
};

// Compiles the kernels of every length in `lengths` in one build per entry point.
// Returns the number of kernel names.
inline std::size_t precompile_any_c2c(const sycl::queue& q, const std::vector<std::int64_t>& lengths, Precision p,
                                      std::int64_t max_pass = 0, Memory memory = Memory::automatic) {
  std::vector<std::string> pass_names;
  for (auto n : lengths) {
    if (n < 1) continue;
    const auto names = SpecializedC2CPlan::pass_kernel_names(q.get_device(), n, p, max_pass, memory);
    pass_names.insert(pass_names.end(), names.begin(), names.end());
  }
  const auto single_names = c2c_kernel_names(q.get_device(), lengths, p);
  if (!single_names.empty()) KernelCompiler::instance().get(q, kC2CEntryHeader, single_names);
  if (!pass_names.empty()) KernelCompiler::instance().get(q, kPassEntryHeader, pass_names);
  return single_names.size() + pass_names.size();
}

// The process's complex line plans, shared by every user while one holds them: the
// complex n-D plans and the FFTs inside the real and trigonometric maps (a DCT-II
// plan's forward and backward maps run the same one). Never destroyed: plans may
// be released while static destructors run.
inline WeakPlanCache<AnyC2CPlan>& shared_c2c_plans() {
  static auto* plans = new WeakPlanCache<AnyC2CPlan>;
  return *plans;
}

// The shared complex plan of length n on q (a plan of another specialization mode is another plan).
inline std::shared_ptr<const AnyC2CPlan> shared_c2c_plan(const sycl::queue& q, std::int64_t n, Precision p,
                                                         Memory memory, Specialization mode = specialization()) {
  return shared_c2c_plans().get({q, n, p, memory, int(mode)},
                                [&] { return std::make_shared<const AnyC2CPlan>(q, n, p, 0, memory, mode); });
}

}  // namespace pysyclfft::plan
