// The C++ API for SYCL programs, in oneMath's DFT vocabulary:
//
//   namespace dft = pysyclfft::dft;
//   dft::descriptor<dft::precision::SINGLE, dft::domain::COMPLEX> desc({64, 32});
//   desc.set_value(dft::config_param::NUMBER_OF_TRANSFORMS, 10);
//   desc.set_value(dft::config_param::FWD_DISTANCE, 64 * 32);
//   desc.set_value(dft::config_param::BWD_DISTANCE, 64 * 32);
//   desc.commit(queue);                                   // compiles the kernels
//   sycl::event e = dft::compute_forward(desc, data, deps);  // in place, on USM
//
// Strides follow oneMath: {offset, stride of dimension 1, ..., stride of dimension d}
// in complex elements; distances separate the transforms of a batch. PLACEMENT is
// INPLACE by default. FORWARD_SCALE / BACKWARD_SCALE multiply the results (1 by
// default). MEMORY_MODE = MEMORY_MINIMAL forbids scratch buffers beyond the twiddle
// tables (today's single-kernel plans never need any, so both modes run alike).
// The kernels are compiled at run time from the headers in
// PYSYCLFFT_KERNEL_INCLUDE_DIR (set by the CMake package, find_package(pysyclfft)).
#pragma once
#include <sycl/sycl.hpp>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "plan/any_c2c_plan.hpp"

