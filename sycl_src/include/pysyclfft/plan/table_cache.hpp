// Host tables whose content depends only on a transform's kind and length
// (Bluestein's chirp and spectrum, Rader's permutations and spectrum, the
// real/trigonometric maps' twiddles), kept once computed: in memory for the
// process (a plan on another queue reuses them), and on disk beside the binary
// cache (a CacheDirectory, cache_directory.hpp), so that a new process reads
// them in milliseconds. Near 10^6 points computing them costs 0.1-2 s (Bluestein's
// spectrum is an FFT of 2-4 million points, on the device in double where it can,
// else on the host: bluestein_tables.hpp).
//
// An entry holds the table already rounded to the plan's precision, and its key
// names where its spectrum was computed, so a plan from the cache uploads exactly
// what a plan that computed it the same way would.
#pragma once
#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "cache_directory.hpp"

namespace pysyclfft::plan {

// Bump when the content of any cached table changes for the same key (the
// computations in bluestein_tables.hpp, rader_tables.hpp, map_tables.hpp,
// twiddles.hpp): entries of another format are then never read.
inline constexpr int kTableFormat = 3;  // 2: roots as two-level products, spectra on the device; 3: map roots too

// Alignment of the tables' bytes in their cache files: a cache line.
inline constexpr std::size_t kTableAlignment = 64;

class TableCache {
 public:
  // Tables of shorter transforms cost well under a millisecond to compute: not worth a file.
  static constexpr std::int64_t kMinCachedLength = 4096;
  // The in-memory copies held for reuse, at most (a 10^6-point double Bluestein table is ~50 MB).
  static constexpr std::size_t kMemoryBytes = std::size_t(256) << 20;

  // Never destroyed: plans may be built while static destructors run.
  static TableCache& instance() {
    static auto* cache = new TableCache;
    return *cache;
  }

  // Tables persist under `dir` (empty: not at all), at most `max_bytes` of them.
  void configure(const std::string& dir, std::uintmax_t max_bytes) {
    std::lock_guard lock(mutex_);
    disk_.configure(dir, max_bytes);
  }
  std::string dir() const {
    std::lock_guard lock(mutex_);
    return disk_.dir();
  }

  struct Counts {
    std::size_t computed = 0, disk_loads = 0, memory_hits = 0;
  };
  Counts counts() const {
    std::lock_guard lock(mutex_);
    return counts_;
  }
  // Forgets the in-memory copies (the disk entries stay).
  void clear_memory() {
    std::lock_guard lock(mutex_);
    memory_.clear();
    recency_.clear();
    memory_bytes_ = 0;
  }

  // The bytes of a table of complex<T> entries, valid while `owner` lives: a
  // mapped cache file (aligned to kTableAlignment) or the computed table.
  struct Held {
    std::shared_ptr<const void> owner;
    std::string_view bytes;
  };

  // The table `what` (its kind and every parameter that shapes it) of a transform
  // of length n, in element type T: from memory, else disk, else `build()` (a
  // std::vector<std::complex<T>>).
  template <typename T, class Build> Held get(const std::string& what, std::int64_t n, const Build& build) {
    return get_built<T>(what, n, true, [&] { return held(build()); });
  }

  // As get(), for a table that build() returns as a Held (a device's memory): one
  // the host cannot read (`host_reads` false, a GPU's) is neither stored nor kept.
  template <typename T, class Build>
  Held get_built(const std::string& what, std::int64_t n, bool host_reads, const Build& build) {
    if (n < kMinCachedLength) return build();
    const std::string key = key_of<T>(what, n);
    if (auto found = from_memory(key)) return *found;
    const CacheDirectory disk = directory();
    if (auto entry = disk.load(key); entry && entry->body_size % sizeof(std::complex<T>) == 0) {
      const Held found{entry->file, entry->body()};
      remember(key, found, &Counts::disk_loads);
      return found;
    }
    const Held computed = build();
    if (host_reads) disk.store(key, computed.bytes);
    remember(key, host_reads ? computed : Held{}, &Counts::computed);
    return computed;
  }

 private:
  CacheDirectory directory() const {
    std::lock_guard lock(mutex_);
    return disk_;
  }

  template <typename T> static std::string key_of(const std::string& what, std::int64_t n) {
    return "table format " + std::to_string(kTableFormat) + "\nlong double digits " +
           std::to_string(std::numeric_limits<long double>::digits) + "\nelement " +
           (sizeof(T) == sizeof(float) ? "float" : "double") + "\nlength " + std::to_string(n) + "\n" + what + "\n";
  }

  template <typename T> static Held held(std::vector<std::complex<T>> table) {
    auto owned = std::make_shared<const std::vector<std::complex<T>>>(std::move(table));
    return Held{owned, std::string_view(reinterpret_cast<const char*>(owned->data()), owned->size() * sizeof(T) * 2)};
  }

  std::optional<Held> from_memory(const std::string& key) {
    std::lock_guard lock(mutex_);
    const auto it = memory_.find(key);
    if (it == memory_.end()) return std::nullopt;
    recency_.splice(recency_.begin(), recency_, it->second.second);
    ++counts_.memory_hits;
    return it->second.first;
  }

  // Keeps `table` in memory (the least recently used dropped past kMemoryBytes) and counts how it came.
  void remember(const std::string& key, const Held& table, std::size_t Counts::*source) {
    std::lock_guard lock(mutex_);
    ++(counts_.*source);
    if (table.bytes.empty() || table.bytes.size() > kMemoryBytes || memory_.count(key)) return;
    memory_bytes_ += table.bytes.size();
    recency_.push_front(key);
    memory_.emplace(key, std::make_pair(table, recency_.begin()));
    while (memory_bytes_ > kMemoryBytes) {
      const auto oldest = memory_.find(recency_.back());
      memory_bytes_ -= oldest->second.first.bytes.size();
      memory_.erase(oldest);
      recency_.pop_back();
    }
  }

  TableCache() = default;

  mutable std::mutex mutex_;
  // Wide checksums: entries reach tens of MB, read on every warm plan. Bodies
  // aligned for any table entry, so a CPU device's kernels read them in place
  // (device.hpp, table_view).
  CacheDirectory disk_{"pysyclfft host table 2", ".tbl", wide_checksum, kTableAlignment};
  std::unordered_map<std::string, std::pair<Held, std::list<std::string>::iterator>> memory_;
  std::list<std::string> recency_;  // keys, most recently used first
  std::size_t memory_bytes_ = 0;
  Counts counts_;
};

}  // namespace pysyclfft::plan
