// A batched 1-D real transform (r2c, c2r, DCT or DST) of any length. MapLinePlan:
// the fused map kernel (mapped_plan.hpp) where the map's FFT fits one work-group,
// else the map's load and store passes (map_pass_plan.hpp) around any complex plan
// (any_c2c_plan.hpp) on a work buffer the plan owns, a chunk of transforms at a
// time; its generic form runs the generic map passes (any length, compiled once per
// device). Columns (line_layouts.hpp) take the passes whatever the length: over
// neighbouring lines, around the FFT of a buffer laid out as columns too.
// RealLinePlan: the specialized MapLinePlan, or the generic one until the background
// compiler (background_compiler.hpp) has built the specialized one. The n-D planner
// (nd_plan.hpp) runs it along the real and trigonometric axes.
//
// A transform may be computed in place (its output over its own input): the fused
// kernel reads a whole transform into local memory before it writes (two or more
// Stockham stages, or one butterfly), the unfused form goes through the buffer.
#pragma once
#include <sycl/sycl.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "any_c2c_plan.hpp"
#include "background_compiler.hpp"
#include "line_layouts.hpp"
#include "map_pass_plan.hpp"
#include "mapped_plan.hpp"
#include "work_buffer.hpp"

namespace pysyclfft::plan {

// `l` cut into layouts of at most max_count transforms each (whole inner rows where they fit).
inline std::vector<BatchLayout> split_layout(const BatchLayout& l, std::int64_t max_count) {
  if (l.count() <= max_count) return {l};
  const auto piece = [&l](std::int64_t t0, std::int64_t t1, std::int64_t count0, std::int64_t count1) {
    BatchLayout p = l;
    p.in_offset += t0 * l.in_dist0 + t1 * l.in_dist1;
    p.out_offset += t0 * l.out_dist0 + t1 * l.out_dist1;
    p.count0 = count0;
    p.count1 = count1;
    return p;
  };
  std::vector<BatchLayout> pieces;
  if (l.count0 <= max_count) {
    const std::int64_t rows = max_count / l.count0;
    for (std::int64_t t1 = 0; t1 < l.count1; t1 += rows)
      pieces.push_back(piece(0, t1, l.count0, std::min<std::int64_t>(rows, l.count1 - t1)));
  } else {
    for (std::int64_t t1 = 0; t1 < l.count1; ++t1)
      for (std::int64_t t0 = 0; t0 < l.count0; t0 += max_count)
        pieces.push_back(piece(t0, t1, std::min<std::int64_t>(max_count, l.count0 - t0), 1));
  }
  return pieces;
}

// The map's factors besides the scale: scipy's orthogonalize on the end points
// (input, output), and -1 to conjugate the complex side (c2r's input, r2c's output).
struct MapFactors {
  double edge_in = 1.0, edge_out = 1.0, imag_sign = 1.0;
};

// A map of one transform and length, and whether its lines are columns (map_columns).
struct MapJob {
  RealTransform transform;
  std::int64_t n;
  bool columns = false;
  bool operator<(const MapJob& o) const {
    return std::tie(transform, n, columns) < std::tie(o.transform, o.n, o.columns);
  }
  bool operator==(const MapJob& o) const { return transform == o.transform && n == o.n && columns == o.columns; }
};

// Tests switch this on to run the unfused form on lengths the fused kernel
// handles (Python: _core.force_unfused_maps, which also empties the plan cache).
inline std::atomic<bool>& force_unfused_maps() {
  static std::atomic<bool> on{false};
  return on;
}

class MapLinePlan {
 public:
  // Whether length n runs as one fused kernel (no work buffer).
  static bool fused(const sycl::device& dev, RealTransform t, std::int64_t n, Precision p, bool columns = false) {
    return !force_unfused_maps() && !columns && choose_mapped_params(t, n, p, device_limits(dev)).supported();
  }

