// Bad descriptor values and calls of pysyclfft's C++ DFT API: each case prints
// "<case> <exception class>: <message>", or "<case> no exception" (a defect).
#include <pysyclfft/dft.hpp>

#include <complex>
#include <cstdio>
#include <functional>
#include <vector>

namespace dft = pysyclfft::dft;
using Complex = dft::descriptor<dft::precision::DOUBLE, dft::domain::COMPLEX>;
using Real = dft::descriptor<dft::precision::DOUBLE, dft::domain::REAL>;
using Strides = std::vector<std::int64_t>;

void check(const char* name, const std::function<void()>& attempt) {
  try {
    attempt();
    std::printf("%s no exception\n", name);
  } catch (const dft::invalid_argument& e) {
    std::printf("%s invalid_argument: %s\n", name, e.what());
  } catch (const dft::uninitialized& e) {
    std::printf("%s uninitialized: %s\n", name, e.what());
  } catch (const dft::unimplemented& e) {
    std::printf("%s unimplemented: %s\n", name, e.what());
  } catch (const std::exception& e) {
    std::printf("%s other: %s\n", name, e.what());
  }
}

int main() {
  sycl::queue q;  // the default device (ONEAPI_DEVICE_SELECTOR chooses it)
  auto* a = sycl::malloc_device<std::complex<double>>(64, q);
  auto* b = sycl::malloc_device<std::complex<double>>(64, q);
  using P = dft::config_param;
  using V = dft::config_value;

  check("zero_length", [] { Complex d(0); });
  check("empty_lengths", [] { Complex d(Strides{}); });
  check("negative_length_in_vector", [] { Complex d(Strides{4, -2}); });
  check("zero_batch", [] { Complex(8).set_value(P::NUMBER_OF_TRANSFORMS, 0); });
  check("integer_for_scale_param", [] { Complex(8).set_value(P::PRECISION, 3); });
  check("real_for_distance", [] { Complex(8).set_value(P::FWD_DISTANCE, 1.5); });
  check("bad_placement_value", [] { Complex(8).set_value(P::PLACEMENT, V::COMMITTED); });
  check("bad_memory_mode_value", [] { Complex(8).set_value(P::MEMORY_MODE, V::INPLACE); });
  check("strides_wrong_size", [] { Complex(8).set_value(P::FWD_STRIDES, Strides{0, 1, 1}); });
  check("strides_negative_offset", [] { Complex(8).set_value(P::BWD_STRIDES, Strides{-1, 1}); });
  check("vector_for_distance", [] { Complex(8).set_value(P::FWD_DISTANCE, Strides{1}); });
  check("get_wrong_type", [] {
    double v;
    Complex(8).get_value(P::LENGTHS, &v);
  });
  check("compute_before_commit", [&] {
    Complex d(8);
    dft::compute_forward(d, a);
  });
  check("batch_without_distance", [&] {
    Complex d(8);
    d.set_value(P::NUMBER_OF_TRANSFORMS, 2);
    d.set_value(P::FWD_DISTANCE, 0);
    d.commit(q);
  });
  check("in_place_unequal_strides", [&] {
    Complex d(8);
    d.set_value(P::BWD_STRIDES, Strides{0, 2});
    d.commit(q);
  });
  check("not_inplace_one_pointer", [&] {
    Complex d(8);
    d.set_value(P::PLACEMENT, V::NOT_INPLACE);
    d.commit(q);
    dft::compute_forward(d, a, a).wait();
  });
  check("inplace_two_pointers", [&] {
    Complex d(8);
    d.commit(q);
    dft::compute_forward(d, a, b).wait();
  });
  check("changed_after_commit", [&] {
    Complex d(8);
    d.commit(q);
    d.set_value(P::FORWARD_SCALE, 0.5);
    dft::compute_forward(d, a).wait();
  });
  check("real_in_place_unpadded_rows", [&] {  // 2-D real rows of 8 cannot hold 5 complex values
    Real d({4, 8});
    d.set_value(P::FWD_STRIDES, Strides{0, 8, 1});
    d.commit(q);
  });
  check("real_minimal_needs_buffer", [&] {  // 2^17: its map FFT is a multi-pass plan on every device
    Real d(131072);
    d.set_value(P::MEMORY_MODE, V::MEMORY_MINIMAL);
    d.commit(q);
  });
  check("real_minimal_backward_copy", [&] {  // out-of-place 2-D backward keeps its input: needs a copy
    Real d({2, 4});
    d.set_value(P::PLACEMENT, V::NOT_INPLACE);
    d.set_value(P::MEMORY_MODE, V::MEMORY_MINIMAL);
    d.commit(q);
    dft::compute_backward(d, a, reinterpret_cast<double*>(b)).wait();
  });
  check("zero_stride", [&] {  // would make every element of a transform the same one
    Complex d(8);
    d.set_value(P::PLACEMENT, V::NOT_INPLACE);
    d.set_value(P::FWD_STRIDES, Strides{0, 0});
    d.commit(q);
  });
  check("zero_stride_real", [&] {
    Real d({4, 8});
    d.set_value(P::PLACEMENT, V::NOT_INPLACE);
    d.set_value(P::BWD_STRIDES, Strides{0, 0, 1});
    d.commit(q);
  });
  check("unsupported_length", [&] {  // the planner's domain_error comes out as unimplemented
    Complex d(Strides{std::int64_t(1) << 50});  // three passes of at most 2^16 points
    d.commit(q);
  });
  check("moved_from_compute", [&] {  // a moved-from descriptor has no lengths and no plans
    Complex d(8);
    d.commit(q);
    Complex taken(std::move(d));
    dft::compute_forward(d, a).wait();
  });
  check("moved_from_commit", [&] {
    Real d(8);
    Real taken(std::move(d));
    d.commit(q);
  });
  check("null_pointer", [&] {
    Complex d(8);
    d.commit(q);
    dft::compute_forward(d, static_cast<std::complex<double>*>(nullptr)).wait();
  });
  check("valid_after_errors", [&] {  // no exception expected: the API stays usable
    Complex d(8);
    d.commit(q);
    dft::compute_forward(d, a).wait();
  });
  sycl::free(a, q);
  sycl::free(b, q);
}
