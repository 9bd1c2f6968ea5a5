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
//
// Pass p of an FFT of length L = N0*...*N(P-1) (Mp = Np*...*N(P-1), M(P) = 1): with
// input index n = sum n_p*M(p+1) and output index k = k0 + N0*k1 + N0*N1*k2, pass p
// replaces digit n_p by k_p in place, then twiddles by W_Mp^(k_p * (n mod M(p+1))).
// The last pass writes natural order. Middle passes run in place on the scratch.
//
// Scratch holds `chunk` transforms of length L; execute() walks the batch in chunks,
// so the device memory a plan owns is fixed at plan time (workspace_bytes).
//
// Memory::minimal (four-step only) owns no scratch: N = N0*N1 with one factor a
// multiple of the other, pass 1 (columns) and pass 2 (rows) both in place on the
// output array, leaving the N0 x N1 matrix of X[k0 + N0*k1] at k0*N1 + k1, then an
// in-place transpose (kernels/transpose.hpp) puts it in natural order.
#pragma once
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
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
#include "bluestein_tables.hpp"
#include "compiler.hpp"
#include "device.hpp"
#include "inplace_transpose.hpp"
#include "kernel_args.hpp"
#include "kernel_params.hpp"
#include "line_layouts.hpp"
#include "pass_split.hpp"
#include "rader_tables.hpp"
#include "table_entries.hpp"
#include "text.hpp"
#include "twiddles.hpp"

namespace pysyclfft::plan {

class MultipassPlan {
 public:
  MultipassPlan(sycl::queue q, std::int64_t n, Precision p, std::int64_t max_pass = 0, Memory memory = Memory::automatic)
      : queue_(std::move(q)), n_(n), precision_(p), memory_(memory) {
    const DeviceLimits lim = device_limits(queue_.get_device());
    algorithm_ = choose_algorithm(n, p, lim, max_pass);
    if (algorithm_ == Algorithm::single_kernel)
      throw std::logic_error("pysyclfft: length " + std::to_string(n) + " needs no multi-pass plan");
    fft_len_ = fft_length(algorithm_, n);
    const std::vector<std::int64_t> lengths = planned_pass_lengths(n, p, lim, max_pass, memory);
    for (std::size_t i = 0; i < lengths.size(); ++i)
      passes_.push_back(PassShape{pass_params(lengths, i, p, lim, memory)});
    set_pass_geometry();
    chunk_ = memory == Memory::minimal ? std::int64_t(1) << 62 : std::max<std::int64_t>(1, scratch_chunk_elements(lim) / fft_len_);
    launch_transforms_ = max_launch_transforms(lim.max_groups_per_dim);
    if (p == Precision::f32) upload_tables<float>();
    else upload_tables<double>();
    if (memory == Memory::minimal) upload_cycles();
    else allocate_scratch();
    build_launches();
  }
  MultipassPlan(const MultipassPlan&) = delete;
  MultipassPlan& operator=(const MultipassPlan&) = delete;

  // Names of the kernels of a plan for `n` (for precompiling many lengths at once).
  static std::vector<std::string> kernel_names(std::int64_t n, Precision p, const DeviceLimits& lim,
                                               std::int64_t max_pass = 0, Memory memory = Memory::automatic) {
    const Algorithm a = choose_algorithm(n, p, lim, max_pass);
    if (a == Algorithm::single_kernel) return {};
    const std::vector<std::int64_t> lengths = planned_pass_lengths(n, p, lim, max_pass, memory);
    std::vector<std::string> names;
    for (const auto& l : launch_specs(a, lengths.size(), memory))
      names.push_back(l.step == Step::pass
                          ? pass_kernel_name(pass_params(lengths, l.pass, p, lim, memory), l.sign, a == Algorithm::rader)
                          : step_kernel_name(l.step, p));
    return names;
  }