  // generic: the generic map passes around a complex plan (any length, nothing to
  // compile once the generic sets are cached); else the specialized kernels, all
  // compiled now (`mode` is the complex plan's). A fused kernel whose registers
  // forbid its planned work-group (GroupTooLarge) gives way to the unfused form.
  MapLinePlan(sycl::queue q, MapJob job, Precision p, Memory memory, bool generic, Specialization mode)
      : queue_(std::move(q)) {
    const RealTransform t = job.transform;
    const std::int64_t n = job.n;
    if (!generic && fused(queue_.get_device(), t, n, p, job.columns)) {
      try {
        fused_ = std::make_unique<MappedPlan>(queue_, t, n, p);
        return;
      } catch (const GroupTooLarge&) {
      }
    }
    passes_ = std::make_unique<MapPassPlan>(queue_, t, n, p, generic);
    fft_ = shared_c2c_plan(queue_, passes_->fft_length(), p, memory, mode);
    // Its buffer and the FFT's scratch (a multi-pass FFT's one; measured with that, docs/performance-anysize.md).
    const std::int64_t chunk_elements = scratch_chunk_elements(device_limits(queue_.get_device()), p, 2);
    chunk_ = std::max<std::int64_t>(1, chunk_elements / passes_->fft_length());
  }
  MapLinePlan(const MapLinePlan&) = delete;
  MapLinePlan& operator=(const MapLinePlan&) = delete;

  // Whether its specialized kernels are in memory or in the binary cache.
  static bool available(const sycl::queue& q, MapJob job, Precision p, Memory memory) {
    auto& compiler = KernelCompiler::instance();
    const RealTransform t = job.transform;
    const std::int64_t n = job.n;
    if (fused(q.get_device(), t, n, p, job.columns))
      return compiler.available(q, kMappedEntryHeader, mapped_kernel_names(q.get_device(), {{t, n}}, p));
    const std::int64_t fft_length = map_fft_length(choose_map(t, n), n);
    return compiler.available(q, kMapPassEntryHeader, map_pass_kernel_names({{t, n}}, p)) &&
           (fft_length < 1 || SpecializedC2CPlan::available(q, fft_length, p, 0, memory));
  }

  // Kernels of many (transform, length) pairs and of the complex lengths
  // `c2c_lengths`, compiled in one build per entry point.
  // Returns the number of kernels compiled or found (pysyclfft.precompile_real's count).
  static std::size_t precompile(const sycl::queue& q, const std::vector<MapJob>& jobs, Precision p,
                                std::vector<std::int64_t> c2c_lengths, Memory memory = Memory::automatic) {
    std::vector<std::pair<RealTransform, std::int64_t>> fused_jobs, unfused_jobs;
    for (const MapJob& job : jobs) {
      if (fused(q.get_device(), job.transform, job.n, p, job.columns)) {
        fused_jobs.push_back({job.transform, job.n});
      } else {
        unfused_jobs.push_back({job.transform, job.n});
        const std::int64_t fft_length = map_fft_length(choose_map(job.transform, job.n), job.n);
        if (fft_length >= 1) c2c_lengths.push_back(fft_length);  // a 1-point DCT-I runs no FFT
      }
    }
    for (auto* list : {&fused_jobs, &unfused_jobs}) {  // a length may come as columns and as rows
      std::sort(list->begin(), list->end());
      list->erase(std::unique(list->begin(), list->end()), list->end());
    }
    const auto mapped = mapped_kernel_names(q.get_device(), fused_jobs, p);
    const auto passes = map_pass_kernel_names(unfused_jobs, p);
    if (!mapped.empty()) KernelCompiler::instance().get(q, kMappedEntryHeader, mapped);
    if (!passes.empty()) KernelCompiler::instance().get(q, kMapPassEntryHeader, passes);
    std::sort(c2c_lengths.begin(), c2c_lengths.end());
    c2c_lengths.erase(std::unique(c2c_lengths.begin(), c2c_lengths.end()), c2c_lengths.end());
    const std::size_t complex = c2c_lengths.empty() ? 0 : precompile_any_c2c(q, c2c_lengths, p, 0, memory);
    return mapped.size() + passes.size() + complex;
  }

