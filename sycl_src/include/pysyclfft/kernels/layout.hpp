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
  // First element of transform (t0, t1), or of flat transform t = t0 + t1*count0.
  index_t in_base(index_t t0, index_t t1) const { return in_offset + t0 * in_dist0 + t1 * in_dist1; }
  index_t out_base(index_t t0, index_t t1) const { return out_offset + t0 * out_dist0 + t1 * out_dist1; }
  index_t in_base(index_t t) const { return in_base(t % count0, t / count0); }
  index_t out_base(index_t t) const { return out_base(t % count0, t / count0); }
};

}  // namespace pysyclfft::kernels