  sycl::event execute(const void* in, void* out, const kernels::BatchLayout& layout, bool forward, double scale,
                      const std::vector<sycl::event>& deps = {}) const {
    std::lock_guard lock(mutex_);  // the scratch serialises executions
    std::vector<sycl::event> wait = deps;
    if (last_) wait.push_back(*last_);
    if (layout.count() == 0) return queue_.ext_oneapi_submit_barrier(wait);
    const std::vector<Launch>& launches = launches_[forward ? 0 : 1];
    sycl::event done;
    for (const kernels::BatchLayout& piece : launch_pieces(layout, launch_transforms_))
      for (std::int64_t t0 = 0; t0 < piece.count(); t0 += chunk_) {
        const std::int64_t nt = std::min<std::int64_t>(chunk_, piece.count() - t0);
        for (const Launch& l : launches) {
          if (l.spec.step == Step::permute && transpose_.cycles.cycles == 0) continue;  // square: nothing to permute
          done = submit(l, in, out, piece, t0, nt, l.spec.scaled ? scale : 1.0, wait);
          wait = {done};
        }
      }
    last_ = done;
    return done;
  }

  std::int64_t length() const { return n_; }
  const sycl::queue& queue() const { return queue_; }
  std::size_t workspace_bytes() const {
    return table_bytes_ + cycle_bytes_ + scratch_count_ * scratch_bytes_ + ends_bytes_;
  }

  std::string describe() const {
    std::string s;
    s += concat("c2c n=", n_, " ", real_name(precision_), ": ");
    if (algorithm_ == Algorithm::bluestein)
      s += concat("Bluestein, chirp convolution of length ", fft_len_, " = ", factor_string(), " by two ", passes_.size(), "-pass FFTs");
    else if (algorithm_ == Algorithm::rader)
      s += concat("Rader, generator ", primitive_root(n_), ", cyclic convolution of length ", fft_len_, " = ", factor_string(), " by two ", passes_.size(), "-pass FFTs");
    else
      s += concat("four-step, ", factor_string(), " in ", passes_.size(), " passes", (memory_ == Memory::minimal ? " in place (memory=minimal)" : ""));
    for (std::size_t i = 0; i < passes_.size(); ++i) {
      const PassShape& ps = passes_[i];
      s += concat("; pass ", i + 1, ": ", ps.k.n, "-point single work-group Stockham (radices");
      for (int r : ps.k.radices) s += concat(" ", r);
      s += concat(") over ", ps.geometry.d0_count * ps.geometry.d1_count, " lines of stride ", ps.geometry.in.si);
      if (ps.k.interleave > 1) s += concat(", ", ps.k.interleave, " lines per work-group in SIMD lanes");
      if (ps.twiddle_len) s += concat(", twiddles W_", ps.twiddle_len, " fused into its stores");
    }
    if (algorithm_ == Algorithm::bluestein)
      s += concat("; chirp fused into the first FFT's loads and the second's stores, spectrum into the first's stores");
    if (algorithm_ == Algorithm::rader)
      s += concat("; index gather fused into the first FFT's loads, spectrum into its stores, scatter and X[0] into the second's stores");
    if (memory_ == Memory::minimal) {
      s += concat("; in-place transpose ", passes_[0].k.n, " x ", passes_[1].k.n, ": ", transpose_.square.blocks, " square ", transpose_.square.n, " x ", transpose_.square.n, " block(s) by ", kTransposeTile, " x ", kTransposeTile, " tile pairs in local memory");
      if (transpose_.cycles.cycles)
        s += concat(", then ", transpose_.cycles.cycles, " cycles of ", transpose_.cycles.block_len, "-element blocks");
      s += concat("; workspace ", workspace_bytes(), " B (tables and cycles only, no scratch)");
      return s;
    }
    s += concat("; workspace ", workspace_bytes(), " B (", table_bytes_, " B tables, ", scratch_count_, " x ", scratch_bytes_, " B scratch for ", chunk_, " transform(s) per chunk");
    if (ends_bytes_) s += concat(", ", ends_bytes_, " B of Rader's end values");
    s += concat(")");
    return s;
  }

 private:
  using index_t = kernels::index_t;
  // input/output: the user's arrays (in and out layouts); scratch: the plan's.
  enum class Buffer { input, output, scratch1, scratch2 };
  enum class Step { pass, transpose, permute };

  struct PassShape {
    PassKernelParams k;
    kernels::PassGeometry geometry{};
    std::int64_t twiddle_len = 0;  // L of the fused W_L twiddles, 0 for the last pass
    // Into the table buffer:
    std::size_t stockham_offset = 0, twiddle_hi_offset = 0, twiddle_lo_offset = 0, twiddle_lane_offset = 0;
  };