  // The transforms of `layout` (strides in elements of the input's and the
  // output's own types), multiplied by `scale`, unnormalised otherwise.
  sycl::event execute(const void* in, void* out, const BatchLayout& layout, double scale,
                      const std::vector<sycl::event>& deps = {}, const MapFactors& f = {}) const {
    if (fused_) return fused_->execute(in, out, layout, scale, f.edge_in, f.edge_out, f.imag_sign, deps);
    const std::int64_t length = passes_->fft_length();
    const std::int64_t most = std::min<std::int64_t>(chunk_, layout.count());
    const std::size_t bytes = std::size_t(most * length) * 2 * real_size(passes_->precision());
    return buffer_.use(queue_, bytes, deps, [&](char* buffer, const std::vector<sycl::event>& ready) {
      if (layout.count() == 0) return event_after(queue_, ready);
      std::vector<sycl::event> wait = ready;
      sycl::event done;
      for (const BatchLayout& piece : split_layout(layout, chunk_)) {
        // The buffer holds the piece's transforms one after another, or columns as
        // columns: the passes then move neighbouring lines' points together.
        const bool columns = passes_->over_columns(piece);
        BatchLayout load = piece, fft = piece, store = piece;
        load.out_offset = fft.in_offset = fft.out_offset = store.in_offset = 0;
        load.out_stride = fft.in_stride = fft.out_stride = store.in_stride = columns ? piece.count0 : 1;
        load.out_dist0 = fft.in_dist0 = fft.out_dist0 = store.in_dist0 = columns ? 1 : length;
        load.out_dist1 = fft.in_dist1 = fft.out_dist1 = store.in_dist1 = length * piece.count0;
        // A pass that only moves pairs of reals lying as whole complex values gives
        // way to the FFT's own loads or stores: a sweep over the data fewer.
        const bool fft_reads_in = !columns && passes_->moves_pairs_only(false) && as_pairs(in, piece, true, fft);
        const bool fft_writes_out = !columns && passes_->moves_pairs_only(true) && as_pairs(out, piece, false, fft);
        if (!fft_reads_in)
          wait = {passes_->execute(false, in, buffer, load, scale, f.edge_in, f.edge_out, f.imag_sign, wait)};
        done = fft_->execute(fft_reads_in ? in : buffer, fft_writes_out ? out : buffer, fft, passes_->fft_forward(),
                             fft_writes_out ? scale : 1.0, wait);
        if (!fft_writes_out)
          done = passes_->execute(true, buffer, out, store, scale, f.edge_in, f.edge_out, f.imag_sign, {done});
        wait = {done};
      }
      return done;
    });
  }

  // Device memory the plan holds: tables, and the work buffer of the unfused form
  // (its FFT's once per `counted`: other maps may share it).
  std::size_t workspace_bytes(CountedPlans* counted = nullptr) const {
    if (fused_) return fused_->workspace_bytes();
    return passes_->workspace_bytes() + count_once(counted, fft_.get(), fft_->workspace_bytes()) + buffer_.bytes();
  }
  std::string describe() const {
    if (fused_) return fused_->describe();
    const auto pass = [&](bool store) {
      return std::string(store ? "store pass" : "load pass") +
             (passes_->moves_pairs_only(store) ? " (none where the reals lie as whole complex values)" : "");
    };
    return pass(false) + ", " + fft_->describe() + ", " + pass(true) + " (work buffer of up to " +
           std::to_string(chunk_) + " transform(s)" +
           (passes_->runs_columns() ? "; columns: passes over neighbouring lines, the FFT on columns)" : ")");
  }

 private:
  // Whether the reals of `data` (the input side of `piece`, or its output side)
  // lie as whole complex values (reals_as_pairs). If so, makes that side of `fft` theirs.
  bool as_pairs(const void* data, const BatchLayout& piece, bool input, BatchLayout& fft) const {
    if (!reals_as_pairs(piece, input, data, 2 * real_size(passes_->precision()))) return false;
    (input ? fft.in_offset : fft.out_offset) = (input ? piece.in_offset : piece.out_offset) / 2;
    (input ? fft.in_dist0 : fft.out_dist0) = (input ? piece.in_dist0 : piece.out_dist0) / 2;
    (input ? fft.in_dist1 : fft.out_dist1) = (input ? piece.in_dist1 : piece.out_dist1) / 2;
    return true;
  }

