// The n-D planner: one executable plan of any transform kind (nd_spec.hpp) over
// some axes of a strided n-D array in USM, composed of 1-D passes whose plans
// the process shares (line_plan_cache.hpp). Python's Plan and dft.hpp's
// descriptor are faces of it: every n-D rule (pass order, batch-dimension
// merging through line_layouts, which axis is the real one, pad/crop, scale
// folding, work buffers, memory='minimal') lives here and in the three kinds'
// plans it holds one of.
#pragma once
#include <sycl/sycl.hpp>

#include <memory>
#include <string>
#include <vector>

#include "complex_nd_plan.hpp"
#include "half_spectrum_nd_plan.hpp"
#include "nd_spec.hpp"
#include "trig_nd_plan.hpp"

namespace pysyclfft::plan {

class NdPlan {
  // f applied to the kind's plan (defined first: the members below deduce their types from it).
  template <class F> decltype(auto) visit(const F& f) const {
    if (complex_) return f(*complex_);
    if (trig_) return f(*trig_);
    return f(*half_);
  }

 public:
  NdPlan(sycl::queue q, NdSpec spec) : spec_(spec) {
    if (spec.kind == TransformKind::c2c) complex_ = std::make_unique<ComplexNdPlan>(std::move(q), std::move(spec));
    else if (is_trig(spec.kind)) trig_ = std::make_unique<TrigNdPlan>(std::move(q), std::move(spec));
    else half_ = std::make_unique<HalfSpectrumNdPlan>(std::move(q), std::move(spec));
  }

  const NdSpec& spec() const { return spec_; }
  const std::vector<std::int64_t>& out_shape() const {
    return visit([](const auto& p) -> const std::vector<std::int64_t>& { return p.out_shape(); });
  }
  // Device memory the plan holds: its 1-D plans' tables and scratch, each length counted once, and work buffers.
  std::size_t workspace_bytes() const { return visit([](const auto& p) { return p.workspace_bytes(); }); }
  std::string describe() const { return visit([](const auto& p) { return p.describe(); }); }

  // Transforms `in` (the input shape, laid out as in_layout, in elements of the
  // input's type) into `out` (out_shape, as out_layout, in the output's
  // elements; may be `in` itself with the same layout). Returns one event.
  sycl::event execute(const void* in, const ArrayLayout& in_layout, void* out, const ArrayLayout& out_layout,
                      bool forward, const std::vector<sycl::event>& deps) const {
    return visit([&](const auto& p) { return p.execute(in, in_layout, out, out_layout, forward, deps); });
  }

  NdSpec spec_;
  std::unique_ptr<const ComplexNdPlan> complex_;
  std::unique_ptr<const TrigNdPlan> trig_;
  std::unique_ptr<const HalfSpectrumNdPlan> half_;
};

}  // namespace pysyclfft::plan
