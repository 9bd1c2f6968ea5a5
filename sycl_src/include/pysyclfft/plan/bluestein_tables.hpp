// Bluestein (chirp-z) tables:
//   X[k] = c[k] * sum_n (x[n] c[n]) * conj(c[k-n]),  c[n] = exp(-pi*i*n^2/N),
// a cyclic convolution of length M >= 2N-1 done with two FFTs of length M. The
// kernel's spectrum is FFT_M(b)/M with b[m] = b[M-m] = conj(c[m]) for m < N
// (the 1/M of the inverse FFT folded in). The backward transform conjugates both
// tables and swaps the FFT directions (mul_dir), so one pair serves both.
// A float table is computed wholly on the device in double where the device can
// (DeviceTables::bluestein_float: chirp, spectrum and rounding, kernels/bluestein_chirp.hpp);
// else the chirp on the host (O(N): one long-double product per entry) and the
// spectrum, an FFT of 2-4 million points near N = 10^6, on the host in long double
// (in double for float tables: its error, ~1e-16 log M, is far below float's rounding).
#pragma once
#include <algorithm>
#include <complex>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "device_tables.hpp"
#include "table_cache.hpp"
#include "table_entries.hpp"
#include "twiddles.hpp"

namespace pysyclfft::plan {

using cld = std::complex<long double>;

// c[n] = exp(-pi*i*n^2/N) = exp(-2*pi*i*(n^2 mod 2N)/(2N)), n < N, in precision R
// (each value a long-double product of two table entries, then rounded). Since
// (N-n)^2 = n^2 + N^2 (mod 2N), c[N-n] = (-1)^N c[n]: half the products.
template <typename R = long double> std::vector<std::complex<R>> bluestein_chirp(std::int64_t n) {
  std::vector<std::complex<R>> c(n);
  const auto two_n = static_cast<unsigned __int128>(2 * n);
  const TwoLevelTwiddles roots = two_level_twiddles(2 * n);
  const R sign = n % 2 ? R(-1) : R(1);
  for (std::int64_t k = 0; k <= n / 2; ++k) {
    c[k] = std::complex<R>(roots.at(std::int64_t(static_cast<unsigned __int128>(k) * k % two_n)));
    if (k > 0) c[n - k] = sign * c[k];
  }
  return c;
}

// The working precision of a convolution table rounded to T: double on the
// device, and for float tables; long double for double tables on the host.
template <typename T, class F> auto in_working_precision(const DeviceTables& device, const F& compute) {
  if (device || std::is_same_v<T, float>) return compute(double{});
  return compute((long double){});
}

// What a table cache key says of where a convolution spectrum was computed:
// the device's and the host's values differ in their last bits.
inline std::string spectrum_source(const DeviceTables& device) {
  return device ? "spectrum in double on the device" : "spectrum on the host";
}

namespace detail {

// Complex product without std::complex's NaN/inf recovery (a libcall per product).
template <typename C> C mul(const C& a, const C& b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}

// roots[k] = exp(-2*pi*i*k/m), k < m, rounded to C; the second half mirrors the
// first (conjugates).
template <typename C> std::vector<C> roots_of_unity(std::int64_t m) {
  std::vector<C> roots(m);
  const TwoLevelTwiddles two_level = two_level_twiddles(m);
  for (std::int64_t k = 0; k <= m / 2; ++k) roots[k] = C(two_level.at(k));
  for (std::int64_t k = m / 2 + 1; k < m; ++k) roots[k] = std::conj(roots[m - k]);
  return roots;
}

// The radices of m (each at most 13), fours first: fewer passes over the data.
inline std::vector<int> host_radices(std::int64_t m) {
  std::vector<int> radices;
  for (; m % 4 == 0; m /= 4) radices.push_back(4);
  for (int p = 2; p <= 13; ++p)
    for (; m % p == 0; m /= p) radices.push_back(p);
  if (m != 1) throw std::domain_error("pysyclfft: host DFT length has a prime factor above 13");
  return radices;
}

// t[0..r) <- DFT_r(t), w[a][b] = exp(-2*pi*i*a*b/r). Radices 2 and 4 need no products.
template <typename C> void small_dft(C* t, int r, const C (&w)[13][13]) {
  if (r == 2) {
    const C a = t[0], b = t[1];
    t[0] = a + b, t[1] = a - b;
    return;
  }
  if (r == 4) {  // exp(-2*pi*i/4) = -i
    const C s02 = t[0] + t[2], d02 = t[0] - t[2], s13 = t[1] + t[3], d13 = t[1] - t[3];
    const C minus_i_d13{d13.imag(), -d13.real()};
    t[0] = s02 + s13, t[1] = d02 + minus_i_d13, t[2] = s02 - s13, t[3] = d02 - minus_i_d13;
    return;
  }
  C y[13];
  for (int b = 0; b < r; ++b) {
    y[b] = t[0];
    for (int a = 1; a < r; ++a) y[b] += mul(t[a], w[a][b]);
  }
  std::copy(y, y + r, t);
}

// Runs body(begin, end) over [0, count) in slices on the host's cores, when the
// pass is large enough (`points`) to pay for the threads: the long-double spectra
// of millions of points cost about a second on one core.
template <class F> void on_host_cores(std::int64_t count, std::int64_t points, const F& body) {
  constexpr std::int64_t kPointsPerThread = std::int64_t(1) << 16;
  const std::int64_t threads = std::min<std::int64_t>(
      {count, points / kPointsPerThread, std::max<std::int64_t>(1, std::thread::hardware_concurrency()), 16});
  if (threads <= 1) return body(std::int64_t(0), count);
  std::vector<std::thread> workers;
  for (std::int64_t t = 1; t < threads; ++t)
    workers.emplace_back([&, t] { body(count * t / threads, count * (t + 1) / threads); });
  body(std::int64_t(0), count / threads);
  for (auto& w : workers) w.join();
}

// One radix-r Stockham pass over m points: butterfly j (of m/r) reads the r points
// j + q*m/r, twiddles them by its position k = j % span within the current
// sub-transforms, and writes them span apart. Reads and writes run through memory
// in order, which is what makes the host DFT fast at millions of points.
template <typename C>
void stockham_pass(const std::vector<C>& x, std::vector<C>& y, int r, std::int64_t span, const std::vector<C>& roots) {
  const std::int64_t m = std::int64_t(x.size()), stride = m / r, step = m / (span * r);
  C w[13][13];
  for (int a = 0; a < r; ++a)
    for (int b = 0; b < r; ++b) w[a][b] = roots[(a * b % r) * (m / r)];
  on_host_cores(stride, m, [&](std::int64_t begin, std::int64_t end) {
    C t[13];
    for (std::int64_t j = begin, k = begin % span; j < end; ++j, k = k + 1 == span ? 0 : k + 1) {
      const std::int64_t base = j - k;  // butterfly j is at position k of the sub-transform at base
      t[0] = x[j];
      for (int q = 1; q < r; ++q) t[q] = mul(x[j + q * stride], roots[q * k * step]);
      small_dft(t, r, w);
      for (int b = 0; b < r; ++b) y[base * r + k + b * span] = t[b];
    }
  });
}

}  // namespace detail

// FFT_M(b)/M: the spectrum a cyclic convolution with b multiplies by (the 1/M of
// the inverse FFT folded in), on the device when given one (double only), else
// on the host in b's precision. M's prime factors are at most 13.
template <typename C> std::vector<C> convolution_spectrum(const Runs<C>& sequence, const DeviceTables& device) {
  if constexpr (std::is_same_v<C, std::complex<double>>)
    if (device) return device.spectrum(sequence);
  std::vector<C> b = sequence.dense();
  const std::int64_t m = sequence.length;
  const std::vector<C> roots = detail::roots_of_unity<C>(m);
  std::vector<C> work(m);
  std::int64_t span = 1;
  for (int r : detail::host_radices(m)) {
    detail::stockham_pass(b, work, r, span, roots);
    b.swap(work);
    span *= r;
  }
  for (auto& v : b) v /= static_cast<typename C::value_type>(m);
  return b;
}

// The spectrum for the chirp c of length N, padded to M.
template <typename C>
std::vector<C> bluestein_spectrum(const std::vector<C>& chirp, std::int64_t m, const DeviceTables& device) {
  const std::int64_t n = std::int64_t(chirp.size());
  Runs<C> b{m, {{0, std::vector<C>(n)}, {m - n + 1, std::vector<C>(n - 1)}}};
  for (std::int64_t k = 0; k < n; ++k) b.runs[0].second[k] = std::conj(chirp[k]);
  for (std::int64_t k = 1; k < n; ++k) b.runs[1].second[n - 1 - k] = std::conj(chirp[k]);  // b[m - k]
  return convolution_spectrum(b, device);
}

// The device table of length n padded to m: the chirp (n entries), then the spectrum
// (m entries), rounded to T. Cached (table_cache.hpp): computing it costs seconds near 10^6
// on the host. A float table is built wholly on the device where it computes spectra: on a
// GPU in milliseconds, and then not cached (reading it back would cost more).
template <typename T> TableCache::Held bluestein_table(std::int64_t n, std::int64_t m, const DeviceTables& device) {
  if constexpr (std::is_same_v<T, float>)
    if (device.bluestein_float)
      return TableCache::instance().get_built<T>(
          "bluestein padded to " + std::to_string(m) + ", chirp and spectrum in double on the device", n,
          device.host_reads_tables, [&] { return device.bluestein_float(n, m); });
  const std::string what = "bluestein padded to " + std::to_string(m) + ", " + spectrum_source(device);
  return TableCache::instance().get<T>(what, n, [&] {
    std::vector<std::complex<T>> table;
    table.reserve(std::size_t(n + m));
    in_working_precision<T>(device, [&](auto r) {
      const auto chirp = bluestein_chirp<decltype(r)>(n);
      append_rounded(table, chirp);
      append_rounded(table, bluestein_spectrum(chirp, m, device));
      return 0;
    });
    return table;
  });
}

}  // namespace pysyclfft::plan
