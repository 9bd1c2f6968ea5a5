// Run-time compilation of kernel templates with DPC++'s SYCL-RTC, and the
// kernel caches: in process (context, device, name) -> kernel, and on disk our
// cache of device binaries (binary_cache.hpp, enabled by set_binary_cache; the
// Python package enables it), which a new process loads without compiling.
// Behind it, the SYCL runtime's persistent cache (SYCL_CACHE_PERSISTENT) still
// serves backends whose binaries we cannot load ourselves, at ~0.2 s a build.
#pragma once
#include <sycl/sycl.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "binary_cache.hpp"
#include "device_kernel.hpp"
#include "jit_target.hpp"
#include "native_binary.hpp"

namespace pysyclfft::plan {

class CompileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

#ifndef PYSYCLFFT_KERNEL_INCLUDE_DIR
#define PYSYCLFFT_KERNEL_INCLUDE_DIR ""
#endif

class KernelCompiler {
 public:
  // Never destroyed: kernels must not be released after the SYCL runtime shuts down.
  static KernelCompiler& instance() {
    static KernelCompiler* compiler = new KernelCompiler;
    return *compiler;
  }

  // Directory holding pysyclfft/kernels and pysyclfft/backends (the installed include dir).
  void set_include_dir(const std::string& dir) {
    std::lock_guard lock(mutex_);
    include_dir_ = dir;
    headers_.clear();
  }
  std::string include_dir() const {
    std::lock_guard lock(mutex_);
    return include_dir_;
  }

  // Kernels for `names`, all template instantiations of entry points declared in
  // `entry_header`. Missing ones are loaded from the binary cache (a build of
  // just them, or the builds that hold them) or compiled together in one build.
  // Compiles run one at a time (build_mutex_) and never under mutex_, so kernels
  // already in memory or on disk never wait for one (a background compile,
  // background_compiler.hpp, may take seconds).
  std::vector<DeviceKernel> get(const sycl::queue& q, const std::string& entry_header,
                                const std::vector<std::string>& names) {
    const sycl::context ctx = q.get_context();
    const sycl::device dev = q.get_device();
    if (auto found = lookup(ctx, dev, names)) return *found;
    const std::string source = "#include \"" + entry_header + "\"\n";
    const std::string prefix = disk_prefix(dev, source);
    std::vector<std::string> missing = missing_names(ctx, dev, names);
    if (load_binary(ctx, dev, binary_cache_key(prefix, missing), missing) || load_each(ctx, dev, prefix, missing))
      return *lookup(ctx, dev, names);
    std::lock_guard build_lock(build_mutex_);
    missing = missing_names(ctx, dev, names);  // another thread may have built them meanwhile
    if (!missing.empty()) build(ctx, dev, source, missing);
    return *lookup(ctx, dev, names);
  }

  // Whether get() would find every kernel of `names` in memory or in the binary
  // cache, i.e. return without compiling (unless a cached entry proves corrupt).
  bool available(const sycl::queue& q, const std::string& entry_header, const std::vector<std::string>& names) {
    const sycl::context ctx = q.get_context();
    const sycl::device dev = q.get_device();
    const std::vector<std::string> missing = missing_names(ctx, dev, names);
    if (missing.empty()) return true;
    const std::string prefix = disk_prefix(dev, "#include \"" + entry_header + "\"\n");
    if (prefix.empty()) return false;
    std::lock_guard lock(mutex_);
    if (disk_.contains(binary_cache_key(prefix, missing))) return true;
    return std::all_of(missing.begin(), missing.end(), [&](const std::string& name) {
      return disk_.contains(binary_cache_key(prefix, disk_.build_of(prefix, name)));
    });
  }

  // Device binaries persist under `dir` (empty: not at all), at most `max_bytes` of them.
  void set_binary_cache(const std::string& dir, std::uintmax_t max_bytes) {
    std::lock_guard lock(mutex_);
    disk_.configure(dir, max_bytes);
  }
  std::string binary_cache_dir() const { return locked([&] { return disk_.dir(); }); }
  // Builds whose kernels this process loaded from the binary cache instead of compiling.
  std::size_t binary_cache_loads() const { return locked([&] { return binary_loads_; }); }

  std::size_t cached_kernels() const { return locked([&] { return kernels_.size(); }); }
  std::size_t builds() const { return locked([&] { return builds_; }); }
  void clear() { locked([&] { kernels_.clear(); }); }

