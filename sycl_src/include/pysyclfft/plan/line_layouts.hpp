// Where the 1-D lines of a strided n-D array lie, as the kernels' BatchLayouts.
// The kernels take one element stride and two batch dimensions; every other
// dimension of the array is a batch dimension. Mergeable batch dimensions are
// collapsed, the two with the smallest output strides go to the kernel, and
// one launch is made per index of any beyond them.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <utility>
#include <vector>

#include "../kernels/layout.hpp"

namespace pysyclfft::plan {

using kernels::BatchLayout;

// An array's place in memory: the element offset of its first element and one
// element stride per dimension (may be negative).
struct ArrayLayout {
  std::int64_t offset = 0;
  std::vector<std::int64_t> strides;
};

inline ArrayLayout row_major_layout(const std::vector<std::int64_t>& shape) {
  ArrayLayout l{0, std::vector<std::int64_t>(shape.size(), 0)};
  std::int64_t step = 1;
  for (std::size_t d = shape.size(); d > 0; --d) {
    l.strides[d - 1] = step;
    step *= shape[d - 1];
  }
  return l;
}

inline std::int64_t element_count(const std::vector<std::int64_t>& shape) {
  std::int64_t p = 1;
  for (auto x : shape) p *= x;
  return p;
}

// One batch dimension of a 1-D pass: count, and distances in the input and the output.
struct BatchDim {
  std::int64_t count, in, out;
};

// Drops unit dimensions, orders by output distance and merges dimensions that
// continue each other, so the kernel's two batch dimensions cover as much as possible.
inline std::vector<BatchDim> merge_batch_dims(std::vector<BatchDim> dims) {
  dims.erase(std::remove_if(dims.begin(), dims.end(), [](const BatchDim& d) { return d.count == 1; }), dims.end());
  std::stable_sort(dims.begin(), dims.end(), [](const BatchDim& a, const BatchDim& b) {
    return std::make_pair(std::llabs(a.out), std::llabs(a.in)) < std::make_pair(std::llabs(b.out), std::llabs(b.in));
  });
  std::vector<BatchDim> merged;
  for (const BatchDim& d : dims) {
    if (!merged.empty()) {
      BatchDim& last = merged.back();
      if (d.in == last.in * last.count && d.out == last.out * last.count) {
        last.count *= d.count;
        continue;
      }
    }
    merged.push_back(d);
  }
  return merged;
}

// One launch's BatchLayout: offsets and element strides of its lines, and up to
// two batch dimensions (the kernels' two) from `dims`.
inline BatchLayout kernel_layout(std::int64_t in_offset, std::int64_t out_offset, std::int64_t in_stride,
                                 std::int64_t out_stride, const std::vector<BatchDim>& dims) {
  BatchLayout l{in_offset, out_offset, in_stride, out_stride, 1, 0, 0, 1, 0, 0};
  if (dims.size() > 0) l.count0 = dims[0].count, l.in_dist0 = dims[0].in, l.out_dist0 = dims[0].out;
  if (dims.size() > 1) l.count1 = dims[1].count, l.in_dist1 = dims[1].in, l.out_dist1 = dims[1].out;
  return l;
}

// The launches of the 1-D transforms along dimension `axis` of arrays of
// `shape` (the lines' other dimensions), read from `in` and written to `out`.
inline std::vector<BatchLayout> line_layouts(const std::vector<std::int64_t>& shape, std::size_t axis,
                                             const ArrayLayout& in, const ArrayLayout& out) {
  std::vector<BatchDim> dims;
  for (std::size_t j = 0; j < shape.size(); ++j)
    if (j != axis) dims.push_back({shape[j], in.strides[j], out.strides[j]});
  dims = merge_batch_dims(dims);
  const std::size_t in_kernel = std::min<std::size_t>(dims.size(), 2);
  const BatchLayout layout = kernel_layout(in.offset, out.offset, in.strides[axis], out.strides[axis],
                                           {dims.begin(), dims.begin() + in_kernel});
  std::int64_t loops = 1;
  for (std::size_t i = in_kernel; i < dims.size(); ++i) loops *= dims[i].count;
  std::vector<BatchLayout> layouts;
  for (std::int64_t index = 0; index < loops; ++index) {
    BatchLayout l = layout;
    std::int64_t rest = index;
    for (std::size_t i = in_kernel; i < dims.size(); ++i) {
      const std::int64_t at = rest % dims[i].count;
      rest /= dims[i].count;
      l.in_offset += at * dims[i].in;
      l.out_offset += at * dims[i].out;
    }
    layouts.push_back(l);
  }
  return layouts;
}

// `layout` split along its inner batch dimension: its first `count` transforms
// of every inner row (a line group's share), and the rest.
struct InnerSplit {
  BatchLayout first, rest;
};
inline InnerSplit split_inner(const BatchLayout& layout, std::int64_t count) {
  InnerSplit split{layout, layout};
  split.first.count0 = count;
  split.rest.count0 -= count;
  split.rest.in_offset += count * layout.in_dist0;
  split.rest.out_offset += count * layout.out_dist0;
  return split;
}

// `layout` cut into pieces of at most `max_transforms` transforms, whole inner
// rows where one fits, so that each piece's launch stays within the device's
// work-groups per dimension (DeviceLimits::max_groups_per_dim). One piece, the
// layout itself, whenever it fits.
inline std::vector<BatchLayout> launch_pieces(const BatchLayout& layout, std::int64_t max_transforms) {
  if (layout.count() <= max_transforms) return {layout};
  std::vector<BatchLayout> pieces;
  const std::int64_t rows = std::max<std::int64_t>(1, max_transforms / layout.count0);
  const std::int64_t width = std::min<std::int64_t>(layout.count0, max_transforms);
  for (std::int64_t r = 0; r < layout.count1; r += rows)
    for (std::int64_t c = 0; c < layout.count0; c += width) {
      BatchLayout piece = layout;
      piece.in_offset += r * layout.in_dist1 + c * layout.in_dist0;
      piece.out_offset += r * layout.out_dist1 + c * layout.out_dist0;
      piece.count1 = std::min<std::int64_t>(rows, layout.count1 - r);
      piece.count0 = std::min<std::int64_t>(width, layout.count0 - c);
      pieces.push_back(piece);
    }
  return pieces;
}

// Strided lines with at least this many neighbours adjacent on both sides are
// columns: a real or trigonometric map runs them as passes over neighbouring lines
// around a column FFT (real_line_plan.hpp), where the fused map kernel's work-items
// would gather each line's points. On this project's CPU (docs/performance.md) DCT-II
// of 1024^2 float32 along axis 0 took 0.9 ms instead of 5.1, 512^2 0.15 instead of
// 0.8; lines shorter than kMinColumnLength, or fewer neighbours, stayed faster
// fused (one launch instead of three, the data in cache: 32^3, 64^3 float64).
inline constexpr std::int64_t kMinColumnNeighbours = 32, kMinColumnLength = 128;

inline bool map_columns(const BatchLayout& l) {
  return l.count0 >= kMinColumnNeighbours && l.in_dist0 == 1 && l.out_dist0 == 1 && !l.unit_strides();
}

// Whether a planner runs lines of n points along `axis` of a C-ordered array of
// `shape` as columns (before it sees the arrays' strides), where the device takes
// that form (DeviceLimits::map_columns: CPUs so far; on an H200, gpu_h200_notes.md
// session 22, float32 DCT-II along axis 0 of 4096^2 and 256^3 ran 1.4-1.6x faster
// so, but 1024^2 float32 and 128^3 float64 slower, float64 level elsewhere).
inline bool column_axis(bool device_takes_them, const std::vector<std::int64_t>& shape, std::size_t axis,
                        std::int64_t n) {
  std::int64_t neighbours = 1;
  for (std::size_t d = axis + 1; d < shape.size(); ++d) neighbours *= shape[d];
  return device_takes_them && n >= kMinColumnLength && neighbours >= kMinColumnNeighbours;
}

// Whether neighbouring transforms of the inner batch dimension lie end to end,
// `in_row` and `out_row` elements long, with unit strides (kernels/layout.hpp,
// kContiguousRows).
inline bool contiguous_rows(const BatchLayout& l, std::int64_t in_row, std::int64_t out_row) {
  return l.unit_strides() && l.in_dist0 == in_row && l.out_dist0 == out_row;
}

// Whether the reals of one side of `l` (its input side, or its output side) over
// `data` lie as whole values of two reals (`pair_bytes` each): unit stride, and
// every transform's reals from an even real of an array aligned for two.
inline bool reals_as_pairs(const BatchLayout& l, bool input, const void* data, std::size_t pair_bytes) {
  const std::int64_t stride = input ? l.in_stride : l.out_stride, offset = input ? l.in_offset : l.out_offset;
  const std::int64_t dist0 = input ? l.in_dist0 : l.out_dist0, dist1 = input ? l.in_dist1 : l.out_dist1;
  return stride == 1 && reinterpret_cast<std::uintptr_t>(data) % pair_bytes == 0 && offset % 2 == 0 &&
         (l.count0 == 1 || dist0 % 2 == 0) && (l.count1 == 1 || dist1 % 2 == 0);
}

}  // namespace pysyclfft::plan