namespace pysyclfft::dft {

enum class precision { SINGLE, DOUBLE };
enum class domain { REAL, COMPLEX };

enum class config_param {
  FORWARD_DOMAIN,        // get only: domain
  PRECISION,             // get only: precision
  DIMENSION,             // get only: std::int64_t
  LENGTHS,               // std::vector<std::int64_t> (or std::int64_t in 1-D)
  NUMBER_OF_TRANSFORMS,  // std::int64_t, default 1
  FWD_DISTANCE,          // std::int64_t, default: elements of one transform
  BWD_DISTANCE,
  FWD_STRIDES,           // std::vector<std::int64_t>{offset, s1, ..., sd}, default row-major
  BWD_STRIDES,
  PLACEMENT,             // config_value::INPLACE (default) or NOT_INPLACE
  FORWARD_SCALE,         // double, default 1
  BACKWARD_SCALE,        // double, default 1
  MEMORY_MODE,           // config_value::MEMORY_AUTO (default) or MEMORY_MINIMAL
  COMMIT_STATUS,         // get only: COMMITTED or UNCOMMITTED
};

enum class config_value { INPLACE, NOT_INPLACE, COMMITTED, UNCOMMITTED, MEMORY_AUTO, MEMORY_MINIMAL };

struct invalid_argument : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
struct uninitialized : std::logic_error {
  using std::logic_error::logic_error;
};
struct unimplemented : std::runtime_error {
  using std::runtime_error::runtime_error;
};

namespace detail {

// One batch dimension of a 1-D pass: count, and distances in the input and the output.
struct BatchDim {
  std::int64_t count, in, out;
};

// Drops unit dimensions, orders by output distance and merges dimensions that
// continue each other, so the kernel's two batch dimensions cover as much as possible.
inline std::vector<BatchDim> merge_batch_dims(std::vector<BatchDim> dims) {
  dims.erase(std::remove_if(dims.begin(), dims.end(), [](const BatchDim& d) { return d.count == 1; }), dims.end());
  std::stable_sort(dims.begin(), dims.end(), [](const BatchDim& a, const BatchDim& b) {
    return std::make_pair(std::llabs(a.out), std::llabs(a.in)) < std::make_pair(std::llabs(b.out), std::llabs(b.in));
  });
  std::vector<BatchDim> merged;
  for (const BatchDim& d : dims) {
    if (!merged.empty()) {
      BatchDim& last = merged.back();
      if (d.in == last.in * last.count && d.out == last.out * last.count) {
        last.count *= d.count;
        continue;
      }
    }
    merged.push_back(d);
  }
  return merged;
}

inline std::vector<std::int64_t> row_major_strides(const std::vector<std::int64_t>& lengths) {
  std::vector<std::int64_t> strides(lengths.size() + 1, 0);
  std::int64_t step = 1;
  for (std::size_t d = lengths.size(); d > 0; --d) {
    strides[d] = step;
    step *= lengths[d - 1];
  }
  return strides;
}

inline std::int64_t product(const std::vector<std::int64_t>& v) {
  std::int64_t p = 1;
  for (auto x : v) p *= x;
  return p;
}

}  // namespace detail

template <precision Prec, domain Dom> class descriptor {
 public:
  using real_type = std::conditional_t<Prec == precision::SINGLE, float, double>;
  using complex_type = std::complex<real_type>;

  explicit descriptor(std::int64_t length) : descriptor(std::vector<std::int64_t>{length}) {}
  explicit descriptor(std::vector<std::int64_t> lengths) { set_lengths(std::move(lengths)); }

  template <typename I, std::enable_if_t<std::is_integral_v<I>, int> = 0> void set_value(config_param p, I value) {
    const auto v = static_cast<std::int64_t>(value);
    switch (p) {
      case config_param::LENGTHS: set_lengths({v}); break;
      case config_param::NUMBER_OF_TRANSFORMS: batch_ = positive(v, "NUMBER_OF_TRANSFORMS"); break;
      case config_param::FWD_DISTANCE: fwd_distance_ = v; break;
      case config_param::BWD_DISTANCE: bwd_distance_ = v; break;
      default: throw invalid_argument("pysyclfft::dft: this parameter does not take an integer");
    }
    committed_ = false;
  }
  template <typename F, std::enable_if_t<std::is_floating_point_v<F>, int> = 0>
  void set_value(config_param p, F value) {
    if (p == config_param::FORWARD_SCALE) fwd_scale_ = double(value);
    else if (p == config_param::BACKWARD_SCALE) bwd_scale_ = double(value);
    else throw invalid_argument("pysyclfft::dft: only FORWARD_SCALE and BACKWARD_SCALE take a real value");
    committed_ = false;
  }
  void set_value(config_param p, config_value v) {
    if (p == config_param::PLACEMENT && (v == config_value::INPLACE || v == config_value::NOT_INPLACE))
      in_place_ = v == config_value::INPLACE;
    else if (p == config_param::MEMORY_MODE && (v == config_value::MEMORY_AUTO || v == config_value::MEMORY_MINIMAL))
      memory_minimal_ = v == config_value::MEMORY_MINIMAL;
    else throw invalid_argument("pysyclfft::dft: invalid value for PLACEMENT or MEMORY_MODE");
    committed_ = false;
  }
  void set_value(config_param p, const std::vector<std::int64_t>& v) {
    if (p == config_param::LENGTHS) set_lengths(v);
    else if (p == config_param::FWD_STRIDES) fwd_strides_ = checked_strides(v, "FWD_STRIDES");
    else if (p == config_param::BWD_STRIDES) bwd_strides_ = checked_strides(v, "BWD_STRIDES");
    else throw invalid_argument("pysyclfft::dft: only LENGTHS, FWD_STRIDES and BWD_STRIDES take a vector");
    committed_ = false;
  }

  void get_value(config_param p, std::int64_t* v) const {
    switch (p) {
      case config_param::DIMENSION: *v = std::int64_t(lengths_.size()); break;
      case config_param::NUMBER_OF_TRANSFORMS: *v = batch_; break;
      case config_param::FWD_DISTANCE: *v = fwd_distance_; break;
      case config_param::BWD_DISTANCE: *v = bwd_distance_; break;
      default: throw invalid_argument("pysyclfft::dft: this parameter is not an integer");
    }
  }
  void get_value(config_param p, double* v) const {
    if (p == config_param::FORWARD_SCALE) *v = fwd_scale_;
    else if (p == config_param::BACKWARD_SCALE) *v = bwd_scale_;
    else throw invalid_argument("pysyclfft::dft: this parameter is not a real value");
  }
  void get_value(config_param p, config_value* v) const {
    if (p == config_param::PLACEMENT) *v = in_place_ ? config_value::INPLACE : config_value::NOT_INPLACE;
    else if (p == config_param::MEMORY_MODE) *v = memory_minimal_ ? config_value::MEMORY_MINIMAL : config_value::MEMORY_AUTO;
    else if (p == config_param::COMMIT_STATUS) *v = committed_ ? config_value::COMMITTED : config_value::UNCOMMITTED;
    else throw invalid_argument("pysyclfft::dft: this parameter is not a config_value");
  }
  void get_value(config_param p, std::vector<std::int64_t>* v) const {
    if (p == config_param::LENGTHS) *v = lengths_;
    else if (p == config_param::FWD_STRIDES) *v = fwd_strides_;
    else if (p == config_param::BWD_STRIDES) *v = bwd_strides_;
    else throw invalid_argument("pysyclfft::dft: this parameter is not a vector");
  }
  void get_value(config_param p, domain* v) const {
    if (p != config_param::FORWARD_DOMAIN) throw invalid_argument("pysyclfft::dft: this parameter is not a domain");
    *v = Dom;
  }
  void get_value(config_param p, precision* v) const {
    if (p != config_param::PRECISION) throw invalid_argument("pysyclfft::dft: this parameter is not a precision");
    *v = Prec;
  }

  // Checks the configuration and builds the plans (compiling every kernel in
  // one run-time compilation) for computing on `q`.
  void commit(sycl::queue& q) {
    if constexpr (Dom == domain::REAL) {
      throw unimplemented("pysyclfft::dft: real-domain descriptors are not implemented yet");
    } else {
      check_layout();
      const auto prec = Prec == precision::SINGLE ? plan::Precision::f32 : plan::Precision::f64;
      if (!plan::supports(q.get_device(), prec))
        throw unimplemented("pysyclfft::dft: the device has no double precision (fp64) support");
      std::vector<std::int64_t> unique(lengths_);
      std::sort(unique.begin(), unique.end());
      unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
      const auto memory = memory_minimal_ ? plan::Memory::minimal : plan::Memory::fast;
      plan::precompile_any_c2c(q, unique, prec, 0, memory);  // every length's kernels in one build
      plans_.clear();
      for (auto n : unique) plans_[n] = std::make_shared<plan::AnyC2CPlan>(q, n, prec, 0, memory);
      queue_ = q;
      committed_ = true;
    }
  }

  sycl::queue& get_queue() {
    require_committed();
    return queue_;
  }

  // Used by compute_forward/compute_backward: `in` and `out` hold complex elements.
  sycl::event compute(const void* in, void* out, bool forward, const std::vector<sycl::event>& deps) {
    require_committed();
    const bool in_place = in == out;
    if (in_place != in_place_)
      throw invalid_argument(in_place_ ? "pysyclfft::dft: PLACEMENT is INPLACE: pass one pointer"
                                       : "pysyclfft::dft: PLACEMENT is NOT_INPLACE: pass different input and output");
    const auto& in_strides = forward ? fwd_strides_ : bwd_strides_;
    const auto& out_strides = forward ? bwd_strides_ : fwd_strides_;
    const std::int64_t in_dist = forward ? fwd_distance_ : bwd_distance_;
    const std::int64_t out_dist = forward ? bwd_distance_ : fwd_distance_;
    std::vector<sycl::event> pending = deps;
    // Innermost dimension first; later passes run in place on the output.
    for (std::size_t k = 0; k < lengths_.size(); ++k) {
      const std::size_t d = lengths_.size() - 1 - k;
      const bool first = k == 0;
      pending = one_dimension(first ? in : out, out, d, first ? in_strides : out_strides, out_strides,
                              first ? in_dist : out_dist, out_dist, forward, first ? (forward ? fwd_scale_ : bwd_scale_) : 1.0,
                              pending);
    }
    return pending.size() == 1 ? pending[0] : queue_.ext_oneapi_submit_barrier(pending);
  }

 private:
  static std::int64_t positive(std::int64_t v, const char* what) {
    if (v < 1) throw invalid_argument(std::string("pysyclfft::dft: ") + what + " must be >= 1");
    return v;
  }

  void set_lengths(std::vector<std::int64_t> lengths) {
    if (lengths.empty()) throw invalid_argument("pysyclfft::dft: LENGTHS must not be empty");
    for (auto n : lengths) positive(n, "every length");
    lengths_ = std::move(lengths);
    fwd_strides_ = bwd_strides_ = detail::row_major_strides(lengths_);
    fwd_distance_ = bwd_distance_ = detail::product(lengths_);
    committed_ = false;
  }

  std::vector<std::int64_t> checked_strides(const std::vector<std::int64_t>& s, const char* what) const {
    if (s.size() != lengths_.size() + 1)
      throw invalid_argument(std::string("pysyclfft::dft: ") + what + " needs an offset and one stride per dimension");
    if (s[0] < 0) throw invalid_argument(std::string("pysyclfft::dft: ") + what + " offset must be >= 0");
    return s;
  }

  void check_layout() const {
    if (batch_ > 1 && (fwd_distance_ == 0 || bwd_distance_ == 0))
      throw invalid_argument("pysyclfft::dft: batched transforms need FWD_DISTANCE and BWD_DISTANCE");
    if (in_place_ && (fwd_strides_ != bwd_strides_ || fwd_distance_ != bwd_distance_))
      throw invalid_argument("pysyclfft::dft: in-place complex transforms need equal FWD/BWD strides and distances");
  }

  void require_committed() const {
    if (!committed_) throw uninitialized("pysyclfft::dft: commit the descriptor (after its last set_value) first");
  }

  // Launches the 1-D transforms along dimension d of every transform in the batch.
  std::vector<sycl::event> one_dimension(const void* in, void* out, std::size_t d,
                                         const std::vector<std::int64_t>& in_strides,
                                         const std::vector<std::int64_t>& out_strides, std::int64_t in_dist,
                                         std::int64_t out_dist, bool forward, double scale,
                                         const std::vector<sycl::event>& deps) const {
    std::vector<detail::BatchDim> dims{{batch_, in_dist, out_dist}};
    for (std::size_t j = 0; j < lengths_.size(); ++j)
      if (j != d) dims.push_back({lengths_[j], in_strides[j + 1], out_strides[j + 1]});
    dims = detail::merge_batch_dims(dims);
    const std::size_t in_kernel = std::min<std::size_t>(dims.size(), 2);
    plan::BatchLayout layout{in_strides[0], out_strides[0], in_strides[d + 1], out_strides[d + 1], 1, 0, 0, 1, 0, 0};
    if (in_kernel > 0) layout.count0 = dims[0].count, layout.in_dist0 = dims[0].in, layout.out_dist0 = dims[0].out;
    if (in_kernel > 1) layout.count1 = dims[1].count, layout.in_dist1 = dims[1].in, layout.out_dist1 = dims[1].out;
    // Dimensions beyond the kernel's two are looped over here.
    std::int64_t loops = 1;
    for (std::size_t i = in_kernel; i < dims.size(); ++i) loops *= dims[i].count;
    const plan::AnyC2CPlan& p = *plans_.at(lengths_[d]);
    std::vector<sycl::event> events;
    for (std::int64_t index = 0; index < loops; ++index) {
      plan::BatchLayout l = layout;
      std::int64_t rest = index;
      for (std::size_t i = in_kernel; i < dims.size(); ++i) {
        const std::int64_t at = rest % dims[i].count;
        rest /= dims[i].count;
        l.in_offset += at * dims[i].in;
        l.out_offset += at * dims[i].out;
      }
      events.push_back(p.execute(in, out, l, forward, scale, deps));
    }
    return events;
  }

  std::vector<std::int64_t> lengths_;
  std::int64_t batch_ = 1;
  std::int64_t fwd_distance_ = 0, bwd_distance_ = 0;
  std::vector<std::int64_t> fwd_strides_, bwd_strides_;
  double fwd_scale_ = 1.0, bwd_scale_ = 1.0;
  bool in_place_ = true;
  bool memory_minimal_ = false;
  bool committed_ = false;
  sycl::queue queue_;
  std::map<std::int64_t, std::shared_ptr<plan::AnyC2CPlan>> plans_;  // one per distinct length
};

namespace detail {
template <class Desc, typename T> constexpr bool is_element_of() {
  using U = std::remove_cv_t<T>;
  return std::is_same_v<U, typename Desc::complex_type> || std::is_same_v<U, typename Desc::real_type>;
}
}  // namespace detail

// In-place transforms (PLACEMENT = INPLACE) of USM data; returns the event of the last kernel.
template <class Desc, typename T>
sycl::event compute_forward(Desc& desc, T* inout, const std::vector<sycl::event>& deps = {}) {
  static_assert(detail::is_element_of<Desc, T>(), "data must be the descriptor's complex (or real) type");
  return desc.compute(inout, inout, true, deps);
}
template <class Desc, typename T>
sycl::event compute_backward(Desc& desc, T* inout, const std::vector<sycl::event>& deps = {}) {
  static_assert(detail::is_element_of<Desc, T>(), "data must be the descriptor's complex (or real) type");
  return desc.compute(inout, inout, false, deps);
}

// Out-of-place transforms (PLACEMENT = NOT_INPLACE).
template <class Desc, typename In, typename Out>
sycl::event compute_forward(Desc& desc, In* in, Out* out, const std::vector<sycl::event>& deps = {}) {
  static_assert(detail::is_element_of<Desc, In>() && detail::is_element_of<Desc, Out>(),
                "data must be the descriptor's complex (or real) type");
  return desc.compute(in, out, true, deps);
}
template <class Desc, typename In, typename Out>
sycl::event compute_backward(Desc& desc, In* in, Out* out, const std::vector<sycl::event>& deps = {}) {
  static_assert(detail::is_element_of<Desc, In>() && detail::is_element_of<Desc, Out>(),
                "data must be the descriptor's complex (or real) type");
  return desc.compute(in, out, false, deps);
}

}  // namespace pysyclfft::dft
