// A CPU column group's lines moved between rows in memory and the Stockham
// buffers by sub-group transposes.
//
// A column group (kernels/multipass.hpp) runs L lines per work-group with the
// L lines in the L SIMD lanes of one sub-group, all lanes running the same
// butterfly, the buffers holding point p of line l at p*L + l. Where the lines
// are columns in memory, point p of the L lines is one vector load. Where they
// are rows (a batch of contiguous transforms), it is a gather across the lanes
// and the last stage's stores are scatters: a batch of 1000-point complex64 rows
// ran 3.4x slower than the same batch stored as columns (docs/performance-cpu-rows.md).
// Here the sub-group moves L reals of every line at a time: lane l loads real l
// of each line's block (L whole-vector loads), the L x L block is transposed in
// registers (subgroup_transpose.hpp), and lane l then holds L reals of its own
// line, L/2 points, which it writes into the buffer's layout as whole vectors.
// Storing runs the same steps backwards. Points past the last whole block
// (N % (L/2)) move one per lane.
#pragma once
#include "complex.hpp"
#include "layout.hpp"
#include "rounding.hpp"
#include "subgroup_transpose.hpp"

namespace pysyclfft::kernels {

// Blocks of L reals (L/2 points) of a line and the points left after them.
template <int N, int L> struct RowBlocks {
  static constexpr int kPoints = L / 2, kCount = N / kPoints, kTail = N % kPoints;
};

// The group's L rows into the interleaved buffer (`re`, `im`: point p of line l
// at p*L + l). `row` is the first row's first real, `row_step` the reals from one
// row to the next; work-item `member` of the line's Threads takes blocks member,
// member + Threads, ... Every lane of the sub-group calls it alike (`lane` = line).
template <int N, int L, int Threads, typename T, class Shuffle>
PYSYCLFFT_INLINE void load_rows_transposed(int member, int lane, const T* row, index_t row_step, T* re, T* im,
                                           const Shuffle& shuffle) {
  using blocks = RowBlocks<N, L>;
#pragma unroll
  for (int i = 0; i < ceil_div(blocks::kCount, Threads); ++i) {
    const int b = member + i * Threads;
    if (blocks::kCount % Threads != 0 && b >= blocks::kCount) break;
    T v[L];
#pragma unroll
    for (int k = 0; k < L; ++k) v[k] = row[k * row_step + b * L + lane];
    subgroup_transpose(shuffle, lane, v);
#pragma unroll
    for (int q = 0; q < blocks::kPoints; ++q) {
      const int p = b * blocks::kPoints + q;
      re[p * L + lane] = v[2 * q];
      im[p * L + lane] = v[2 * q + 1];
    }
  }
  if (blocks::kTail > 0 && member < blocks::kTail) {
    const int p = blocks::kCount * blocks::kPoints + member;
    re[p * L + lane] = row[lane * row_step + 2 * p];
    im[p * L + lane] = row[lane * row_step + 2 * p + 1];
  }
}

// The interleaved buffer back into the group's L rows, times `scale`.
template <int N, int L, int Threads, typename T, class Shuffle>
PYSYCLFFT_INLINE void store_rows_transposed(int member, int lane, const T* re, const T* im, T* row,
                                            index_t row_step, T scale, const Shuffle& shuffle) {
  using blocks = RowBlocks<N, L>;
#pragma unroll
  for (int i = 0; i < ceil_div(blocks::kCount, Threads); ++i) {
    const int b = member + i * Threads;
    if (blocks::kCount % Threads != 0 && b >= blocks::kCount) break;
    T v[L];
#pragma unroll
    for (int q = 0; q < blocks::kPoints; ++q) {
      const int p = b * blocks::kPoints + q;
      v[2 * q] = re[p * L + lane] * scale;
      v[2 * q + 1] = im[p * L + lane] * scale;
    }
    subgroup_transpose(shuffle, lane, v);
#pragma unroll
    for (int k = 0; k < L; ++k) row[k * row_step + b * L + lane] = v[k];
  }
  if (blocks::kTail > 0 && member < blocks::kTail) {
    const int p = blocks::kCount * blocks::kPoints + member;
    row[lane * row_step + 2 * p] = re[p * L + lane] * scale;
    row[lane * row_step + 2 * p + 1] = im[p * L + lane] * scale;
  }
}

}  // namespace pysyclfft::kernels
