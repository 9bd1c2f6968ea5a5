// The one event a plan returns for its work. A queue barrier cannot give it on
// in-order queues: ext_oneapi_submit_barrier there returns the queue's last
// recorded event (intel/llvm#15606), and on the OpenCL CPU device a wait on that
// returned before the plan's launches had run (test_launch_pieces).
#pragma once
#include <sycl/sycl.hpp>

#include <vector>

namespace pysyclfft::plan {

// The end of `launched`: commands the plan submitted to `q`, in this order (not
// empty). On an in-order queue the last of them ends after all the others.
inline sycl::event join_launched(sycl::queue& q, const std::vector<sycl::event>& launched) {
  return launched.size() == 1 || q.is_in_order() ? launched.back() : q.ext_oneapi_submit_barrier(launched);
}

// An event that ends after `deps`, for a plan with nothing to submit (an empty
// array, an identity copy onto itself). On an in-order queue several events are
// waited for on the host: a rare case, and one a barrier there gets wrong.
inline sycl::event event_after(sycl::queue& q, const std::vector<sycl::event>& deps) {
  if (deps.size() == 1) return deps[0];
  if (deps.empty() || !q.is_in_order()) return q.ext_oneapi_submit_barrier(deps);
  sycl::event::wait(deps);
  return deps.back();
}

}  // namespace pysyclfft::plan
