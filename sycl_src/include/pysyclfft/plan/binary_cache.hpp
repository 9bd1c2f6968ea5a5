// On-disk cache of device binaries made by the run-time compiler, so that a
// plan in a new process loads its kernels in milliseconds instead of running
// SYCL-RTC again (about 0.2 s per build even when the SYCL runtime's own
// persistent caches hit, 1-5 s cold).
//
// One entry per build, the file <dir>/<hash of key>.bin holding: a magic line,
// the key text, the binaries, each kernel's symbol and binary index, and an
// FNV-1a checksum of all that (counts and lengths as 8-byte little-endian). The key text names everything that shapes the binary (binary_cache_key)
// and is compared on read, so a hash collision is a miss, never a wrong kernel.
// Entries are written to a temporary file and renamed into place, so a reader
// never sees half an entry; an entry that fails its checks is deleted (and the
// caller rebuilds it). Past `max_bytes` the least recently used entries (file
// modification time, refreshed on every hit) are deleted.
#pragma once
#include <sycl/sycl.hpp>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "native_binary.hpp"

namespace pysyclfft::plan {

inline std::uint64_t fnv1a(const std::string& text, std::uint64_t h = 14695981039346656037ull) {
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  return h;
}

inline std::string hex(std::uint64_t v) {
  static const char* digits = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) s[i] = digits[v & 15];
  return s;
}

// Everything that shapes the device binary of one build: the source and every
// include file, the kernel names (the build's only option), the device and its
// driver (the back-end compiler), and the SYCL runtime (the front-end compiler).
inline std::string binary_cache_key(const sycl::device& dev, const std::string& source,
                                    const std::vector<std::pair<std::string, std::string>>& include_files,
                                    const std::vector<std::string>& names) {
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
  for (const auto& name : names) key += "kernel " + name + "\n";
  return key;
}

class BinaryCache {
 public:
  // An empty `dir` disables the cache.
  void configure(std::string dir, std::uintmax_t max_bytes) {
    dir_ = std::move(dir);
    max_bytes_ = max_bytes;
  }
  bool enabled() const { return !dir_.empty(); }
  const std::string& dir() const { return dir_; }

  // Whether an entry for `key` is on disk (it may still fail its checks when loaded).
  bool contains(const std::string& key) const {
    std::error_code ec;
    return enabled() && std::filesystem::exists(entry_path(key), ec);
  }

  std::optional<NativeBinary> load(const std::string& key) const {
    if (!enabled()) return std::nullopt;
    std::error_code ec;
    const auto path = entry_path(key);
    std::string data;
    {
      std::ifstream file(path, std::ios::binary);
      if (!file) return std::nullopt;
      data.assign(std::istreambuf_iterator<char>(file), {});
    }
    Reader r{data};
    std::optional<NativeBinary> bin = r.entry(key);
    if (r.corrupt) {
      std::filesystem::remove(path, ec);
      return std::nullopt;
    }
    if (bin) std::filesystem::last_write_time(path, std::filesystem::file_time_type::clock::now(), ec);
    return bin;
  }

  // Best effort: a cache that cannot be written (read-only home, full disk) only costs time.
  void store(const std::string& key, const NativeBinary& bin) const {
    if (!enabled()) return;
    std::string data = std::string(kMagic) + "\n";
    put(data, key);
    put_count(data, bin.images.size());
    for (const auto& image : bin.images) put(data, std::string(image.begin(), image.end()));
    put_count(data, bin.symbols.size());
    for (std::size_t i = 0; i < bin.symbols.size(); ++i) {
      put(data, bin.symbols[i]);
      put_count(data, bin.image_of[i]);
    }
    put_count(data, fnv1a(data));
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(dir_, ec);
    static std::atomic<unsigned> counter{0};
    const fs::path final_path = entry_path(key);
    const fs::path tmp = final_path.string() + "." + std::to_string(getpid()) + "." + std::to_string(counter++) + ".tmp";
    {
      std::ofstream file(tmp, std::ios::binary | std::ios::trunc);
      file.write(data.data(), static_cast<std::streamsize>(data.size()));
      if (!file.flush()) {
        file.close();
        fs::remove(tmp, ec);
        return;
      }
    }
    fs::rename(tmp, final_path, ec);
    if (ec) fs::remove(tmp, ec);
    evict();
  }

  void remove(const std::string& key) const {
    std::error_code ec;
    if (enabled()) std::filesystem::remove(entry_path(key), ec);
  }

 private:
  static constexpr const char* kMagic = "pysyclfft device binary 2";

  std::filesystem::path entry_path(const std::string& key) const {
    return std::filesystem::path(dir_) / (hex(fnv1a(key)) + ".bin");
  }

  static void put_count(std::string& out, std::uint64_t v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); }
  static void put(std::string& out, const std::string& s) {
    put_count(out, s.size());
    out += s;
  }

  // Parses an entry; `corrupt` when the file is not a whole entry of this format.
  struct Reader {
    const std::string& data;
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
      s.assign(data, pos, n);
      pos += n;
      return true;
    }
    std::optional<NativeBinary> entry(const std::string& key) {
      const std::string magic = std::string(kMagic) + "\n";
      if (data.size() < magic.size() + sizeof(std::uint64_t) || data.compare(0, magic.size(), magic) != 0 ||
          !checksum_matches()) {
        corrupt = true;
        return std::nullopt;
      }
      pos = magic.size();
      std::string stored_key;
      if (!text(stored_key) || stored_key != key) return std::nullopt;  // a different key: a miss
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
      if (pos != data.size() - sizeof(std::uint64_t) || bin.images.empty()) corrupt = true;
      if (corrupt) return std::nullopt;
      return bin;
    }
    bool checksum_matches() const {
      const std::size_t body = data.size() - sizeof(std::uint64_t);
      std::uint64_t stored = 0;
      std::memcpy(&stored, data.data() + body, sizeof stored);
      return fnv1a(data.substr(0, body)) == stored;
    }
  };

  // Deletes the least recently used entries while the cache holds more than
  // max_bytes_, and temporary files left by processes that died while writing.
  void evict() const try {
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto stale = fs::file_time_type::clock::now() - std::chrono::hours(1);
    std::vector<std::pair<fs::file_time_type, fs::path>> entries;
    std::uintmax_t total = 0;
    for (const auto& e : fs::directory_iterator(dir_, ec)) {
      if (e.path().extension() == ".tmp" && e.last_write_time(ec) < stale) fs::remove(e.path(), ec);
      if (e.path().extension() != ".bin") continue;
      total += e.file_size(ec);
      entries.emplace_back(e.last_write_time(ec), e.path());
    }
    std::sort(entries.begin(), entries.end());
    for (const auto& [when, path] : entries) {
      if (total <= max_bytes_) break;
      const auto size = fs::file_size(path, ec);
      if (fs::remove(path, ec)) total -= size;
    }
  } catch (const std::exception&) {  // another process changed the directory under us: evict next time
  }

  std::string dir_;
  std::uintmax_t max_bytes_ = 0;
};

}  // namespace pysyclfft::plan
