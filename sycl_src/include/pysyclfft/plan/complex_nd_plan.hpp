// The n-D complex transform (the c2c kind of nd_plan.hpp's NdPlan, and the
// complex passes of its r2c and c2r kinds): 1-D passes along each axis, batch
// dimensions merged by line_layouts.
//
// The first pass reads the input and writes the output, later passes run
// in place on the output; the direction's scale is folded into the first pass.
// The input is cropped or zero-padded to `lengths` along `axes`: cropping reads
// the leading part of the input; padding zero-fills the output (or, when the
// output is not one contiguous block apart from the input, a work buffer) and
// copies the input into it before transforming in place.
#pragma once
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "line_layouts.hpp"
#include "line_plan_cache.hpp"
#include "nd_spec.hpp"
#include "work_buffer.hpp"

namespace pysyclfft::plan {

class ComplexNdPlan {
 public:
  ComplexNdPlan(sycl::queue q, NdSpec spec)
      : queue_(std::move(q)),
        spec_(checked_spec(std::move(spec), queue_.get_device())),
        out_shape_(resized_shape(spec_)),
        work_(std::size_t(element_count(out_shape_)) * element_bytes()) {
    std::vector<std::int64_t> lengths = spec_.lengths;
    if (padded() || spec_.axes.empty()) lengths.push_back(1);  // the length-1 plan copies (see copy)
    const auto distinct = sorted_unique(lengths);
    if (compiles_ahead()) precompile_any_c2c(queue_, distinct, spec_.precision, 0, spec_.memory);  // one build per entry point
    for (auto n : distinct) plans_.push_back(LinePlanCache::instance().c2c(queue_, n, spec_.precision, spec_.memory));
  }

  const std::vector<std::int64_t>& out_shape() const { return out_shape_; }
  const NdSpec& spec() const { return spec_; }

  // Device memory the plan's 1-D plans hold (tables, scratch), each length counted once.
  std::size_t workspace_bytes() const {
    std::size_t bytes = 0;
    for (const auto& p : plans_) bytes += p->workspace_bytes();
    return bytes;
  }

  std::string describe() const {
    std::string text;
    for (std::size_t i = 0; i < spec_.axes.size(); ++i)
      text += (i ? "\naxis " : "axis ") + std::to_string(spec_.axes[i]) + ": " +
              line_plan(spec_.lengths[i]).describe();
    return text;
  }

  // Transforms `in` (input shape, laid out as in_layout) into `out` (out_shape,
  // as out_layout; may be `in` itself with the same layout). Returns one event.
  sycl::event execute(const void* in, const ArrayLayout& in_layout, void* out, const ArrayLayout& out_layout,
                      bool forward, const std::vector<sycl::event>& deps) const {
    check_layout(in_layout, spec_.shape.size(), "input"), check_layout(out_layout, spec_.shape.size(), "output");
    if (element_count(out_shape_) == 0) return event_after(queue_, deps);
    const double scale = forward ? spec_.forward_scale : spec_.backward_scale;
    if (!padded()) return join_launched(queue_, passes(in, in_layout, out, out_layout, forward, scale, deps));
    if (contiguous(out_layout) && !overlaps(in, in_layout, spec_.shape, out, out_layout, out_shape_)) {
      const auto filled = pad_into(in, in_layout, out, out_layout, deps);
      return join_launched(queue_, passes(out, out_layout, out, out_layout, forward, scale, filled));
    }
    return padded_through_work(in, in_layout, out, out_layout, forward, scale, deps);
  }

 private:
  static constexpr std::size_t kComplexBytes[2] = {8, 16};
  std::size_t element_bytes() const { return kComplexBytes[spec_.precision == Precision::f64]; }

  bool padded() const { return plan::padded(spec_); }

  const AnyC2CPlan& line_plan(std::int64_t n) const {
    for (const auto& p : plans_)
      if (p->length() == n) return *p;
    throw std::logic_error("pysyclfft: ComplexNdPlan has no plan of length " + std::to_string(n));
  }

  // The 1-D passes along every axis: the first reads `in`, each writes `out`.
  std::vector<sycl::event> passes(const void* in, const ArrayLayout& in_layout, void* out,
                                  const ArrayLayout& out_layout, bool forward, double scale,
                                  std::vector<sycl::event> deps) const {
    if (spec_.axes.empty()) return copy(in, in_layout, out, out_layout, out_shape_, scale, deps);
    for (std::size_t i = 0; i < spec_.axes.size(); ++i) {
      const bool first = i == 0;
      const AnyC2CPlan& p = line_plan(spec_.lengths[i]);
      std::vector<sycl::event> events;
      for (const BatchLayout& l : line_layouts(out_shape_, spec_.axes[i], first ? in_layout : out_layout, out_layout))
        events.push_back(p.execute(first ? in : out, out, l, forward, first ? scale : 1.0, deps));
      deps = std::move(events);
    }
    return deps;
  }

