// oneMath-style uses of the C++ DFT API beyond single transforms
// (tests/test_cpp_api.py checks every case against numpy). Each case prints
//   case <name> <c2c|c2c_twice|c2r> <forward 0|1> <scale> <batch> <d> <lengths...>
//   <count> then count lines "re im" of the dense input, then the same for the output
// where the dense arrays are gathered on the host from the strided buffers.
#include <pysyclfft/dft.hpp>

#include <complex>
#include <cstdio>
#include <string>
#include <vector>

namespace dft = pysyclfft::dft;
using P = dft::config_param;
using V = dft::config_value;
using Strides = std::vector<std::int64_t>;
using Dense = std::vector<std::complex<double>>;

double sample(std::int64_t j) { return double((j * 7919) % 1009) / 504.5 - 1.0; }

template <typename T> Dense dense(const std::vector<T>& v) { return Dense(v.begin(), v.end()); }

void print_case(const std::string& name, const char* kind, bool forward, double scale, std::int64_t batch,
                const Strides& lengths, const Dense& in, const Dense& out) {
  std::printf("case %s %s %d %.17g %lld %zu", name.c_str(), kind, int(forward), scale, (long long)batch,
              lengths.size());
  for (auto n : lengths) std::printf(" %lld", (long long)n);
  for (const Dense* v : {&in, &out}) {
    std::printf("\n%zu", v->size());
    for (auto x : *v) std::printf("\n%.17g %.17g", x.real(), x.imag());
  }
  std::printf("\n");
}

template <typename T> T* to_device(sycl::queue& q, const std::vector<T>& host) {
  T* p = sycl::malloc_device<T>(host.size(), q);
  q.memcpy(p, host.data(), host.size() * sizeof(T)).wait();
  return p;
}
template <typename T> std::vector<T> to_host(sycl::queue& q, const T* p, std::size_t n, sycl::event e) {
  std::vector<T> host(n);
  q.memcpy(host.data(), p, n * sizeof(T), e).wait();
  return host;
}

// A reversed input (stride -1 from offset n-1): oneMath strides may be negative.
void negative_stride(sycl::queue& q) {
  const std::int64_t n = 12;
  dft::descriptor<dft::precision::DOUBLE, dft::domain::COMPLEX> d(n);
  d.set_value(P::PLACEMENT, V::NOT_INPLACE);
  d.set_value(P::FWD_STRIDES, Strides{n - 1, -1});
  d.set_value(P::BWD_STRIDES, Strides{0, 1});
  d.commit(q);
  std::vector<std::complex<double>> buf(n);
  for (std::int64_t j = 0; j < n; ++j) buf[j] = {sample(2 * j), sample(2 * j + 1)};
  auto* in = to_device(q, buf);
  auto* out = sycl::malloc_device<std::complex<double>>(n, q);
  auto result = to_host(q, out, n, dft::compute_forward(d, in, out));
  Dense x(n);
  for (std::int64_t j = 0; j < n; ++j) x[j] = buf[n - 1 - j];
  print_case("negative_stride", "c2c", true, 1.0, 1, {n}, x, dense(result));
  sycl::free(in, q), sycl::free(out, q);
}

// Single precision: the scale is set and read back as float (oneMath's real_scalar_t).
void single_scale_recommit(sycl::queue& q) {
  dft::descriptor<dft::precision::SINGLE, dft::domain::COMPLEX> d(16);
  d.commit(q);
  d.set_value(P::LENGTHS, std::vector<std::int64_t>{3, 17});  // changed after commit, then committed again
  d.set_value(P::BACKWARD_SCALE, 0.25f);
  float scale = 0;
  d.get_value(P::BACKWARD_SCALE, &scale);
  d.commit(q);
  std::vector<std::complex<float>> buf(51);
  for (std::int64_t j = 0; j < 51; ++j) buf[j] = {float(sample(2 * j)), float(sample(2 * j + 1))};
  auto* data = to_device(q, buf);
  auto result = to_host(q, data, 51, dft::compute_backward(d, data));
  print_case("single_scale_recommit", "c2c", false, scale, 1, {3, 17}, dense(buf), dense(result));
  sycl::free(data, q);
}

// Copies of a committed out-of-place 2-D REAL descriptor share its backward work
// buffer: their backward transforms, submitted back to back without waiting,
// must not overwrite each other's spectrum copy.
void copies_share_work(sycl::queue& q) {
  const Strides lengths{8, 10};
  const std::int64_t batch = 3, half = 8 * 6, reals = 8 * 10;
  dft::descriptor<dft::precision::DOUBLE, dft::domain::REAL> d(lengths);
  d.set_value(P::PLACEMENT, V::NOT_INPLACE);
  d.set_value(P::NUMBER_OF_TRANSFORMS, batch);
  d.commit(q);
  auto copy = d;
  std::vector<sycl::event> done;
  std::vector<std::complex<double>*> ins;
  std::vector<double*> outs;
  for (int k = 0; k < 4; ++k) {
    std::vector<std::complex<double>> buf(batch * half);
    for (std::int64_t j = 0; j < batch * half; ++j) buf[j] = {sample(2 * j + 7 * k), sample(2 * j + 1 + 7 * k)};
    ins.push_back(to_device(q, buf));
    outs.push_back(sycl::malloc_device<double>(batch * reals, q));
  }
  for (int k = 0; k < 4; ++k) done.push_back(dft::compute_backward(k % 2 ? copy : d, ins[k], outs[k]));
  for (int k = 0; k < 4; ++k) {
    auto in = to_host(q, ins[k], batch * half, done[k]);
    auto out = to_host(q, outs[k], batch * reals, done[k]);
    print_case("copies_share_work_" + std::to_string(k), "c2r", false, 1.0, batch, lengths, dense(in), dense(out));
    sycl::free(ins[k], q), sycl::free(outs[k], q);
  }
}

// Two queues: one descriptor committed to each; a dependency event of one queue
// orders the other's transform.
void two_queues(sycl::queue& q) {
  sycl::queue other{q.get_context(), q.get_device(), sycl::property::queue::in_order{}};
  const std::int64_t n = 1009;
  dft::descriptor<dft::precision::DOUBLE, dft::domain::COMPLEX> d(n), e(n);
  d.commit(q), e.commit(other);
  std::vector<std::complex<double>> buf(n);
  for (std::int64_t j = 0; j < n; ++j) buf[j] = {sample(2 * j), sample(2 * j + 1)};
  auto* data = to_device(q, buf);
  auto first = dft::compute_forward(d, data);
  auto second = dft::compute_forward(e, data, {first});  // forward twice: n * x[-j]
  auto result = to_host(q, data, n, second);
  print_case("two_queues", "c2c_twice", true, 1.0, 1, {n}, dense(buf), dense(result));
  sycl::free(data, q);
}

int main() {
  sycl::queue q;  // the default device (ONEAPI_DEVICE_SELECTOR chooses it)
  negative_stride(q);
  single_scale_recommit(q);
  copies_share_work(q);
  two_queues(q);
}
