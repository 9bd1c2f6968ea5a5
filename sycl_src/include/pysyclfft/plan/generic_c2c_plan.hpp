// A batched 1-D complex transform of any length on the generic kernel set
// (kernels/generic_stockham.hpp): compiled once per device and precision, so a
// plan of a new length costs only its tables (milliseconds). Each radix stage is
// one launch over global memory, ping-ponging between two scratch buffers; it is
// slower than the specialized plans (any_c2c_plan.hpp), which replace it once
// their kernels are compiled (background_compiler.hpp).
//  - lengths whose prime factors are at most 13: one FFT of length n;
//  - others: Bluestein, two FFTs of the padded length M (pass_split.hpp) with the
//    chirp multiplied into the first FFT's loads, the spectrum into its stores
//    and the chirp into the second FFT's stores (bluestein_tables.hpp).
// Every stage computes the forward DFT: a backward FFT conjugates its input and
// output (GenericOps), so the tables hold forward-direction values.
#pragma once
#include <sycl/sycl.hpp>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <iterator>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "../kernels/generic_stockham.hpp"
#include "../kernels/layout.hpp"
#include "algorithm.hpp"
#include "background_compiler.hpp"
#include "bluestein_tables.hpp"
#include "compiler.hpp"
#include "device.hpp"
#include "entry_points.hpp"
#include "factorize.hpp"
#include "generic_sets.hpp"
#include "kernel_args.hpp"
#include "launch_sequence.hpp"
#include "table_entries.hpp"
#include "text.hpp"
#include "twiddles.hpp"
#include "work_buffer.hpp"

namespace pysyclfft::plan {

// The generic kernel set of one precision, compiled (or loaded) on first use.
inline std::vector<DeviceKernel> generic_kernels(const sycl::queue& q, Precision p) {
  return generic_set(q, kGenericEntryHeader, generic_kernel_names(p), concat(real_name(p), " generic kernel set"));
}

// The radices of a generic FFT of length len (prime factors at most 13): radix
// 16 for powers of two, 9 for pairs of threes (fewer stages: each is a sweep
// over memory); at least two stages, so that the first reads the input and the
// last writes the output and no stage runs in place (radix 1 copies).
inline std::vector<int> generic_radices(std::int64_t len) {
  std::vector<int> radices = len == 1 ? std::vector<int>{1} : stockham_radices(len, 16);
  if (radices.size() == 1) radices.push_back(1);
  return radices;
}

// What q's device computes of the tables of precision p for `length` points
// (convolution spectra, float tables of roots) where it serves (defined below the
// plan that computes the spectra).
inline DeviceTables device_tables(const sycl::queue& q, Precision p, std::int64_t length);

class GenericC2CPlan {
 public:
  GenericC2CPlan(sycl::queue q, std::int64_t n, Precision p)
      : queue_(std::move(q)), n_(n), precision_(p), bluestein_(stockham_radices(n).empty() && n > 1),
        fft_len_(bluestein_ ? bluestein_length(n) : n), radices_(generic_radices(fft_len_)),
        group_(elementwise_group_size(device_limits(queue_.get_device()))) {
    const std::vector<DeviceKernel> set = generic_kernels(queue_, p);
    for (int r : radices_) kernels_.push_back(set[radix_index(r)]);
    if (p == Precision::f32) upload_tables<float>();
    else upload_tables<double>();
    const std::int64_t chunk_elements = scratch_chunk_elements(device_limits(queue_.get_device()), precision_, 2);
    chunk_ = std::max<std::int64_t>(1, chunk_elements / fft_len_);  // two buffers: ping-pong
  }
  GenericC2CPlan(const GenericC2CPlan&) = delete;
  GenericC2CPlan& operator=(const GenericC2CPlan&) = delete;

