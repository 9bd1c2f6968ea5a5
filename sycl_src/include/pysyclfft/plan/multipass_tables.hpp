// The tables of a multi-pass plan (multipass_plan.hpp), of complex<T> entries:
// in one device allocation per pass its Stockham twiddles and, for a pass that
// stores twiddled, the two-level table of its W_L (twiddles.hpp: lo: W_L^j,
// j < 2^shift; hi: W_L^(j*2^shift)) and W_L^(k*lane) for the lanes of a column
// group; beside them, as the table cache holds it (table_view), Bluestein's chirp
// and spectrum (bluestein_tables.hpp) or Rader's gather and scatter indices and
// spectrum (rader_tables.hpp).
#pragma once
#include <sycl/sycl.hpp>

#include <complex>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "../kernels/multipass.hpp"
#include "algorithm.hpp"
#include "bluestein_tables.hpp"
#include "device.hpp"
#include "generic_c2c_plan.hpp"
#include "multipass_geometry.hpp"
#include "rader_tables.hpp"
#include "table_cache.hpp"
#include "table_entries.hpp"
#include "twiddles.hpp"

namespace pysyclfft::plan {

// Where one pass's tables start, in entries.
struct PassTables {
  std::size_t stockham = 0, twiddle_lo = 0, twiddle_hi = 0, twiddle_lanes = 0;
  int twiddle_shift = 0;  // log2 of the low table's length
};

struct MultipassTables {
  std::shared_ptr<void> memory;  // the passes' tables
  std::shared_ptr<const void> convolution;  // Bluestein's or Rader's (or none)
  std::size_t bytes = 0;
  std::size_t entry_bytes = 0;  // sizeof(std::complex<T>)
  std::vector<PassTables> passes;
  std::size_t chirp = 0, spectrum = 0, gather = 0, scatter = 0;  // in `convolution`, in entries
  std::size_t rader_logs = 0;  // in `memory`: rader_logarithms, for a convolution in one kernel

  const void* at(std::size_t offset) const { return entry(memory.get(), offset); }
  const void* in_convolution(std::size_t offset) const { return entry(convolution.get(), offset); }

  // The table a pass's loads read: Rader's gather indices, or Bluestein's chirp.
  const void* load_table(int load) const { return in_convolution(load == kernels::kLoadRader ? gather : chirp); }

  // The table a pass's stores read: its W_L (the high level; the low one is
  // passes[pass].twiddle_lo), the convolution's spectrum, Rader's scatter indices,
  // or Bluestein's chirp.
  const void* store_table(int store, std::size_t pass) const {
    if (store == kernels::kStoreTwiddle) return at(passes[pass].twiddle_hi);
    if (store == kernels::kStoreSpectrum) return in_convolution(spectrum);
    return in_convolution(store == kernels::kStoreRader ? scatter : chirp);
  }

 private:
  // Entry `offset` of `table` (none: the passes' tables, never read then).
  const void* entry(const void* table, std::size_t offset) const {
    return static_cast<const char*>(table ? table : memory.get()) + offset * entry_bytes;
  }
};

// Appends the tables of pass `ps` to `table`.
template <typename T> PassTables append_pass_tables(std::vector<std::complex<T>>& table, const MultipassPass& ps) {
  PassTables at;
  at.stockham = table.size();
  const auto stockham = stockham_twiddles<T>(ps.k.radices);
  table.insert(table.end(), stockham.begin(), stockham.end());
  if (!ps.twiddle_len) return at;
  const std::int64_t L = ps.twiddle_len;
  const TwoLevelTwiddles two_level = two_level_twiddles(L);
  at.twiddle_shift = two_level.shift;
  const TwoLevelOffsets roots = append_two_level(table, two_level);
  at.twiddle_lo = roots.lo;
  at.twiddle_hi = roots.hi;
  if (ps.k.interleave > 1) {  // W_L^(k*lane) for the lanes of a column group
    std::vector<cld> lanes;
    for (std::int64_t k = 0; k < ps.k.n; ++k)
      for (int lane = 0; lane < ps.k.interleave; ++lane) lanes.push_back(root_of_unity(k * lane, L));
    at.twiddle_lanes = table.size();
    append_rounded(table, lanes);
  }
  return at;
}

// The tables of the plan for length n with the FFT geometry `g`, copied to the device.
// `fused`: the convolution runs in one kernel (Rader's then needs its logarithms).
template <typename T>
MultipassTables multipass_tables(sycl::queue& q, const MultipassGeometry& g, Algorithm a, std::int64_t n, bool fused) {
  MultipassTables t;
  t.entry_bytes = sizeof(std::complex<T>);
  std::vector<std::complex<T>> table;
  for (const MultipassPass& ps : g.passes) t.passes.push_back(append_pass_tables(table, ps));
  if (fused && a == Algorithm::rader) {
    t.rader_logs = table.size();
    append_packed(table, rader_logarithms(n));
  }
  // Bluestein's or Rader's table as it comes from the table cache (tens of MB
  // near 10^6 points: no host copy on the way, none at all on a CPU device).
  TableCache::Held convolution;
  const auto spectrum_on = [&] {
    return device_tables(q, std::is_same_v<T, float> ? Precision::f32 : Precision::f64, g.fft_len);
  };
  if (a == Algorithm::bluestein) {
    t.spectrum = std::size_t(n);
    convolution = bluestein_table<T>(n, g.fft_len, spectrum_on());
  }
  if (a == Algorithm::rader) {
    t.scatter = packed_entries<T>(std::size_t(g.fft_len));
    t.spectrum = 2 * t.scatter;
    convolution = rader_table<T>(n, spectrum_on());
  }
  t.memory = device_copy(q, table, &t.bytes);
  if (!convolution.bytes.empty()) t.convolution = table_view(q, convolution.owner, convolution.bytes, &t.bytes);
  return t;
}

inline MultipassTables multipass_tables(sycl::queue& q, const MultipassGeometry& g, Algorithm a, std::int64_t n,
                                        Precision p, bool fused) {
  return p == Precision::f32 ? multipass_tables<float>(q, g, a, n, fused) : multipass_tables<double>(q, g, a, n, fused);
}

}  // namespace pysyclfft::plan
