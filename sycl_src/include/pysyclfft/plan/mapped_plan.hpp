// A batched 1-D real or trigonometric transform (rfft/irfft, DCT/DST I-IV) of
// one length on one queue: a complex FFT kernel of length L with the map's
// pre/post-processing fused in (kernels/batched_mapped.hpp), the FFT's twiddles
// and the map's table on the device.
#pragma once
#include <sycl/sycl.hpp>

#include <complex>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "../kernels/layout.hpp"
#include "../kernels/map_kind.hpp"
#include "compiler.hpp"
#include "device.hpp"
#include "kernel_args.hpp"
#include "kernel_params.hpp"
#include "line_layouts.hpp"
#include "map_tables.hpp"
#include "text.hpp"
#include "twiddles.hpp"

namespace pysyclfft::plan {

enum class RealTransform { r2c, c2r, dct1, dct2, dct3, dct4, dst1, dst2, dst3, dst4 };

// The map computing `t` for data length n: even lengths take a half-length FFT
// (types I pack their extension of about 2n reals into about n complex points).
inline int choose_map(RealTransform t, std::int64_t n) {
  namespace k = kernels;
  const bool even = n % 2 == 0;
  switch (t) {
    case RealTransform::r2c: return even ? k::kR2CPacked : k::kR2CFull;
    case RealTransform::c2r: return even ? k::kC2RPacked : k::kC2RFull;
    case RealTransform::dct1: return k::kDCT1;
    case RealTransform::dct2: return even ? k::kDCT2Packed : k::kDCT2;
    case RealTransform::dct3: return even ? k::kDCT3Packed : k::kDCT3;
    case RealTransform::dct4: return even ? k::kDCT4Half : k::kDCT4Full;
    case RealTransform::dst1: return k::kDST1;
    case RealTransform::dst2: return even ? k::kDST2Packed : k::kDST2;
    case RealTransform::dst3: return even ? k::kDST3Packed : k::kDST3;
    case RealTransform::dst4: return even ? k::kDST4Half : k::kDST4Full;
  }
  throw std::invalid_argument("pysyclfft: unknown real transform");
}

// FFT length of a map for data length n (the inverse of kernels::data_length).
inline std::int64_t map_fft_length(int kind, std::int64_t n) {
  namespace k = kernels;
  switch (kind) {
    case k::kR2CPacked: case k::kC2RPacked: case k::kDCT4Half: case k::kDST4Half:
    case k::kDCT2Packed: case k::kDST2Packed: case k::kDCT3Packed: case k::kDST3Packed: return n / 2;
    case k::kDCT1: return n - 1;
    case k::kDST1: return n + 1;
    case k::kDCT4Full: case k::kDST4Full: return 2 * n;
    default: return n;
  }
}

struct MappedKernelParams {
  int kind = 0;
  std::int64_t n = 0;  // data length
  C2CKernelParams fft;  // the complex FFT of length map_fft_length(kind, n)
  int unit_stride = kernels::kUnitStride;  // the teams' unit-stride variant (kernels/layout.hpp)
  bool lane_reversed_split = false;  // DeviceLimits', for split maps (kernels/batched_mapped.hpp, kSplitsByVectors)

  bool supported() const { return !fft.radices.empty(); }
  std::vector<std::string> kernel_names() const {
    return mapped_kernel_names(kind, fft, unit_stride, lane_reversed_split);
  }
  // Index in kernel_names() of the kernel for layout `l` over `in` and `out`.
  std::size_t kernel_index(const BatchLayout& l, const void* in, const void* out) const {
    const bool input = kind == kernels::kR2CPacked;  // the real side: r2c reads it, c2r writes it
    const auto paired = [&] { return reals_as_pairs(l, input, input ? in : out, 2 * real_size(fft.precision)); };
    if (fft.level == Level::work_item)
      return kernels::map_moves_rows(kind, fft.lanes, fft.n) &&
             contiguous_rows(l, input ? n : n / 2 + 1, input ? n / 2 + 1 : n) && paired();
    if (!l.unit_strides()) return 0;
    if (unit_stride != kernels::kPairedReals) return 1;
    return paired() ? 1 : 0;
  }
};

inline MappedKernelParams choose_mapped_params(RealTransform t, std::int64_t n, Precision p, const DeviceLimits& dev) {
  MappedKernelParams m;
  m.kind = choose_map(t, n);
  m.n = n;
  const std::int64_t fft_length = map_fft_length(m.kind, n);
  const KernelRole role = kernels::map_is_makhoul(m.kind) ? KernelRole::makhoul_map : KernelRole::map;
  if (n >= 1 && fft_length >= 1)
    m.fft = with_bank_layout(choose_c2c_kernel(fft_length, p, dev, kItemMaxLength, role), dev);
  // The work-item kernel's sub-group: the FFT length where it moves rows transposed (the packed
  // rfft and irfft, kernels/map_kind.hpp: map_moves_rows), else the device's SIMD width.
  const bool packed = kernels::map_pairs_reals(m.kind);
  if (m.fft.level == Level::work_item) m.fft.lanes = packed ? transposing_lanes(fft_length, dev) : dev.lanes;
  // Packed FFTs longer than the team sub-group at the sub-group level where it serves
  // (kernels/subgroup_real.hpp).
  if (packed && fft_length > team_lanes(p, dev))
    if (const C2CKernelParams s = subgroup_kernel(fft_length, p, dev); !s.radices.empty()) m.fft = s;
  if (packed && (dev.paired_reals || m.fft.level == Level::sub_group)) m.unit_stride = kernels::kPairedReals;
  m.lane_reversed_split = dev.lane_reversed_split && kernels::map_splits_after(m.kind);
  return m;
}

class MappedPlan {
 public:
  MappedPlan(sycl::queue q, RealTransform t, std::int64_t n, Precision p) : queue_(std::move(q)) {
    if (!supports(queue_.get_device(), p))
      throw std::invalid_argument("pysyclfft: the device has no double precision (fp64) support");
    const DeviceLimits lim = device_limits(queue_.get_device());
    params_ = choose_mapped_params(t, n, p, lim);
    max_groups_per_dim_ = lim.max_groups_per_dim;
    if (!params_.supported())
      throw std::domain_error("pysyclfft: no single-kernel plan for this real transform of length " +
                              std::to_string(n));
    kernels_ = KernelCompiler::instance().get(queue_, kMappedEntryHeader, params_.kernel_names());
    require_group_size(kernels_, params_.fft.group_size(), queue_.get_device());
    if (p == Precision::f32) upload<float>();
    else upload<double>();
  }
  MappedPlan(const MappedPlan&) = delete;
  MappedPlan& operator=(const MappedPlan&) = delete;

