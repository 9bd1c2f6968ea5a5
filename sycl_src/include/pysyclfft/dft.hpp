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
// in elements of the domain's type; distances separate the transforms of a batch.
// Strides may be negative; a zero stride along a dimension longer than 1 is rejected.
// PLACEMENT is INPLACE by default. FORWARD_SCALE / BACKWARD_SCALE multiply the
// results (1 by default, so backward after forward multiplies by the size).
//
// domain::REAL: forward is real -> conjugate-even (R2C), backward the inverse
// (C2R). The last dimension n_d is the halved one: the backward domain holds
// n_d/2+1 complex values along it (CCE storage). FWD_STRIDES/FWD_DISTANCE count
// real elements, BWD_STRIDES/BWD_DISTANCE complex ones. Unless set, they default
// to row-major layouts that fit the PLACEMENT (re-derived when PLACEMENT or
// LENGTHS change): NOT_INPLACE real rows of n_d, INPLACE real rows padded to
// 2*(n_d/2+1) so each complex row lies over its real row. In place, the offsets,
// the outer strides and the distances on the real side must be twice the complex
// ones and a real row must lie within its complex row. Imaginary parts that must
// vanish for a real result (the zero and, for even n_d, the last frequency of the
// last dimension) are ignored, as numpy does.
//
// MEMORY_MODE = MEMORY_MINIMAL forbids work buffers beyond the plans' tables:
// complex multi-pass lengths then run in place (see AnyC2CPlan); a real last
// length whose map FFT does not fit one work-group, and an out-of-place backward
// REAL transform of two or more dimensions (which keeps its input intact by
// working on a copy), need a work buffer, so they throw unimplemented (commit,
// or compute_backward for a backward direction only).
//
// TRANSFORM_KIND (pysyclfft's own parameter, a dft::transform) picks what the
// descriptor computes; DFT is the default and the rest are what oneMath lacks:
//   HERMITIAN (REAL domain): forward hfftn (conjugate-even half spectrum -> real,
//     numpy's hfft), backward ihfftn (real -> half spectrum). The forward domain
//     is then the complex one: FWD_STRIDES/FWD_DISTANCE count complex elements.
//   DCT1..DCT4, DST1..DST4: forward scipy's dctn/dstn of that type (unnormalised),
//     backward its inverse type (2 <-> 3), unnormalised too; scale with
//     FORWARD_SCALE/BACKWARD_SCALE. REAL domain: real data; COMPLEX domain:
//     complex data, transformed as its real and imaginary parts (scipy's rule).
// INPUT_LENGTHS (pysyclfft's own, one per dimension, NOT_INPLACE only) makes
// compute_forward read input of those lengths (HERMITIAN: the half spectrum's),
// cropped or zero-padded to LENGTHS as numpy's fftn(x, s=LENGTHS) does; the
// forward layout's defaults then follow INPUT_LENGTHS. Such a descriptor
// computes forward only. Every descriptor runs on the n-D planner
// (plan/nd_plan.hpp), as the Python functions do.
//
// The kernels are compiled at run time from the headers in
// PYSYCLFFT_KERNEL_INCLUDE_DIR (set by the CMake package, find_package(pysyclfft)).
// To load them in later processes instead of compiling again, call
// pysyclfft::plan::KernelCompiler::instance().set_binary_cache(dir, max_bytes) first;
// pysyclfft::plan::TableCache::instance().configure(dir, max_bytes) does the same for host tables
// (plan/table_cache.hpp: Bluestein/Rader/map tables, seconds to compute near 10^6 points).
#pragma once
#include <sycl/sycl.hpp>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "plan/line_layouts.hpp"
#include "plan/nd_plan.hpp"