  // What a launch does, independent of the plan's buffers.
  struct LaunchSpec {
    Step step;
    std::size_t pass;
    int sign, load, store;
    Buffer src, dst;
    bool scaled;
    int rader = 0;  // kernels::RaderEnds flags
  };
  struct Launch {
    LaunchSpec spec;
    DeviceKernel kernel;
  };

  static std::string step_kernel_name(Step step, Precision p) {
    return step == Step::transpose ? transpose_kernel_name(p) : permute_kernel_name(p);
  }

  // Kernel parameters of pass `pass` (see set_pass_geometry for the lines): every
  // pass but the last reads and writes columns, as many as the later passes' lengths
  // multiply to, and stores twiddled; the last pass writes columns too (lines
  // k0 = neighbouring outputs, N0 of them). Memory-minimal plans keep teams: a
  // column group's lane twiddles (N_p*16 entries) would exceed their table budget.
  static PassKernelParams pass_params(const std::vector<std::int64_t>& lengths, std::size_t pass, Precision p,
                                      const DeviceLimits& lim, Memory memory) {
    const bool last = pass + 1 == lengths.size();
    std::int64_t columns = 1;
    for (std::size_t q = pass + 1; q < lengths.size(); ++q) columns *= lengths[q];
    if (last) columns = lengths.size() > 1 ? lengths[0] : 0;
    if (memory == Memory::minimal) columns = 0;
    PassKernelParams k = choose_pass_params(lengths[pass], p, lim, columns);
    k.twiddled = !last;
    return k;
  }

  // The launches of one forward (index 0) and one backward (index 1) transform, in order.
  static std::vector<LaunchSpec> launch_specs(Algorithm a, std::size_t passes, Memory memory) {
    std::vector<LaunchSpec> out;
    for (int sign : {-1, +1}) {
      if (memory == Memory::minimal) {  // columns input -> output, rows and transposes in place
        out.push_back({Step::pass, 0, sign, kernels::kLoadPlain, kernels::kStoreTwiddle, Buffer::input, Buffer::output, false});
        out.push_back({Step::pass, 1, sign, kernels::kLoadPlain, kernels::kStorePlain, Buffer::output, Buffer::output, true});
        out.push_back({Step::transpose, 0, sign, 0, 0, Buffer::output, Buffer::output, false});
        out.push_back({Step::permute, 0, sign, 0, 0, Buffer::output, Buffer::output, false});
        continue;
      }
      // One FFT of `passes` passes from src to dst; middle passes in place on scratch1.
      // Rader's first FFT saves x[0] in its first pass and its output 0 in its last.
      auto fft = [&](int fft_sign, Buffer src, Buffer dst, int first_load, int last_store, bool scaled, bool save_ends) {
        for (std::size_t p = 0; p < passes; ++p) {
          const bool first = p == 0, last = p + 1 == passes;
          const int ends = save_ends ? (first ? kernels::kSaveX0 : 0) | (last ? kernels::kSaveSum : 0) : 0;
          out.push_back(LaunchSpec{Step::pass, p, fft_sign, first ? first_load : kernels::kLoadPlain,
                                   last ? last_store : kernels::kStoreTwiddle, first ? src : Buffer::scratch1,
                                   last ? dst : Buffer::scratch1, last && scaled, ends});
        }
      };
      if (a == Algorithm::bluestein || a == Algorithm::rader) {
        const bool rader = a == Algorithm::rader;
        fft(sign, Buffer::input, Buffer::scratch2, rader ? kernels::kLoadRader : kernels::kLoadChirp,
            kernels::kStoreSpectrum, false, rader);
        fft(-sign, Buffer::scratch2, Buffer::output, kernels::kLoadPlain,
            rader ? kernels::kStoreRader : kernels::kStoreChirp, true, false);
      } else {
        fft(sign, Buffer::input, Buffer::output, kernels::kLoadPlain, kernels::kStorePlain, true, false);
      }
    }
    return out;
  }

