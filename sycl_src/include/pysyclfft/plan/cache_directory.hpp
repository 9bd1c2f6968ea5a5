// A directory of on-disk cache entries, one file per key, shared by the cache of
// device binaries (binary_cache.hpp) and of host-computed tables (table_cache.hpp).
//
// The file <dir>/<hash of key><extension> holds: a magic line, the key text, zeros
// up to the body's alignment (its offset in the file), the caller's body, and a
// checksum of all that (lengths and the checksum as 8-byte little-endian). The key text is compared on read, so a hash collision is a
// miss, never a wrong entry. Entries are written to a temporary file and renamed
// into place, so a reader never sees half an entry (a process killed while
// writing leaves only a temporary file, deleted after an hour); an entry that
// fails its checks is deleted (and the caller rebuilds it). Past `max_bytes` the
// least recently used entries (file modification time, refreshed on every hit)
// are deleted.
#pragma once
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../kernels/rounding.hpp"

namespace pysyclfft::plan {

inline std::uint64_t fnv1a(std::string_view text, std::uint64_t h = 14695981039346656037ull) {
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  return h;
}

// A checksum of large entries at memory speed: Fletcher's two running sums
// (the second sums the first, so the order of words counts) over 8-byte words in
// eight independent lanes, which compilers vectorise; then FNV-1a mixes the lanes.
// Byte-wise FNV-1a, one dependent multiply per byte, reads ~0.3 GB/s: 150 ms for
// a 50 MB table. (Good against truncated, zeroed or flipped data, not against an
// adversary, like the cache's other checks.)
inline std::uint64_t wide_checksum(std::string_view data) {
  constexpr int kLanes = 8;
  std::uint64_t sum[kLanes] = {}, sum_of_sums[kLanes] = {};
  const std::size_t words = data.size() / 8 / kLanes * kLanes;
  for (std::size_t i = 0; i < words; i += kLanes) {
    std::uint64_t w[kLanes];
    std::memcpy(w, data.data() + 8 * i, sizeof w);
    for (int l = 0; l < kLanes; ++l) {
      sum[l] += w[l];
      sum_of_sums[l] += sum[l];
    }
  }
  std::uint64_t h = fnv1a(data.substr(8 * words));
  for (int l = 0; l < kLanes; ++l) {
    h = (h ^ sum[l]) * 1099511628211ull;
    h = (h ^ sum_of_sums[l]) * 1099511628211ull;
  }
  return h;
}

inline std::string hex(std::uint64_t v) {
  static const char* digits = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) s[i] = digits[v & 15];
  return s;
}

// A whole file mapped read-only.
class MappedFile {
 public:
  // Nothing when the file is missing, empty or cannot be mapped.
  static std::shared_ptr<const MappedFile> open(const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return nullptr;
    struct stat st {};
    void* at = MAP_FAILED;
    if (fstat(fd, &st) == 0 && st.st_size > 0)
      at = mmap(nullptr, std::size_t(st.st_size), PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    ::close(fd);
    if (at == MAP_FAILED) return nullptr;
    return std::shared_ptr<const MappedFile>(new MappedFile(static_cast<const char*>(at), std::size_t(st.st_size)));
  }
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile() { munmap(const_cast<char*>(data_), size_); }
  std::string_view bytes() const { return {data_, size_}; }

 private:
  MappedFile(const char* data, std::size_t size) : data_(data), size_(size) {}
  const char* data_;
  std::size_t size_;
};

class CacheDirectory {
 public:
  using Checksum = std::uint64_t (*)(std::string_view);

  // `magic` names the entry format, `extension` (with its dot) the entry files;
  // bodies start at a multiple of `body_alignment` bytes into the file (so into
  // its page-aligned mapping).
  CacheDirectory(std::string magic, std::string extension, Checksum checksum, std::size_t body_alignment = 1)
      : magic_(std::move(magic) + "\n"), extension_(std::move(extension)), checksum_(checksum),
        body_alignment_(body_alignment) {}

  // An empty `dir` disables the cache.
  void configure(std::string dir, std::uintmax_t max_bytes) {
    dir_ = std::move(dir);
    max_bytes_ = max_bytes;
  }
  bool enabled() const { return !dir_.empty(); }
  const std::string& dir() const { return dir_; }