 private:
  // f() under the compiler's lock.
  template <class F> auto locked(F f) const -> decltype(f()) {
    std::lock_guard lock(mutex_);
    return f();
  }

  using Key = std::tuple<std::size_t, std::size_t, std::string>;
  static Key key_of(const sycl::context& c, const sycl::device& d, const std::string& name) {
    return {std::hash<sycl::context>{}(c), std::hash<sycl::device>{}(d), name};
  }

  KernelCompiler() : include_dir_(PYSYCLFFT_KERNEL_INCLUDE_DIR) {}

  // Every kernel-side header, as (name relative to the include dir, content).
  const std::vector<std::pair<std::string, std::string>>& headers() {
    if (!headers_.empty()) return headers_;
    namespace fs = std::filesystem;
    const fs::path root(include_dir_);
    for (const char* sub : {"pysyclfft/kernels", "pysyclfft/backends/sycl"}) {
      if (!fs::is_directory(root / sub))
        throw CompileError("pysyclfft: kernel headers not found under '" + include_dir_ +
                           "' (set the include directory with set_kernel_include_dir)");
      for (const auto& entry : fs::directory_iterator(root / sub)) {
        if (entry.path().extension() != ".hpp") continue;
        std::ifstream file(entry.path(), std::ios::binary);
        std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
        headers_.emplace_back(fs::relative(entry.path(), root).generic_string(), std::move(text));
      }
    }
    return headers_;
  }

  // The kernels of `names` if all are in memory.
  std::optional<std::vector<DeviceKernel>> lookup(const sycl::context& ctx, const sycl::device& dev,
                                                  const std::vector<std::string>& names) const {
    std::lock_guard lock(mutex_);
    std::vector<DeviceKernel> out;
    for (const auto& name : names) {
      const auto it = kernels_.find(key_of(ctx, dev, name));
      if (it == kernels_.end()) return std::nullopt;
      out.push_back(it->second);
    }
    return out;
  }

  std::vector<std::string> missing_names(const sycl::context& ctx, const sycl::device& dev,
                                         const std::vector<std::string>& names) const {
    std::lock_guard lock(mutex_);
    std::vector<std::string> missing;
    for (const auto& name : names)
      if (!kernels_.count(key_of(ctx, dev, name)) && std::find(missing.begin(), missing.end(), name) == missing.end())
        missing.push_back(name);
    return missing;
  }

  // What the binary cache keys of builds of `source` begin with (empty when the cache is off).
  std::string disk_prefix(const sycl::device& dev, const std::string& source) {
    std::lock_guard lock(mutex_);
    return disk_.enabled() ? binary_cache_prefix(dev, source, headers()) : std::string();
  }

  // Loads the build of `names` from the binary cache; false when it is not there
  // (or the driver rejected it: then the entry is deleted and get() rebuilds it).
  bool load_binary(const sycl::context& ctx, const sycl::device& dev, const std::string& key,
                   const std::vector<std::string>& names) {
    std::optional<NativeBinary> bin;
    {
      std::lock_guard lock(mutex_);
      bin = disk_.load(key);  // nothing when the cache is off
    }
    if (!bin) return false;
    const auto kernels = kernels_from_native_binary(ctx, dev, *bin);
    std::lock_guard lock(mutex_);
    if (!kernels || kernels->size() != names.size()) {
      disk_.remove(key);
      return false;
    }
    for (std::size_t i = 0; i < names.size(); ++i) kernels_.emplace(key_of(ctx, dev, names[i]), (*kernels)[i]);
    ++binary_loads_;
    return true;
  }

  // Loads, for each of `names` not in memory, the build on disk that holds it
  // (BinaryCache::build_of: a build of more names has another key); true when
  // all of them are then in memory. Else those it loaded are left out of the compile.
  bool load_each(const sycl::context& ctx, const sycl::device& dev, const std::string& prefix,
                 const std::vector<std::string>& names) {
    if (prefix.empty()) return false;
    for (const auto& name : names) {
      if (!lookup(ctx, dev, {name})) {  // else an earlier build of this loop held it
        const std::vector<std::string> build = locked([&] { return disk_.build_of(prefix, name); });
        load_binary(ctx, dev, binary_cache_key(prefix, build), build);
      }
    }
    return missing_names(ctx, dev, names).empty();
  }

