// What the planner reads from a SYCL device.
#pragma once
#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>
#include <sycl/sycl.hpp>

#include <algorithm>
#include <atomic>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "../kernels/rounding.hpp"
#include "kernel_params.hpp"
#include "twiddles.hpp"

namespace pysyclfft::plan {

// The intel-opencl-rt wheel installs its OpenCL CPU runtime, libintelocl.so, next
// to the intel-sycl-rt wheel's libsycl.so, but registers it with a placeholder path,
// so the CPU device appears only when OCL_ICD_FILENAMES names it. The Python package
// sets it before the first device query (pysyclfft/_environment.py); C++ programs
// get the same here: a user's own OCL_ICD_FILENAMES is kept. Returns the path used
// ("" when the variable was set already or no driver lies beside libsycl).
inline std::string use_wheel_opencl_cpu_driver() {
  if (std::getenv("OCL_ICD_FILENAMES") != nullptr) return "";
  Dl_info sycl_library{};
  if (dladdr(reinterpret_cast<void*>(&sycl::platform::get_platforms), &sycl_library) == 0 ||
      sycl_library.dli_fname == nullptr)
    return "";
  std::error_code ignored;
  const auto driver = std::filesystem::path(sycl_library.dli_fname).parent_path() / "libintelocl.so";
  if (!std::filesystem::exists(driver, ignored)) return "";
  setenv("OCL_ICD_FILENAMES", driver.c_str(), /*overwrite=*/0);
  return driver.string();
}

// Runs while the program starts (before main, so before its first device query) in
// every program that includes pysyclfft's headers.
inline const std::string wheel_opencl_cpu_driver = use_wheel_opencl_cpu_driver();

inline constexpr std::size_t kMaxGpuGroupSize = 512;

// PYSYCLFFT_MAX_GROUPS_PER_DIM lowers the device's work-groups per launch
// dimension, so the splitting of large batches into launches runs (and is tested)
// on devices whose limit no test reaches.
inline std::size_t max_groups_override() {
  const char* text = std::getenv("PYSYCLFFT_MAX_GROUPS_PER_DIM");
  if (text == nullptr || *text == '\0') return SIZE_MAX;
  char* end = nullptr;
  const unsigned long long value = std::strtoull(text, &end, 10);
  if (*end != '\0' || value == 0 || text[0] == '-')
    throw std::invalid_argument(std::string("pysyclfft: PYSYCLFFT_MAX_GROUPS_PER_DIM=") + text +
                                " is not a positive integer");
  return std::size_t(value);
}

// Whether a kernel form is used: where `by_default`, unless the environment
// variable `name` says 0; = 1 uses it anywhere. gpu_form: by default on GPUs.
inline bool kernel_form(const char* name, bool by_default) {
  const char* value = std::getenv(name);
  const std::string forced = value == nullptr ? "" : value;
  return forced == "1" || (forced != "0" && by_default);
}
inline bool gpu_form(const char* name, const DeviceLimits& lim) { return kernel_form(name, !lim.is_cpu); }

// What the planner derives from a device's reported properties (is_cpu,
// max_group_size, sub_group_sizes), for a present device (device_limits) and for
// one described by its properties (the _core planner probes) alike.
inline DeviceLimits with_planner_rules(DeviceLimits lim) {
  lim.lanes = choose_sub_group_size(lim.sub_group_sizes);
  // GPU-only kernel forms. PYSYCLFFT_BANK_LAYOUT / PYSYCLFFT_PAIRED_REALS /
  // PYSYCLFFT_ONE_BUFFER_COLUMNS = 1 chooses one on any
  // device (so CPU tests run those kernels), = 0 on none (to measure it against
  // the plain form). Team kernels' local buffers are laid out against bank
  // conflicts; fused rfft/irfft team kernels move pairs of reals as one value where
  // aligned (on the CPU device single reals were faster at 1024 points); column
  // groups of passes may run in one Stockham buffer (kernel_params.hpp,
  // take_one_buffer).
  lim.bank_layout = gpu_form("PYSYCLFFT_BANK_LAYOUT", lim);
  lim.paired_reals = gpu_form("PYSYCLFFT_PAIRED_REALS", lim);
  lim.one_buffer_columns = gpu_form("PYSYCLFFT_ONE_BUFFER_COLUMNS", lim);
  // A single-kernel length's strided lines run as column groups on every device, and
  // its batches of rows on CPUs (line_groups.hpp; a GPU's sub-groups are not its
  // groups' lines); PYSYCLFFT_COLUMN_LINES=0 / PYSYCLFFT_ROW_GROUPS=0 run them on the team kernel.
  lim.column_lines = kernel_form("PYSYCLFFT_COLUMN_LINES", true);
  lim.row_groups = lim.is_cpu && kernel_form("PYSYCLFFT_ROW_GROUPS", true);
  // Real and trigonometric maps along columns as passes over neighbouring lines
  // (line_layouts.hpp, column_axis) on CPUs; PYSYCLFFT_MAP_COLUMNS=1 on any device, =0
  // on none (the fused kernel where the length has one).
  lim.map_columns = kernel_form("PYSYCLFFT_MAP_COLUMNS", lim.is_cpu);
  // The fused rfft's (DCT-I's, DST-I's, even DCT-II's) split by SIMD vectors at ascending
  // addresses, reversed across lanes by sub-group shuffles (kernels/real_maps.hpp,
  // packed_split_vector), on CPUs: rfft of 56247 x 2048 float32 186 -> 139 ms on
  // this EPYC; the H200's local memory takes descending addresses as they come,
  // and the shuffles cost its R2C 1024 5% (docs/real-transforms.md).
  // PYSYCLFFT_LANE_REVERSED_SPLIT=1 / 0: on any device / none.
  lim.lane_reversed_split = kernel_form("PYSYCLFFT_LANE_REVERSED_SPLIT", lim.is_cpu);
  // A one-pass convolution's two FFTs in one kernel (multipass_launches.hpp) on
  // every device; PYSYCLFFT_FUSED_CONVOLUTION=0 launches them apart, and
  // PYSYCLFFT_ONE_BUFFER_CONVOLUTION=1 runs every such kernel in one buffer (tests).
  lim.fused_convolution = kernel_form("PYSYCLFFT_FUSED_CONVOLUTION", true);
  lim.one_buffer_convolution = kernel_form("PYSYCLFFT_ONE_BUFFER_CONVOLUTION", false);
  // A GPU work-group shares one multiprocessor's register file: at 1024
  // work-items a 64K-register file leaves 64 per work-item, which the Rader pass
  // and fused map kernels exceed (the H100 refused their launches: "out of
  // resources"); 512 leaves 128. A CPU work-item has no such budget.
  if (!lim.is_cpu) lim.max_group_size = std::min<std::size_t>(lim.max_group_size, kMaxGpuGroupSize);
  return lim;
}

inline DeviceLimits device_limits(const sycl::device& d) {
  DeviceLimits lim;
  lim.local_mem_bytes = d.get_info<sycl::info::device::local_mem_size>();
  lim.max_group_size = d.get_info<sycl::info::device::max_work_group_size>();
  const auto sizes = d.get_info<sycl::info::device::sub_group_sizes>();
  lim.sub_group_sizes.assign(sizes.begin(), sizes.end());
  lim.compute_units = d.get_info<sycl::info::device::max_compute_units>();
  lim.simd_doubles = int(d.get_info<sycl::info::device::native_vector_width_double>());
  lim.global_mem_bytes = d.get_info<sycl::info::device::global_mem_size>();
  lim.is_cpu = d.get_info<sycl::info::device::device_type>() == sycl::info::device_type::cpu;
  try {
    const auto groups = d.get_info<sycl::ext::oneapi::experimental::info::device::max_work_groups<2>>();
    // CPU devices report up to SIZE_MAX; 2^31 - 1 keeps group x transform products in 64 bits.
    lim.max_groups_per_dim = std::min({groups[0], groups[1], std::size_t(INT32_MAX)});
  } catch (const sycl::exception&) {
    if (!lim.is_cpu) lim.max_groups_per_dim = 65535;  // CUDA's smallest grid limit
  }
  lim.max_groups_per_dim = std::min(lim.max_groups_per_dim, max_groups_override());
  return with_planner_rules(lim);
}

inline bool supports(const sycl::device& d, Precision p) { return p == Precision::f32 || d.has(sycl::aspect::fp64); }

// Whether plans on `d` may read and write host memory where it lies (numpy
// arrays, with no copies to and from device memory): a CPU device whose kernels
// reach any allocation (aspect::usm_system_allocations; the OpenCL CPU device
// has it). A GPU copies: its reach into pageable host memory, where it has any,
// is slow.
inline bool reads_host_memory(const sycl::device& d) {
  return d.is_cpu() && d.has(sycl::aspect::usm_system_allocations);
}

// A failed device allocation; a std::bad_alloc (Python sees MemoryError) that names the request.
class DeviceAllocError : public std::bad_alloc {
 public:
  explicit DeviceAllocError(std::size_t bytes)
      : what_("pysyclfft: cannot allocate " + std::to_string(bytes) +
              " bytes of device memory for a plan (tables or work buffer)") {}
  const char* what() const noexcept override { return what_.c_str(); }

