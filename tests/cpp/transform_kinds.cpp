// pysyclfft's own descriptor parameters (TRANSFORM_KIND: DCT/DST types 1-4 and
// HERMITIAN; INPUT_LENGTHS: pad/crop) of the C++ DFT API. tests/test_cpp_api_kinds.py
// builds and runs this and checks every case against scipy/numpy. Each case fills
// its input buffer with sample(j) over all its reals, runs forward (out of
// place, default layouts), refills, runs backward where there is one, and prints
//   case <name> <single|double> <real|complex> <kind> <batch> <d> <lengths...> <input lengths...>
//   forward <count>    then the output buffer's reals, one per line
//   backward <count>   the same (0 when the descriptor computes forward only)
#include <pysyclfft/dft.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace dft = pysyclfft::dft;
using Ints = std::vector<std::int64_t>;
using P_ = dft::config_param;

double sample(std::int64_t j) { return double((j * 7919) % 1009) / 504.5 - 1.0; }

const char* kKindNames[] = {"DFT", "HERMITIAN", "DCT1", "DCT2", "DCT3", "DCT4", "DST1", "DST2", "DST3", "DST4"};

struct Case {
  std::string name;
  dft::transform kind;
  Ints lengths, input_lengths;  // input_lengths empty: not set
  std::int64_t batch = 1;
};

template <typename Real> std::int64_t fill(Real* data, std::int64_t reals) {
  for (std::int64_t j = 0; j < reals; ++j) data[j] = Real(sample(j));
  return reals;
}

// Reals a side holds in the default layouts: NUMBER_OF_TRANSFORMS times its distance.
template <class Desc> std::int64_t side_reals(const Desc& d, P_ distance_param, bool complex) {
  std::int64_t distance = 0, batch = 0;
  d.get_value(distance_param, &distance);
  d.get_value(P_::NUMBER_OF_TRANSFORMS, &batch);
  return batch * distance * (complex ? 2 : 1);
}

template <dft::precision P, dft::domain D> void run(sycl::queue& q, const Case& c) {
  using Desc = dft::descriptor<P, D>;
  using Real = typename Desc::real_type;
  Desc desc(c.lengths);
  desc.set_value(P_::TRANSFORM_KIND, c.kind);
  desc.set_value(P_::PLACEMENT, dft::config_value::NOT_INPLACE);
  desc.set_value(P_::NUMBER_OF_TRANSFORMS, c.batch);
  if (!c.input_lengths.empty()) desc.set_value(P_::INPUT_LENGTHS, c.input_lengths);
  desc.commit(q);
  // The complex side: COMPLEX data; REAL DFT's backward side; HERMITIAN's forward side.
  const bool complex_domain = D == dft::domain::COMPLEX;
  const bool fwd_complex = complex_domain || c.kind == dft::transform::HERMITIAN;
  const bool bwd_complex = complex_domain || c.kind == dft::transform::DFT;
  const std::int64_t fwd_reals = side_reals(desc, P_::FWD_DISTANCE, fwd_complex);
  const std::int64_t bwd_reals = side_reals(desc, P_::BWD_DISTANCE, bwd_complex);
  Real* fwd = sycl::malloc_shared<Real>(fwd_reals, q);
  Real* bwd = sycl::malloc_shared<Real>(bwd_reals, q);
  std::printf("case %s %s %s %s %lld %zu", c.name.c_str(), P == dft::precision::SINGLE ? "single" : "double",
              complex_domain ? "complex" : "real", kKindNames[int(c.kind)], static_cast<long long>(c.batch),
              c.lengths.size());
  for (auto n : c.lengths) std::printf(" %lld", static_cast<long long>(n));
  Ints input;
  desc.get_value(P_::INPUT_LENGTHS, &input);
  for (auto n : input) std::printf(" %lld", static_cast<long long>(n));
  std::printf("\n");
  fill(fwd, fwd_reals);
  dft::compute_forward(desc, fwd, bwd).wait();
  std::printf("forward %lld\n", static_cast<long long>(bwd_reals));
  for (std::int64_t j = 0; j < bwd_reals; ++j) std::printf("%.17g\n", double(bwd[j]));
  const bool has_backward = c.input_lengths.empty();
  std::printf("backward %lld\n", static_cast<long long>(has_backward ? fwd_reals : 0));
  if (has_backward) {
    fill(bwd, bwd_reals);
    dft::compute_backward(desc, bwd, fwd).wait();
    for (std::int64_t j = 0; j < fwd_reals; ++j) std::printf("%.17g\n", double(fwd[j]));
  }
  sycl::free(fwd, q);
  sycl::free(bwd, q);
}

template <dft::precision P> void run_all(sycl::queue& q) {
  using T = dft::transform;
  for (T kind : {T::DCT1, T::DCT2, T::DCT3, T::DCT4, T::DST1, T::DST2, T::DST3, T::DST4}) {
    const std::string name = kKindNames[int(kind)];
    run<P, dft::domain::REAL>(q, {name + "_1d", kind, {12}, {}, 2});
    run<P, dft::domain::REAL>(q, {name + "_2d", kind, {6, 10}, {}, 1});
  }
  run<P, dft::domain::COMPLEX>(q, {"complex_dct2_2d", T::DCT2, {6, 10}, {}, 2});
  run<P, dft::domain::COMPLEX>(q, {"complex_dst3_1d", T::DST3, {9}, {}, 1});
  run<P, dft::domain::REAL>(q, {"hermitian_1d_even", T::HERMITIAN, {16}, {}, 2});
  run<P, dft::domain::REAL>(q, {"hermitian_1d_odd", T::HERMITIAN, {15}, {}, 1});
  run<P, dft::domain::REAL>(q, {"hermitian_2d", T::HERMITIAN, {6, 10}, {}, 1});
  run<P, dft::domain::COMPLEX>(q, {"pad_crop_complex_2d", T::DFT, {8, 12}, {5, 16}, 2});
  run<P, dft::domain::REAL>(q, {"pad_real_1d", T::DFT, {10}, {7}, 2});
  run<P, dft::domain::REAL>(q, {"crop_pad_real_2d", T::DFT, {9, 8}, {12, 5}, 1});
  run<P, dft::domain::REAL>(q, {"pad_crop_dct2_2d", T::DCT2, {9, 6}, {12, 4}, 1});
  run<P, dft::domain::REAL>(q, {"pad_hermitian_1d", T::HERMITIAN, {16}, {5}, 1});
}

int main() {
  sycl::queue q;
  run_all<dft::precision::SINGLE>(q);
  if (q.get_device().has(sycl::aspect::fp64)) run_all<dft::precision::DOUBLE>(q);
  return 0;
}
