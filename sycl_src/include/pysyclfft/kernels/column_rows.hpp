// The input lines of a column group (kernels/multipass.hpp) copied into local
// memory row by row before the first Stockham stage, for passes whose input lines
// are not neighbouring elements (the last pass of a four-step plan reads rows).
// Loaded directly, neighbouring work-items are neighbouring lines: each one's load
// touched its own 32-byte sector (8 of 32 bytes used, ncu on the H100) and each
// SIMD lane of a CPU its own stream of cache lines. The group instead loads its
// lines along whichever of the two strides is smaller (within a line for rows),
// then the first stage reads its points from local memory. GPUs only: on the
// OpenCL CPU device (SIMD lanes = lines) the first stage's reads from the rows are
// gathers as before, and the copy made 2^15-2^22 complex64 plans 1.2-1.6x slower.
#pragma once
#include "complex.hpp"
#include "layout.hpp"
#include "rounding.hpp"

namespace pysyclfft::kernels {

// Complex elements of local memory a pass kernel needs: `lines` transforms'
// `buffers` Stockham buffers (unpadded: pass kernels have Stockham's Pad = 0),
// followed by the rows when a column group loads through them (RowPitch > 0: the
// first stage reads the rows while it writes the first buffer; with two buffers
// the rows hold the second); one element when no stage needs local memory.
constexpr long long pass_local_elements(int n, int lines, int row_pitch, bool needs_stages, int buffers) {
  if (row_pitch > 0) return (long long)n * lines + (long long)lines * row_pitch;
  return needs_stages ? (long long)buffers * n * lines : 1;
}

// The group's `Lines` lines of N points into `rows` (real parts, then imaginary
// parts, rows Pitch reals apart); `src` loads point i of the group's first line,
// `line_step` is added to its start for each further line. `id` is the work-item's
// index in the group of GroupSize; the caller barriers before reading the rows.
template <int N, int Lines, int Pitch, int GroupSize, typename T, class Loader>
PYSYCLFFT_INLINE void load_rows(int id, const Loader& src, index_t line_step, bool lines_first, T* rows) {
  constexpr int kTotal = N * Lines;
#pragma unroll
  for (int k = 0; k < ceil_div(kTotal, GroupSize); ++k) {
    const int e = id + k * GroupSize;
    if (kTotal % GroupSize != 0 && e >= kTotal) break;
    const int line = lines_first ? e % Lines : e / N;
    const int i = lines_first ? e / Lines : e % N;
    Loader s = src;
    s.start += line * line_step;
    const cplx<T> v = s(i);
    rows[line * Pitch + i] = v.re;
    rows[(Lines + line) * Pitch + i] = v.im;
  }
}

}  // namespace pysyclfft::kernels
