// On-disk cache of device binaries made by the run-time compiler, so that a
// plan in a new process loads its kernels in milliseconds instead of running
// SYCL-RTC again (about 0.2 s per build even when the SYCL runtime's own
// persistent caches hit, 1-5 s cold).
//
// One entry per build in a CacheDirectory (cache_directory.hpp: atomic writes,
// checksums, corrupt entries deleted, least recently used evicted past
// `max_bytes`), its body the binaries and each kernel's symbol and binary index.
// The key text names everything that shapes the binary (binary_cache_key).
//
// A build of several kernels is found by its whole list of names only, so each of
// its kernels also gets an alias entry (store_aliases), through which a later
// process that asks for fewer names finds the build (build_of). Either entry may
// be evicted or deleted alone: that costs a compile, never a wrong kernel.
#pragma once
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cache_directory.hpp"
#include "native_binary_format.hpp"

namespace pysyclfft::plan {

// Everything that shapes the device binary of one build but its kernel names:
// the source and every include file, the device and its driver (the back-end
// compiler), and the SYCL runtime (the front-end compiler).
inline std::string binary_cache_prefix(const sycl::device& dev, const std::string& source,
                                       const std::vector<std::pair<std::string, std::string>>& include_files) {
  std::uint64_t sources = fnv1a(source);
  for (const auto& [name, text] : include_files) sources = fnv1a(text, fnv1a(name, sources));
  std::string key = "format 1\nsycl " + std::to_string(__LIBSYCL_MAJOR_VERSION) + "." +
                    std::to_string(__LIBSYCL_MINOR_VERSION) + "." + std::to_string(__LIBSYCL_PATCH_VERSION) +
                    " " + std::to_string(__SYCL_COMPILER_VERSION) + "\n";
  key += "platform " + dev.get_platform().get_info<sycl::info::platform::name>() + " " +
         dev.get_platform().get_info<sycl::info::platform::version>() + "\n";
  key += "device " + dev.get_info<sycl::info::device::name>() + "; " + dev.get_info<sycl::info::device::vendor>() +
         "; " + dev.get_info<sycl::info::device::driver_version>() + "; " +
         dev.get_info<sycl::info::device::version>() + "\n";
  key += "sources " + hex(sources) + " " + std::to_string(source.size()) + "\n";
  return key;
}

// A build's key: its prefix and its kernel names (the build's only option), in the build's order.
inline std::string binary_cache_key(const std::string& prefix, const std::vector<std::string>& names) {
  std::string key = prefix;
  for (const auto& name : names) key += "kernel " + name + "\n";
  return key;
}

class BinaryCache {
 public:
  // An empty `dir` disables the cache.
  void configure(std::string dir, std::uintmax_t max_bytes) { files_.configure(std::move(dir), max_bytes); }
  bool enabled() const { return files_.enabled(); }
  const std::string& dir() const { return files_.dir(); }

  // Whether an entry for `key` is on disk (it may still fail its checks when loaded).
  bool contains(const std::string& key) const { return files_.contains(key); }

  std::optional<NativeBinary> load(const std::string& key) const {
    const std::optional<CacheDirectory::Entry> entry = files_.load(key);
    if (!entry) return std::nullopt;
    Reader r{entry->body()};
    std::optional<NativeBinary> bin = r.entry();
    if (!bin) files_.remove(key);  // checksummed but not a whole binary: a format bug, rebuild
    return bin;
  }

  // Best effort: a cache that cannot be written (read-only home, full disk) only costs time.
  void store(const std::string& key, const NativeBinary& bin) const {
    if (!enabled()) return;
    std::string body;
    CacheDirectory::put_count(body, bin.images.size());
    for (const auto& image : bin.images) put(body, std::string(image.begin(), image.end()));
    CacheDirectory::put_count(body, bin.symbols.size());
    for (std::size_t i = 0; i < bin.symbols.size(); ++i) {
      put(body, bin.symbols[i]);
      CacheDirectory::put_count(body, bin.image_of[i]);
    }
    files_.store(key, body);
  }

  void remove(const std::string& key) const { files_.remove(key); }

  // For each of a build's `names` (if several), an entry under the key a build of
  // that name alone would have, marked as an alias; its body is the kernel lines
  // of the build's key, which prefix + body gives back. Stored after the build.
  void store_aliases(const std::string& prefix, const std::vector<std::string>& names) const {
    if (!enabled() || names.size() < 2) return;
    const std::string lines = binary_cache_key("", names);
    std::vector<std::pair<std::string, std::string>> aliases;
    for (const auto& name : names) aliases.emplace_back(alias_key(prefix, name), lines);
    files_.store_many(aliases);
  }

  // The kernel names of the build that holds `name`: the one its alias names, else
  // `name` alone. An alias whose build is no longer on disk is deleted.
  std::vector<std::string> build_of(const std::string& prefix, const std::string& name) const {
    const std::string key = alias_key(prefix, name);
    const std::optional<CacheDirectory::Entry> entry = files_.load(key);
    if (!entry) return {name};
    const std::vector<std::string> names = kernel_names(entry->body());
    if (std::find(names.begin(), names.end(), name) != names.end() && contains(binary_cache_key(prefix, names)))
      return names;
    files_.remove(key);
    return {name};
  }

 private:
  // Build keys begin with "format", so an alias never takes a build's place.
  static std::string alias_key(const std::string& prefix, const std::string& name) {
    return "alias\n" + binary_cache_key(prefix, {name});
  }

  // The names of binary_cache_key's kernel lines (none if `lines` is not only those).
  static std::vector<std::string> kernel_names(std::string_view lines) {
    constexpr std::string_view tag = "kernel ";
    std::vector<std::string> names;
    while (!lines.empty()) {
      const std::size_t end = lines.find('\n');
      if (end == std::string_view::npos || lines.substr(0, tag.size()) != tag) return {};
      names.emplace_back(lines.substr(tag.size(), end - tag.size()));
      lines.remove_prefix(end + 1);
    }
    return names;
  }

  static void put(std::string& out, const std::string& s) {
    CacheDirectory::put_count(out, s.size());
    out += s;
  }

  // Parses an entry's body; `corrupt` when it is not a whole binary.
  struct Reader {
    std::string_view data;
    std::size_t pos = 0;
    bool corrupt = false;

    bool count(std::uint64_t& v) {
      if (corrupt || data.size() - pos < sizeof v) return !(corrupt = true);
      std::memcpy(&v, data.data() + pos, sizeof v);
      pos += sizeof v;
      return true;
    }
    bool text(std::string& s) {
      std::uint64_t n = 0;
      if (!count(n) || data.size() - pos < n) return !(corrupt = true);
      s.assign(data.substr(pos, n));
      pos += n;
      return true;
    }
    std::optional<NativeBinary> entry() {
      NativeBinary bin;
      std::uint64_t images = 0, kernels = 0;
      for (count(images); !corrupt && bin.images.size() < images;) {
        std::string bytes;
        if (text(bytes)) bin.images.emplace_back(bytes.begin(), bytes.end());
      }
      for (count(kernels); !corrupt && bin.symbols.size() < kernels;) {
        text(bin.symbols.emplace_back());
        count(bin.image_of.emplace_back());
      }
      if (pos != data.size() || bin.images.empty()) corrupt = true;
      if (corrupt) return std::nullopt;
      return bin;
    }
  };

  // Byte-wise FNV-1a: the format entries have had since the cache began, so that
  // processes of older versions sharing the directory keep reading them.
  CacheDirectory files_{"pysyclfft device binary 2", ".bin", [](std::string_view d) { return fnv1a(d); }};
};

}  // namespace pysyclfft::plan
