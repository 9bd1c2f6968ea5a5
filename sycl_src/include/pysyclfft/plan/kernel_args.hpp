// The table of kernel entry points, part 2: the parameter order of each family
// (as declared in backends/sycl/*.hpp; names and headers: entry_points.hpp), and
// the one launch of every kernel (launch_kernel).
// Entry points take only pointers and scalars (DPC++'s NVPTX JIT crashes on a
// struct passed by value): structs are flattened field by field here
// (flat_fields) and rebuilt in the kernel (backends/sycl/scalar_params.hpp), and
// `Real` scalars take the plan's precision, so the f32/f64 branch is written once.
#pragma once
#include <sycl/sycl.hpp>

#include <cstdint>
#include <tuple>
#include <type_traits>
#include <vector>

#include "../kernels/generic_stockham.hpp"
#include "../kernels/layout.hpp"
#include "../kernels/multipass.hpp"
#include "../kernels/rounding.hpp"
#include "../kernels/transpose.hpp"
#include "device_kernel.hpp"
#include "entry_points.hpp"
#include "events.hpp"
#include "launch_sequence.hpp"

namespace pysyclfft::plan {

// A floating-point scalar argument, passed in the plan's precision.
struct Real {
  double value;
};

// The scalars an argument stands for, in the entry point's order.
template <typename T, typename A> auto flat_fields(const A& a) {
  if constexpr (std::is_same_v<A, Real>) return std::tuple<T>(T(a.value));
  else return std::tuple<A>(a);  // a pointer or a scalar
}
template <typename T> auto flat_fields(const kernels::BatchLayout& l) {
  const auto& [a, b, c, d, e, f, g, h, i, j] = l;
  return std::tuple(a, b, c, d, e, f, g, h, i, j);
}
template <typename T> auto flat_fields(const kernels::PassSide& s) {
  const auto& [a, b, c, d, e, f, g] = s;
  return std::tuple(a, b, c, d, e, f, g);
}
template <typename T> auto flat_fields(const kernels::LineStrides& s) {
  const auto& [a, b, c] = s;
  return std::tuple(a, b, c);
}
template <typename T> auto flat_fields(const kernels::PassGeometry& g) {
  const auto& [d0, d1, t_begin, lines, in, out, load, store, shift, rader] = g;
  return std::tuple_cat(std::tuple(d0, d1, t_begin, lines), flat_fields<T>(in), flat_fields<T>(out),
                        std::tuple(load, store, shift, rader));
}
template <typename T> auto flat_fields(const kernels::GenericStage& s) {
  const auto& [length, span, t_begin, count, load, store, shift] = s;
  return std::tuple(length, span, t_begin, count, load, store, shift);
}
template <typename T> auto flat_fields(const kernels::SquareBlocks& b) {
  const auto& [a, c, d, e, f] = b;
  return std::tuple(a, c, d, e, f);
}
template <typename T> auto flat_fields(const kernels::BlockCycles& b) {
  const auto& [a, c, d] = b;
  return std::tuple(a, c, d);
}

// Where a launch goes: a command group's handler, or a sequence of launches
// submitted together (launch_sequence.hpp).
template <int D, typename Args>
void enqueue(sycl::handler& h, const DeviceKernel& k, const sycl::nd_range<D>& range, const Args& args) {
  k.launch(h, range, args);
}
template <int D, typename Args>
void enqueue(LaunchSequence& s, const DeviceKernel& k, const sycl::nd_range<D>& range, const Args& args) {
  s.add(k, range, args);
}

// Launches kernel `k` over `range` into `target` (a handler or a LaunchSequence)
// with `args`, structs flattened and Real scalars in precision p.
template <class Target, int D, typename... A>
void launch_kernel(Target& target, const DeviceKernel& k, const sycl::nd_range<D>& range, Precision p,
                   const A&... args) {
  const auto launch = [&](auto real) {
    using T = decltype(real);
    enqueue(target, k, range, std::tuple_cat(flat_fields<T>(args)...));
  };
  if (p == Precision::f32) launch(float{});
  else launch(double{});
}

// Parameter order of each family.
template <class Target, int D>
inline void launch_c2c(Target& to, const DeviceKernel& k, const sycl::nd_range<D>& range, Precision p,
                       const void* in, void* out, const void* twiddles, const kernels::BatchLayout& layout,
                       double scale) {
  launch_kernel(to, k, range, p, in, out, twiddles, layout, Real{scale});
}

// A 1-D range of at least `items` work-items in groups of `group` (the kernel checks its bound).
inline sycl::nd_range<1> elementwise_range(std::size_t items, std::size_t group) {
  return {kernels::round_up<std::size_t>(items, group), group};
}

// The nd_range of a batched single-kernel transform, team or work-item level
// (backends/sycl/c2c_kernel.hpp, mapped_kernel.hpp): a team kernel has its
// teams in dimension 0 and their members in dimension 1, the direction a CPU
// compiler packs into SIMD lanes, so that everything of a team (its transform's
// addresses, its part of local memory) is uniform across a vector (with a 1-D
// range computing the team as local id / Threads, the OpenCL CPU device's fused
// real kernels gained nothing from compile-time unit strides; with this one,
// 1.8-2.2x); a work-item kernel has the inner batch index in dimension 1, the
// outer in dimension 0.
inline sycl::nd_range<2> batched_range(const C2CKernelParams& k, const kernels::BatchLayout& layout) {
  if (k.level == Level::work_item) {
    const std::size_t group = k.per_group;
    return {{std::size_t(layout.count1), kernels::round_up<std::size_t>(std::size_t(layout.count0), group)}, {1, group}};
  }
  return {{kernels::round_up<std::size_t>(std::size_t(layout.count()), k.per_group), std::size_t(k.threads)},
          {std::size_t(k.per_group), std::size_t(k.threads)}};
}

// Transforms one launch of batched_range may cover so that its work-groups per
// dimension stay within the device's limit (launch_pieces cuts the batch): groups
// of per_group transforms, and at work-item level also the outer batch rows, one
// per group in dimension 0.
inline std::int64_t batched_launch_transforms(const C2CKernelParams& k, const kernels::BatchLayout& layout,
                                              std::size_t max_groups_per_dim) {
  const auto groups = std::int64_t(max_groups_per_dim);
  if (k.level == Level::work_item) return groups * std::min<std::int64_t>(layout.count0, k.per_group);
  return groups * k.per_group;
}

// One launch per piece of a batch (line_layouts.hpp, launch_pieces), each after
// `deps`, `launch(h, piece)` filling the command group; one event for all.
template <class Launch>
sycl::event submit_pieces(sycl::queue& q, const std::vector<kernels::BatchLayout>& pieces,
                          const std::vector<sycl::event>& deps, const Launch& launch) {
  std::vector<sycl::event> done;
  for (const kernels::BatchLayout& piece : pieces)
    done.push_back(q.submit([&](sycl::handler& h) {
      h.depends_on(deps);
      launch(h, piece);
    }));
  return join_launched(q, done);
}

struct PassArgs {
  const void *in, *twiddles, *load_table, *store_table, *store_low, *lane_twiddles;
  void *out, *ends;
};
// The nd_range of a pass kernel over `lines` lines (backends/sycl/pass_kernel.hpp):
// dimension 1 is the SIMD direction, team members or the lines of a column group.
inline sycl::nd_range<2> pass_range(const PassKernelParams& k, std::int64_t lines) {
  const auto groups = std::size_t(kernels::ceil_div<std::int64_t>(lines, k.per_group));
  const std::size_t members = k.threads, teams = k.per_group;
  return k.interleave > 1 ? sycl::nd_range<2>{{members, groups * teams}, {members, teams}}
                          : sycl::nd_range<2>{{groups * teams, members}, {teams, members}};
}

template <class Target, int D>
inline void launch_pass(Target& to, const DeviceKernel& k, const sycl::nd_range<D>& range, Precision p,
                        const PassArgs& a, const kernels::PassSide& in_side, const kernels::PassSide& out_side,
                        const kernels::PassGeometry& g, double scale) {
  launch_kernel(to, k, range, p, a.in, a.out, a.twiddles, a.load_table, a.store_table, a.store_low, a.lane_twiddles,
                in_side, out_side, g, Real{scale}, a.ends);
}

// A one-pass convolution in one kernel (backends/sycl/convolution_kernel.hpp): the
// pass's arguments, its store table the second FFT's, and the spectrum between.
template <class Target, int D>
inline void launch_convolution(Target& to, const DeviceKernel& k, const sycl::nd_range<D>& range, Precision p,
                               const PassArgs& a, const void* spectrum, const kernels::PassSide& in_side,
                               const kernels::PassSide& out_side, const kernels::PassGeometry& g, double scale) {
  launch_kernel(to, k, range, p, a.in, a.out, a.twiddles, a.load_table, spectrum, a.store_table, in_side, out_side, g,
                Real{scale});
}

template <class Target, int D>
inline void launch_transpose(Target& to, const DeviceKernel& k, const sycl::nd_range<D>& range, Precision p,
                             void* data, const kernels::PassSide& side, const kernels::SquareBlocks& blocks) {
  launch_kernel(to, k, range, p, data, side, blocks);
}
template <class Target, int D>
inline void launch_permute(Target& to, const DeviceKernel& k, const sycl::nd_range<D>& range, Precision p,
                           void* data, const kernels::PassSide& side, const kernels::BlockCycles& cycles,
                           const kernels::index_t* starts, const kernels::index_t* members) {
  launch_kernel(to, k, range, p, data, side, cycles, starts, members);
}

struct GenericStageArgs {
  const void *in, *twiddle_hi, *twiddle_lo, *load_table, *store_table;
  void* out;
};
template <class Target, int D>
inline void launch_generic_stage(Target& to, const DeviceKernel& k, const sycl::nd_range<D>& range, Precision p,
                                 const GenericStageArgs& a, const kernels::PassSide& in_side,
                                 const kernels::PassSide& out_side, const kernels::GenericStage& stage, double scale) {
  launch_kernel(to, k, range, p, a.in, a.out, a.twiddle_hi, a.twiddle_lo, a.load_table, a.store_table, in_side, out_side,
                stage, Real{scale});
}

// The map scalars of pysyclfft_mapped and pysyclfft_map_load/store: scale, scipy's
// orthogonalize factors, and the conjugation sign.
struct MapArgs {
  double scale, edge_in, edge_out, imag_sign;
};
template <class Target, int D>
inline void launch_mapped(Target& to, const DeviceKernel& k, const sycl::nd_range<D>& range, Precision p,
                          const void* in, void* out, const void* twiddles, const void* table,
                          const kernels::BatchLayout& layout, const MapArgs& m) {
  launch_kernel(to, k, range, p, in, out, twiddles, table, layout, Real{m.scale}, Real{m.edge_in}, Real{m.edge_out},
                Real{m.imag_sign});
}
template <class Target, int D>
inline void launch_map_pass(Target& to, const DeviceKernel& k, const sycl::nd_range<D>& range, Precision p,
                            const void* in, void* out, const void* table, const kernels::BatchLayout& layout,
                            const MapArgs& m, std::int64_t fft_length) {
  launch_kernel(to, k, range, p, in, out, table, layout, Real{m.scale}, Real{m.edge_in}, Real{m.edge_out},
                Real{m.imag_sign}, kernels::index_t(fft_length));
}

}  // namespace pysyclfft::plan
