// The r2c and c2r kinds of NdPlan: the real pass (a RealLinePlan) along the
// real axis, the last of `axes`, and complex passes (a ComplexNdPlan) along the
// others.
//
// r2c: the real pass reads the input (a zero-padded copy where any axis is
// padded) and writes the half spectrum, the complex passes then run in place on
// it. Backward (ihfftn, the conjugate of rfftn with the directions swapped) the
// real pass conjugates its output and the complex passes run backward.
// c2r: the complex passes run first, on a copy of the half spectrum (the input
// stays intact), then the real pass writes the real output; one axis and no
// padding of the half spectrum needs no copy, nor does overwrite_input (the
// complex passes then run in place on the input). Forward (hfftn, irfftn of the
// conjugate with the directions swapped) the real pass conjugates its input.
#pragma once
#include <sycl/sycl.hpp>

#include <memory>
#include <string>
#include <vector>

#include "complex_nd_plan.hpp"
#include "line_plan_cache.hpp"
#include "nd_spec.hpp"
#include "work_buffer.hpp"

namespace pysyclfft::plan {

class HalfSpectrumNdPlan {
 public:
  HalfSpectrumNdPlan(sycl::queue q, NdSpec spec)
      : queue_(std::move(q)), spec_(checked_spec(std::move(spec), queue_.get_device())),
        r2c_(spec_.kind == TransformKind::r2c) {
    axis_ = spec_.axes.back();
    const std::int64_t n = spec_.lengths.back();
    real_shape_ = complex_shape_ = resized_shape(spec_);
    complex_shape_[axis_] = n / 2 + 1;
    const RealTransform t = line_transform(spec_.kind, true);
    if (!RealLinePlan::fused(queue_.get_device(), t, n, spec_.precision))
      refuse_if_minimal(spec_, "the real length " + std::to_string(n) +
                                   " needs a work buffer (its FFT does not fit one work-group)");
    NdSpec complex{spec_.shape, {spec_.axes.begin(), spec_.axes.end() - 1}, {spec_.lengths.begin(), spec_.lengths.end() - 1},
                   spec_.precision, 1.0, 1.0, spec_.memory};
    const bool columns =
        column_axis(device_limits(queue_.get_device()).map_columns, spec_.shape, std::size_t(axis_), n);
    const MapJob job{t, n, columns && spec_.memory == Memory::automatic};
    if (compiles_ahead()) RealLinePlan::precompile(queue_, {job}, spec_.precision, complex.lengths, spec_.memory);
    line_ = LinePlanCache::instance().real(queue_, job, spec_.precision, spec_.memory);
    const std::size_t real_bytes = real_size(spec_.precision);
    if (r2c_) {
      if (padded(spec_)) {
        refuse_if_minimal(spec_, "zero-padding a real input copies it into a work buffer");
        stage_ = std::make_unique<WorkBuffer>(std::size_t(element_count(real_shape_)) * real_bytes);
      }
      complex.shape = complex_shape_;
      if (!complex.axes.empty()) complex_ = std::make_unique<ComplexNdPlan>(queue_, std::move(complex));
    } else if (spec_.overwrite_input && spec_.shape[axis_] >= complex_shape_[axis_]) {
      complex.shape[axis_] = complex_shape_[axis_];
      if (!complex.axes.empty()) complex_ = std::make_unique<ComplexNdPlan>(queue_, std::move(complex));
    } else if (complex.axes.size() > 0 || spec_.shape[axis_] < complex_shape_[axis_]) {
      refuse_if_minimal(spec_, "a c2r transform over two or more axes, or zero-padded along its real axis, runs "
                               "its complex passes on a copy of the input (a work buffer)");
      complex.shape[axis_] = std::min(spec_.shape[axis_], complex_shape_[axis_]);  // the kept half spectrum
      complex_ = std::make_unique<ComplexNdPlan>(queue_, std::move(complex));
      stage_ = std::make_unique<WorkBuffer>(std::size_t(element_count(complex_shape_)) * 2 * real_bytes);
    }
  }

  const std::vector<std::int64_t>& out_shape() const { return r2c_ ? complex_shape_ : real_shape_; }

  std::size_t workspace_bytes() const {
    return line_->workspace_bytes() + (complex_ ? complex_->workspace_bytes() : 0) + (stage_ ? stage_->bytes() : 0);
  }

  std::string describe() const {
    std::string real = "axis " + std::to_string(axis_) + ": " + line_->describe();
    return complex_ && !complex_->spec().axes.empty() ? real + "\n" + complex_->describe() : real;
  }

  sycl::event execute(const void* in, const ArrayLayout& in_layout, void* out, const ArrayLayout& out_layout,
                      bool forward, const std::vector<sycl::event>& deps) const {
    check_layout(in_layout, spec_.shape.size(), "input"), check_layout(out_layout, spec_.shape.size(), "output");
    if (element_count(out_shape()) == 0) return event_after(queue_, deps);
    const double scale = forward ? spec_.forward_scale : spec_.backward_scale;
    // ihfftn conjugates rfftn's output, hfftn irfftn's input.
    const MapFactors f{1.0, 1.0, forward == r2c_ ? 1.0 : -1.0};
    if (r2c_) {
      const auto transform = [&](const void* real, const ArrayLayout& from, const std::vector<sycl::event>& wait) {
        auto events = run_along_axis(*line_, out_shape(), axis_, real, from, out, out_layout, scale, f, wait);
        if (complex_) events = {complex_->execute(out, out_layout, out, out_layout, forward, events)};
        return join_launched(queue_, events);
      };
      if (!stage_) return transform(in, in_layout, deps);
      return stage_->use(queue_, deps, [&](char* copy, const std::vector<sycl::event>& wait) {
        const sycl::event filled = pad_copy(queue_, in, in_layout, spec_.shape, copy, real_shape_,
                                            real_size(spec_.precision), wait);
        return transform(copy, row_major_layout(real_shape_), {filled});
      });
    }
    if (!stage_) {  // overwrite_input: the complex passes in place on the input
      std::vector<sycl::event> ready = deps;
      if (complex_) ready = {complex_->execute(in, in_layout, const_cast<void*>(in), in_layout, forward, deps)};
      return join_launched(queue_, run_along_axis(*line_, out_shape(), axis_, in, in_layout, out, out_layout, scale, f, ready));
    }
    return stage_->use(queue_, deps, [&](char* spectrum, const std::vector<sycl::event>& wait) {
      const ArrayLayout spectrum_layout = row_major_layout(complex_shape_);
      std::vector<sycl::event> ready = wait;
      if (complex_->out_shape()[axis_] < complex_shape_[axis_])  // zero the padding of the half spectrum
        ready = {queue_.memset(spectrum, 0, stage_->bytes(), wait)};
      ready = {complex_->execute(in, in_layout, spectrum, spectrum_layout, forward, ready)};
      return join_launched(queue_, run_along_axis(*line_, out_shape(), axis_, spectrum, spectrum_layout, out, out_layout,
                                            scale, f, ready));
    });
  }

 private:
  mutable sycl::queue queue_;
  NdSpec spec_;
  bool r2c_;
  std::int64_t axis_ = 0;
  std::vector<std::int64_t> real_shape_, complex_shape_;  // r2c: input (padded/cropped) and output; c2r: reverse
  std::shared_ptr<const RealLinePlan> line_;
  std::unique_ptr<ComplexNdPlan> complex_;  // r2c: in place on the output; c2r: input -> stage_ (or in place)
  std::unique_ptr<WorkBuffer> stage_;       // r2c: the padded input; c2r: the half spectrum's copy
};

}  // namespace pysyclfft::plan