  sycl::event execute(const void* in, void* out, const kernels::BatchLayout& layout, bool forward, double scale,
                      const std::vector<sycl::event>& deps = {}) const {
    // The scratch holds two copies (ping-pong) of up to a chunk of transforms.
    const std::int64_t most = std::min<std::int64_t>(chunk_, layout.count());
    const std::size_t half = std::size_t(most * fft_len_) * 2 * real_size(precision_);
    return scratch_.use(queue_, 2 * half, deps, [&](char* scratch, const std::vector<sycl::event>& ready) {
      if (layout.count() == 0) return event_after(queue_, ready);
      const std::vector<Launch> launches = plan_launches(forward);
      void* ping_pong[2] = {scratch, scratch + half};
      LaunchSequence sequence;
      for (std::int64_t t0 = 0; t0 < layout.count(); t0 += chunk_) {
        const std::int64_t nt = std::min<std::int64_t>(chunk_, layout.count() - t0);
        for (std::size_t i = 0; i < launches.size(); ++i) {
          const bool first = i == 0, last = i + 1 == launches.size();
          add(sequence, launches[i], first ? in : ping_pong[(i + 1) % 2], last ? out : ping_pong[i % 2],
              first ? user_side(layout, true) : scratch_side(t0, nt),
              last ? user_side(layout, false) : scratch_side(t0, nt), t0, nt, last ? scale : 1.0);
        }
      }
      return sequence.submit(queue_, ready);
    });
  }

  std::int64_t length() const { return n_; }
  const sycl::queue& queue() const { return queue_; }
  std::size_t workspace_bytes() const { return table_bytes_ + scratch_.bytes(); }
  std::string describe() const {
    std::string s = concat("c2c n=", n_, " ", real_name(precision_), ": generic kernels, ");
    if (bluestein_) s += concat("Bluestein, two FFTs of length ", fft_len_, ", ");
    s += "one launch per stage, radices";
    for (int r : radices_) s += concat(" ", r);
    return s + concat("; workspace ", workspace_bytes(), " B (", table_bytes_, " B tables, scratch for two copies ",
                      "of up to ", chunk_, " transform(s), grown to the largest batch run)");
  }

 private:
  // One stage launch: which stage of an FFT, and the operations fused into its loads and stores.
  struct Launch {
    std::size_t stage;
    int load, store;
    const void *load_table, *store_table;  // Bluestein's chirp or spectrum (else never read)
  };

  static std::size_t radix_index(int r) {
    for (std::size_t i = 0; i < std::size(kGenericRadices); ++i)
      if (kGenericRadices[i] == r) return i;
    throw std::logic_error("pysyclfft: radix " + std::to_string(r) + " is not in the generic set");
  }

  // The stages of one direction: one FFT, or Bluestein's two (the second a
  // backward FFT: conjugated in and out, its closing chirp after that).
  std::vector<Launch> plan_launches(bool forward) const {
    const int conj_in = forward ? 0 : kernels::kConjBefore, conj_out = forward ? 0 : kernels::kConjAfter;
    std::vector<Launch> out;
    const auto fft = [&](int load, int store, const void* load_table, const void* store_table) {
      for (std::size_t s = 0; s < radices_.size(); ++s) {
        const bool first = s == 0, last = s + 1 == radices_.size();
        out.push_back({s, first ? load : 0, last ? store : 0, load_table, store_table});
      }
    };
    if (!bluestein_) {
      fft(conj_in, forward ? 0 : kernels::kConjBefore, tables_.get(), tables_.get());
      return out;
    }
    const auto* chirp = static_cast<const char*>(chirp_and_spectrum_.get());
    const void* spectrum = chirp + std::size_t(n_) * 2 * real_size(precision_);
    fft(conj_in | kernels::kMultiply, kernels::kMultiply, chirp, spectrum);
    fft(kernels::kConjBefore, kernels::kConjBefore | kernels::kMultiply | conj_out, tables_.get(), chirp);
    return out;
  }

