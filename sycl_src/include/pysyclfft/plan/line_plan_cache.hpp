// The process-wide cache of 1-D complex plans, shared by every n-D plan (NdPlan,
// hence dft.hpp and Python). A plan holds its queue, compiled kernels and device
// tables and is immutable once built, so sharing it across threads is safe.
#pragma once
#include <sycl/sycl.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "any_c2c_plan.hpp"

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
    const Key key{q, n, p, memory};
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (auto it = c2c_.find(key); it != c2c_.end()) return it->second;
    }
    auto built = std::make_shared<const AnyC2CPlan>(q, n, p, 0, memory);  // outside the lock: it may compile
    std::lock_guard<std::mutex> lock(mutex_);
    return c2c_.emplace(key, std::move(built)).first->second;  // a concurrent builder's plan wins
  }

  // Drops every cached plan (plans still in use stay alive with their users).
  void clear() {
    std::lock_guard<std::mutex> lock(mutex_);
    c2c_.clear();
  }

 private:
  struct Key {
    sycl::queue queue;
    std::int64_t n;
    Precision precision;
    Memory memory;
    bool operator==(const Key& o) const {
      return queue == o.queue && n == o.n && precision == o.precision && memory == o.memory;
    }
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      std::size_t h = std::hash<sycl::queue>{}(k.queue);
      for (std::size_t v : {std::size_t(k.n), std::size_t(k.precision), std::size_t(k.memory)})
        h = h * 1000003u ^ v;
      return h;
    }
  };
  std::mutex mutex_;
  std::unordered_map<Key, std::shared_ptr<const AnyC2CPlan>, KeyHash> c2c_;
};

}  // namespace pysyclfft::plan
