// How a batch of 1-D transforms lies in memory, in elements (not bytes).
// Two batch dimensions let one launch cover a strided axis of a 3-D view; the
// planner loops over any further dimensions.
#pragma once

namespace pysyclfft::kernels {

using index_t = long long;

struct BatchLayout {
  index_t in_offset, out_offset;  // first element of transform 0
  index_t in_stride, out_stride;  // between points of one transform
  index_t count0, in_dist0, out_dist0;  // inner batch dimension
  index_t count1, in_dist1, out_dist1;  // outer batch dimension

  index_t count() const { return count0 * count1; }
  // Whether points lie next to each other on both sides (the kernels' Stride = 1 variants).
  bool unit_strides() const { return in_stride == 1 && out_stride == 1; }
  // First element of transform (t0, t1), or of flat transform t = t0 + t1*count0.
  index_t in_base(index_t t0, index_t t1) const { return in_offset + t0 * in_dist0 + t1 * in_dist1; }
  index_t out_base(index_t t0, index_t t1) const { return out_offset + t0 * out_dist0 + t1 * out_dist1; }
  index_t in_base(index_t t) const { return in_base(t % count0, t / count0); }
  index_t out_base(index_t t) const { return out_base(t % count0, t / count0); }
};

// A kernel's Stride parameter: strides at run time; unit strides on both sides
// known at compile time (a CPU compiler then sees that neighbouring work-items
// touch neighbouring points: vectors, not gathers); or unit strides with the real
// side's transforms starting at even reals of an array aligned for two reals, so a
// map moves reals 2m and 2m+1 as one 8- or 16-byte access (GPUs: a sector per 32
// bytes, where single reals left the fused rfft's loads half used).
inline constexpr int kRunTimeStride = 0, kUnitStride = 1, kPairedReals = 2;
// The map passes' (map_passes.hpp) fourth variant: neighbouring work-items take
// neighbouring transforms (in_dist0 = out_dist0 = 1, known at compile time), the
// points' strides at run time. Strided lines (columns) then load and store whole
// vectors (CPU) or coalesced rows (GPU) where one transform's points were gathered.
inline constexpr int kNeighbourTransforms = 3;
// The fused rfft's and irfft's work-item variant (batched_mapped.hpp,
// item_mapped): unit strides, reals paired, and neighbouring transforms' rows
// end to end on both sides (n reals, n/2 + 1 complex), so a sub-group moves its
// rows as whole vectors (transposed_rows.hpp).
inline constexpr int kContiguousRows = 4;

// Elements between neighbouring points: 1 for the compile-time variants.
template <int Stride> index_t element_stride(index_t stride) { return Stride == kRunTimeStride ? stride : 1; }

}  // namespace pysyclfft::kernels