  // Line digits and strides of each pass (see the header comment).
  void set_pass_geometry() {
    const std::size_t P = passes_.size();
    std::vector<std::int64_t> suffix(P + 1, 1);  // suffix[p] = M_p
    for (std::size_t p = P; p-- > 0;) suffix[p] = suffix[p + 1] * passes_[p].k.n;
    for (std::size_t p = 0; p < P; ++p) {
      kernels::PassGeometry& g = passes_[p].geometry;
      const bool last = p + 1 == P;
      if (!last) {
        // Lines: d0 = n mod M(p+1) (neighbouring columns), d1 = the digits k0..k(p-1) already done.
        const std::int64_t done = fft_len_ / suffix[p];
        g.d0_count = suffix[p + 1];
        g.d1_count = done;
        g.in = g.out = kernels::LineStrides{1, suffix[p], suffix[p + 1]};
        passes_[p].twiddle_len = suffix[p];
      } else if (P == 1) {
        g.d0_count = g.d1_count = 1;
        g.in = g.out = kernels::LineStrides{0, 0, 1};
      } else {
        // Lines: d0 = k0 (neighbouring outputs), d1 = k1 when there are three passes.
        const std::int64_t n0 = passes_[0].k.n, n1 = P == 3 ? passes_[1].k.n : 1;
        g.d0_count = n0;
        g.d1_count = n1;
        g.in = kernels::LineStrides{suffix[1], P == 3 ? suffix[2] : 0, 1};
        g.out = kernels::LineStrides{1, n0, fft_len_ / passes_[p].k.n};
      }
    }
    if (memory_ == Memory::minimal) set_in_place_geometry();
  }

  // Transforms one pass launch may cover: a pass over lines (not interleaved) has
  // one work-group per per_group lines in dimension 0, which the device limits
  // (CUDA: 65535). At least one transform.
  std::int64_t max_launch_transforms(std::size_t max_groups) const {
    std::int64_t most = std::int64_t(1) << 62;
    for (const PassShape& ps : passes_) {
      if (ps.k.interleave > 1) continue;  // its groups run along dimension 1
      const std::int64_t lines = ps.geometry.d0_count * ps.geometry.d1_count;
      most = std::min(most, std::int64_t(max_groups) * ps.k.per_group / lines);
    }
    return std::max<std::int64_t>(1, most);
  }

  // Pass 2 of a memory-minimal plan: rows k0 (positions k0*N1 + [0, N1)) in place;
  // then the square blocks and block cycles of the N0 x N1 transpose.
  void set_in_place_geometry() {
    const std::int64_t n0 = passes_[0].k.n, n1 = passes_[1].k.n;  // n0 <= n1
    kernels::PassGeometry& g = passes_[1].geometry;
    g.d0_count = n0;
    g.d1_count = 1;
    g.in = g.out = kernels::LineStrides{n1, 0, 1};
    transpose_ = in_place_transpose(n0, n1);
  }

  void upload_cycles() { cycle_table_ = device_copy(queue_, transpose_.table(), &cycle_bytes_); }

  // Every table of the plan in one device allocation: per pass its Stockham
  // twiddles and the two-level W_L table (lo: W_L^j, j < 2^shift; hi: W_L^(j*2^shift)),
  // then Bluestein's chirp and spectrum, or Rader's gather and scatter indices and spectrum.
  template <typename T> void upload_tables() {
    std::vector<std::complex<T>> table;
    for (PassShape& ps : passes_) {
      ps.stockham_offset = table.size();
      const auto tw = stockham_twiddles<T>(ps.k.radices);
      table.insert(table.end(), tw.begin(), tw.end());
      if (!ps.twiddle_len) continue;
      const std::int64_t L = ps.twiddle_len;
      const TwoLevelTwiddles stage = two_level_twiddles(L);
      ps.geometry.twiddle_shift = stage.shift;
      ps.twiddle_lo_offset = table.size();
      append_rounded(table, stage.lo);
      ps.twiddle_hi_offset = table.size();
      append_rounded(table, stage.hi);
      if (ps.k.interleave > 1) {  // W_L^(k*lane) for the lanes of a column group
        std::vector<cld> values;
        for (std::int64_t k = 0; k < ps.k.n; ++k)
          for (int lane = 0; lane < ps.k.interleave; ++lane) values.push_back(root_of_unity(k * lane, L));
        ps.twiddle_lane_offset = table.size();
        append_rounded(table, values);
      }
    }
    // Bluestein's or Rader's table follows, copied to the device as it comes from
    // the table cache (tens of MB near 10^6 points: no host copy on the way).
    TableCache::Held convolution;
    if (algorithm_ == Algorithm::bluestein) {
      chirp_offset_ = table.size();
      spectrum_offset_ = chirp_offset_ + std::size_t(n_);
      convolution = bluestein_table<T>(n_, fft_len_);
    }
    if (algorithm_ == Algorithm::rader) {
      gather_offset_ = table.size();
      scatter_offset_ = gather_offset_ + packed_entries<T>(std::size_t(fft_len_));
      spectrum_offset_ = scatter_offset_ + packed_entries<T>(std::size_t(fft_len_));
      convolution = rader_table<T>(n_);
    }
    tables_ = device_copy(queue_, {bytes_of(table), convolution.bytes}, &table_bytes_);
  }

