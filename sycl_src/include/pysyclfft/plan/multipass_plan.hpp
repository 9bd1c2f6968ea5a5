// Batched 1-D complex transforms of lengths one work-group cannot do alone:
//  - four-step (multi-pass): N = N0*N1(*N2), each pass a single-work-group Stockham
//    FFT over strided lines of the sequence, the inter-pass twiddles fused into the
//    pass's stores (two-level tables, O(sqrt N) entries);
//  - Bluestein (chirp-z) for lengths with a prime factor above 13: two FFTs of a
//    padded fast length M (each single- or multi-pass), with the chirp multiply
//    fused into the first FFT's loads, the pointwise multiply by the chirp's
//    spectrum into its stores, and the closing chirp into the second FFT's stores;
//  - Rader for a prime p whose p-1 is a fast length (where the cost model prefers
//    it): the same two-FFT convolution pipeline at length p-1, with an index
//    gather fused into the first FFT's loads and a scatter (plus X[0]) into the
//    second FFT's stores (plan/rader_tables.hpp).
// The plan owns the device buffers and runs the launches; the passes' lines are
// in multipass_geometry.hpp, the tables in multipass_tables.hpp, the launch
// sequence in multipass_launches.hpp. Middle passes run in place on the scratch.
//
// Scratch holds `chunk` transforms of length L; execute() walks the batch in chunks,
// so the device memory a plan owns is fixed at plan time (workspace_bytes).
//
// Memory::minimal (four-step only) owns no scratch: both passes run in place on
// the output array, then an in-place transpose (kernels/transpose.hpp) puts the
// result in natural order.
#pragma once
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "../kernels/layout.hpp"
#include "../kernels/multipass.hpp"
#include "../kernels/transpose.hpp"
#include "algorithm.hpp"
#include "compiler.hpp"
#include "device.hpp"
#include "entry_points.hpp"
#include "kernel_args.hpp"
#include "kernel_params.hpp"
#include "launch_sequence.hpp"
#include "line_layouts.hpp"
#include "multipass_geometry.hpp"
#include "multipass_launches.hpp"
#include "multipass_tables.hpp"
#include "rader_lines.hpp"
#include "rader_tables.hpp"
#include "text.hpp"

namespace pysyclfft::plan {

class MultipassPlan {
 public:
  // fuse = false: a convolution's FFTs in separate launches even where one kernel
  // would serve (its registers forbade the group: GroupTooLarge, any_c2c_plan.hpp).
  MultipassPlan(sycl::queue q, std::int64_t n, Precision p, std::int64_t max_pass = 0, Memory memory = Memory::automatic,
                bool fuse = true)
      : queue_(std::move(q)), n_(n), precision_(p), memory_(memory) {
    DeviceLimits lim = device_limits(queue_.get_device());
    lim.fused_convolution = lim.fused_convolution && fuse;
    algorithm_ = choose_algorithm(n, p, lim, max_pass);
    if (algorithm_ == Algorithm::single_kernel)
      throw std::logic_error("pysyclfft: length " + std::to_string(n) + " needs no multi-pass plan");
    geometry_ = multipass_geometry(planned_pass_lengths(n, p, lim, max_pass, memory), p, lim, memory);
    fused_ = fuse_convolution(algorithm_, geometry_, lim);
    lines_.emplace(algorithm_, fused_, fft_len(), p, lim);
    const int buffers = int(uses_pass_buffer()) + int(uses_convolution_buffer());
    chunk_ = memory == Memory::minimal || fused_
                 ? std::int64_t(1) << 62  // no scratch
                 : std::max<std::int64_t>(1, scratch_chunk_elements(lim, p, buffers) / fft_len());
    tables_ = multipass_tables(queue_, geometry_, algorithm_, n, p, fused_);
    if (memory == Memory::minimal) upload_cycles();
    build_launches();
  }
  MultipassPlan(const MultipassPlan&) = delete;
  MultipassPlan& operator=(const MultipassPlan&) = delete;

  // Names of the kernels of a plan for `n` (for precompiling many lengths at once).
  static std::vector<std::string> kernel_names(std::int64_t n, Precision p, const DeviceLimits& lim,
                                               std::int64_t max_pass = 0, Memory memory = Memory::automatic) {
    const Algorithm a = choose_algorithm(n, p, lim, max_pass);
    if (a == Algorithm::single_kernel) return {};
    MultipassGeometry g = multipass_geometry(planned_pass_lengths(n, p, lim, max_pass, memory), p, lim, memory);
    const bool fused = fuse_convolution(a, g, lim);
    std::vector<std::string> names = multipass_kernel_names(multipass_launches(a, g.passes.size(), memory, fused), g, a, p);
    const RaderLines lines(a, fused, g.fft_len, p, lim);
    names.insert(names.end(), lines.kernel_names().begin(), lines.kernel_names().end());
    return names;
  }