  // A file read back; the body (the caller's bytes) lies within it, not copied out
  // (table entries are tens of MB). The file is mapped, not read: the page cache's
  // pages are used as they are, with no copy and no fresh memory to fault in.
  // Writers replace entries by renaming, never rewrite them in place, so a
  // mapping stays whole while other processes update the cache.
  struct Entry {
    std::shared_ptr<const MappedFile> file;
    std::size_t body_begin = 0, body_size = 0;
    std::string_view body() const { return file->bytes().substr(body_begin, body_size); }
  };

  // The entry stored under `key`, or nothing (a miss, the cache off, or a bad entry, then deleted).
  std::optional<Entry> load(const std::string& key) const {
    if (!enabled()) return std::nullopt;
    const auto path = entry_path(key);
    Entry entry{MappedFile::open(path)};
    if (!entry.file) return std::nullopt;
    const Check check = parse(key, entry);
    std::error_code ec;
    if (check == Check::corrupt) std::filesystem::remove(path, ec);
    if (check != Check::hit) return std::nullopt;
    std::filesystem::last_write_time(path, std::filesystem::file_time_type::clock::now(), ec);
    return entry;
  }

  // Best effort: a cache that cannot be written (read-only home, full disk) only costs time.
  void store(const std::string& key, std::string_view body) const {
    if (!enabled()) return;
    write(key, body);
    evict();
  }

  // Several small entries, with one eviction scan of the directory for all of them.
  void store_many(const std::vector<std::pair<std::string, std::string>>& entries) const {
    if (!enabled()) return;
    for (const auto& [key, body] : entries) write(key, body);
    evict();
  }

  void remove(const std::string& key) const {
    std::error_code ec;
    if (enabled()) std::filesystem::remove(entry_path(key), ec);
  }

  // Whether an entry for `key` is on disk (it may still fail its checks when loaded).
  bool contains(const std::string& key) const {
    std::error_code ec;
    return enabled() && std::filesystem::exists(entry_path(key), ec);
  }

  static void put_count(std::string& out, std::uint64_t v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); }

 private:
  enum class Check { hit, miss, corrupt };

  // Writes the entry to a temporary file and renames it into place.
  void write(const std::string& key, std::string_view body) const {
    std::string data = magic_;
    put_count(data, key.size());
    data += key;
    data.resize(body_offset(data.size()), '\0');
    data += body;
    put_count(data, checksum_(data));
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
  }

  // Where the body starts after a head of `head_bytes`.
  std::size_t body_offset(std::size_t head_bytes) const {
    return kernels::round_up(head_bytes, body_alignment_);
  }

  std::filesystem::path entry_path(const std::string& key) const {
    return std::filesystem::path(dir_) / (hex(fnv1a(key)) + extension_);
  }

  // Whether `entry` is a whole entry of this format, and then for `key` (setting its body).
  Check parse(const std::string& key, Entry& entry) const {
    const std::string_view data = entry.file->bytes();
    const std::size_t head = magic_.size() + sizeof(std::uint64_t), tail = sizeof(std::uint64_t);
    if (data.size() < head + tail || data.substr(0, magic_.size()) != magic_) return Check::corrupt;
    const std::string_view checked = data.substr(0, data.size() - tail);
    std::uint64_t stored_sum = 0, key_size = 0;
    std::memcpy(&stored_sum, data.data() + checked.size(), tail);
    if (checksum_(checked) != stored_sum) return Check::corrupt;
    std::memcpy(&key_size, data.data() + magic_.size(), sizeof key_size);
    if (key_size > checked.size() - head) return Check::corrupt;
    if (checked.substr(head, key_size) != key) return Check::miss;  // another key with the same hash
    entry.body_begin = body_offset(head + key_size);
    if (entry.body_begin > checked.size()) return Check::corrupt;
    entry.body_size = checked.size() - entry.body_begin;
    return Check::hit;
  }

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
      if (e.path().extension() != extension_) continue;
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

  std::string magic_, extension_;
  Checksum checksum_;
  std::size_t body_alignment_;
  std::string dir_;
  std::uintmax_t max_bytes_ = 0;
};

}  // namespace pysyclfft::plan
