// REAL-domain descriptors of pysyclfft's C++ DFT API (tests/test_cpp_api.py
// builds and runs this and checks every case against numpy). Each case fills its
// input buffer with sample(j) over all its reals (padding and gaps included),
// runs forward, refills, runs backward, and prints
//   case <name> <single|double> <in_place> <batch> <fwd_scale> <bwd_scale> <d> <lengths...>
//        <fwd strides...> <fwd distance> <bwd strides...> <bwd distance>
//   <real buffer size> <complex buffer size>
//   forward <count>    then the output buffer's reals, one per line
//   backward <count>   the same
//   inputs_kept <0|1> <0|1>   whether each direction left its input buffer as it was
// The layouts printed are the descriptor's effective ones (get_value), defaults included.
#include <pysyclfft/dft.hpp>

#include <algorithm>
#include <complex>
#include <cstdio>
#include <string>
#include <vector>

namespace dft = pysyclfft::dft;
using Ints = std::vector<std::int64_t>;

double sample(std::int64_t j) { return double((j * 7919) % 1009) / 504.5 - 1.0; }

struct Case {
  std::string name;
  Ints lengths;
  std::int64_t batch = 1;
  bool in_place = false;
  Ints fwd_strides, bwd_strides;  // empty: the defaults
  std::int64_t fwd_distance = 0, bwd_distance = 0;  // 0: the default
  double fwd_scale = 1.0, bwd_scale = 1.0;
};

// Elements a side spans: offset + last index + 1.
std::int64_t span(const Ints& lengths, const Ints& strides, std::int64_t batch, std::int64_t distance) {
  std::int64_t last = strides[0] + (batch - 1) * distance;
  for (std::size_t j = 0; j < lengths.size(); ++j) last += (lengths[j] - 1) * strides[j + 1];
  return last + 1;
}

template <typename T> void print(const char* what, const T* data, std::int64_t reals) {
  std::printf("%s %lld\n", what, static_cast<long long>(reals));
  for (std::int64_t j = 0; j < reals; ++j) std::printf("%.17g\n", double(data[j]));
}

template <dft::precision P> void run(sycl::queue& q, const Case& c) {
  using Desc = dft::descriptor<P, dft::domain::REAL>;
  using Real = typename Desc::real_type;
  using P_ = dft::config_param;
  Desc desc(c.lengths);
  desc.set_value(P_::PLACEMENT, c.in_place ? dft::config_value::INPLACE : dft::config_value::NOT_INPLACE);
  desc.set_value(P_::NUMBER_OF_TRANSFORMS, c.batch);
  if (!c.fwd_strides.empty()) desc.set_value(P_::FWD_STRIDES, c.fwd_strides);
  if (!c.bwd_strides.empty()) desc.set_value(P_::BWD_STRIDES, c.bwd_strides);
  if (c.fwd_distance) desc.set_value(P_::FWD_DISTANCE, c.fwd_distance);
  if (c.bwd_distance) desc.set_value(P_::BWD_DISTANCE, c.bwd_distance);
  desc.set_value(P_::FORWARD_SCALE, c.fwd_scale);
  desc.set_value(P_::BACKWARD_SCALE, c.bwd_scale);
  desc.commit(q);

  Ints fwd, bwd, cce = c.lengths;
  std::int64_t fwd_distance, bwd_distance;
  desc.get_value(P_::FWD_STRIDES, &fwd);
  desc.get_value(P_::BWD_STRIDES, &bwd);
  desc.get_value(P_::FWD_DISTANCE, &fwd_distance);
  desc.get_value(P_::BWD_DISTANCE, &bwd_distance);
  cce.back() = cce.back() / 2 + 1;
  const std::int64_t reals = span(c.lengths, fwd, c.batch, fwd_distance);
  const std::int64_t complexes = span(cce, bwd, c.batch, bwd_distance);

  std::printf("case %s %s %d %lld %.17g %.17g %zu", c.name.c_str(), P == dft::precision::SINGLE ? "single" : "double",
              int(c.in_place), static_cast<long long>(c.batch), c.fwd_scale, c.bwd_scale, c.lengths.size());
  for (const Ints& v : {c.lengths, fwd, Ints{fwd_distance}, bwd, Ints{bwd_distance}})
    for (auto x : v) std::printf(" %lld", static_cast<long long>(x));
  std::printf("\n%lld %lld\n", static_cast<long long>(reals), static_cast<long long>(complexes));

  // In place, one buffer of the larger size serves both sides.
  const std::int64_t complex_size = c.in_place ? std::max(reals + 1, 2 * complexes) / 2 : complexes;
  const std::int64_t real_size = c.in_place ? 2 * complex_size : reals;
  Real* r = sycl::malloc_shared<Real>(real_size, q);
  auto* z = c.in_place ? reinterpret_cast<std::complex<Real>*>(r)
                       : sycl::malloc_shared<std::complex<Real>>(complex_size, q);
  Real* zr = reinterpret_cast<Real*>(z);

  for (std::int64_t j = 0; j < real_size; ++j) r[j] = Real(sample(j));
  if (!c.in_place) std::fill(z, z + complex_size, std::complex<Real>(0));
  (c.in_place ? dft::compute_forward(desc, r) : dft::compute_forward(desc, r, z)).wait();
  print("forward", zr, 2 * complexes);
  bool forward_kept = true;
  for (std::int64_t j = 0; j < real_size; ++j) forward_kept = forward_kept && r[j] == Real(sample(j));

  for (std::int64_t j = 0; j < 2 * complex_size; ++j) zr[j] = Real(sample(j));
  if (!c.in_place) std::fill(r, r + real_size, Real(0));
  (c.in_place ? dft::compute_backward(desc, z) : dft::compute_backward(desc, z, r)).wait();
  print("backward", r, reals);
  bool backward_kept = true;
  for (std::int64_t j = 0; j < 2 * complex_size; ++j) backward_kept = backward_kept && zr[j] == Real(sample(j));
  std::printf("inputs_kept %d %d\n", int(forward_kept), int(backward_kept));

  sycl::free(r, q);
  if (!c.in_place) sycl::free(z, q);
}