  sycl::event execute(const void* in, void* out, const kernels::BatchLayout& layout, bool forward, double scale,
                      const std::vector<sycl::event>& deps = {}) const {
    std::lock_guard lock(mutex_);  // the scratch serialises executions
    std::vector<sycl::event> wait = deps;
    if (last_) wait.push_back(*last_);
    if (layout.count() == 0) return event_after(queue_, wait);
    if (memory_ != Memory::minimal && !fused_) grow_scratch(std::min<std::int64_t>(chunk_, layout.count()));
    const std::vector<Launch>& launches = launches_[forward ? 0 : 1];
    LaunchSequence sequence;
    const RaderLines::Share share = lines_->served(queue_, layout);
    const InnerSplit split = split_inner(layout, share.transforms);  // rest: what the line groups leave
    if (share.transforms > 0)
      lines_->add(sequence, in, out, split.first, share.pattern, forward, scale, tables_.load_table(kernels::kLoadRader),
                  tables_.store_table(kernels::kStoreSpectrum, 0), tables_.store_table(kernels::kStoreRader, 0));
    for (const kernels::BatchLayout& piece : launch_pieces(split.rest, geometry_.launch_transforms))
      for (std::int64_t t0 = 0; t0 < piece.count(); t0 += chunk_) {
        const std::int64_t nt = std::min<std::int64_t>(chunk_, piece.count() - t0);
        for (const Launch& l : launches) {
          if (l.spec.step == Step::permute && geometry_.transpose.cycles.cycles == 0) continue;  // square: nothing to permute
          add(sequence, l, in, out, piece, t0, nt, l.spec.scaled ? scale : 1.0);
        }
      }
    last_ = sequence.submit(queue_, wait);
    return *last_;
  }

  std::int64_t length() const { return n_; }
  const sycl::queue& queue() const { return queue_; }
  std::size_t workspace_bytes() const { return workspace_bytes(locked_scratch()); }

  std::string describe() const {
    return concat("c2c n=", n_, " ", real_name(precision_), ": ", algorithm_summary(), geometry_.describe(),
                  fused_tables_summary(algorithm_, fused_), lines_->describe(), workspace_summary());
  }

 private:
  using Buffer = MultipassBuffer;
  using Step = MultipassStep;
  struct Launch {
    MultipassLaunch spec;
    DeviceKernel kernel;
  };
  // The scratch buffers (one, or two for Bluestein and Rader) for `transforms` transforms.
  struct Scratch {
    std::int64_t transforms = 0;
    std::size_t buffer_bytes = 0, ends_bytes = 0;  // each buffer's chunk part; Rader's end values
    int count = 0;
    std::shared_ptr<void> buffers[2];
    std::size_t bytes() const { return count * buffer_bytes + ends_bytes; }
  };

  std::int64_t fft_len() const { return geometry_.fft_len; }

  std::string algorithm_summary() const {
    const std::string factors = geometry_.factors();
    const std::size_t passes = geometry_.passes.size();
    if (algorithm_ == Algorithm::bluestein)
      return concat("Bluestein, chirp convolution of length ", fft_len(), " = ", factors, " by two ", passes,
                    "-pass FFTs");
    if (algorithm_ == Algorithm::rader)
      return concat("Rader, generator ", primitive_root(n_), ", cyclic convolution of length ", fft_len(), " = ",
                    factors, " by two ", passes, "-pass FFTs");
    return concat("four-step, ", factors, " in ", passes, " passes",
                  (memory_ == Memory::minimal ? " in place (memory=minimal)" : ""));
  }
  std::size_t workspace_bytes(const Scratch& scratch) const {
    return tables_.bytes + cycle_bytes_ + lines_->workspace_bytes() + scratch.bytes();
  }
  std::string workspace_summary() const {
    const Scratch now = locked_scratch();  // one snapshot: an execution may grow the scratch meanwhile
    if (memory_ == Memory::minimal)
      return concat("; workspace ", workspace_bytes(now), " B (tables and cycles only, no scratch)");
    if (fused_) return concat("; workspace ", workspace_bytes(now), " B (tables only, no scratch)");
    std::string s = concat("; workspace ", workspace_bytes(now), " B (", tables_.bytes, " B tables, ", now.count, " x ",
                           now.buffer_bytes, " B scratch for ", now.transforms, " of at most ", chunk_,
                           " transform(s) per chunk");
    if (now.ends_bytes) s += concat(", ", now.ends_bytes, " B of Rader's end values");
    return s + ")";
  }

