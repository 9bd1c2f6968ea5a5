// A batched 1-D complex transform of any length: the single-kernel plan where
// one work-group holds the transform, the multi-pass plan (four-step or
// Bluestein) otherwise. This is the plan Python sees as _core.C2CPlan.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "algorithm.hpp"
#include "c2c_plan.hpp"
#include "multipass_plan.hpp"

namespace pysyclfft::plan {

class AnyC2CPlan {
 public:
  // max_pass > 0 forces passes of at most that length (for tests and tuning).
  // Memory::minimal: no scratch buffer (single-kernel plans never have one).
  AnyC2CPlan(sycl::queue q, std::int64_t n, Precision p, std::int64_t max_pass = 0, Memory memory = Memory::automatic) {
    if (n < 1) throw std::invalid_argument("pysyclfft: transform length must be >= 1, got " + std::to_string(n));
    if (!supports(q.get_device(), p))
      throw std::invalid_argument("pysyclfft: the device has no double precision (fp64) support");
    if (choose_algorithm(n, p, device_limits(q.get_device()), max_pass) == Algorithm::single_kernel)
      single_ = std::make_unique<C2CPlan>(std::move(q), n, p);
    else
      multi_ = std::make_unique<MultipassPlan>(std::move(q), n, p, max_pass, memory);
  }

  sycl::event execute(const void* in, void* out, const BatchLayout& layout, bool forward, double scale,
                      const std::vector<sycl::event>& deps = {}) const {
    return single_ ? single_->execute(in, out, layout, forward, scale, deps)
                   : multi_->execute(in, out, layout, forward, scale, deps);
  }
  std::int64_t length() const { return single_ ? single_->length() : multi_->length(); }
  const sycl::queue& queue() const { return single_ ? single_->queue() : multi_->queue(); }
  std::size_t workspace_bytes() const { return single_ ? single_->workspace_bytes() : multi_->workspace_bytes(); }
  std::string describe() const { return single_ ? single_->describe() : multi_->describe(); }

 private:
  std::unique_ptr<C2CPlan> single_;
  std::unique_ptr<MultipassPlan> multi_;
};

// Compiles the kernels of every length in `lengths` in one build per entry point.
// Returns the number of kernel names.
inline std::size_t precompile_any_c2c(const sycl::queue& q, const std::vector<std::int64_t>& lengths, Precision p,
                                      std::int64_t max_pass = 0, Memory memory = Memory::automatic) {
  const DeviceLimits lim = device_limits(q.get_device());
  std::vector<std::string> pass_names;
  for (auto n : lengths) {
    if (n < 1) continue;
    const auto names = MultipassPlan::kernel_names(n, p, lim, max_pass, memory);
    pass_names.insert(pass_names.end(), names.begin(), names.end());
  }
  const auto single_names = c2c_kernel_names(q.get_device(), lengths, p);
  if (!single_names.empty()) KernelCompiler::instance().get(q, kC2CEntryHeader, single_names);
  if (!pass_names.empty()) KernelCompiler::instance().get(q, kPassEntryHeader, pass_names);
  return single_names.size() + pass_names.size();
}

}  // namespace pysyclfft::plan
