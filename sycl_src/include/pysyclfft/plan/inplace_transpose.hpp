// The in-place transpose that ends a memory-minimal four-step plan
// (multipass_plan.hpp): after its two passes the N0 x N1 result matrix (N1 a
// multiple m of N0) lies row by row; the kernels of kernels/transpose.hpp put it
// in natural order with no scratch: first each of the m square N0 x N0 blocks in
// place, then the blocks of N0 elements by following the cycles of their
// permutation, computed here on the host.
#pragma once
#include <cstdint>
#include <vector>

#include "../kernels/rounding.hpp"
#include "../kernels/transpose.hpp"
#include "entry_points.hpp"

namespace pysyclfft::plan {

struct InPlaceTranspose {
  kernels::SquareBlocks square{};  // count: set per launch
  kernels::BlockCycles cycles{};   // count: set per launch; no cycles for a square matrix
  // Cycle k is members[starts[k] .. starts[k+1]); both go to the device as one
  // table, starts first.
  std::vector<kernels::index_t> starts, members;

  std::vector<kernels::index_t> table() const {
    std::vector<kernels::index_t> all(starts.begin(), starts.end());
    all.insert(all.end(), members.begin(), members.end());
    return all;
  }
};

inline InPlaceTranspose in_place_transpose(std::int64_t n0, std::int64_t n1) {
  InPlaceTranspose t;
  const std::int64_t m = n1 / n0;
  t.square = kernels::SquareBlocks{n0, n1, m, kernels::ceil_div<std::int64_t>(n0, kTransposeTile), 0};
  // After the square transposes, block q = c*m + b of n0 elements (row c of square
  // block b) belongs at b*n0 + c: index a*cols + d goes to d*rows + a.
  const std::int64_t rows = n0, cols = m;
  std::vector<char> seen(std::size_t(rows * cols), 0);
  t.starts = {0};
  for (std::int64_t q0 = 0; q0 < rows * cols; ++q0) {
    if (seen[q0]) continue;
    std::int64_t q = q0, len = 0;
    do {
      seen[q] = 1;
      t.members.push_back(q);
      ++len;
      q = (q % cols) * rows + q / cols;
    } while (q != q0);
    if (len == 1) t.members.pop_back();
    else t.starts.push_back(std::int64_t(t.members.size()));
  }
  t.cycles = kernels::BlockCycles{n0, std::int64_t(t.starts.size()) - 1, 0};
  return t;
}

}  // namespace pysyclfft::plan