  // Rader's second scratch also holds the chunk's two end values per transform.
  void allocate_scratch() {
    scratch_bytes_ = std::size_t(chunk_ * fft_len_) * 2 * real_size(precision_);
    ends_bytes_ = algorithm_ == Algorithm::rader ? std::size_t(2 * chunk_) * 2 * real_size(precision_) : 0;
    if (passes_.size() > 1) scratch_[0] = device_buffer(queue_, scratch_bytes_), ++scratch_count_;
    if (algorithm_ == Algorithm::bluestein || algorithm_ == Algorithm::rader)
      scratch_[1] = device_buffer(queue_, scratch_bytes_ + ends_bytes_), ++scratch_count_;
  }

  void build_launches() {
    std::vector<std::string> names;
    const auto specs = launch_specs(algorithm_, passes_.size(), memory_);
    for (const auto& s : specs)
      names.push_back(s.step == Step::pass ? pass_kernel_name(passes_[s.pass].k, s.sign, algorithm_ == Algorithm::rader)
                                           : step_kernel_name(s.step, precision_));
    const std::vector<DeviceKernel> kernels = KernelCompiler::instance().get(queue_, kPassEntryHeader, names);
    const std::size_t per_direction = specs.size() / 2;
    for (std::size_t i = 0; i < specs.size(); ++i)
      launches_[i / per_direction].push_back(Launch{specs[i], kernels[i]});
  }

  const char* table_at(std::size_t offset) const {
    return static_cast<const char*>(tables_.get()) + offset * 2 * real_size(precision_);
  }

  // Where transform t of a side lies: the user's layout or the chunk in scratch.
  kernels::PassSide side(Buffer b, const kernels::BatchLayout& l, std::int64_t t0, std::int64_t nt) const {
    if (b == Buffer::input) return kernels::PassSide{l.in_offset, l.in_stride, 0, l.count0, l.in_dist0, l.in_dist1, n_};
    if (b == Buffer::output) return kernels::PassSide{l.out_offset, l.out_stride, 0, l.count0, l.out_dist0, l.out_dist1, n_};
    return kernels::PassSide{0, 1, t0, nt, fft_len_, 0, fft_len_};
  }
  const void* pointer(Buffer b, const void* in, void* out) const {
    if (b == Buffer::input) return in;
    if (b == Buffer::output) return out;
    return (b == Buffer::scratch2 ? scratch_[1] : scratch_[0]).get();
  }

  // The in-place transpose of a memory-minimal plan, on the output array.
  sycl::event submit_transpose(const Launch& l, void* out, const kernels::BatchLayout& layout, std::int64_t nt,
                               const std::vector<sycl::event>& deps) const {
    const kernels::PassSide data = side(Buffer::output, layout, 0, nt);
    return queue_.submit([&](sycl::handler& h) {
      h.depends_on(deps);
      if (l.spec.step == Step::transpose) {
        kernels::SquareBlocks sq = transpose_.square;
        sq.count = nt;
        const std::size_t group = kTransposeTile * kTransposeTile;
        launch_transpose(h, l.kernel, sycl::nd_range<1>{std::size_t(nt * sq.blocks * sq.tiles * sq.tiles) * group, group},
                         precision_, out, data, sq);
      } else {
        kernels::BlockCycles c = transpose_.cycles;
        c.count = nt;
        const auto* starts = static_cast<const index_t*>(cycle_table_.get());
        const std::size_t group = 64, items = std::size_t(nt * c.cycles * c.block_len);
        launch_permute(h, l.kernel, sycl::nd_range<1>{(items + group - 1) / group * group, group}, precision_, out, data,
                       c, starts, starts + transpose_.starts.size());
      }
    });
  }

