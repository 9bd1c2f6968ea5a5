// Bluestein (chirp-z) tables, computed on the host in long double (in double for
// float tables: its error, ~1e-16 log M, is far below float's rounding, and x87
// long double arithmetic made a 2^22-point spectrum cost ~2 s):
//   X[k] = c[k] * sum_n (x[n] c[n]) * conj(c[k-n]),  c[n] = exp(-pi*i*n^2/N),
// a cyclic convolution of length M >= 2N-1 done with two FFTs of length M. The
// kernel's spectrum is FFT_M(b)/M with b[m] = b[M-m] = conj(c[m]) for m < N
// (the 1/M of the inverse FFT folded in). The backward transform conjugates both
// tables and swaps the FFT directions (mul_dir), so one pair serves both.
#pragma once
#include <algorithm>
#include <complex>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "table_cache.hpp"
#include "table_entries.hpp"
#include "twiddles.hpp"

namespace pysyclfft::plan {

using cld = std::complex<long double>;

// c[n] = exp(-pi*i*n^2/N) = exp(-2*pi*i*(n^2 mod 2N)/(2N)), n < N, in precision R
// (each value computed in long double, then rounded). Since (N-n)^2 = n^2 + N^2
// (mod 2N), c[N-n] = (-1)^N c[n]: half the sin/cos calls.
template <typename R = long double> std::vector<std::complex<R>> bluestein_chirp(std::int64_t n) {
  std::vector<std::complex<R>> c(n);
  const auto two_n = static_cast<unsigned __int128>(2 * n);
  const R sign = n % 2 ? R(-1) : R(1);
  for (std::int64_t k = 0; k <= n / 2; ++k) {
    c[k] = std::complex<R>(root_of_unity(std::int64_t(static_cast<unsigned __int128>(k) * k % two_n), 2 * n));
    if (k > 0) c[n - k] = sign * c[k];
  }
  return c;
}

namespace detail {

// Complex product without std::complex's NaN/inf recovery (a libcall per product).
template <typename C> C mul(const C& a, const C& b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}

// roots[k] = exp(-2*pi*i*k/m), k < m, rounded to C; the second half mirrors the
// first (conjugates), which halves the long-double sin/cos calls.
template <typename C> std::vector<C> roots_of_unity(std::int64_t m) {
  std::vector<C> roots(m);
  for (std::int64_t k = 0; k <= m / 2; ++k) roots[k] = C(root_of_unity(k, m));
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

// One radix-r Stockham pass over m points: butterfly j (of m/r) reads the r points
// j + q*m/r, twiddles them by its position k = j % span within the current
// sub-transforms, and writes them span apart. Reads and writes run through memory
// in order, which is what makes the host DFT fast at millions of points.
template <typename C>
void stockham_pass(const std::vector<C>& x, std::vector<C>& y, int r, std::int64_t span, const std::vector<C>& roots) {
  const std::int64_t m = std::int64_t(x.size()), stride = m / r, step = m / (span * r);
  C w[13][13], t[13];
  for (int a = 0; a < r; ++a)
    for (int b = 0; b < r; ++b) w[a][b] = roots[(a * b % r) * (m / r)];
  for (std::int64_t base = 0; base < stride; base += span) {  // span divides stride
    for (std::int64_t k = 0; k < span; ++k) {
      const std::int64_t j = base + k;
      t[0] = x[j];
      for (int q = 1; q < r; ++q) t[q] = mul(x[j + q * stride], roots[q * k * step]);
      small_dft(t, r, w);
      for (int b = 0; b < r; ++b) y[base * r + k + b * span] = t[b];
    }
  }
}

}  // namespace detail

// FFT_M(b)/M: the spectrum a cyclic convolution with b multiplies by (the 1/M of
// the inverse FFT folded in), in b's precision. M's prime factors are at most 13.
template <typename C> std::vector<C> convolution_spectrum(std::vector<C> b) {
  const std::int64_t m = std::int64_t(b.size());
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
template <typename C> std::vector<C> bluestein_spectrum(const std::vector<C>& chirp, std::int64_t m) {
  const std::int64_t n = std::int64_t(chirp.size());
  std::vector<C> b(m, 0);
  for (std::int64_t k = 0; k < n; ++k) b[k] = std::conj(chirp[k]);
  for (std::int64_t k = 1; k < n; ++k) b[m - k] = std::conj(chirp[k]);
  return convolution_spectrum(b);
}

// The device table of length n padded to m: the chirp (n entries), then the spectrum
// (m entries), rounded to T. Cached (table_cache.hpp): computing it costs seconds near 10^6.
template <typename T> TableCache::Held bluestein_table(std::int64_t n, std::int64_t m) {
  return TableCache::instance().get<T>("bluestein padded to " + std::to_string(m), n, [&] {
    using R = std::conditional_t<std::is_same_v<T, float>, double, long double>;  // see the header comment
    const std::vector<std::complex<R>> chirp = bluestein_chirp<R>(n);
    std::vector<std::complex<T>> table;
    table.reserve(std::size_t(n + m));
    append_rounded(table, chirp);
    append_rounded(table, bluestein_spectrum(chirp, m));
    return table;
  });
}

}  // namespace pysyclfft::plan