  // Transforms layout.count() sequences (strides in elements of the input's and
  // the output's own types), multiplying by `scale`; edge_in/edge_out are
  // scipy's `orthogonalize` factors (1 when off); imag_sign = -1 conjugates complex
  // input and output. A transform's output may lie over its own input (a team
  // reads its whole transform before it writes); distinct transforms must not overlap.
  sycl::event execute(const void* in, void* out, const BatchLayout& layout, double scale, double edge_in,
                      double edge_out, double imag_sign, const std::vector<sycl::event>& deps = {}) const {
    if (layout.count() == 0) return event_after(queue_, deps);
    const C2CKernelParams& f = params_.fft;
    const void* tw = twiddles_.get();
    const void* table = table_.get();
    const DeviceKernel& k = kernels_[params_.kernel_index(layout, in, out)];
    const auto pieces = launch_pieces(layout, batched_launch_transforms(f, layout, max_groups_per_dim_));
    return submit_pieces(queue_, pieces, deps, [&](sycl::handler& h, const BatchLayout& piece) {
      launch_mapped(h, k, batched_range(f, piece), f.precision, in, out, tw, table, piece,
                    {scale, edge_in, edge_out, imag_sign});
    });
  }

  // Device memory the plan holds (twiddle and map tables).
  std::size_t workspace_bytes() const { return workspace_bytes_; }
  std::string describe() const {
    std::string s;
    s += concat("mapped n=", params_.n, " map ", params_.kind, " ", real_name(params_.fft.precision), ": fused into a single work-group Stockham FFT of length ", params_.fft.n, ", radices");
    for (int r : params_.fft.radices) s += concat(" ", r);
    const bool paired = params_.fft.level != Level::work_item && params_.unit_stride == kernels::kPairedReals;
    const bool rows = kernels::map_moves_rows(params_.kind, params_.fft.lanes, params_.fft.n);
    return s + "; " + describe_kernel_level(params_.fft, rows) +
           (paired ? "pairs of reals moved as one value where aligned; " : "") +
           concat(workspace_bytes_, " B of tables in device memory");
  }

 private:
  template <typename T> void upload() {
    twiddles_ = device_c2c_twiddles(queue_, params_.fft, &workspace_bytes_);
    // A single kernel's lengths are far below those whose tables a device builds (device_tables).
    const TableCache::Held table = map_table<T>(params_.kind, params_.n, DeviceTables{});
    table_ = table_view(queue_, table.owner, table.bytes, &workspace_bytes_);
  }

  mutable sycl::queue queue_;  // submit() is not const
  MappedKernelParams params_;
  std::size_t max_groups_per_dim_ = 0;
  std::vector<DeviceKernel> kernels_;  // in the order of params_.kernel_names()
  std::shared_ptr<void> twiddles_;
  std::shared_ptr<const void> table_;
  std::size_t workspace_bytes_ = 0;
};

// Kernel names of many mapped transforms, for compiling them in one build.
inline std::vector<std::string> mapped_kernel_names(const sycl::device& dev,
                                                    const std::vector<std::pair<RealTransform, std::int64_t>>& jobs,
                                                    Precision p) {
  std::vector<std::string> names;
  const DeviceLimits lim = device_limits(dev);
  for (const auto& [t, n] : jobs) {
    const MappedKernelParams m = choose_mapped_params(t, n, p, lim);
    if (m.supported())
      for (auto& name : m.kernel_names()) names.push_back(std::move(name));
  }
  return names;
}

}  // namespace pysyclfft::plan