int main() {
  sycl::queue q;  // the default device (ONEAPI_DEVICE_SELECTOR chooses it)
  // Out of place, batches of 2 at the default distances: even, odd, a prime, a
  // longer even length, and 2^15 (its map FFT is a multi-pass plan).
  for (std::int64_t n : {16, 17, 1000, 4096, 32768})
    run<dft::precision::DOUBLE>(q, {"oop_1d_" + std::to_string(n), {n}, 2});
  for (std::int64_t n : {17, 1000})
    run<dft::precision::SINGLE>(q, {"oop_1d_single_" + std::to_string(n), {n}, 2, false, {}, {}, 0, 0, 0.5, 0.25});
  // In place (the default placement, real rows padded to 2*(n/2+1)), batched.
  run<dft::precision::DOUBLE>(q, {"inplace_1d_16", {16}, 3, true});
  run<dft::precision::DOUBLE>(q, {"inplace_1d_17", {17}, 3, true, {}, {}, 0, 0, 2.0, 1.0 / 17});
  run<dft::precision::DOUBLE>(q, {"inplace_1d_32768", {32768}, 1, true});
  run<dft::precision::SINGLE>(q, {"inplace_1d_single_1000", {1000}, 2, true});
  // Strided and offset 1-D: every second real from element 3, complex from element 1, explicit distances.
  run<dft::precision::DOUBLE>(q, {"strided_1d_16", {16}, 2, false, {3, 2}, {1, 1}, 40, 10});
  // Multi-dimensional.
  run<dft::precision::DOUBLE>(q, {"oop_2d_6x10", {6, 10}, 2});
  run<dft::precision::DOUBLE>(q, {"inplace_2d_6x9", {6, 9}, 2, true, {}, {}, 0, 0, 1.0, 1.0 / 54});
  run<dft::precision::SINGLE>(q, {"oop_2d_single_6x17", {6, 17}, 1});
  run<dft::precision::DOUBLE>(q, {"oop_3d_3x4x16", {3, 4, 16}, 2});
  run<dft::precision::SINGLE>(q, {"inplace_3d_single_3x4x9", {3, 4, 9}, 1, true});
  // 3-D batched with gaps between rows and planes: no batch dimensions merge, so
  // launches loop over one; 17 takes the unfused map passes.
  run<dft::precision::DOUBLE>(q, {"gapped_3d_3x4x17", {3, 4, 17}, 2, false, {0, 100, 20, 1}, {0, 48, 10, 1}, 320, 160});
  // 2-D with transposed real rows (column-major real side) and an offset complex side.
  run<dft::precision::DOUBLE>(q, {"strided_2d_6x10", {6, 10}, 1, false, {0, 1, 6}, {2, 6, 1}});
  return 0;
}
