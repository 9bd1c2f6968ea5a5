// pysyclfft's C++ DFT API on USM memory: a batched 1-D transform out of place,
// a 2-D transform in place with an offset, a strided 1-D round trip, a 2-D
// real transform (R2C) and its inverse (C2R), a 2-D DCT-II and a 2-D transform
// of zero-padded and cropped input (pysyclfft's TRANSFORM_KIND and INPUT_LENGTHS).
// docs/api.md quotes these lines; tests/test_doc_examples.py checks that it does.
// Prints each result as "<name> <count>" followed by one "re im" line per element.
#include <pysyclfft/dft.hpp>

#include <complex>
#include <cstdio>
#include <vector>

namespace dft = pysyclfft::dft;

// The input every case uses; the test rebuilds it in numpy.
template <typename T> std::complex<T> sample(std::int64_t j) {
  return {T(0.25 * double(j % 11) - 1.0), T(0.5 * double((j * j) % 7) - 1.5)};
}

template <typename T> void print(const char* name, const std::vector<std::complex<T>>& v) {
  std::printf("%s %zu\n", name, v.size());
  for (const auto& z : v) std::printf("%.17g %.17g\n", double(z.real()), double(z.imag()));
}

int main() {
  sycl::queue q;  // the default device (ONEAPI_DEVICE_SELECTOR chooses it)
  std::printf("device %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());

  {  // 3 transforms of length 16, single precision, out of place.
    const std::int64_t n = 16, batch = 3;
    std::vector<std::complex<float>> host(n * batch);
    for (std::int64_t j = 0; j < n * batch; ++j) host[j] = sample<float>(j);
    auto* in = sycl::malloc_device<std::complex<float>>(n * batch, q);
    auto* out = sycl::malloc_device<std::complex<float>>(n * batch, q);
    auto copied = q.copy(host.data(), in, host.size());

    dft::descriptor<dft::precision::SINGLE, dft::domain::COMPLEX> desc(n);
    desc.set_value(dft::config_param::NUMBER_OF_TRANSFORMS, batch);
    desc.set_value(dft::config_param::FWD_DISTANCE, n);
    desc.set_value(dft::config_param::BWD_DISTANCE, n);
    desc.set_value(dft::config_param::PLACEMENT, dft::config_value::NOT_INPLACE);
    desc.commit(q);
    dft::compute_forward(desc, in, out, {copied}).wait();
    q.copy(out, host.data(), host.size()).wait();
    print("batched_forward_f32", host);
    sycl::free(in, q);
    sycl::free(out, q);
  }

  {  // A 6 x 8 transform in place, double precision, data starting 2 elements in.
    const std::int64_t rows = 6, cols = 8, offset = 2;
    std::vector<std::complex<double>> host(offset + rows * cols);
    for (std::int64_t j = 0; j < rows * cols; ++j) host[offset + j] = sample<double>(j);
    auto* data = sycl::malloc_shared<std::complex<double>>(host.size(), q);
    std::copy(host.begin(), host.end(), data);

    dft::descriptor<dft::precision::DOUBLE, dft::domain::COMPLEX> desc({rows, cols});
    desc.set_value(dft::config_param::FWD_STRIDES, std::vector<std::int64_t>{offset, cols, 1});
    desc.set_value(dft::config_param::BWD_STRIDES, std::vector<std::int64_t>{offset, cols, 1});
    desc.commit(q);
    dft::compute_forward(desc, data).wait();
    print("inplace_2d_f64", std::vector<std::complex<double>>(data + offset, data + offset + rows * cols));
    sycl::free(data, q);
  }

  {  // Length 12 read with stride 2, written contiguously; then back, scaled by 1/12.
    const std::int64_t n = 12;
    std::vector<std::complex<double>> host(2 * n);
    for (std::int64_t j = 0; j < 2 * n; ++j) host[j] = sample<double>(j);
    auto* in = sycl::malloc_device<std::complex<double>>(2 * n, q);
    auto* spectrum = sycl::malloc_device<std::complex<double>>(n, q);
    auto copied = q.copy(host.data(), in, host.size());

    dft::descriptor<dft::precision::DOUBLE, dft::domain::COMPLEX> desc(n);
    desc.set_value(dft::config_param::PLACEMENT, dft::config_value::NOT_INPLACE);
    desc.set_value(dft::config_param::FWD_STRIDES, std::vector<std::int64_t>{0, 2});
    desc.set_value(dft::config_param::BWD_STRIDES, std::vector<std::int64_t>{0, 1});
    desc.set_value(dft::config_param::BACKWARD_SCALE, 1.0 / double(n));
    desc.commit(q);
    auto forward = dft::compute_forward(desc, in, spectrum, {copied});
    std::vector<std::complex<double>> result(n);
    q.copy(spectrum, result.data(), n, forward).wait();
    print("strided_forward_f64", result);

    // Backward maps BWD (contiguous) to FWD (stride 2): write into a zeroed strided buffer.
    auto* strided = sycl::malloc_device<std::complex<double>>(2 * n, q);
    auto zeroed = q.fill(strided, std::complex<double>(0), 2 * n);
    dft::compute_backward(desc, spectrum, strided, {zeroed, forward}).wait();
    std::vector<std::complex<double>> round(2 * n);
    q.copy(strided, round.data(), 2 * n).wait();
    print("strided_roundtrip_f64", round);
    for (auto* p : {in, spectrum, strided}) sycl::free(p, q);
  }

  {  // A 4 x 10 real transform out of place (4 x 6 complex values), then back, scaled by 1/40.
    const std::int64_t rows = 4, cols = 10, half_cols = cols / 2 + 1;
    std::vector<double> host(rows * cols);
    for (std::int64_t j = 0; j < rows * cols; ++j) host[j] = sample<double>(j).real();
    auto* signal = sycl::malloc_device<double>(rows * cols, q);
    auto* half_spectrum = sycl::malloc_device<std::complex<double>>(rows * half_cols, q);
    auto copied = q.copy(host.data(), signal, host.size());

    dft::descriptor<dft::precision::DOUBLE, dft::domain::REAL> real({4, 10});
    real.set_value(dft::config_param::PLACEMENT, dft::config_value::NOT_INPLACE);
    real.set_value(dft::config_param::BACKWARD_SCALE, 1.0 / 40);
    real.commit(q);
    auto half = dft::compute_forward(real, signal, half_spectrum, {copied});
    std::vector<std::complex<double>> result(rows * half_cols);
    q.copy(half_spectrum, result.data(), result.size(), half).wait();
    print("real_forward_f64", result);

    dft::compute_backward(real, half_spectrum, signal, {half}).wait();
    q.copy(signal, host.data(), host.size()).wait();
    print("real_roundtrip_f64", std::vector<std::complex<double>>(host.begin(), host.end()));
    sycl::free(signal, q);
    sycl::free(half_spectrum, q);
  }

  {  // scipy.fft.dctn(x, type=2) of a 6 x 10 real array, out of place.
    auto* x = sycl::malloc_shared<double>(60, q);
    auto* y = sycl::malloc_shared<double>(60, q);
    for (std::int64_t j = 0; j < 60; ++j) x[j] = sample<double>(j).real();

    dft::descriptor<dft::precision::DOUBLE, dft::domain::REAL> dct({6, 10});
    dct.set_value(dft::config_param::TRANSFORM_KIND, dft::transform::DCT2);
    dct.set_value(dft::config_param::PLACEMENT, dft::config_value::NOT_INPLACE);
    dct.commit(q);
    dft::compute_forward(dct, x, y).wait();   // y = scipy.fft.dctn(x, type=2)
    print("dct2_2d_f64", std::vector<std::complex<double>>(y, y + 60));
    sycl::free(x, q);
    sycl::free(y, q);
  }

  {  // numpy.fft.fftn(x, s=(8, 12)) of a 5 x 16 single-precision array: rows padded, columns cropped.
    auto* x5x16 = sycl::malloc_shared<std::complex<float>>(5 * 16, q);
    auto* y8x12 = sycl::malloc_shared<std::complex<float>>(8 * 12, q);
    for (std::int64_t j = 0; j < 5 * 16; ++j) x5x16[j] = sample<float>(j);

    dft::descriptor<dft::precision::SINGLE, dft::domain::COMPLEX> padded({8, 12});
    padded.set_value(dft::config_param::INPUT_LENGTHS, std::vector<std::int64_t>{5, 16});
    padded.set_value(dft::config_param::PLACEMENT, dft::config_value::NOT_INPLACE);
    padded.commit(q);
    dft::compute_forward(padded, x5x16, y8x12).wait();  // numpy.fft.fftn(x, s=(8, 12))
    print("padded_2d_f32", std::vector<std::complex<float>>(y8x12, y8x12 + 8 * 12));
    sycl::free(x5x16, q);
    sycl::free(y8x12, q);
  }
  return 0;
}
