// How host-computed values become device table entries: long-double (or, for
// float tables, double) values rounded once to the plan's precision, and indices packed into whole entries
// (a plan keeps all its tables in one allocation of complex<T>).
#pragma once
#include <complex>
#include <cstdint>
#include <cstring>
#include <vector>

#include "../kernels/layout.hpp"
#include "../kernels/rounding.hpp"
#include "twiddles.hpp"

namespace pysyclfft::plan {

template <typename T, typename R>
void append_rounded(std::vector<std::complex<T>>& table, const std::vector<std::complex<R>>& values) {
  for (const auto& v : values) table.emplace_back(static_cast<T>(v.real()), static_cast<T>(v.imag()));
}

// Offsets of a two-level root table's parts (kernels/two_level_roots.hpp).
struct TwoLevelOffsets {
  std::size_t lo = 0, hi = 0;
};

// Appends `roots` as kernels::two_level_root reads them: the low part as W^i - 1,
// then the high part as (value, rounding error) pairs, each rounded once.
template <typename T>
TwoLevelOffsets append_two_level(std::vector<std::complex<T>>& table, const TwoLevelTwiddles& roots) {
  TwoLevelOffsets at{table.size(), 0};
  for (const auto& w : roots.lo) table.emplace_back(static_cast<T>(w.real() - 1), static_cast<T>(w.imag()));
  at.hi = table.size();
  for (const auto& w : roots.hi) {
    const std::complex<T> rounded(static_cast<T>(w.real()), static_cast<T>(w.imag()));
    table.push_back(rounded);
    table.emplace_back(static_cast<T>(w.real() - static_cast<long double>(rounded.real())),
                       static_cast<T>(w.imag() - static_cast<long double>(rounded.imag())));
  }
  return at;
}

// Entries that `count` indices (kernels::index_t) take.
template <typename T> std::size_t packed_entries(std::size_t count) {
  static_assert(sizeof(std::complex<T>) % sizeof(kernels::index_t) == 0);
  const std::size_t per_entry = sizeof(std::complex<T>) / sizeof(kernels::index_t);
  return kernels::ceil_div(count, per_entry);
}

template <typename T> void append_packed(std::vector<std::complex<T>>& table, const std::vector<std::int64_t>& indices) {
  const std::size_t at = table.size();
  table.resize(at + packed_entries<T>(indices.size()));
  const std::vector<kernels::index_t> packed(indices.begin(), indices.end());
  std::memcpy(static_cast<void*>(table.data() + at), packed.data(), packed.size() * sizeof(kernels::index_t));
}

}  // namespace pysyclfft::plan