  void upload_cycles() { cycle_table_ = device_copy(queue_, geometry_.transpose.table(), &cycle_bytes_); }

  Scratch locked_scratch() const {
    std::lock_guard lock(mutex_);
    return scratch_;
  }

  // The scratch buffers: one between the passes of a multi-pass FFT, one for a convolution's second FFT.
  bool uses_pass_buffer() const { return geometry_.passes.size() > 1; }
  bool uses_convolution_buffer() const { return algorithm_ == Algorithm::bluestein || algorithm_ == Algorithm::rader; }

  // Scratch for `transforms` transforms at least (mutex_ held), grown on first
  // need rather than built at the chunk's size: a plan that runs small batches
  // then never holds the device's whole chunk, hundreds of MB on a large GPU.
  // Rader's second buffer also holds the two end values per transform.
  void grow_scratch(std::int64_t transforms) const {
    if (transforms <= scratch_.transforms) return;
    Scratch grown;
    grown.transforms = transforms;
    grown.buffer_bytes = std::size_t(transforms * fft_len()) * 2 * real_size(precision_);
    grown.ends_bytes = algorithm_ == Algorithm::rader ? std::size_t(2 * transforms) * 2 * real_size(precision_) : 0;
    if (uses_pass_buffer()) grown.buffers[0] = device_buffer(queue_, grown.buffer_bytes), ++grown.count;
    if (uses_convolution_buffer())
      grown.buffers[1] = device_buffer(queue_, grown.buffer_bytes + grown.ends_bytes), ++grown.count;
    if (last_) last_->wait();  // the previous execution may still use the old buffers
    scratch_ = std::move(grown);
  }

  void build_launches() {
    const std::vector<MultipassLaunch> specs = multipass_launches(algorithm_, geometry_.passes.size(), memory_, fused_);
    std::vector<std::string> names = multipass_kernel_names(specs, geometry_, algorithm_, precision_);
    const std::vector<std::string> row_names = lines_->kernel_names();
    names.insert(names.end(), row_names.begin(), row_names.end());
    std::vector<DeviceKernel> kernels = KernelCompiler::instance().get(queue_, kPassEntryHeader, names);
    lines_->prepare(queue_, std::vector<DeviceKernel>(kernels.end() - std::ptrdiff_t(row_names.size()), kernels.end()));
    kernels.erase(kernels.begin() + std::ptrdiff_t(specs.size()), kernels.end());
    if (fused_) {  // its registers may forbid the group (the plan then falls back: any_c2c_plan.hpp)
      const PassKernelParams& k = geometry_.passes[0].k;
      require_group_size(kernels, std::size_t(k.group_size()), queue_.get_device());
    }
    const std::size_t per_direction = specs.size() / 2;
    for (std::size_t i = 0; i < specs.size(); ++i)
      launches_[i / per_direction].push_back(Launch{specs[i], kernels[i]});
  }

  // Where transform t of a side lies: the user's layout or the chunk in scratch.
  kernels::PassSide side(Buffer b, const kernels::BatchLayout& l, std::int64_t t0, std::int64_t nt) const {
    if (b == Buffer::input) return kernels::PassSide{l.in_offset, l.in_stride, 0, l.count0, l.in_dist0, l.in_dist1, n_};
    if (b == Buffer::output) return kernels::PassSide{l.out_offset, l.out_stride, 0, l.count0, l.out_dist0, l.out_dist1, n_};
    return kernels::PassSide{0, 1, t0, nt, fft_len(), 0, fft_len()};
  }
  const void* pointer(Buffer b, const void* in, void* out) const {
    if (b == Buffer::input) return in;
    if (b == Buffer::output) return out;
    return scratch_.buffers[b == Buffer::scratch2 ? 1 : 0].get();
  }

  // The in-place transpose of a memory-minimal plan, on the output array.
  void add_transpose(LaunchSequence& sequence, const Launch& l, void* out, const kernels::BatchLayout& layout,
                     std::int64_t nt) const {
    const kernels::PassSide data = side(Buffer::output, layout, 0, nt);
    const InPlaceTranspose& transpose = geometry_.transpose;
    if (l.spec.step == Step::transpose) {
      kernels::SquareBlocks sq = transpose.square;
      sq.count = nt;
      const std::size_t group = kTransposeTile * kTransposeTile;
      launch_transpose(sequence, l.kernel,
                       sycl::nd_range<1>{std::size_t(nt * sq.blocks * sq.tiles * sq.tiles) * group, group}, precision_,
                       out, data, sq);
      return;
    }
    kernels::BlockCycles c = transpose.cycles;
    c.count = nt;
    const auto* starts = static_cast<const kernels::index_t*>(cycle_table_.get());
    const std::size_t group = 64, items = std::size_t(nt * c.cycles * c.block_len);
    launch_permute(sequence, l.kernel, elementwise_range(items, group), precision_, out, data, c, starts,
                   starts + transpose.starts.size());
  }