  // out = scale * in over `shape`, by the length-1 transform (the identity) of
  // every element: a strided copy without a kernel of its own.
  std::vector<sycl::event> copy(const void* in, const ArrayLayout& in_layout, void* out,
                                const ArrayLayout& out_layout, const std::vector<std::int64_t>& shape, double scale,
                                const std::vector<sycl::event>& deps) const {
    if (in == out && in_layout.offset == out_layout.offset && in_layout.strides == out_layout.strides && scale == 1.0)
      return {event_after(queue_, deps)};
    std::vector<std::int64_t> lines = shape;
    lines.push_back(1);
    ArrayLayout from = in_layout, to = out_layout;
    from.strides.push_back(1), to.strides.push_back(1);
    const AnyC2CPlan& identity = line_plan(1);  // planned by the constructor when a copy can happen
    std::vector<sycl::event> events;
    for (const BatchLayout& l : line_layouts(lines, shape.size(), from, to))
      events.push_back(identity.execute(in, out, l, true, scale, deps));
    return events;
  }

  // Zero-fills the contiguous `out` and copies the input's leading part into it.
  std::vector<sycl::event> pad_into(const void* in, const ArrayLayout& in_layout, void* out,
                                    const ArrayLayout& out_layout, const std::vector<sycl::event>& deps) const {
    auto* start = static_cast<char*>(out) + lowest_offset(out_layout, out_shape_) * std::int64_t(element_bytes());
    sycl::event zero = queue_.submit([&](sycl::handler& h) {
      h.depends_on(deps);
      h.memset(start, 0, std::size_t(element_count(out_shape_)) * element_bytes());
    });
    std::vector<std::int64_t> kept(out_shape_.size());
    for (std::size_t d = 0; d < kept.size(); ++d) kept[d] = std::min(out_shape_[d], spec_.shape[d]);
    if (element_count(kept) == 0) return {zero};
    return copy(in, in_layout, out, out_layout, kept, 1.0, {zero});
  }

  // Padding into an output that is strided or overlaps the input: through a
  // contiguous work buffer, which memory=minimal forbids.
  sycl::event padded_through_work(const void* in, const ArrayLayout& in_layout, void* out,
                                  const ArrayLayout& out_layout, bool forward, double scale,
                                  const std::vector<sycl::event>& deps) const {
    refuse_if_minimal(spec_, "zero-padding into a strided output or one overlapping the input needs a work "
                             "buffer (a contiguous output apart from the input needs none)");
    const ArrayLayout work_layout = row_major_layout(out_shape_);
    return work_.use(queue_, deps, [&](char* work, const std::vector<sycl::event>& wait) {
      auto events = pad_into(in, in_layout, work, work_layout, wait);
      events = passes(work, work_layout, work, work_layout, forward, scale, events);
      return join_launched(queue_, copy(work, work_layout, out, out_layout, out_shape_, 1.0, events));
    });
  }

  // Whether the array fills one block of memory without gaps, in any dimension order.
  bool contiguous(const ArrayLayout& l) const {
    std::vector<BatchDim> dims;
    for (std::size_t d = 0; d < out_shape_.size(); ++d) dims.push_back({out_shape_[d], l.strides[d], l.strides[d]});
    dims = merge_batch_dims(dims);
    return dims.empty() || (dims.size() == 1 && std::llabs(dims[0].out) == 1);
  }

  static std::int64_t lowest_offset(const ArrayLayout& l, const std::vector<std::int64_t>& shape) {
    std::int64_t at = l.offset;
    for (std::size_t d = 0; d < shape.size(); ++d)
      if (l.strides[d] < 0) at += (shape[d] - 1) * l.strides[d];
    return at;
  }

  // Whether the byte ranges the two arrays span intersect.
  bool overlaps(const void* a, const ArrayLayout& la, const std::vector<std::int64_t>& sa, const void* b,
                const ArrayLayout& lb, const std::vector<std::int64_t>& sb) const {
    if (element_count(sa) == 0 || element_count(sb) == 0) return false;
    const auto span = [&](const void* p, const ArrayLayout& l, const std::vector<std::int64_t>& s) {
      std::int64_t lo = l.offset, hi = l.offset;
      for (std::size_t d = 0; d < s.size(); ++d) (l.strides[d] < 0 ? lo : hi) += (s[d] - 1) * l.strides[d];
      const auto base = reinterpret_cast<std::intptr_t>(p);
      const auto bytes = std::int64_t(element_bytes());
      return std::make_pair(base + lo * bytes, base + (hi + 1) * bytes);
    };
    const auto [a_lo, a_hi] = span(a, la, sa);
    const auto [b_lo, b_hi] = span(b, lb, sb);
    return a_lo < b_hi && b_lo < a_hi;
  }

  mutable sycl::queue queue_;  // submit() is not const
  NdSpec spec_;
  std::vector<std::int64_t> out_shape_;
  WorkBuffer work_;  // allocated by the first padded call that needs it (not in workspace_bytes)
  std::vector<std::shared_ptr<const AnyC2CPlan>> plans_;  // one per distinct length
};

}  // namespace pysyclfft::plan
