// Run-time compilation of kernel templates with DPC++'s SYCL-RTC, and the
// in-process kernel cache. The on-disk cache is the SYCL runtime's persistent
// cache (SYCL_CACHE_PERSISTENT / SYCL_CACHE_DIR), keyed by source, include files,
// options, device and runtime version; the Python package enables it.
#pragma once
#include <sycl/sycl.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

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
  // `entry_header`. Missing ones are compiled together in one build.
  std::vector<sycl::kernel> get(const sycl::queue& q, const std::string& entry_header,
                                const std::vector<std::string>& names) {
    std::lock_guard lock(mutex_);
    const sycl::context ctx = q.get_context();
    const sycl::device dev = q.get_device();
    std::vector<std::string> missing;
    for (const auto& name : names)
      if (!kernels_.count(key(ctx, dev, name)) &&
          std::find(missing.begin(), missing.end(), name) == missing.end())
        missing.push_back(name);
    if (!missing.empty()) build(ctx, dev, entry_header, missing);
    std::vector<sycl::kernel> out;
    for (const auto& name : names) out.push_back(kernels_.at(key(ctx, dev, name)));
    return out;
  }

  std::size_t cached_kernels() const {
    std::lock_guard lock(mutex_);
    return kernels_.size();
  }
  std::size_t builds() const {
    std::lock_guard lock(mutex_);
    return builds_;
  }
  void clear() {
    std::lock_guard lock(mutex_);
    kernels_.clear();
  }

 private:
  using Key = std::tuple<std::size_t, std::size_t, std::string>;
  static Key key(const sycl::context& c, const sycl::device& d, const std::string& name) {
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
        std::ifstream file(entry.path());
        std::stringstream text;
        text << file.rdbuf();
        headers_.emplace_back(fs::relative(entry.path(), root).generic_string(), text.str());
      }
    }
    return headers_;
  }

  void build(const sycl::context& ctx, sycl::device dev, const std::string& entry_header,
             const std::vector<std::string>& names) {
    namespace syclex = sycl::ext::oneapi::experimental;
    if (!dev.ext_oneapi_can_build(syclex::source_language::sycl))
      throw CompileError("pysyclfft: device '" + dev.get_info<sycl::info::device::name>() +
                         "' cannot compile SYCL kernels at run time (kernel_compiler)");
    const std::string source = "#include \"" + entry_header + "\"\n";
    syclex::include_files includes;
    for (const auto& [name, text] : headers()) includes.add(name, text);
    std::string log;
    try {
      auto src = syclex::create_kernel_bundle_from_source(ctx, syclex::source_language::sycl, source,
                                                          syclex::properties{includes});
      auto exe = syclex::build(src, std::vector<sycl::device>{dev},
                               syclex::properties{syclex::registered_names{names}, syclex::save_log{&log}});
      for (const auto& name : names) kernels_.emplace(key(ctx, dev, name), exe.ext_oneapi_get_kernel(name));
      ++builds_;
    } catch (const std::exception& e) {  // sycl::exception, or bad_alloc from a corrupt cache entry
      throw CompileError(std::string("pysyclfft: kernel compilation failed: ") + e.what() + "\n" + log);
    }
  }

  mutable std::mutex mutex_;
  std::string include_dir_;
  std::vector<std::pair<std::string, std::string>> headers_;
  std::map<Key, sycl::kernel> kernels_;
  std::size_t builds_ = 0;
};

}  // namespace pysyclfft::plan
