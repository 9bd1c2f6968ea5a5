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

// Elements between neighbouring points: the kernel's compile-time Stride, or for
// Stride = 0 the run-time `stride` (a known unit stride lets a CPU compiler see
// that neighbouring work-items touch neighbouring points: vectors, not gathers).
template <int Stride> index_t element_stride(index_t stride) { return Stride ? Stride : stride; }

}  // namespace pysyclfft::kernels
