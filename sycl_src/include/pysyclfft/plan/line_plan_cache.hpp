// The process-wide cache of 1-D plans (complex, and real/trigonometric maps),
// shared by every n-D plan (NdPlan, hence dft.hpp and Python). A plan holds its queue, compiled kernels and device
// tables and is immutable once built, so sharing it across threads is safe.
// The cache holds plans only while some n-D plan uses them (weak references): a
// line plan's device memory (tables, and scratch of up to one chunk of transforms,
// hundreds of MB on a large GPU) goes with the last plan that uses it, so a
// program that meets many lengths holds the memory of the plans it keeps (e.g.
// Python's plan cache of 16) and no more. Planning a length again costs its table
// upload: kernels stay in memory and host tables in the table cache.
#pragma once
#include <sycl/sycl.hpp>

#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "any_c2c_plan.hpp"
#include "real_line_plan.hpp"

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
    return cached(c2c_, Key{q, n, p, memory, 0}, [&] { return std::make_shared<const AnyC2CPlan>(q, n, p, 0, memory); });
  }

  // The real or trigonometric map `t` of data length n on q (fused or through its work buffer).
  std::shared_ptr<const RealLinePlan> real(const sycl::queue& q, RealTransform t, std::int64_t n, Precision p,
                                           Memory memory) {
    return cached(real_, Key{q, n, p, memory, int(t) + 1},
                  [&] { return std::make_shared<const RealLinePlan>(q, t, n, p, memory); });
  }

  // Drops every cached plan (plans still in use stay alive with their users).
  void clear() {
    std::lock_guard<std::mutex> lock(mutex_);
    c2c_.clear();
    real_.clear();
  }

 private:
  struct Key {
    sycl::queue queue;
    std::int64_t n;
    Precision precision;
    Memory memory;
    int map;  // 0 for complex plans, else the RealTransform + 1
    bool operator==(const Key& o) const {
      return queue == o.queue && n == o.n && precision == o.precision && memory == o.memory && map == o.map;
    }
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      std::size_t h = std::hash<sycl::queue>{}(k.queue);
      for (std::size_t v : {std::size_t(k.n), std::size_t(k.precision), std::size_t(k.memory), std::size_t(k.map)})
        h = h * 1000003u ^ v;
      return h;
    }
  };
  template <class Plan> using Map = std::unordered_map<Key, std::weak_ptr<const Plan>, KeyHash>;

  // The plan of `key` if some n-D plan still uses it (mutex_ held).
  template <class Plan> static std::shared_ptr<const Plan> alive(const Map<Plan>& cache, const Key& key) {
    const auto it = cache.find(key);
    return it == cache.end() ? nullptr : it->second.lock();
  }

  template <class Plan, class Build>
  std::shared_ptr<const Plan> cached(Map<Plan>& cache, const Key& key, const Build& build) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (auto plan = alive(cache, key)) return plan;
    }
    std::shared_ptr<const Plan> built = build();  // outside the lock: it may compile
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto plan = alive(cache, key)) return plan;  // a concurrent builder's plan wins
    for (auto it = cache.begin(); it != cache.end();) it = it->second.expired() ? cache.erase(it) : std::next(it);
    cache[key] = built;
    return built;
  }

  std::mutex mutex_;
  Map<AnyC2CPlan> c2c_;
  Map<RealLinePlan> real_;
};

}  // namespace pysyclfft::plan
