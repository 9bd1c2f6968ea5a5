// Plans shared while something uses them: a map from what shapes a line plan
// (queue, length, precision, memory mode, and a variant: the specialization mode
// of a complex plan, the map of a real one) to weak references. A plan's device
// memory (tables, scratch of up to one chunk of transforms, hundreds of MB on a
// large GPU) goes with its last user, so a program that meets many lengths holds
// the memory of the plans it keeps and no more; planning a length again costs its
// table upload (kernels stay in memory, host tables in the table cache).
#pragma once
#include <sycl/sycl.hpp>

#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "kernel_params.hpp"

namespace pysyclfft::plan {

struct LinePlanKey {
  sycl::queue queue;
  std::int64_t n;
  Precision precision;
  Memory memory;
  int variant;
  bool operator==(const LinePlanKey& o) const {
    return queue == o.queue && n == o.n && precision == o.precision && memory == o.memory && variant == o.variant;
  }
};

// The plans whose memory a sum of workspaces has counted: a shared plan is counted once.
using CountedPlans = std::unordered_set<const void*>;
inline std::size_t count_once(CountedPlans* counted, const void* plan, std::size_t bytes) {
  return counted && !counted->insert(plan).second ? 0 : bytes;
}

template <class Plan> class WeakPlanCache {
 public:
  // The plan of `key` while some user holds it, else build() (a shared_ptr<const Plan>), kept.
  template <class Build> std::shared_ptr<const Plan> get(const LinePlanKey& key, const Build& build) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (auto plan = alive(key)) return plan;
    }
    std::shared_ptr<const Plan> built = build();  // outside the lock: it may compile
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto plan = alive(key)) return plan;  // a concurrent builder's plan wins
    for (auto it = plans_.begin(); it != plans_.end();) it = it->second.expired() ? plans_.erase(it) : std::next(it);
    plans_[key] = built;
    return built;
  }

  // Forgets every plan (plans still in use stay alive with their users).
  void clear() {
    std::lock_guard<std::mutex> lock(mutex_);
    plans_.clear();
  }

 private:
  struct KeyHash {
    std::size_t operator()(const LinePlanKey& k) const {
      std::size_t h = std::hash<sycl::queue>{}(k.queue);
      for (std::size_t v : {std::size_t(k.n), std::size_t(k.precision), std::size_t(k.memory), std::size_t(k.variant)})
        h = h * 1000003u ^ v;
      return h;
    }
  };

  std::shared_ptr<const Plan> alive(const LinePlanKey& key) const {  // mutex_ held
    const auto it = plans_.find(key);
    return it == plans_.end() ? nullptr : it->second.lock();
  }

  std::mutex mutex_;
  std::unordered_map<LinePlanKey, std::weak_ptr<const Plan>, KeyHash> plans_;
};

}  // namespace pysyclfft::plan
