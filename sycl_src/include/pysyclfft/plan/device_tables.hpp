// What a device computes of a plan's tables instead of the host (convolution
// spectra, float tables of roots), as the table code sees it: no device code here.
#pragma once
#include <algorithm>
#include <complex>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "table_cache.hpp"

namespace pysyclfft::plan {

// A sequence of `length` points, zero but for runs of values: what a convolution
// spectrum is the FFT of. Bluestein's padded chirp is two runs of N points in
// 2-4N: building and sending all M points cost more than the chirp itself.
template <typename C> struct Runs {
  std::int64_t length = 0;
  std::vector<std::pair<std::int64_t, std::vector<C>>> runs;  // (first index, values)

  std::vector<C> dense() const {
    std::vector<C> out(std::size_t(length), C(0));
    for (const auto& [first, values] : runs) std::copy(values.begin(), values.end(), out.begin() + first);
    return out;
  }
};

// Entries w(first + step*j, b) for j < count, w(a, b) = exp(-2*pi*i*a/b), a < b:
// a run of a real/trigonometric map's table (map_tables.hpp).
struct RootRun {
  std::int64_t first, step, count, b;
};

// What a device computes of a plan's tables: filled in by device_tables
// (generic_c2c_plan.hpp), empty where the host computes them.
struct DeviceTables {
  // FFT_L(b)/L in double.
  std::function<std::vector<std::complex<double>>(const Runs<std::complex<double>>&)> spectrum;
  // Bluestein's whole float table for N points padded to M, in device memory.
  std::function<TableCache::Held(std::int64_t n, std::int64_t m)> bluestein_float;
  // A float table of runs of roots, each computed in double and rounded once, in device memory.
  std::function<TableCache::Held(const std::vector<RootRun>& runs)> float_roots;
  bool host_reads_tables = false;  // whether the host reads that memory (a CPU device's own)

  explicit operator bool() const { return bool(spectrum); }
};

}  // namespace pysyclfft::plan