  // Pass `l.pass`'s lines over transforms [t0, t0 + nt), loading and storing as `l` says.
  kernels::PassGeometry launch_geometry(const MultipassLaunch& l, std::int64_t t0, std::int64_t nt) const {
    kernels::PassGeometry g = geometry_.passes[l.pass].geometry;
    g.t_begin = t0;
    g.lines = nt * g.d0_count * g.d1_count;
    g.load = l.load;
    g.store = l.store;
    g.twiddle_shift = tables_.passes[l.pass].twiddle_shift;
    g.rader = l.rader;
    return g;
  }

  // The launch's kernel for sides of these element strides: built with the plan for
  // contiguous transforms, else on first need (a CPU compiles a column group's kernel
  // for one access pattern, kernel_params.hpp pass_access).
  DeviceKernel pass_kernel(const Launch& l, std::int64_t in_stride, std::int64_t out_stride) const {
    const MultipassPass& ps = geometry_.passes[l.spec.pass];
    if (ps.access(in_stride, out_stride) == ps.unit_access) return l.kernel;
    const std::string name = pass_launch_kernel_name(l.spec, geometry_, algorithm_, in_stride, out_stride);
    return KernelCompiler::instance().get(queue_, kPassEntryHeader, {name})[0];
  }

  void add(LaunchSequence& sequence, const Launch& l, const void* in, void* out, const kernels::BatchLayout& layout,
           std::int64_t t0, std::int64_t nt, double scale) const {
    if (l.spec.step == Step::transpose || l.spec.step == Step::permute) return add_transpose(sequence, l, out, layout, nt);
    const kernels::PassGeometry g = launch_geometry(l.spec, t0, nt);
    const kernels::PassSide src = side(l.spec.src, layout, t0, nt);
    const kernels::PassSide dst = side(l.spec.dst, layout, t0, nt);
    const PassTables& at = tables_.passes[l.spec.pass];
    const DeviceKernel kernel = pass_kernel(l, src.stride, dst.stride);
    // Rader's end values follow the chunk in scratch 2; other plans never touch them.
    void* ends = algorithm_ == Algorithm::rader && !fused_ ? static_cast<char*>(scratch_.buffers[1].get()) + scratch_.buffer_bytes
                                                : tables_.memory.get();
    const PassArgs args{pointer(l.spec.src, in, out),  tables_.at(at.stockham),
                        tables_.load_table(g.load),    tables_.store_table(g.store, l.spec.pass),
                        tables_.at(at.twiddle_lo),     tables_.at(at.twiddle_lanes),
                        const_cast<void*>(pointer(l.spec.dst, in, out)), ends};
    const sycl::nd_range<2> range = pass_range(geometry_.passes[l.spec.pass].k, g.lines);
    if (l.spec.step == Step::convolve)
      launch_convolution(sequence, kernel, range, precision_, convolution_args(args),
                         tables_.store_table(kernels::kStoreSpectrum, 0), src, dst, g, scale);
    else
      launch_pass(sequence, kernel, range, precision_, args, src, dst, g, scale);
  }

  // A convolution kernel's tables: Rader's read its logarithms on both sides.
  PassArgs convolution_args(PassArgs args) const {
    if (algorithm_ == Algorithm::rader) args.load_table = args.store_table = tables_.at(tables_.rader_logs);
    return args;
  }

  mutable sycl::queue queue_;
  std::int64_t n_;
  Precision precision_;
  Memory memory_;
  Algorithm algorithm_ = Algorithm::four_step;
  bool fused_ = false;  // the convolution's FFTs in one kernel (fuse_convolution)
  std::optional<RaderLines> lines_;  // a CPU's batches of rows and columns, where fused
  MultipassGeometry geometry_;  // its fft_len: n, Bluestein's padded length or Rader's n-1
  MultipassTables tables_;
  std::int64_t chunk_ = 1;  // transforms per scratch chunk
  mutable Scratch scratch_;  // guarded by mutex_
  std::shared_ptr<void> cycle_table_;  // memory-minimal plans: the transpose's cycles
  std::size_t cycle_bytes_ = 0;
  std::vector<Launch> launches_[2];  // forward, backward
  mutable std::mutex mutex_;
  mutable std::optional<sycl::event> last_;  // the previous execution, which used the scratch
};

}  // namespace pysyclfft::plan
