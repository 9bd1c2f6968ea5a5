// The process-wide cache of 1-D plans, shared by every n-D plan (NdPlan, hence
// dft.hpp and Python): complex plans (shared_c2c_plan, any_c2c_plan.hpp, which the
// real maps' inner FFTs share too) and real/trigonometric maps, each held while
// something uses it (weak_plan_cache.hpp). A plan holds its queue, compiled kernels
// and device tables and is immutable once built, so sharing it across threads is safe.
#pragma once
#include <sycl/sycl.hpp>

#include <cstdint>
#include <memory>

#include "any_c2c_plan.hpp"
#include "real_line_plan.hpp"
#include "weak_plan_cache.hpp"

namespace pysyclfft::plan {

class LinePlanCache {
 public:
  static LinePlanCache& instance() {
    // Never destroyed: plans free device memory, which must not happen after the
    // SYCL runtime has shut down at process exit.
    static auto* cache = new LinePlanCache;
    return *cache;
  }

  // The complex plan of length n on q, built on the first request.
  std::shared_ptr<const AnyC2CPlan> c2c(const sycl::queue& q, std::int64_t n, Precision p, Memory memory) {
    return shared_c2c_plan(q, n, p, memory);
  }

  // The real or trigonometric map of `job` on q (fused or through its work buffer).
  std::shared_ptr<const RealLinePlan> real(const sycl::queue& q, const MapJob& job, Precision p, Memory memory) {
    return real_.get({q, job.n, p, memory, 2 * int(job.transform) + int(job.columns)},
                     [&] { return std::make_shared<const RealLinePlan>(q, job, p, memory); });
  }

  // Drops every cached plan (plans still in use stay alive with their users).
  void clear() {
    shared_c2c_plans().clear();
    real_.clear();
  }

 private:
  WeakPlanCache<RealLinePlan> real_;
};

}  // namespace pysyclfft::plan
