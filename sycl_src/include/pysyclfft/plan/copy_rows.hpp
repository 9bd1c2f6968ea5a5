// Strided device copies of complex rows (backends/sycl/copy_kernel.hpp): the
// packing and unpacking around the MPI exchanges of pysyclfft.distributed.
#pragma once
#include <sycl/sycl.hpp>

#include <cstdint>
#include <vector>

#include "compiler.hpp"
#include "entry_points.hpp"
#include "kernel_args.hpp"

namespace pysyclfft::plan {

// `rows` rows of `width` complex elements; pitches are the distances between rows, in elements.
struct RowCopy {
  std::int64_t width, rows, src_pitch, dst_pitch;
};

// Enqueues the copy after `deps`; returns its event (a barrier when there is nothing to copy).
inline sycl::event copy_rows(sycl::queue& q, Precision p, const void* src, void* dst, const RowCopy& c,
                             const std::vector<sycl::event>& deps) {
  const std::size_t items = std::size_t(c.width * c.rows);
  if (items == 0) return event_after(q, deps);
  const DeviceKernel kernel = KernelCompiler::instance().get(q, kCopyEntryHeader, {copy_rows_kernel_name(p)})[0];
  const std::size_t group = 256;
  return q.submit([&](sycl::handler& h) {
    h.depends_on(deps);
    launch_kernel(h, kernel, elementwise_range(items, group), p, src, dst, c.width, c.rows,
                  c.src_pitch, c.dst_pitch);
  });
}

}  // namespace pysyclfft::plan
