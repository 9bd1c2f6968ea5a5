// Background compilation of specialized plans: one worker thread runs queued
// jobs (each builds one plan, compiling its kernels), so a caller never waits
// for the run-time compiler while a generic plan (generic_c2c_plan.hpp) serves
// it; a PlanSwitch is where a finished plan lands for its generic stand-in to
// hand over to.
//
// The queue is bounded: a job that does not fit is refused (the plan retries
// on its next use). The worker is detached and never waited for: at process
// exit the queued jobs are dropped, and a process whose worker is still
// compiling ends at the exit handler, with its exit status, before the static
// objects of the SYCL runtime and of the compilers are destroyed under the
// compile (which aborted the process: "pure virtual function called", or
// crashed it: prepare_exit). The binary cache writes its entries by rename, so
// an exit or a kill leaves no partial entry.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

namespace pysyclfft::plan {

// When plans get their specialized kernels (set_specialization):
//  - background: at once when the kernels are in memory or in the binary cache,
//    else a generic plan serves until the worker has compiled them;
//  - wait: always at once, compiling if needed (the caller waits);
//  - generic: never (generic plans only; for tests and measurements).
// The process starts in the mode the PYSYCLFFT_SPECIALIZE environment variable
// names (background when unset).
enum class Specialization { background, wait, generic };

inline const char* specialization_name(Specialization s) {
  return s == Specialization::background ? "background" : s == Specialization::wait ? "wait" : "generic";
}

inline Specialization parse_specialization(const std::string& name) {
  for (auto s : {Specialization::background, Specialization::wait, Specialization::generic})
    if (name == specialization_name(s)) return s;
  throw std::invalid_argument("pysyclfft: specialization must be 'background', 'wait' or 'generic', got '" + name + "'");
}

inline std::atomic<Specialization>& specialization() {
  static std::atomic<Specialization> mode{[] {
    const char* name = std::getenv("PYSYCLFFT_SPECIALIZE");
    return name ? parse_specialization(name) : Specialization::background;
  }()};
  return mode;
}

// Whether n-D plans compile their lines' specialized kernels ahead, in one build
// per entry point (in the other modes their 1-D plans start generic).
inline bool compiles_ahead() { return specialization() == Specialization::wait; }

class BackgroundCompiler {
 public:
  static constexpr std::size_t kMaxQueued = 64;

  // Never destroyed: the detached worker may still run at process exit. The
  // exit handler is registered after the SYCL runtime has loaded, so it runs
  // before the runtime's static destructors.
  static BackgroundCompiler& instance() {
    static auto* compiler = [] {
      auto* created = new BackgroundCompiler;
      on_exit(end_at_exit_while_compiling, nullptr);  // glibc: the handler gets the exit status
      return created;
    }();
    return *compiler;
  }

  // A job, and what to do instead when it is dropped unrun (shutdown).
  struct Job {
    std::function<void()> run, cancel;
  };

  // Queues `job`; false when the queue is full or the process is shutting down.
  bool submit(Job job) {
    std::lock_guard lock(mutex_);
    if (stopping_ || jobs_.size() >= kMaxQueued) return false;
    jobs_.push_back(std::move(job));
    if (!started_) {
      std::thread([this] { run(); }).detach();
      started_ = true;
    }
    wake_.notify_one();
    return true;
  }

  // Blocks until every queued job has run.
  void wait_idle() {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return jobs_.empty() && !busy_; });
  }

  // Jobs queued or running.
  std::size_t pending() const {
    std::lock_guard lock(mutex_);
    return jobs_.size() + (busy_ ? 1 : 0);
  }

  // As early in the process's exit as its owner can say (Python: atexit): drops
  // the queued jobs and, while a compile runs, registers the exit handler again.
  // Exit handlers run in reverse order of registration, and a process's first
  // compiles create static objects (the OpenCL CPU compiler's pass registries)
  // whose destructors are registered after the handler that instance() set up:
  // they ran first and the compile crashed under them (segfaults in 4 of 16
  // exits 1.1-1.8 s into a first compile, docs/plantime.md).
  void prepare_exit() {
    if (shutdown()) on_exit(end_at_exit_while_compiling, nullptr);
  }

  // Process exit: drops the queued jobs and refuses new ones; returns whether a job still runs.
  bool shutdown() {
    std::deque<Job> dropped;
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
      dropped.swap(jobs_);
      idle_.notify_all();
    }
    for (const Job& job : dropped) job.cancel();
    std::lock_guard lock(mutex_);
    return busy_;
  }

 private:
  BackgroundCompiler() = default;

  // A compile still running when the runtime's statics are destroyed aborts the
  // process: end it here instead (output flushed, later exit handlers skipped),
  // at once rather than after the compile.
  static void end_at_exit_while_compiling(int status, void*) {
    if (!instance().shutdown()) return;
    std::fflush(nullptr);
    std::_Exit(status);
  }

  void run() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [this] { return !jobs_.empty(); });
      Job job = std::move(jobs_.front());
      jobs_.pop_front();
      busy_ = true;
      lock.unlock();
      job.run();  // jobs catch their own errors (PlanSwitch::fail)
      lock.lock();
      busy_ = false;
      if (jobs_.empty()) idle_.notify_all();
    }
  }

  mutable std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<Job> jobs_;
  bool started_ = false, busy_ = false, stopping_ = false;
};

// The slot a background-built plan lands in: empty until the job finishes,
// then the plan (or, when its build failed, nothing for good).
template <class Plan> class PlanSwitch {
 public:
  enum class State { unqueued, queued, ready, failed };

  std::shared_ptr<const Plan> plan() const {
    std::lock_guard lock(mutex_);
    return plan_;
  }
  State state() const {
    std::lock_guard lock(mutex_);
    return state_;
  }
  void set(std::shared_ptr<const Plan> p) { finish(std::move(p), State::ready); }
  void fail() { finish(nullptr, State::failed); }

  // Queues `build` (run by the worker, its result set here) unless it is queued
  // or done already; returns whether it is (now) queued or done.
  bool schedule(const std::shared_ptr<PlanSwitch>& self, std::function<std::shared_ptr<const Plan>()> build) {
    {
      std::lock_guard lock(mutex_);
      if (state_ != State::unqueued) return true;
      state_ = State::queued;
    }
    const std::weak_ptr<PlanSwitch> target = self;
    const auto run = [target, build = std::move(build)] {
      const auto slot = target.lock();
      if (!slot) return;  // the plan is gone: nothing to compile for
      try {
        slot->set(build());
      } catch (...) {  // a plan that cannot specialize keeps its generic kernels
        slot->fail();
      }
    };
    const auto cancel = [target] {
      if (const auto slot = target.lock()) slot->fail();
    };
    const bool queued = BackgroundCompiler::instance().submit({run, cancel});
    if (!queued) {
      std::lock_guard lock(mutex_);
      state_ = State::unqueued;
    }
    return queued;
  }

  // Blocks until the job has finished (requires it to be queued).
  void wait() const {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return state_ == State::ready || state_ == State::failed; });
  }

 private:
  void finish(std::shared_ptr<const Plan> p, State s) {
    std::lock_guard lock(mutex_);
    plan_ = std::move(p);
    state_ = s;
    done_.notify_all();
  }

  mutable std::mutex mutex_;
  mutable std::condition_variable done_;
  std::shared_ptr<const Plan> plan_;
  State state_ = State::unqueued;
};

}  // namespace pysyclfft::plan