  mutable sycl::queue queue_;  // submit() is not const
  std::unique_ptr<MappedPlan> fused_;
  std::unique_ptr<MapPassPlan> passes_;
  std::shared_ptr<const AnyC2CPlan> fft_;  // shared with the other maps and plans of its length
  WorkBuffer buffer_;        // up to chunk_ transforms, grown to the largest batch run; serialises executions
  std::int64_t chunk_ = 1;  // transforms per use of the buffer
};

// A batched 1-D real transform (r2c or c2r) of any length, as AnyC2CPlan is for
// complex ones: its specialized plan where the kernels are at hand (or the caller
// waits for them), else the generic one at once while the worker compiles the
// specialized one, which every execution after that uses.
class RealLinePlan {
 public:
  RealLinePlan(sycl::queue q, MapJob job, Precision p, Memory memory = Memory::automatic) {
    const Specialization mode = specialization();
    const bool generic_first = memory == Memory::automatic && mode != Specialization::wait && job.n >= 1 &&
                               map_fft_length(choose_map(job.transform, job.n), job.n) >= 1;
    if (!generic_first || (mode == Specialization::background && MapLinePlan::available(q, job, p, memory))) {
      specialized_ = std::make_shared<MapLinePlan>(std::move(q), job, p, memory, false, Specialization::wait);
      return;
    }
    generic_ = std::make_unique<MapLinePlan>(q, job, p, memory, true, mode);
    if (mode != Specialization::background) return;
    switch_ = std::make_shared<PlanSwitch<MapLinePlan>>();
    build_ = [q, job, p, memory] {
      return std::make_shared<const MapLinePlan>(q, job, p, memory, false, Specialization::wait);
    };
    switch_->schedule(switch_, build_);
  }

  static bool fused(const sycl::device& dev, RealTransform t, std::int64_t n, Precision p) {
    return MapLinePlan::fused(dev, t, n, p);
  }
  static std::size_t precompile(const sycl::queue& q, const std::vector<MapJob>& jobs, Precision p,
                                std::vector<std::int64_t> c2c_lengths, Memory memory = Memory::automatic) {
    return MapLinePlan::precompile(q, jobs, p, std::move(c2c_lengths), memory);
  }

  sycl::event execute(const void* in, void* out, const BatchLayout& layout, double scale,
                      const std::vector<sycl::event>& deps = {}, const MapFactors& f = {}) const {
    if (const auto fast = specialized()) return fast->execute(in, out, layout, scale, deps, f);
    if (switch_) switch_->schedule(switch_, build_);  // again, if the queue was full
    return generic_->execute(in, out, layout, scale, deps, f);
  }

  // The generic plan's memory stays held once the switch happened (a running execution may use it).
  std::size_t workspace_bytes(CountedPlans* counted = nullptr) const {
    return (generic_ ? generic_->workspace_bytes(counted) : 0) +
           (specialized() ? specialized()->workspace_bytes(counted) : 0);
  }
  std::string describe() const {
    if (const auto fast = specialized()) return fast->describe();
    return "generic map passes: " + generic_->describe();
  }

 private:
  std::shared_ptr<const MapLinePlan> specialized() const {
    if (specialized_) return specialized_;
    return switch_ ? switch_->plan() : nullptr;
  }

  std::shared_ptr<const MapLinePlan> specialized_;  // built at once
  std::unique_ptr<MapLinePlan> generic_;
  std::shared_ptr<PlanSwitch<MapLinePlan>> switch_;  // where the background build lands
  std::function<std::shared_ptr<const MapLinePlan>()> build_;
};

// The transforms of `p` along dimension `axis` of arrays whose other
// dimensions are `shape`'s, from `in` (laid out as `from`) into `out` (as `to`).
inline std::vector<sycl::event> run_along_axis(const RealLinePlan& p, const std::vector<std::int64_t>& shape,
                                               std::int64_t axis, const void* in, const ArrayLayout& from, void* out,
                                               const ArrayLayout& to, double scale, const MapFactors& f,
                                               const std::vector<sycl::event>& deps) {
  std::vector<sycl::event> events;
  for (const BatchLayout& l : line_layouts(shape, std::size_t(axis), from, to))
    events.push_back(p.execute(in, out, l, scale, deps, f));
  return events;
}

}  // namespace pysyclfft::plan
