// What an n-D plan (nd_plan.hpp) computes: the transform kind, the array's
// shape, the transformed axes with their lengths (pad or crop), precision,
// scales and memory mode; and the rules of each kind that the planner and its
// faces (Python, dft.hpp) share: which 1-D map each direction runs, the
// logical size a normalisation divides by, scipy's orthogonalize factors.
#pragma once
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "any_c2c_plan.hpp"
#include "kernel_params.hpp"
#include "line_layouts.hpp"
#include "mapped_plan.hpp"

namespace pysyclfft::plan {

// c2c: complex both ways. r2c: real in, half spectrum out along the last axis
// (forward rfftn, backward ihfftn). c2r: half spectrum in, real out (backward
// irfftn, forward hfftn). dctT/dstT: forward the type T transform, backward its inverse.
enum class TransformKind { c2c, r2c, c2r, dct1, dct2, dct3, dct4, dst1, dst2, dst3, dst4 };

struct NdSpec {
  std::vector<std::int64_t> shape;    // of the input
  std::vector<std::int64_t> axes;     // transformed axes, in pass order (r2c/c2r: the last is the real one)
  std::vector<std::int64_t> lengths;  // points per transformed axis (pad or crop the input; c2r: the real output's)
  Precision precision = Precision::f32;
  double forward_scale = 1.0, backward_scale = 1.0;  // multiply each direction's result
  Memory memory = Memory::automatic;  // minimal: device tables only, no work buffer (else refused)
  TransformKind kind = TransformKind::c2c;
  bool complex_data = false;   // dct/dst: complex data, transformed as its real and imaginary parts
  bool orthogonalize = false;  // dct/dst: scipy's orthogonalize (the end points scaled to an orthogonal transform)
  bool overwrite_input = false;  // c2r: the complex passes may run in place on the input (dft.hpp's INPLACE)
};

// The distinct values of v, sorted: the 1-D plans (and builds) an n-D plan needs, each once.
template <typename T> std::vector<T> sorted_unique(std::vector<T> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

inline bool is_trig(TransformKind k) { return k >= TransformKind::dct1; }
inline bool is_dct(TransformKind k) { return k >= TransformKind::dct1 && k <= TransformKind::dct4; }
inline int trig_type(TransformKind k) { return (int(k) - int(TransformKind::dct1)) % 4 + 1; }

// The 1-D map of a real or trigonometric kind in one direction: the kind's own
// map forward; backward the inverse type (2 <-> 3; 1 and 4 are their own inverses).
inline RealTransform line_transform(TransformKind k, bool forward) {
  if (k == TransformKind::r2c) return RealTransform::r2c;
  if (k == TransformKind::c2r) return RealTransform::c2r;
  if (!is_trig(k)) throw std::invalid_argument("pysyclfft: a c2c transform has no real map");
  static constexpr int kInverseType[5] = {0, 1, 3, 2, 4};
  const int type = forward ? trig_type(k) : kInverseType[trig_type(k)];
  return RealTransform(int(is_dct(k) ? RealTransform::dct1 : RealTransform::dst1) + type - 1);
}

// The length of the equivalent DFT of n points, which the normalisations divide by.
inline std::int64_t logical_size(TransformKind k, std::int64_t n) {
  if (k == TransformKind::dct1) return 2 * (n - 1);
  if (k == TransformKind::dst1) return 2 * (n + 1);
  return is_trig(k) ? 2 * n : n;
}

// (input, output) factors of scipy's orthogonalize on the end points of the map `t`.
inline std::pair<double, double> orthogonalize_edges(RealTransform t) {
  const double root2 = std::sqrt(2.0), half_root2 = 1.0 / root2;
  switch (t) {
    case RealTransform::dct1: return {root2, half_root2};
    case RealTransform::dct2: case RealTransform::dst2: return {1.0, half_root2};
    case RealTransform::dct3: case RealTransform::dst3: return {root2, 1.0};
    default: return {1.0, 1.0};
  }
}

// The input shape resized to `lengths` along `axes`.
inline std::vector<std::int64_t> resized_shape(const NdSpec& s) {
  std::vector<std::int64_t> shape = s.shape;
  for (std::size_t i = 0; i < s.axes.size(); ++i) shape[s.axes[i]] = s.lengths[i];
  return shape;
}

inline bool padded(const NdSpec& s) {
  for (std::size_t i = 0; i < s.axes.size(); ++i)
    if (s.lengths[i] > s.shape[s.axes[i]]) return true;
  return false;
}

// The spec, after checking that it describes a transform the device can run.
inline NdSpec checked_spec(NdSpec s, const sycl::device& dev) {
  const std::size_t rank = s.shape.size();
  if (s.axes.size() != s.lengths.size()) throw std::invalid_argument("pysyclfft: one length per transformed axis");
  for (auto d : s.shape)
    if (d < 0) throw std::invalid_argument("pysyclfft: array dimensions must be >= 0");
  for (std::size_t i = 0; i < s.axes.size(); ++i) {
    if (s.axes[i] < 0 || std::size_t(s.axes[i]) >= rank)
      throw std::invalid_argument("pysyclfft: axis " + std::to_string(s.axes[i]) + " is out of range");
    if (s.lengths[i] < 1) throw std::invalid_argument("pysyclfft: transform lengths must be >= 1");
    if (s.kind == TransformKind::dct1 && s.lengths[i] < 2)
      throw std::invalid_argument("pysyclfft: a type 1 DCT needs at least 2 points, got " +
                                  std::to_string(s.lengths[i]) + " along axis " + std::to_string(s.axes[i]));
    for (std::size_t j = 0; j < i; ++j) {
      if (s.axes[j] != s.axes[i]) continue;
      if (is_trig(s.kind)) throw std::invalid_argument("pysyclfft: all axes must be unique");
      if (s.lengths[j] != s.lengths[i]) throw std::invalid_argument("pysyclfft: an axis repeated in axes needs one length");
      if (s.kind != TransformKind::c2c && i + 1 == s.axes.size())
        throw std::invalid_argument("pysyclfft: the real axis (the last of axes) must not repeat in axes");
    }
  }
  if ((s.kind == TransformKind::r2c || s.kind == TransformKind::c2r) && s.axes.empty())
    throw std::invalid_argument("pysyclfft: a real transform needs at least one axis");
  if (s.complex_data && !is_trig(s.kind))
    throw std::invalid_argument("pysyclfft: complex_data is for DCT/DST plans (c2c data is complex already)");
  if (!supports(dev, s.precision))
    throw std::invalid_argument("pysyclfft: the device has no double precision (fp64) support");
  return s;
}

inline void check_layout(const ArrayLayout& l, std::size_t rank, const char* what) {
  if (l.strides.size() != rank)
    throw std::invalid_argument(std::string("pysyclfft: the ") + what + " layout needs one stride per dimension");
}

// A plan that memory='minimal' forbids (it needs a work buffer).
struct MemoryRefused : std::invalid_argument {
  explicit MemoryRefused(const std::string& what_needs_it)
      : std::invalid_argument("pysyclfft: memory='minimal': " + what_needs_it + "; use memory='auto'"),
        reason(what_needs_it) {}
  std::string reason;  // what needs a work buffer
};

inline void refuse_if_minimal(const NdSpec& s, const std::string& what) {
  if (s.memory == Memory::minimal) throw MemoryRefused(what);
}

}  // namespace pysyclfft::plan