  kernels::PassSide user_side(const kernels::BatchLayout& l, bool input) const {
    if (input) return kernels::PassSide{l.in_offset, l.in_stride, 0, l.count0, l.in_dist0, l.in_dist1, n_};
    return kernels::PassSide{l.out_offset, l.out_stride, 0, l.count0, l.out_dist0, l.out_dist1, n_};
  }
  kernels::PassSide scratch_side(std::int64_t t0, std::int64_t nt) const {
    return kernels::PassSide{0, 1, t0, nt, fft_len_, 0, fft_len_};
  }

  void add(LaunchSequence& sequence, const Launch& l, const void* src, void* dst, const kernels::PassSide& in_side,
           const kernels::PassSide& out_side, std::int64_t t0, std::int64_t nt, double scale) const {
    const int radix = radices_[l.stage];
    const Twiddles& tw = twiddles_[l.stage];
    const kernels::GenericStage stage{fft_len_, radix == 1 ? fft_len_ : spans_[l.stage], t0, nt, l.load, l.store,
                                      tw.shift};
    const std::size_t items = std::size_t(nt) * std::size_t(fft_len_ / radix);
    const DeviceKernel& k = kernels_[l.stage];
    launch_generic_stage(sequence, k, elementwise_range(items, group_), precision_,
                         {src, table_at(tw.at.hi), table_at(tw.at.lo), l.load_table, l.store_table, dst}, in_side,
                         out_side, stage, scale);
  }

  const void* table_at(std::size_t offset) const {
    return static_cast<const char*>(tables_.get()) + offset * 2 * real_size(precision_);
  }

  // Per stage the two-level table of W_(span*radix) (O(sqrt) entries, so a
  // plan's tables cost microseconds); beside them Bluestein's chirp and spectrum
  // (bluestein_table, from the table cache, through table_view).
  template <typename T> void upload_tables() {
    std::vector<std::complex<T>> table{{T(1), T(0)}};  // offset 0: never read, keeps pointers valid
    std::int64_t span = 1;
    for (int r : radices_) {
      spans_.push_back(span);
      const TwoLevelTwiddles stage = two_level_twiddles(span * r);
      twiddles_.push_back({append_two_level(table, stage), stage.shift});
      span *= r;
    }
    tables_ = device_copy(queue_, table, &table_bytes_);
    if (bluestein_) {  // the specialized Bluestein plans' cached table (seconds to compute near 10^6)
      const TableCache::Held held = bluestein_table<T>(n_, fft_len_, device_tables(queue_, precision_, fft_len_));
      chirp_and_spectrum_ = table_view(queue_, held.owner, held.bytes, &table_bytes_);
    }
  }

  struct Twiddles {
    TwoLevelOffsets at;
    int shift = 0;
  };