 private:
  std::string what_;
};

// Plan tables alive in the process (tests check that plans give their memory back).
inline std::atomic<long>& live_device_tables() {
  static std::atomic<long> count{0};
  return count;
}

// Every device allocation plans make, counted and summed in bytes (tests check
// that memory="minimal" plans allocate their tables and no full-size scratch).
struct DeviceAllocationCounter {
  std::atomic<long> count{0};
  std::atomic<long long> bytes{0};
};
inline DeviceAllocationCounter& device_allocations() {
  static DeviceAllocationCounter counter;
  return counter;
}

// On a CPU device, device memory is the process's own: ask the kernel for huge pages
// for a large allocation, so that its first touch (a table's copy, a plan's first
// run) takes a fault per 2 MB instead of per 4 KB page. Advice only: ignored where
// transparent huge pages are off or the memory is not an anonymous mapping.
inline void advise_huge_pages(const sycl::queue& q, void* p, std::size_t bytes) {
  constexpr std::size_t kHuge = std::size_t(2) << 20;
  if (bytes < 2 * kHuge || !q.get_device().is_cpu()) return;
  const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  const auto begin = kernels::round_up(reinterpret_cast<std::uintptr_t>(p), page);
  const auto end = (reinterpret_cast<std::uintptr_t>(p) + bytes) / page * page;
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

// `bytes` of device memory on q (at least 1), counted; throws DeviceAllocError naming the size.
inline void* counted_malloc_device(const sycl::queue& q, std::size_t bytes) {
  void* p = sycl::malloc_device(std::max<std::size_t>(bytes, 1), q);
  if (!p) throw DeviceAllocError(bytes);
  advise_huge_pages(q, p, bytes);
  ++device_allocations().count;
  device_allocations().bytes += static_cast<long long>(bytes);
  return p;
}

// A host table (a byte range) copied to a new device allocation owned by the
// returned pointer; its size is added to *bytes_total (a plan's workspace) when given.
inline std::shared_ptr<void> device_copy(sycl::queue& q, std::string_view table, std::size_t* bytes_total = nullptr) {
  if (bytes_total) *bytes_total += table.size();
  void* p = counted_malloc_device(q, table.size());
  std::shared_ptr<void> owned(p, [q](void* ptr) {
    sycl::free(ptr, q);
    --live_device_tables();
  });
  ++live_device_tables();
  if (!table.empty()) q.memcpy(p, table.data(), table.size()).wait();
  return owned;
}

// The bytes of a host table of complex values or indices.
template <typename T> std::string_view bytes_of(const std::vector<T>& v) {
  return {reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T)};
}

// A host table (complex values or indices) copied to a new device allocation.
template <typename T>
std::shared_ptr<void> device_copy(sycl::queue& q, const std::vector<T>& v, std::size_t* bytes_total = nullptr) {
  return device_copy(q, bytes_of(v), bytes_total);
}

// The Stockham twiddle table of `radices` (twiddles.hpp) in precision p, on the device.
inline std::shared_ptr<void> device_stockham_twiddles(sycl::queue& q, const std::vector<int>& radices, Precision p,
                                                      std::size_t* bytes_total) {
  if (p == Precision::f32) return device_copy(q, stockham_twiddles<float>(radices), bytes_total);
  return device_copy(q, stockham_twiddles<double>(radices), bytes_total);
}

// The FFT twiddle table of a single-kernel plan's level (c2c or fused map), on the device.
inline std::shared_ptr<void> device_c2c_twiddles(sycl::queue& q, const C2CKernelParams& k, std::size_t* bytes) {
  if (k.level != Level::sub_group) return device_stockham_twiddles(q, k.radices, k.precision, bytes);
  if (k.precision == Precision::f32) return device_copy(q, subgroup_twiddles<float>(k.n, k.lanes), bytes);
  return device_copy(q, subgroup_twiddles<double>(k.n, k.lanes), bytes);
}

// A host table (`bytes`, alive while `owner` is) for a plan's kernels: the table
// where it lies when the device's kernels read host memory (reads_host_memory)
// and it is aligned for any entry (a cached table's mapped file: no copy, no
// fresh memory to fault in, nothing held twice), or a table this device built
// (bluestein_tables.hpp), else a device copy; the size of a table in device memory
// is added to *bytes_total.
inline std::shared_ptr<const void> table_view(sycl::queue& q, std::shared_ptr<const void> owner, std::string_view bytes,
                                              std::size_t* bytes_total = nullptr) {
  const bool aligned = reinterpret_cast<std::uintptr_t>(bytes.data()) % alignof(std::max_align_t) == 0;
  if (!bytes.empty() && aligned && reads_host_memory(q.get_device())) return {std::move(owner), bytes.data()};
  if (!bytes.empty() && sycl::get_pointer_type(bytes.data(), q.get_context()) == sycl::usm::alloc::device) {
    if (bytes_total) *bytes_total += bytes.size();
    return {std::move(owner), bytes.data()};
  }
  return device_copy(q, bytes, bytes_total);
}

// An uninitialised device allocation of `bytes` (at least 1) owned by the returned pointer.
inline std::shared_ptr<void> device_buffer(const sycl::queue& q, std::size_t bytes) {
  void* p = counted_malloc_device(q, bytes);
  return std::shared_ptr<void>(p, [q](void* ptr) { sycl::free(ptr, q); });
}

}  // namespace pysyclfft::plan
