// Twiddle tables of the real/trigonometric maps (kernels/real_maps.hpp,
// kernels/trig_maps.hpp), runs of roots each rounded once: on the host in long
// double, or in double on a device that builds float tables (map_table). Each root a
// product of two entries of O(sqrt) tables (TwoLevelTwiddles::at, a few long-double
// roundings) instead of a long-double sin/cos, which cost ~0.1 s per million
// entries (most of a 10^6-point DCT plan's time on the H100, docs/plantime.md).
#pragma once
#include <complex>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "../kernels/map_kind.hpp"
#include "device_tables.hpp"
#include "table_cache.hpp"
#include "twiddles.hpp"

namespace pysyclfft::plan {

// The runs of the table of the map of `kind` for data length n, in the order the map reads them.
inline std::vector<RootRun> map_table_runs(int kind, std::int64_t n) {
  namespace k = kernels;
  switch (kind) {
    case k::kR2CPacked: case k::kC2RPacked:
      return {{0, 1, n / 2 + 1, n}};
    case k::kDCT1:  // the packed split of the 2(n-1)-point even extension
      return {{0, 1, n, 2 * (n - 1)}};
    case k::kDST1:  // of the 2(n+1)-point odd extension
      return {{0, 1, n + 2, 2 * (n + 1)}};
    case k::kDCT2: case k::kDST2: case k::kDCT3: case k::kDST3:
      return {{0, 1, n, 4 * n}};
    case k::kDCT2Packed: case k::kDST2Packed: case k::kDCT3Packed: case k::kDST3Packed:
      return {{0, 1, n / 2 + 1, n}, {0, 1, n, 4 * n}};
    case k::kDCT4Half: case k::kDST4Half:
      return {{1, 4, n / 2, 8 * n}, {0, 1, n / 2, 2 * n}};
    case k::kDCT4Full: case k::kDST4Full:
      return {{0, 1, n, 4 * n}, {1, 2, n, 8 * n}};
    default:
      return {};
  }
}

// The table of map_table_runs(kind, n) on the host, each root rounded once to T.
template <typename T> std::vector<std::complex<T>> compute_map_table(int kind, std::int64_t n) {
  std::vector<std::complex<T>> table;
  for (const RootRun& run : map_table_runs(kind, n)) {
    const TwoLevelTwiddles roots = two_level_twiddles(run.b);
    for (std::int64_t j = 0; j < run.count; ++j) {
      const auto w = roots.at(run.first + run.step * j);
      table.emplace_back(static_cast<T>(w.real()), static_cast<T>(w.imag()));
    }
  }
  if (table.empty()) table.emplace_back(T(1), T(0));  // never read; keeps the allocation non-empty
  return table;
}

// The same, cached (table_cache.hpp): tens of ms per million entries on the host.
// A float table is built on the device where it computes tables (in double, each
// root rounded once as on the host); a GPU keeps it in its memory, uncached.
template <typename T> TableCache::Held map_table(int kind, std::int64_t n, const DeviceTables& device) {
  const std::string what = "map " + std::to_string(kind);
  if constexpr (std::is_same_v<T, float>)
    if (device.float_roots)
      return TableCache::instance().get_built<T>(what + ", roots in double on the device", n, device.host_reads_tables,
                                                 [&] { return device.float_roots(map_table_runs(kind, n)); });
  return TableCache::instance().get<T>(what, n, [&] { return compute_map_table<T>(kind, n); });
}

}  // namespace pysyclfft::plan