  mutable sycl::queue queue_;  // submit() is not const
  std::int64_t n_;
  Precision precision_;
  bool bluestein_;
  std::int64_t fft_len_;
  std::vector<int> radices_;
  std::size_t group_;
  std::vector<DeviceKernel> kernels_;  // one per stage
  std::vector<std::int64_t> spans_;
  std::vector<Twiddles> twiddles_;
  std::shared_ptr<void> tables_;
  std::shared_ptr<const void> chirp_and_spectrum_;  // Bluestein's: n chirp entries, then the spectrum
  std::size_t table_bytes_ = 0;
  std::int64_t chunk_ = 1;
  WorkBuffer scratch_;  // serialises executions
};

// Bluestein's and Rader's spectra are FFTs of up to millions of points: on the
// host they cost 0.1-1 s near 10^6 points (docs/plantime.md); the device's generic
// kernels compute them in double, in milliseconds on a GPU. For float tables only:
// the spectrum's error in double, ~1e-16 log M, vanishes in float's rounding, while
// double tables computed so had Bluestein errors ~35% above the long-double host's
// (L2 6.6e-16 against 4.8e-16 at n = 999983, over docs/accuracy.md's 6e-16 bound).
// Empty (the host computes) also for tables of lengths below kDeviceTablesMin
// (the host takes under ~10 ms, less than loading the double generic set
// into a new process), where the device lacks fp64, or where its double generic
// set is neither in memory nor in the binary cache: compiling it costs seconds, so
// the worker does that for later plans (compile_double_set_later).
inline constexpr std::int64_t kDeviceTablesMin = std::int64_t(1) << 17;

// points <- FFT_L(points)/L in double on q's device (a convolution spectrum), after
// deps; returns when done (the plan's scratch is freed with it).
inline void spectrum_in_place(const sycl::queue& q, void* points, std::int64_t len,
                              const std::vector<sycl::event>& deps) {
  const GenericC2CPlan fft(q, len, Precision::f64);
  const kernels::BatchLayout one{0, 0, 1, 1, 1, len, len, 1, 0, 0};
  fft.execute(points, points, one, true, 1.0 / double(len), deps).wait_and_throw();
}

// FFT_L(b)/L in double of the sequence b, on q's device.
inline std::vector<std::complex<double>> spectrum_on_device(sycl::queue queue, const Runs<std::complex<double>>& b) {
  const std::int64_t len = b.length;
  const std::size_t bytes = std::size_t(len) * sizeof(std::complex<double>);
  const std::shared_ptr<void> data = device_buffer(queue, bytes);
  auto* points = static_cast<std::complex<double>*>(data.get());
  const sycl::event zeroed = queue.memset(points, 0, bytes);
  std::vector<sycl::event> copies;
  for (const auto& [first, values] : b.runs)
    copies.push_back(queue.memcpy(points + first, values.data(), bytes_of(values).size(), zeroed));
  spectrum_in_place(queue, points, len, copies);
  std::vector<std::complex<double>> spectrum(static_cast<std::size_t>(len));
  queue.memcpy(spectrum.data(), points, bytes).wait_and_throw();
  return spectrum;
}

// Bluestein's float table for n points padded to m (bluestein_tables.hpp's layout),
// built on q's device in double: the padded chirp, its FFT, the table rounded to
// float (kernels/bluestein_chirp.hpp). Nothing of M points touches the host: on the
// H100 the host's way (chirp on the host, tens of MB copied each way, a table file
// written) cost 150-450 ms near 10^6 points, mostly fresh host memory.
inline TableCache::Held bluestein_table_on_device(sycl::queue q, std::int64_t n, std::int64_t m) {
  const std::vector<DeviceKernel> set = generic_kernels(q, Precision::f64);
  const TwoLevelTwiddles chirp_roots = two_level_twiddles(2 * n);
  std::vector<std::complex<double>> roots;
  const TwoLevelOffsets at = append_two_level(roots, chirp_roots);
  const std::shared_ptr<void> roots_memory = device_copy(q, bytes_of(roots));
  const auto* hi = static_cast<const std::complex<double>*>(roots_memory.get()) + at.hi;
  const auto* lo = static_cast<const std::complex<double>*>(roots_memory.get()) + at.lo;
  const std::size_t group = elementwise_group_size(device_limits(q.get_device()));
  const auto items = [group](std::int64_t count) { return elementwise_range(std::size_t(count), group); };
  const kernels::index_t n_index = n, m_index = m;
  const std::shared_ptr<void> padded = device_buffer(q, std::size_t(m) * sizeof(std::complex<double>));
  const sycl::event chirped = q.submit([&](sycl::handler& h) {
    launch_kernel(h, set[kGenericBluesteinChirp], items(m), Precision::f64, padded.get(), hi, lo, n_index, m_index,
                  chirp_roots.shift);
  });
  spectrum_in_place(q, padded.get(), m, {chirped});
  const std::size_t bytes = std::size_t(n + m) * sizeof(std::complex<float>);
  const std::shared_ptr<void> table = device_buffer(q, bytes);
  q.submit([&](sycl::handler& h) {
     launch_kernel(h, set[kGenericBluesteinTable], items(n + m), Precision::f64, table.get(), padded.get(), hi, lo,
                   n_index, m_index, chirp_roots.shift);
   }).wait_and_throw();
  return {table, std::string_view(static_cast<const char*>(table.get()), bytes)};
}

// A float table of `runs` of roots (map_tables.hpp), built on q's device: each
// root from two-level roots in double (kernels/two_level_roots.hpp), rounded once.
// O(sqrt N) roots go to the device instead of N long-double products on the host,
// a table file of N entries and its upload.
inline TableCache::Held float_roots_on_device(sycl::queue q, const std::vector<RootRun>& runs) {
  const std::vector<DeviceKernel> set = generic_kernels(q, Precision::f64);
  std::vector<std::complex<double>> roots;
  std::vector<std::pair<TwoLevelOffsets, int>> at;  // each run's roots and shift
  std::int64_t entries = 0;
  for (const RootRun& run : runs) {
    const TwoLevelTwiddles two_level = two_level_twiddles(run.b);
    at.emplace_back(append_two_level(roots, two_level), two_level.shift);
    entries += run.count;
  }
  const std::shared_ptr<void> roots_memory = device_copy(q, bytes_of(roots));
  const auto* all = static_cast<const std::complex<double>*>(roots_memory.get());
  const std::size_t bytes = std::size_t(std::max<std::int64_t>(entries, 1)) * sizeof(std::complex<float>);
  const std::shared_ptr<void> table = device_buffer(q, bytes);
  const std::size_t group = elementwise_group_size(device_limits(q.get_device()));
  std::vector<sycl::event> done;
  auto* out = static_cast<std::complex<float>*>(table.get());
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const kernels::index_t count = runs[i].count, first = runs[i].first, step = runs[i].step;
    if (count > 0)
      done.push_back(q.submit([&](sycl::handler& h) {
        launch_kernel(h, set[kGenericFloatRootRun], elementwise_range(std::size_t(count), group), Precision::f64, out,
                      all + at[i].first.hi, all + at[i].first.lo, count, first, step, at[i].second);
      }));
    out += count;
  }
  sycl::event::wait_and_throw(done);
  return {table, std::string_view(static_cast<const char*>(table.get()), bytes)};
}

