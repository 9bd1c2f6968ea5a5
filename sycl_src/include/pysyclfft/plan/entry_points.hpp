// The table of kernel entry points, part 1: for each family, its entry header
// and the format of its instance names (registered_names / NVRTC name
// expressions), mirroring the templates of backends/sycl/*.hpp and
// backends/cuda/*.cuh. Part 2, the parameter order, is kernel_args.hpp (it needs
// SYCL; this part does not, so the CUDA layer's SYCL-free plan_query includes it).
#pragma once
#include <cstdint>
#include <iterator>
#include <string>
#include <type_traits>
#include <vector>

#include "../kernels/map_kind.hpp"
#include "../kernels/multipass.hpp"
#include "kernel_params.hpp"
#include "text.hpp"

namespace pysyclfft::plan {

inline constexpr const char* kC2CEntryHeader = "pysyclfft/backends/sycl/single_kernel.hpp";
inline constexpr const char* kPassEntryHeader = "pysyclfft/backends/sycl/multipass_kernels.hpp";
inline constexpr const char* kMappedEntryHeader = "pysyclfft/backends/sycl/mapped_kernel.hpp";
inline constexpr const char* kMapPassEntryHeader = "pysyclfft/backends/sycl/map_pass_kernels.hpp";
inline constexpr const char* kGenericEntryHeader = "pysyclfft/backends/sycl/generic_kernels.hpp";
inline constexpr const char* kCopyEntryHeader = "pysyclfft/backends/sycl/copy_kernel.hpp";

// ---- instance names: function<real, args..., radices...> ----

namespace detail {
inline void append_name_args(std::string&) {}
template <typename A, typename... Rest>
void append_name_args(std::string& s, const A& a, const Rest&... rest) {
  if constexpr (std::is_same_v<A, std::vector<int>>)
    for (int r : a) s += concat(", ", r);
  else
    s += concat(", ", a);
  append_name_args(s, rest...);
}
}  // namespace detail

template <typename... A> std::string instance_name(const char* function, Precision p, const A&... args) {
  std::string s = concat(function, "<", real_name(p));
  detail::append_name_args(s, args...);
  return s + ">";
}

// pysyclfft_c2c<T, Sign, Lanes, Threads, PerGroup, Buffers, Pad, Skew, Stride, radices...> (team) and
// pysyclfft_c2c_item<T, Sign, Lanes, Stride, radices...> (work-item level) and
// pysyclfft_c2c_subgroup<T, Sign, Lanes, PerGroup, Stride, N / Lanes> (sub-group level); Stride 1 or 0 (run time).
inline std::string c2c_kernel_name(const C2CKernelParams& k, int sign, int stride) {
  if (k.level == Level::work_item)
    return instance_name("pysyclfft_c2c_item", k.precision, sign, k.lanes, stride, k.radices);
  if (k.level == Level::sub_group)
    return instance_name("pysyclfft_c2c_subgroup", k.precision, sign, k.lanes, k.per_group, stride, int(k.n / k.lanes));
  return instance_name("pysyclfft_c2c", k.precision, sign, k.lanes, k.threads, k.per_group, k.buffers, k.pad, k.skew,
                       stride, k.radices);
}

// Every kernel a single-kernel c2c plan uses, compiled together
// (C2CKernelParams::kernel_index picks one). Teams and sub-groups get a unit-stride
// variant (vector loads across the team); a work-item reads its own transform, which a
// known stride does not speed up.
inline std::vector<std::string> c2c_kernel_names(const C2CKernelParams& k) {
  if (k.level == Level::work_item) return {c2c_kernel_name(k, -1, 0), c2c_kernel_name(k, +1, 0)};
  return {c2c_kernel_name(k, -1, 0), c2c_kernel_name(k, +1, 0), c2c_kernel_name(k, -1, 1), c2c_kernel_name(k, +1, 1)};
}

// The NVRTC layer's pysyclfft_c2c<T, Sign, Threads, PerGroup, Stride, radices...>
// (backends/cuda/c2c_kernel.cuh: no sub-group parameter, run-time stride).
inline std::string cuda_c2c_kernel_name(const C2CKernelParams& k, int sign) {
  return instance_name("pysyclfft_c2c", k.precision, sign, k.threads, k.per_group, 0, k.radices);
}

// pysyclfft_pass<T, Sign, Lanes, Threads, PerGroup, Interleave, RowPitch, Buffers, Twiddled, Modes, Access, radices...>
// (modes: kernels::PassModes)
inline std::string pass_kernel_name(const PassKernelParams& k, int sign, int modes,
                                    int access = kernels::kAccessAny) {
  return instance_name("pysyclfft_pass", k.precision, sign, k.lanes, k.threads, k.per_group, k.interleave,
                       k.row_pitch, k.buffers, int(k.twiddled), modes, access, k.radices);
}

// pysyclfft_convolution<T, Sign, Lanes, Threads, PerGroup, Buffers, Rader, radices...>:
// a convolution's two FFTs in one kernel (teams of convolution_params).
inline std::string convolution_kernel_name(const PassKernelParams& k, int sign, bool rader) {
  return instance_name("pysyclfft_convolution", k.precision, sign, k.lanes, k.threads, k.per_group, k.buffers,
                       int(rader), k.radices);
}

// pysyclfft_convolution_lines<T, Sign, Lines, Threads, Access, radices...>: Rader's
// on a CPU's batch of lines, Lines per group (convolution_lines_params), each side's
// lines rows or unit (kernels::PassAccess bits).
inline std::string convolution_lines_kernel_name(const PassKernelParams& k, int sign, int access) {
  return instance_name("pysyclfft_convolution_lines", k.precision, sign, k.interleave, k.threads, access, k.radices);
}

// pysyclfft_transpose_square<T, Tile> and pysyclfft_permute_blocks<T>
inline constexpr int kTransposeTile = 16;
inline std::string transpose_kernel_name(Precision p) {
  return instance_name("pysyclfft_transpose_square", p, kTransposeTile);
}
inline std::string permute_kernel_name(Precision p) { return instance_name("pysyclfft_permute_blocks", p); }

// pysyclfft_copy_rows<T> (the distributed exchanges' packing)
inline std::string copy_rows_kernel_name(Precision p) { return instance_name("pysyclfft_copy_rows", p); }

// pysyclfft_mapped<T, MapKind, Lanes, Threads, PerGroup, Pad, Skew, Stride, LaneReversedSplit, radices...>
// (its FFT's team parameters; Stride as kernels/layout.hpp's) and
// pysyclfft_mapped_item<T, MapKind, Lanes, Stride, radices...> (work-item level) and
// pysyclfft_mapped_subgroup<T, MapKind, Lanes, PerGroup, Stride, N / Lanes> (sub-group level)
inline std::string mapped_kernel_name(int kind, const C2CKernelParams& fft, int stride, bool lane_reversed_split) {
  if (fft.level == Level::work_item)
    return instance_name("pysyclfft_mapped_item", fft.precision, kind, fft.lanes, stride, fft.radices);
  if (fft.level == Level::sub_group)
    return instance_name("pysyclfft_mapped_subgroup", fft.precision, kind, fft.lanes, fft.per_group, stride,
                         int(fft.n / fft.lanes));
  return instance_name("pysyclfft_mapped", fft.precision, kind, fft.lanes, fft.threads, fft.per_group, fft.pad,
                       fft.skew, stride, int(lane_reversed_split), fft.radices);
}

// Every kernel of a fused real/trigonometric plan, compiled together: as
// c2c_kernel_names, teams get a variant for unit strides (at index 1), which is
// `unit_stride` (kUnitStride or kPairedReals); work-items one for contiguous
// rows where the map moves them (kernels/batched_mapped.hpp, map_moves_rows).
inline std::vector<std::string> mapped_kernel_names(int kind, const C2CKernelParams& fft, int unit_stride,
                                                    bool lane_reversed_split) {
  const auto name = [&](int stride) { return mapped_kernel_name(kind, fft, stride, lane_reversed_split); };
  if (fft.level == Level::work_item && kernels::map_moves_rows(kind, fft.lanes, fft.n))
    return {name(kernels::kRunTimeStride), name(kernels::kContiguousRows)};
  if (fft.level == Level::work_item) return {name(kernels::kRunTimeStride)};
  return {name(kernels::kRunTimeStride), name(unit_stride)};
}

// pysyclfft_map_load<T, MapKind, L, Stride> and pysyclfft_map_store<T, MapKind, L, Stride>;
// L = 0: the generic passes; Stride 1: unit strides on both sides, 0: run time.
inline std::string map_pass_kernel_name(bool store, Precision p, int kind, std::int64_t fft_length, int stride) {
  return instance_name(store ? "pysyclfft_map_store" : "pysyclfft_map_load", p, kind, fft_length, stride);
}

// The generic map set of one precision: the load and store pass of every map kind
// (at 2*kind and 2*kind + 1), for every length, compiled and cached as one build.
inline std::vector<std::string> generic_map_kernel_names(Precision p) {
  std::vector<std::string> names;
  for (int kind = 0; kind < kernels::kMapKinds; ++kind)
    for (bool store : {false, true}) names.push_back(map_pass_kernel_name(store, p, kind, 0, 0));
  return names;
}

// pysyclfft_generic_stage<T, R>: the generic set is every radix of kGenericRadices
// in one precision, always compiled and cached as one build (plan/generic_c2c_plan.hpp).
// Radix 1 is a copy (with the fused operations of a last stage). The double set
// also holds the steps of a float table built on the device, after the stages:
// Bluestein's (at kGenericBluesteinChirp and kGenericBluesteinTable) and a map's
// (kGenericFloatRootRun).
inline constexpr int kGenericRadices[] = {1, 2, 3, 4, 5, 7, 8, 9, 11, 13, 16};
inline constexpr std::size_t kGenericBluesteinChirp = std::size(kGenericRadices);
inline constexpr std::size_t kGenericBluesteinTable = kGenericBluesteinChirp + 1;
inline constexpr std::size_t kGenericFloatRootRun = kGenericBluesteinChirp + 2;
inline std::vector<std::string> generic_kernel_names(Precision p) {
  std::vector<std::string> names;
  for (int r : kGenericRadices) names.push_back(instance_name("pysyclfft_generic_stage", p, r));
  if (p == Precision::f64)
    for (const char* step :
         {"pysyclfft_bluestein_padded_chirp", "pysyclfft_bluestein_float_table", "pysyclfft_float_root_run"})
      names.push_back(instance_name(step, p));
  return names;
}

}  // namespace pysyclfft::plan
