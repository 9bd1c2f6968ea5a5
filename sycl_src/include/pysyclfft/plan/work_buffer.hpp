// Device memory an n-D plan computes through (zero-padded copies of its input,
// ping-pong buffers), and the strided copies that fill it. Copies move whole
// runs of elements contiguous on both sides with queue memcpys, so they need no
// kernel of their own and work for elements of any size (real or complex).
#pragma once
#include <sycl/sycl.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "device.hpp"
#include "events.hpp"
#include "line_layouts.hpp"

namespace pysyclfft::plan {

// out = in over `shape` (element strides of both layouts), as memcpys of runs.
inline sycl::event copy_elements(sycl::queue& q, const void* in, const ArrayLayout& from, void* out,
                                 const ArrayLayout& to, const std::vector<std::int64_t>& shape,
                                 std::size_t element_bytes, const std::vector<sycl::event>& deps) {
  if (element_count(shape) == 0 || (in == out && from.offset == to.offset && from.strides == to.strides))
    return event_after(q, deps);
  std::vector<BatchDim> dims;
  for (std::size_t d = 0; d < shape.size(); ++d) dims.push_back({shape[d], from.strides[d], to.strides[d]});
  dims = merge_batch_dims(dims);
  std::int64_t run = 1;
  if (!dims.empty() && dims[0].in == 1 && dims[0].out == 1) run = dims[0].count, dims.erase(dims.begin());
  const std::int64_t runs = element_count([&] {
    std::vector<std::int64_t> counts;
    for (const auto& d : dims) counts.push_back(d.count);
    return counts;
  }());
  const auto bytes = std::int64_t(element_bytes);
  std::vector<sycl::event> events;
  for (std::int64_t index = 0; index < runs; ++index) {
    std::int64_t rest = index, at_in = from.offset, at_out = to.offset;
    for (const auto& d : dims) {
      at_in += (rest % d.count) * d.in, at_out += (rest % d.count) * d.out;
      rest /= d.count;
    }
    events.push_back(q.memcpy(static_cast<char*>(out) + at_out * bytes, static_cast<const char*>(in) + at_in * bytes,
                              std::size_t(run) * element_bytes, deps));
  }
  return join_launched(q, events);
}

// The row-major zero-padded copy at `out` (of `padded_shape`) of the input's
// leading part: zero fill, then the part both shapes share.
inline sycl::event pad_copy(sycl::queue& q, const void* in, const ArrayLayout& from,
                            const std::vector<std::int64_t>& in_shape, void* out,
                            const std::vector<std::int64_t>& padded_shape, std::size_t element_bytes,
                            const std::vector<sycl::event>& deps) {
  sycl::event zero = q.memset(out, 0, std::size_t(element_count(padded_shape)) * element_bytes, deps);
  std::vector<std::int64_t> kept(padded_shape.size());
  for (std::size_t d = 0; d < kept.size(); ++d) kept[d] = std::min(in_shape[d], padded_shape[d]);
  return copy_elements(q, in, from, out, row_major_layout(padded_shape), kept, element_bytes, {zero});
}

// A device buffer allocated on first use; its uses are serialised (each waits
// for the previous one), as concurrent executions of a plan share it. A use may
// ask for more than the buffer holds: it grows (the smaller allocation freed once
// the previous use has ended), so a plan that sizes it by the batch it runs
// holds only what its largest batch needed.
class WorkBuffer {
 public:
  explicit WorkBuffer(std::size_t bytes = 0) : bytes_(bytes) {}
  // Bytes held, or to be allocated at the first use (read without the lock: a
  // use's work may ask, and a reader never waits for a use).
  std::size_t bytes() const { return bytes_; }

  // Runs `work(buffer, deps + the previous use's end)` and records its end.
  sycl::event use(sycl::queue& q, std::vector<sycl::event> deps,
                  const std::function<sycl::event(char*, const std::vector<sycl::event>&)>& work) const {
    return use(q, 0, std::move(deps), work);
  }
  // The same with a buffer of at least `bytes`.
  sycl::event use(sycl::queue& q, std::size_t bytes, std::vector<sycl::event> deps,
                  const std::function<sycl::event(char*, const std::vector<sycl::event>&)>& work) const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (bytes > bytes_) {
      if (last_use_) last_use_->wait();
      data_.reset();
      bytes_ = bytes;
    }
    if (!data_ && bytes_ > 0) data_ = device_buffer(q, bytes_);
    if (last_use_) deps.push_back(*last_use_);
    last_use_ = work(static_cast<char*>(data_.get()), deps);
    return *last_use_;
  }

 private:
  mutable std::atomic<std::size_t> bytes_;  // written under mutex_
  mutable std::mutex mutex_;
  mutable std::shared_ptr<void> data_;
  mutable std::optional<sycl::event> last_use_;
};

}  // namespace pysyclfft::plan
