// The dct1-4 and dst1-4 kinds of NdPlan: one map pass (a RealLinePlan) per axis.
// The first pass reads the input (a zero-padded copy where any axis is padded)
// and writes the output, later passes run in place on it (a map reads its whole
// line before writing it, or goes through its own buffer). The direction's
// scale is folded into the first pass; scipy's orthogonalize scales the end
// points of every pass. Complex data is transformed as its real and imaginary
// parts: a real view with a trailing dimension of 2. The backward direction's
// maps are built on first use: a warm dct2 plan of 10^6 float64 points in a new
// process spent a third of its time on them (their kernel binary and 16 MB table).
#pragma once
#include <sycl/sycl.hpp>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "line_plan_cache.hpp"
#include "nd_spec.hpp"
#include "work_buffer.hpp"

namespace pysyclfft::plan {

class TrigNdPlan {
 public:
  TrigNdPlan(sycl::queue q, NdSpec spec)
      : queue_(std::move(q)),
        spec_(checked_spec(std::move(spec), queue_.get_device())),
        out_shape_(resized_shape(spec_)),
        view_in_shape_(real_view(spec_.shape)),
        view_out_shape_(real_view(out_shape_)) {
    std::vector<MapJob> jobs;
    for (bool forward : {true, false})
      for (std::size_t i = 0; i < spec_.axes.size(); ++i) {
        jobs.push_back(job(forward, i));
        if (!RealLinePlan::fused(queue_.get_device(), jobs.back().transform, jobs.back().n, spec_.precision))
          refuse_if_minimal(spec_, "the DCT/DST length " + std::to_string(jobs.back().n) +
                                       " needs a work buffer (its FFT does not fit one work-group)");
      }
    if (padded(spec_)) {
      refuse_if_minimal(spec_, "zero-padding the input copies it into a work buffer");
      stage_ = std::make_unique<WorkBuffer>(std::size_t(element_count(view_out_shape_)) * real_size(spec_.precision));
    }
    jobs = sorted_unique(jobs);  // types 1 and 4 are their own inverses: one plan serves both directions
    if (compiles_ahead()) RealLinePlan::precompile(queue_, jobs, spec_.precision, {}, spec_.memory);  // one build per entry point
    for (std::size_t i = 0; i < spec_.axes.size(); ++i) lines_.push_back(real_line(job(true, i)));
  }

  const std::vector<std::int64_t>& out_shape() const { return out_shape_; }

  std::size_t workspace_bytes() const {
    std::size_t bytes = stage_ ? stage_->bytes() : 0;
    CountedPlans counted, maps;  // a length's maps share their FFT; alike axes share their map
    const auto add = [&](const auto& lines) {
      for (const auto& p : lines) bytes += count_once(&maps, p.get(), p->workspace_bytes(&counted));
    };
    add(lines_);
    if (backward_built_.load(std::memory_order_acquire)) add(backward_lines_);
    return bytes;
  }

  // Both directions' maps; the backward ones as "built on first use" until then.
  std::string describe() const {
    const bool pending = !backward_built_.load(std::memory_order_acquire) &&
                         line_transform(spec_.kind, true) != line_transform(spec_.kind, false);
    std::string text;
    for (bool forward : {true, false})
      for (std::size_t i = 0; i < spec_.axes.size(); ++i)
        text += std::string(text.empty() ? "" : "\n") + "axis " + std::to_string(spec_.axes[i]) +
                (forward ? " (forward): " : " (backward): ") +
                (!forward && pending ? "built on first use" : line(forward, i).describe());
    return text;
  }

  sycl::event execute(const void* in, const ArrayLayout& in_layout, void* out, const ArrayLayout& out_layout,
                      bool forward, const std::vector<sycl::event>& deps) const {
    check_layout(in_layout, spec_.shape.size(), "input"), check_layout(out_layout, spec_.shape.size(), "output");
    const ArrayLayout from = real_view(in_layout), to = real_view(out_layout);
    const std::size_t real_bytes = real_size(spec_.precision);
    if (element_count(out_shape_) == 0) return event_after(queue_, deps);
    if (spec_.axes.empty()) return copy_elements(queue_, in, from, out, to, view_out_shape_, real_bytes, deps);
    const double scale = forward ? spec_.forward_scale : spec_.backward_scale;
    const auto edges = spec_.orthogonalize ? orthogonalize_edges(line_transform(spec_.kind, forward))
                                           : std::pair<double, double>{1.0, 1.0};
    const MapFactors f{edges.first, edges.second, 1.0};
    const auto passes = [&](const void* src, const ArrayLayout& src_layout, std::vector<sycl::event> events) {
      for (std::size_t i = 0; i < spec_.axes.size(); ++i)
        events = run_along_axis(line(forward, i), view_out_shape_, spec_.axes[i], i ? out : src,
                                i ? to : src_layout, out, to, i ? 1.0 : scale, f, events);
      return join_launched(queue_, events);
    };
    if (!stage_) return passes(in, from, deps);
    return stage_->use(queue_, deps, [&](char* copy, const std::vector<sycl::event>& wait) {
      return passes(copy, row_major_layout(view_out_shape_),
                    {pad_copy(queue_, in, from, view_in_shape_, copy, view_out_shape_, real_bytes, wait)});
    });
  }

 private:
  // Complex data as reals: a trailing dimension of 2, strides and offset doubled.
  std::vector<std::int64_t> real_view(std::vector<std::int64_t> shape) const {
    if (spec_.complex_data) shape.push_back(2);
    return shape;
  }
  ArrayLayout real_view(ArrayLayout l) const {
    if (!spec_.complex_data) return l;
    l.offset *= 2;
    for (auto& s : l.strides) s *= 2;
    l.strides.push_back(1);
    return l;
  }

  // The map of axis i in one direction; columns where the axis's lines are
  // (line_layouts.hpp) and a work buffer is allowed.
  MapJob job(bool forward, std::size_t i) const {
    const bool columns = column_axis(device_limits(queue_.get_device()).map_columns, view_out_shape_,
                                     std::size_t(spec_.axes[i]), spec_.lengths[i]);
    return {line_transform(spec_.kind, forward), spec_.lengths[i], columns && spec_.memory == Memory::automatic};
  }

  std::shared_ptr<const RealLinePlan> real_line(const MapJob& job) const {
    return LinePlanCache::instance().real(queue_, job, spec_.precision, spec_.memory);
  }

  const RealLinePlan& line(bool forward, std::size_t i) const {
    if (forward || line_transform(spec_.kind, true) == line_transform(spec_.kind, false)) return *lines_[i];
    std::call_once(backward_once_, [&] {
      backward_lines_.clear();  // what a throwing attempt left
      for (std::size_t a = 0; a < spec_.axes.size(); ++a) backward_lines_.push_back(real_line(job(false, a)));
      backward_built_.store(true, std::memory_order_release);
    });
    return *backward_lines_[i];
  }

  mutable sycl::queue queue_;
  NdSpec spec_;
  std::vector<std::int64_t> out_shape_, view_in_shape_, view_out_shape_;
  std::vector<std::shared_ptr<const RealLinePlan>> lines_;  // the forward map of each axis (shared where alike)
  mutable std::once_flag backward_once_;
  mutable std::vector<std::shared_ptr<const RealLinePlan>> backward_lines_;  // the backward ones, on first use
  mutable std::atomic<bool> backward_built_{false};
  std::unique_ptr<WorkBuffer> stage_;                       // the zero-padded input
};

}  // namespace pysyclfft::plan
