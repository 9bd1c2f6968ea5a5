// Twiddle tables of the real/trigonometric maps (kernels/real_maps.hpp,
// kernels/trig_maps.hpp), computed in long double and rounded once: each root a
// product of two entries of O(sqrt) tables (TwoLevelTwiddles::at, a few long-double
// roundings) instead of a long-double sin/cos, which cost ~0.1 s per million
// entries (most of a 10^6-point DCT plan's time on the H100, docs/plantime.md).
#pragma once
#include <complex>
#include <cstdint>
#include <string>
#include <vector>

#include "../kernels/map_kind.hpp"
#include "table_cache.hpp"
#include "twiddles.hpp"

namespace pysyclfft::plan {

// Entries w(a, b) = exp(-2*pi*i*a/b) in the order the map of `kind` reads them, for data length n.
template <typename T> std::vector<std::complex<T>> compute_map_table(int kind, std::int64_t n) {
  namespace k = kernels;
  std::vector<std::complex<T>> table;
  TwoLevelTwiddles roots;  // of W_b, built again when b changes (at most twice per table)
  std::int64_t roots_of = 0;
  const auto add = [&](std::int64_t a, std::int64_t b) {  // a < b
    if (b != roots_of) roots = two_level_twiddles(roots_of = b);
    const auto w = roots.at(a);
    table.emplace_back(static_cast<T>(w.real()), static_cast<T>(w.imag()));
  };
  switch (kind) {
    case k::kR2CPacked: case k::kC2RPacked:
      for (std::int64_t j = 0; j <= n / 2; ++j) add(j, n);
      break;
    case k::kDCT1:  // the packed split of the 2(n-1)-point even extension
      for (std::int64_t j = 0; j <= n - 1; ++j) add(j, 2 * (n - 1));
      break;
    case k::kDST1:  // of the 2(n+1)-point odd extension
      for (std::int64_t j = 0; j <= n + 1; ++j) add(j, 2 * (n + 1));
      break;
    case k::kDCT2: case k::kDST2: case k::kDCT3: case k::kDST3:
      for (std::int64_t j = 0; j < n; ++j) add(j, 4 * n);
      break;
    case k::kDCT2Packed: case k::kDST2Packed: case k::kDCT3Packed: case k::kDST3Packed:
      for (std::int64_t j = 0; j <= n / 2; ++j) add(j, n);
      for (std::int64_t j = 0; j < n; ++j) add(j, 4 * n);
      break;
    case k::kDCT4Half: case k::kDST4Half:
      for (std::int64_t j = 0; j < n / 2; ++j) add(4 * j + 1, 8 * n);
      for (std::int64_t j = 0; j < n / 2; ++j) add(j, 2 * n);
      break;
    case k::kDCT4Full: case k::kDST4Full:
      for (std::int64_t j = 0; j < n; ++j) add(j, 4 * n);
      for (std::int64_t j = 0; j < n; ++j) add(2 * j + 1, 8 * n);
      break;
    default:
      break;
  }
  if (table.empty()) table.emplace_back(T(1), T(0));  // never read; keeps the allocation non-empty
  return table;
}

// The same, cached (table_cache.hpp): tens of ms per million entries.
template <typename T> TableCache::Held map_table(int kind, std::int64_t n) {
  return TableCache::instance().get<T>("map " + std::to_string(kind), n, [&] { return compute_map_table<T>(kind, n); });
}

}  // namespace pysyclfft::plan