  // Compiles `names` (build_mutex_ held), then keeps them in memory and on disk.
  void build(const sycl::context& ctx, const sycl::device& dev, const std::string& source,
             const std::vector<std::string>& names) {
    const std::string prefix = disk_prefix(dev, source);
    std::vector<std::pair<std::string, std::string>> includes;
    {
      std::lock_guard lock(mutex_);
      includes = headers();
    }
    auto exe = compile(ctx, dev, source, names, includes);
    {
      std::lock_guard lock(mutex_);
      ++builds_;
      for (const auto& name : names)
        kernels_.emplace(key_of(ctx, dev, name), DeviceKernel(exe.ext_oneapi_get_kernel(name)));
    }
    // In use before they are stored: on CUDA storing compiles the PTX to SASS again (native_binary_cuda.hpp).
    const auto bin = prefix.empty() ? std::nullopt : native_binary_of(exe, dev, names);
    if (!bin) return;
    std::lock_guard lock(mutex_);
    disk_.store(binary_cache_key(prefix, names), *bin);
    disk_.store_aliases(prefix, names);
  }

  static sycl::kernel_bundle<sycl::bundle_state::executable> compile(
      const sycl::context& ctx, sycl::device dev, const std::string& source, const std::vector<std::string>& names,
      const std::vector<std::pair<std::string, std::string>>& headers) {
    namespace syclex = sycl::ext::oneapi::experimental;
    if (!dev.ext_oneapi_can_build(syclex::source_language::sycl))
      throw CompileError("pysyclfft: device '" + dev.get_info<sycl::info::device::name>() +
                         "' cannot compile SYCL kernels at run time (kernel_compiler)");
    select_jit_target(dev);  // before the runtime first reads it (jit_target.hpp)
    warm_up_builtins(ctx, dev);
    syclex::include_files includes;
    for (const auto& [name, text] : headers) includes.add(name, text);
    std::string log;
    try {
      auto src = syclex::create_kernel_bundle_from_source(ctx, syclex::source_language::sycl, source,
                                                          syclex::properties{includes});
      auto exe = syclex::build(src, std::vector<sycl::device>{dev},
                               syclex::properties{syclex::registered_names{names}, syclex::save_log{&log}});
      return exe;
    } catch (const std::exception& e) {  // sycl::exception, or bad_alloc from a corrupt cache entry
      const std::string message = std::string(e.what()) + "\n" + log;
      if (auto missing = missing_toolchain_file(dev, message)) throw *missing;
      throw CompileError("pysyclfft: kernel compilation failed: " + message);
    }
  }

  // SYCL-RTC's first NVPTX build in a process calls the SPIR-V built-ins (barriers,
  // work-item ids) as functions; every later build inlines them. A kernel's code,
  // and the binary cache's copy of it, then depended on what its process had
  // compiled before: on an H200 4096^2's column groups got 56 registers and ran at
  // ~620 GB/s in a first build, 72 and ~725 GB/s in a later one (gpu_h200_notes.md,
  // session 21). So a process builds a throw-away kernel before its first build for
  // a CUDA device, and every kernel it keeps has the inlined form.
  static void warm_up_builtins(const sycl::context& ctx, const sycl::device& dev) {
    static std::once_flag once;
    if (dev.get_backend() != sycl::backend::ext_oneapi_cuda) return;
    std::call_once(once, [&] {
      namespace syclex = sycl::ext::oneapi::experimental;
      try {
        auto source = syclex::create_kernel_bundle_from_source(ctx, syclex::source_language::sycl, kWarmUpSource);
        syclex::build(source, std::vector<sycl::device>{dev});
      } catch (const std::exception&) {  // the real build that follows reports what is wrong
      }
    });
  }
  static constexpr const char* kWarmUpSource = R"(
#include <sycl/ext/oneapi/free_function_kernel_properties.hpp>
#include <sycl/ext/oneapi/free_function_queries.hpp>
#include <sycl/group_barrier.hpp>
#include <sycl/nd_item.hpp>
extern "C" SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<1>))
void pysyclfft_warm_up(int* out) {
  const auto item = sycl::ext::oneapi::this_work_item::get_nd_item<1>();
  sycl::group_barrier(item.get_group());
  out[item.get_global_linear_id()] = int(item.get_local_linear_id());
}
)";

  mutable std::mutex mutex_;  // guards every member below
  std::mutex build_mutex_;    // held by the one compile at a time
  std::string include_dir_;
  std::vector<std::pair<std::string, std::string>> headers_;
  std::map<Key, DeviceKernel> kernels_;
  BinaryCache disk_;
  std::size_t builds_ = 0;
  std::size_t binary_loads_ = 0;
};

}  // namespace pysyclfft::plan
