// The unfused form of a real/trigonometric transform, for lengths whose FFT the
// fused kernel (mapped_plan.hpp) cannot hold: a load pass writes the FFT input
// into a complex buffer, any complex plan of length fft_length() transforms it
// in place (the caller runs it), and a store pass forms the result. Both passes
// are elementwise kernels compiled together.
#pragma once
#include <sycl/sycl.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "../kernels/layout.hpp"
#include "../kernels/rounding.hpp"
#include "compiler.hpp"
#include "device.hpp"
#include "generic_c2c_plan.hpp"
#include "generic_sets.hpp"
#include "kernel_args.hpp"
#include "kernel_params.hpp"
#include "line_layouts.hpp"
#include "map_tables.hpp"
#include "mapped_plan.hpp"

namespace pysyclfft::plan {

// Kernel names of the passes of many (transform, length) pairs, for compiling them
// in one build: per pair the load and store passes with run-time strides, with
// unit strides, and over neighbouring transforms (the generic set has the first two only).
inline std::vector<std::string> map_pass_kernel_names(const std::vector<std::pair<RealTransform, std::int64_t>>& jobs,
                                                      Precision p) {
  std::vector<std::string> names;
  for (const auto& [t, n] : jobs) {
    const int kind = choose_map(t, n);
    const std::int64_t fft_length = map_fft_length(kind, n);
    if (n < 1 || fft_length < 1) continue;
    for (int stride : {kernels::kRunTimeStride, kernels::kUnitStride, kernels::kNeighbourTransforms})
      for (bool store : {false, true}) names.push_back(map_pass_kernel_name(store, p, kind, fft_length, stride));
  }
  return names;
}

class MapPassPlan {
 public:
  // generic: the passes of the generic map set (any length, no compile once it is cached).
  MapPassPlan(sycl::queue q, RealTransform t, std::int64_t n, Precision p, bool generic = false)
      : queue_(std::move(q)), precision_(p), kind_(choose_map(t, n)), fft_length_(map_fft_length(kind_, n)) {
    if (!supports(queue_.get_device(), p))
      throw std::invalid_argument("pysyclfft: the device has no double precision (fp64) support");
    if (n < 1 || fft_length_ < 1)
      throw std::invalid_argument("pysyclfft: invalid length " + std::to_string(n) + " for this transform");
    const std::size_t at = generic ? 2 * std::size_t(kind_) : 0;
    const auto k = generic ? generic_set(queue_, kMapPassEntryHeader, generic_map_kernel_names(p),
                                         concat(real_name(p), " generic map-pass set"))
                           : KernelCompiler::instance().get(queue_, kMapPassEntryHeader, map_pass_kernel_names({{t, n}}, p));
    kernels_.assign(k.begin() + std::ptrdiff_t(at), k.begin() + std::ptrdiff_t(generic ? at + 2 : k.size()));
    const DeviceTables device = device_tables(queue_, p, n);
    const TableCache::Held table =
        p == Precision::f32 ? map_table<float>(kind_, n, device) : map_table<double>(kind_, n, device);
    table_ = table_view(queue_, table.owner, table.bytes, &workspace_bytes_);
    const DeviceLimits lim = device_limits(queue_.get_device());
    group_ = elementwise_group_size(lim);
    max_groups_per_dim_ = lim.max_groups_per_dim;
  }
  MapPassPlan(const MapPassPlan&) = delete;
  MapPassPlan& operator=(const MapPassPlan&) = delete;

  // The load pass (store = false: `in` is the data, `out` the FFT buffer) or the
  // store pass (store = true: `in` is the transformed buffer, `out` the result).
  sycl::event execute(bool store, const void* in, void* out, const BatchLayout& layout, double scale, double edge_in,
                      double edge_out, double imag_sign, const std::vector<sycl::event>& deps = {}) const {
    if (layout.count() == 0) return event_after(queue_, deps);
    const std::size_t points = std::size_t(store ? kernels::map_store_points(kind_, fft_length_) : fft_length_);
    const auto launch = [&](int variant, const std::vector<BatchLayout>& pieces, auto range) {
      const DeviceKernel& k = kernels_[2 * variant + (store ? 1 : 0)];
      return submit_pieces(queue_, pieces, deps, [&](sycl::handler& h, const BatchLayout& piece) {
        launch_map_pass(h, k, range(piece), precision_, in, out, table_.get(), piece,
                        {scale, edge_in, edge_out, imag_sign}, fft_length_);
      });
    };
    if (over_columns(layout)) {
      // Dimension 0 holds (outer line, point): whole inner rows, as many per launch as its limit allows.
      const std::int64_t rows = std::int64_t(max_groups_per_dim_ / points);
      return launch(2, launch_pieces(layout, rows * layout.count0), [&](const BatchLayout& p) {
        const auto columns = std::size_t(p.count0);
        const std::size_t width = std::min(group_, kernels::round_up<std::size_t>(columns, 32));  // few columns: small groups
        return sycl::nd_range<2>{{std::size_t(p.count1) * points, kernels::round_up(columns, width)}, {1, width}};
      });
    }
    return launch(kernels_.size() > 2 && layout.unit_strides() ? 1 : 0,
                  launch_pieces(layout, std::int64_t(max_groups_per_dim_)), [&](const BatchLayout& p) {
                    return sycl::nd_range<2>{{std::size_t(p.count()), kernels::round_up(points, group_)}, {1, group_}};
                  });
  }

  // Whether the passes over `layout` take neighbouring lines per vector
  // (kernels::kNeighbourTransforms): columns (line_layouts.hpp), on specialized passes.
  bool over_columns(const BatchLayout& l) const {
    return runs_columns() && map_columns(l) && std::size_t(fft_length_) <= max_groups_per_dim_;
  }
  bool runs_columns() const { return kernels_.size() > 4; }
  std::int64_t fft_length() const { return fft_length_; }
  Precision precision() const { return precision_; }
  // Whether the load pass (store = false) or the store pass only moves pairs of
  // neighbouring reals to or from the complex FFT (the packed real FFT's input,
  // the packed inverse's output, map_kind.hpp; the scale aside): where those reals
  // lie as whole complex values, the FFT reads or writes them itself.
  bool moves_pairs_only(bool store) const { return kind_ == (store ? kernels::kC2RPacked : kernels::kR2CPacked); }
  // The direction of the map's complex FFT.
  bool fft_forward() const { return kernels::map_sign(kind_) < 0; }
  // Device memory the plan holds (its map table; the complex plan counts its own).
  std::size_t workspace_bytes() const { return workspace_bytes_; }

 private:
  mutable sycl::queue queue_;
  Precision precision_;
  int kind_;
  std::int64_t fft_length_;
  // load, store; then with unit strides and over neighbouring transforms (specialized passes)
  std::vector<DeviceKernel> kernels_;
  std::shared_ptr<const void> table_;
  std::size_t group_ = 1, max_groups_per_dim_ = 1;
  std::size_t workspace_bytes_ = 0;
};

}  // namespace pysyclfft::plan