  sycl::event submit(const Launch& l, const void* in, void* out, const kernels::BatchLayout& layout, std::int64_t t0,
                     std::int64_t nt, double scale, const std::vector<sycl::event>& deps) const {
    if (l.spec.step != Step::pass) return submit_transpose(l, out, layout, nt, deps);
    const PassShape& ps = passes_[l.spec.pass];
    kernels::PassGeometry g = ps.geometry;
    g.t_begin = t0;
    g.lines = nt * g.d0_count * g.d1_count;
    g.load = l.spec.load;
    g.store = l.spec.store;
    g.rader = l.spec.rader;
    const kernels::PassSide src = side(l.spec.src, layout, t0, nt);
    const kernels::PassSide dst = side(l.spec.dst, layout, t0, nt);
    const void* src_ptr = pointer(l.spec.src, in, out);
    void* dst_ptr = const_cast<void*>(pointer(l.spec.dst, in, out));
    const void* twiddles = table_at(ps.stockham_offset);
    const void* load_table = table_at(l.spec.load == kernels::kLoadRader ? gather_offset_ : chirp_offset_);
    const bool twiddled = l.spec.store == kernels::kStoreTwiddle;
    const std::size_t store_offset = twiddled                                     ? ps.twiddle_hi_offset
                                     : l.spec.store == kernels::kStoreSpectrum ? spectrum_offset_
                                     : l.spec.store == kernels::kStoreRader    ? scatter_offset_
                                                                               : chirp_offset_;
    const void* store_table = table_at(store_offset);
    // Rader's end values follow the chunk in scratch 2; other plans never touch them.
    void* ends = algorithm_ == Algorithm::rader ? static_cast<char*>(scratch_[1].get()) + scratch_bytes_ : tables_.get();
    const void* store_low = table_at(ps.twiddle_lo_offset);
    const void* lane_twiddles = table_at(ps.twiddle_lane_offset);
    const std::size_t groups = std::size_t((g.lines + ps.k.per_group - 1) / ps.k.per_group);
    // Dimension 1 is the SIMD direction: team members, or the lines of a column group.
    const std::size_t members = ps.k.threads, teams = ps.k.per_group;
    const sycl::nd_range<2> range = ps.k.interleave > 1
                                        ? sycl::nd_range<2>{{members, groups * teams}, {members, teams}}
                                        : sycl::nd_range<2>{{groups * teams, members}, {teams, members}};
    return queue_.submit([&](sycl::handler& h) {
      h.depends_on(deps);
      launch_pass(h, l.kernel, range, precision_,
                  {src_ptr, twiddles, load_table, store_table, store_low, lane_twiddles, dst_ptr, ends}, src, dst, g, scale);
    });
  }

  std::string factor_string() const {
    std::string s;
    for (std::size_t i = 0; i < passes_.size(); ++i) s += concat((i ? "*" : ""), passes_[i].k.n);
    return s;
  }

  mutable sycl::queue queue_;
  std::int64_t n_;
  Precision precision_;
  Memory memory_;
  Algorithm algorithm_ = Algorithm::four_step;
  std::int64_t fft_len_ = 0;  // n, Bluestein's padded length or Rader's n-1
  std::vector<PassShape> passes_;
  std::int64_t chunk_ = 1;              // transforms per scratch chunk
  std::int64_t launch_transforms_ = 1;  // transforms per piece of the batch (launch_pieces)
  std::shared_ptr<void> tables_, scratch_[2];
  std::size_t table_bytes_ = 0, scratch_bytes_ = 0, ends_bytes_ = 0;
  std::size_t chirp_offset_ = 0, spectrum_offset_ = 0, gather_offset_ = 0, scatter_offset_ = 0;
  int scratch_count_ = 0;
  InPlaceTranspose transpose_;  // memory-minimal plans
  std::shared_ptr<void> cycle_table_;
  std::size_t cycle_bytes_ = 0;
  std::vector<Launch> launches_[2];  // forward, backward
  mutable std::mutex mutex_;
  mutable std::optional<sycl::event> last_;  // the previous execution, which used the scratch
};

}  // namespace pysyclfft::plan