namespace pysyclfft::dft {

enum class precision { SINGLE, DOUBLE };
enum class domain { REAL, COMPLEX };
// What a descriptor computes (config_param::TRANSFORM_KIND; see above).
enum class transform { DFT, HERMITIAN, DCT1, DCT2, DCT3, DCT4, DST1, DST2, DST3, DST4 };

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
  TRANSFORM_KIND,        // dft::transform, default DFT (pysyclfft's own)
  INPUT_LENGTHS,         // std::vector<std::int64_t>, default LENGTHS (HERMITIAN: the half spectrum's); pad or crop
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

// Where the data of one side (input or output) of a pass lies: oneMath strides
// {offset, s_1, ..., s_d} and the distance between the transforms of a batch.
struct Side {
  const std::vector<std::int64_t>& strides;
  std::int64_t distance;
};

// A side's layout as an array of shape {batch, lengths...}: the distance is the batch dimension's stride.
inline plan::ArrayLayout batched_layout(const Side& side) {
  plan::ArrayLayout l{side.strides[0], {side.distance}};
  l.strides.insert(l.strides.end(), side.strides.begin() + 1, side.strides.end());
  return l;
}

// The arrays' shape on the complex side: the last length halved (n/2+1) for REAL.
inline std::vector<std::int64_t> complex_shape(std::vector<std::int64_t> lengths, domain dom) {
  if (dom == domain::REAL) lengths.back() = lengths.back() / 2 + 1;
  return lengths;
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
      case config_param::FWD_DISTANCE: fwd_distance_ = v, fwd_.distance_set = true; break;
      case config_param::BWD_DISTANCE: bwd_distance_ = v, bwd_.distance_set = true; break;
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
      in_place_ = v == config_value::INPLACE, set_default_layout();
    else if (p == config_param::MEMORY_MODE && (v == config_value::MEMORY_AUTO || v == config_value::MEMORY_MINIMAL))
      memory_minimal_ = v == config_value::MEMORY_MINIMAL;
    else throw invalid_argument("pysyclfft::dft: invalid value for PLACEMENT or MEMORY_MODE");
    committed_ = false;
  }
  void set_value(config_param p, transform t) {
    if (p != config_param::TRANSFORM_KIND) throw invalid_argument("pysyclfft::dft: only TRANSFORM_KIND takes a transform");
    if (t == transform::HERMITIAN && Dom != domain::REAL)
      throw invalid_argument("pysyclfft::dft: HERMITIAN transforms need the REAL domain");
    kind_ = t;
    set_default_layout();
    committed_ = false;
  }
  void set_value(config_param p, const std::vector<std::int64_t>& v) {
    if (p == config_param::LENGTHS) set_lengths(v);
    else if (p == config_param::INPUT_LENGTHS) set_input_lengths(v);
    else if (p == config_param::FWD_STRIDES) fwd_strides_ = checked_strides(v, "FWD_STRIDES"), fwd_.strides_set = true;
    else if (p == config_param::BWD_STRIDES) bwd_strides_ = checked_strides(v, "BWD_STRIDES"), bwd_.strides_set = true;
    else throw invalid_argument("pysyclfft::dft: only LENGTHS, INPUT_LENGTHS, FWD_STRIDES and BWD_STRIDES take a vector");
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
  // oneMath passes real_type* (float* for SINGLE); double* works for both precisions.
  template <typename F, std::enable_if_t<std::is_floating_point_v<F>, int> = 0>
  void get_value(config_param p, F* v) const {
    if (p == config_param::FORWARD_SCALE) *v = F(fwd_scale_);
    else if (p == config_param::BACKWARD_SCALE) *v = F(bwd_scale_);
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
    else if (p == config_param::INPUT_LENGTHS) *v = forward_input_shape();
    else if (p == config_param::FWD_STRIDES) *v = fwd_strides_;
    else if (p == config_param::BWD_STRIDES) *v = bwd_strides_;
    else throw invalid_argument("pysyclfft::dft: this parameter is not a vector");
  }
  void get_value(config_param p, transform* v) const {
    if (p != config_param::TRANSFORM_KIND) throw invalid_argument("pysyclfft::dft: this parameter is not a transform");
    *v = kind_;
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
  // one run-time compilation per entry point) for computing on `q`. A failed
  // commit leaves the descriptor uncommitted.
  void commit(sycl::queue& q) {
    committed_ = false;  // until every plan is built
    if (lengths_.empty()) throw invalid_argument("pysyclfft::dft: this descriptor has no LENGTHS (moved from?)");
    check_layout();
    try {
      build_plans(q);
    } catch (const std::domain_error& e) {  // the planner has no plan for a length
      throw unimplemented(e.what());
    }
    queue_ = q;
    committed_ = true;
  }

  sycl::queue& get_queue() {
    require_committed();
    return queue_;
  }

  // Used by compute_forward/compute_backward: `in` and `out` hold elements of
  // the domains' types (real on the forward side of a REAL descriptor).
  sycl::event compute(const void* in, void* out, bool forward, const std::vector<sycl::event>& deps) {
    require_committed();
    if (!in || !out) throw invalid_argument("pysyclfft::dft: null data pointer");
    const bool in_place = in == out;
    if (in_place != in_place_)
      throw invalid_argument(in_place_ ? "pysyclfft::dft: PLACEMENT is INPLACE: pass one pointer"
                                       : "pysyclfft::dft: PLACEMENT is NOT_INPLACE: pass different input and output");
    const detail::Side fwd{fwd_strides_, fwd_distance_}, bwd{bwd_strides_, bwd_distance_};
    if (!forward && !backward_refused_.empty()) throw unimplemented(backward_refused_);
    if (!forward && !bwd_plan_)
      throw invalid_argument("pysyclfft::dft: a descriptor whose INPUT_LENGTHS pad or crop computes forward only");
    return (forward ? fwd_plan_ : bwd_plan_)
        ->execute(in, detail::batched_layout(forward ? fwd : bwd), out, detail::batched_layout(forward ? bwd : fwd),
                  forward, deps);
  }

 private:
  // The forward and backward NdPlans over arrays of {batch, lengths...}, one when
  // both directions share it (COMPLEX DFT, DCT, DST). REAL DFT: forward r2c,
  // backward c2r; HERMITIAN the reverse, each run in its own direction. A
  // backward plan that MEMORY_MINIMAL refuses makes compute_backward throw.
  void build_plans(sycl::queue& q) {
    using K = plan::TransformKind;
    const auto prec = Prec == precision::SINGLE ? plan::Precision::f32 : plan::Precision::f64;
    if (!plan::supports(q.get_device(), prec))
      throw unimplemented("pysyclfft::dft: the device has no double precision (fp64) support");
    const auto memory = memory_minimal_ ? plan::Memory::minimal : plan::Memory::fast;
    fwd_plan_.reset(), bwd_plan_.reset(), backward_refused_.clear();
    K fwd_kind = Dom == domain::COMPLEX ? K::c2c : K::r2c, bwd_kind = Dom == domain::COMPLEX ? K::c2c : K::c2r;
    if (kind_ == transform::HERMITIAN) std::swap(fwd_kind, bwd_kind);
    if (kind_ >= transform::DCT1) fwd_kind = bwd_kind = K(int(K::dct1) + int(kind_) - int(transform::DCT1));
    const auto spec = [&](K kind, const std::vector<std::int64_t>& input) {
      plan::NdSpec s{{batch_}, {}, {}, prec, fwd_scale_, bwd_scale_, memory, kind, Dom == domain::COMPLEX && plan::is_trig(kind)};
      s.overwrite_input = in_place_;  // INPLACE: c2r's complex passes run on the data itself
      s.shape.insert(s.shape.end(), input.begin(), input.end());
      for (std::size_t d = lengths_.size(); d > 0; --d) s.axes.push_back(std::int64_t(d)), s.lengths.push_back(lengths_[d - 1]);
      if (kind == K::r2c || kind == K::c2r)  // the real dimension, the last, is the last axis
        std::rotate(s.axes.begin(), s.axes.begin() + 1, s.axes.end()),
            std::rotate(s.lengths.begin(), s.lengths.begin() + 1, s.lengths.end());
      return s;
    };
    const std::vector<std::int64_t> bwd_input = bwd_kind == K::c2r ? complex_shape() : lengths_;
    try {
      fwd_plan_ = std::make_shared<plan::NdPlan>(q, spec(fwd_kind, forward_input_shape()));
    } catch (const plan::MemoryRefused& e) {
      throw unimplemented("pysyclfft::dft: MEMORY_MINIMAL: " + e.reason);
    }
    if (fwd_kind == bwd_kind && forward_input_shape() == bwd_input) {
      bwd_plan_ = fwd_plan_;
    } else if (!pads_or_crops()) {
      try {
        bwd_plan_ = std::make_shared<plan::NdPlan>(q, spec(bwd_kind, bwd_input));
      } catch (const plan::MemoryRefused& e) {
        backward_refused_ = "pysyclfft::dft: MEMORY_MINIMAL: an out-of-place backward REAL transform needs a work "
                            "buffer (" + e.reason + "); use PLACEMENT INPLACE";
      }
    }
  }

  // The shape compute_forward reads: INPUT_LENGTHS, or LENGTHS (HERMITIAN: the half spectrum's).
  std::vector<std::int64_t> forward_input_shape() const {
    if (!input_lengths_.empty()) return input_lengths_;
    return kind_ == transform::HERMITIAN ? complex_shape() : lengths_;
  }
  bool pads_or_crops() const {
    return !input_lengths_.empty() && input_lengths_ != (kind_ == transform::HERMITIAN ? complex_shape() : lengths_);
  }

  void set_input_lengths(const std::vector<std::int64_t>& v) {
    if (v.size() != lengths_.size()) throw invalid_argument("pysyclfft::dft: INPUT_LENGTHS needs one length per dimension");
    for (auto n : v) positive(n, "every input length");
    input_lengths_ = v;
    set_default_layout();
  }

  // Which of a side's layout values were set by the user (the others follow the defaults).
  struct UserSet {
    bool strides_set = false, distance_set = false;
  };

  static std::int64_t positive(std::int64_t v, const char* what) {
    if (v < 1) throw invalid_argument(std::string("pysyclfft::dft: ") + what + " must be >= 1");
    return v;
  }

  void set_lengths(std::vector<std::int64_t> lengths) {
    if (lengths.empty()) throw invalid_argument("pysyclfft::dft: LENGTHS must not be empty");
    for (auto n : lengths) positive(n, "every length");
    lengths_ = std::move(lengths);
    input_lengths_.clear();
    fwd_ = bwd_ = UserSet{};
    set_default_layout();
    committed_ = false;
  }

  std::vector<std::int64_t> complex_shape() const { return detail::complex_shape(lengths_, Dom); }

  // Row-major layouts for the values the user did not set: the forward input's
  // shape (REAL DFT in place: real rows padded to 2*(n_d/2+1)) and the output's
  // (REAL DFT: the halved complex shape; HERMITIAN: the real LENGTHS).
  void set_default_layout() {
    std::vector<std::int64_t> fwd_shape = forward_input_shape(), bwd_shape = lengths_;
    if (Dom == domain::REAL && kind_ == transform::DFT) {
      bwd_shape = complex_shape();
      if (in_place_) fwd_shape.back() = 2 * bwd_shape.back();
    }
    if (!fwd_.strides_set) fwd_strides_ = detail::row_major_strides(fwd_shape);
    if (!fwd_.distance_set) fwd_distance_ = detail::product(fwd_shape);
    if (!bwd_.strides_set) bwd_strides_ = detail::row_major_strides(bwd_shape);
    if (!bwd_.distance_set) bwd_distance_ = detail::product(bwd_shape);
  }

  std::vector<std::int64_t> checked_strides(const std::vector<std::int64_t>& s, const char* what) const {
    if (s.size() != lengths_.size() + 1)
      throw invalid_argument(std::string("pysyclfft::dft: ") + what + " needs an offset and one stride per dimension");
    if (s[0] < 0) throw invalid_argument(std::string("pysyclfft::dft: ") + what + " offset must be >= 0");
    return s;
  }

  void check_layout() const {
    for (std::size_t j = 0; j < lengths_.size(); ++j)
      if (lengths_[j] > 1 && (fwd_strides_[j + 1] == 0 || bwd_strides_[j + 1] == 0))
        throw invalid_argument("pysyclfft::dft: FWD_STRIDES and BWD_STRIDES must not be 0 along a dimension longer than 1");
    if (batch_ > 1 && (fwd_distance_ == 0 || bwd_distance_ == 0))
      throw invalid_argument("pysyclfft::dft: batched transforms need FWD_DISTANCE and BWD_DISTANCE");
    if (!in_place_) return;
    if (pads_or_crops() || kind_ == transform::HERMITIAN)
      throw invalid_argument("pysyclfft::dft: INPUT_LENGTHS and HERMITIAN transforms need PLACEMENT NOT_INPLACE");
    if (Dom == domain::COMPLEX || kind_ != transform::DFT) {
      if (fwd_strides_ != bwd_strides_ || fwd_distance_ != bwd_distance_)
        throw invalid_argument("pysyclfft::dft: in-place complex, DCT and DST transforms need equal FWD/BWD strides and distances");
    } else {
      // Every real row starts where its complex row starts and lies within it.
      const std::size_t d = lengths_.size();
      bool rows_coincide = batch_ == 1 || fwd_distance_ == 2 * bwd_distance_;
      for (std::size_t j = 0; j < d; ++j) rows_coincide = rows_coincide && fwd_strides_[j] == 2 * bwd_strides_[j];
      const std::int64_t real_span = (lengths_.back() - 1) * std::llabs(fwd_strides_[d]) + 1;
      const std::int64_t complex_span = 2 * ((lengths_.back() / 2) * std::llabs(bwd_strides_[d]) + 1);
      if (!rows_coincide || real_span > complex_span)
        throw invalid_argument(
            "pysyclfft::dft: in-place real transforms need FWD_STRIDES offset and outer strides and FWD_DISTANCE "
            "twice the BWD ones (in real vs complex elements), and each real row within its complex row");
    }
  }

  void require_committed() const {
    if (!committed_ || lengths_.empty()) throw uninitialized("pysyclfft::dft: commit the descriptor (after its last set_value) first");
  }

  std::vector<std::int64_t> lengths_, input_lengths_;  // input_lengths_ empty: LENGTHS
  transform kind_ = transform::DFT;
  std::int64_t batch_ = 1;
  std::int64_t fwd_distance_ = 0, bwd_distance_ = 0;
  std::vector<std::int64_t> fwd_strides_, bwd_strides_;
  UserSet fwd_, bwd_;
  double fwd_scale_ = 1.0, bwd_scale_ = 1.0;
  bool in_place_ = true;
  bool memory_minimal_ = false;
  bool committed_ = false;
  sycl::queue queue_;
  std::shared_ptr<plan::NdPlan> fwd_plan_, bwd_plan_;  // each direction's plan (may be one)
  std::string backward_refused_;                       // why MEMORY_MINIMAL refused the backward plan
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