// Where a float table would take its spectrum from the device but the double
// generic set is not at hand, the worker compiles that set (once per device and
// process, in `background` mode) for later plans; this one computes on the host.
inline void compile_double_set_later(const sycl::queue& q) {
  static std::mutex mutex;
  static std::vector<sycl::device> asked;
  if (specialization() != Specialization::background) return;
  {
    std::lock_guard lock(mutex);
    if (std::find(asked.begin(), asked.end(), q.get_device()) != asked.end()) return;
    asked.push_back(q.get_device());
  }
  BackgroundCompiler::instance().submit({[q] {
                                           try {  // silently: nobody waits for it
                                             KernelCompiler::instance().get(q, kGenericEntryHeader,
                                                                            generic_kernel_names(Precision::f64));
                                           } catch (const std::exception&) {  // later plans compute on the host
                                           }
                                         },
                                         [] {}});
}

inline DeviceTables device_tables(const sycl::queue& q, Precision p, std::int64_t length) {
  if (p != Precision::f32 || length < kDeviceTablesMin || !supports(q.get_device(), Precision::f64)) return {};
  if (!KernelCompiler::instance().available(q, kGenericEntryHeader, generic_kernel_names(Precision::f64))) {
    compile_double_set_later(q);
    return {};
  }
  DeviceTables device;
  device.spectrum = [q](const Runs<std::complex<double>>& b) { return spectrum_on_device(q, b); };
  device.host_reads_tables = reads_host_memory(q.get_device());
  if (length < (std::int64_t(1) << 32))  // the chirp's k^2 fits 64 bits (kernels/bluestein_chirp.hpp)
    device.bluestein_float = [q](std::int64_t n, std::int64_t m) { return bluestein_table_on_device(q, n, m); };
  device.float_roots = [q](const std::vector<RootRun>& runs) { return float_roots_on_device(q, runs); };
  return device;
}

}  // namespace pysyclfft::plan
