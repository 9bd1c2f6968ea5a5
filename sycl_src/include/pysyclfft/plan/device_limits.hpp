// What the planner knows of a device: filled from sycl::device (device.hpp) or from
// described properties (the _core probes); the rules that read it: kernel_params.hpp.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace pysyclfft::plan {

enum class Precision { f32, f64 };

inline std::size_t real_size(Precision p) { return p == Precision::f32 ? 4 : 8; }
inline const char* real_name(Precision p) { return p == Precision::f32 ? "float" : "double"; }

struct DeviceLimits {
  std::size_t local_mem_bytes = 0;
  std::size_t max_group_size = 0;
  std::vector<int> sub_group_sizes;  // info::device::sub_group_sizes
  std::size_t compute_units = 1;
  std::size_t global_mem_bytes = std::size_t(1) << 32;
  bool is_cpu = true;  // info::device::device_type
  // Work-groups one launch may have in a dimension of an nd_range<2> (CUDA: 65535
  // in its y, which is SYCL's dimension 0); the smaller of the two, to be safe.
  std::size_t max_groups_per_dim = INT32_MAX;
  int lanes = 16;      // sub-group size of the team kernels: choose_sub_group_size(sub_group_sizes)
  int simd_doubles = 8;  // info::device::native_vector_width_double: doubles per SIMD register (CPUs)
  bool bank_layout = false;  // lay out local buffers against bank conflicts (GPUs; device.hpp)
  bool paired_reals = false;  // fused rfft/irfft move pairs of reals as one value (GPUs; device.hpp)
  bool one_buffer_columns = false;  // column groups may run in one Stockham buffer (GPUs; device.hpp)
  bool column_lines = false;  // strided lines of single-kernel lengths as column groups (line_groups.hpp)
  bool row_groups = false;    // and batches of rows, moved by sub-group transposes (CPUs; line_groups.hpp)
  bool map_columns = false;  // real/trigonometric maps along columns as passes over neighbouring lines (CPUs)
  bool lane_reversed_split = false;  // fused split maps reverse Z[L-k] across SIMD lanes (CPUs; device.hpp)
  bool fused_convolution = true;  // one-pass convolutions in one kernel (multipass_launches.hpp)
  bool one_buffer_convolution = false;  // tests: every such kernel in one Stockham buffer (convolution_params)

  bool offers_sub_group(int size) const {
    return std::find(sub_group_sizes.begin(), sub_group_sizes.end(), size) != sub_group_sizes.end();
  }
};

}  // namespace pysyclfft::plan
