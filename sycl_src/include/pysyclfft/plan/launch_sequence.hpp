// The kernel launches of one execution, submitted together. Where every kernel
// is a CUDA function from our binary cache (device_kernel.hpp), one native
// command launches them all, in order, on the queue's stream: on the H100 a
// two-pass execution cost 18 us of host time as two commands and 10 us as one,
// and ~25 us per command in the benchmark's profiling queue (docs/cuda.md, "one
// command"), so a plan of many launches (a multi-pass plan's passes over its
// chunks, a generic plan's stages) pays the command once. Otherwise each
// launch is its own command group after the one before.
#pragma once
#include <sycl/sycl.hpp>

#include <functional>
#include <tuple>
#include <utility>
#include <vector>

#include "device_kernel.hpp"
#include "events.hpp"

namespace pysyclfft::plan {

class LaunchSequence {
 public:
  template <int D, typename... A>
  void add(const DeviceKernel& k, const sycl::nd_range<D>& range, const std::tuple<A...>& args) {
    Step step{[k, range, args](sycl::handler& h) { k.launch(h, range, args); }, k.native_launch(range, args)};
    all_native_ = all_native_ && bool(step.native);
    steps_.push_back(std::move(step));
  }

  // Enqueues the launches after `deps`; the event of the last (or `deps`' end, if none).
  sycl::event submit(sycl::queue& q, const std::vector<sycl::event>& deps) const {
    if (steps_.empty()) return event_after(q, deps);
    if (all_native_ && steps_.size() > 1)
      return q.submit([&](sycl::handler& h) {
        h.depends_on(deps);
        std::vector<NativeLaunch> launches;
        for (const Step& s : steps_) launches.push_back(s.native);
        h.ext_codeplay_enqueue_native_command([launches = std::move(launches)](sycl::interop_handle ih) {
          void* stream = ih.get_native_queue<sycl::backend::ext_oneapi_cuda>();
          for (const NativeLaunch& launch : launches) launch(stream);
        });
      });
    std::vector<sycl::event> wait = deps;
    sycl::event done;
    for (const Step& s : steps_) {
      done = q.submit([&](sycl::handler& h) {
        h.depends_on(wait);
        s.group(h);
      });
      wait = {done};
    }
    return done;
  }

 private:
  using NativeLaunch = std::function<void(void* stream)>;
  struct Step {
    std::function<void(sycl::handler&)> group;  // the launch as a command group's work
    NativeLaunch native;                         // empty unless the kernel is a CUDA function
  };
  std::vector<Step> steps_;
  bool all_native_ = true;
};

}  // namespace pysyclfft::plan
