// Bluestein (chirp-z) tables, computed on the host in long double:
//   X[k] = c[k] * sum_n (x[n] c[n]) * conj(c[k-n]),  c[n] = exp(-pi*i*n^2/N),
// a cyclic convolution of length M >= 2N-1 done with two FFTs of length M. The
// kernel's spectrum is FFT_M(b)/M with b[m] = b[M-m] = conj(c[m]) for m < N
// (the 1/M of the inverse FFT folded in). The backward transform conjugates both
// tables and swaps the FFT directions (mul_dir), so one pair serves both.
#pragma once
#include <complex>
#include <cstdint>
#include <vector>

#include "twiddles.hpp"

namespace pysyclfft::plan {

using cld = std::complex<long double>;

// c[n] = exp(-pi*i*n^2/N) = exp(-2*pi*i*(n^2 mod 2N)/(2N)), n < N.
inline std::vector<cld> bluestein_chirp(std::int64_t n) {
  std::vector<cld> c(n);
  const auto two_n = static_cast<unsigned __int128>(2 * n);
  for (std::int64_t k = 0; k < n; ++k)
    c[k] = root_of_unity(std::int64_t(static_cast<unsigned __int128>(k) * k % two_n), 2 * n);
  return c;
}

namespace detail {

// Complex product without std::complex's NaN/inf recovery (a libcall per product).
inline cld mul(const cld& a, const cld& b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}

// In place: y[0..n) holds the n/p-point DFTs of the p decimated subsequences, one
// after another; one radix-p step combines them. roots[e * step] = exp(-2*pi*i*e/n).
inline void combine(cld* y, std::int64_t n, int p, const std::vector<cld>& roots, std::int64_t step) {
  const std::int64_t m = n / p;
  cld w[13][13], t[13];  // w[r][q] = exp(-2*pi*i*r*q/p)
  for (int r = 0; r < p; ++r)
    for (int q = 0; q < p; ++q) w[r][q] = roots[(r * q % p) * m * step];
  for (std::int64_t k = 0; k < m; ++k) {
    for (int r = 0; r < p; ++r) t[r] = mul(y[r * m + k], roots[r * k * step]);
    for (int q = 0; q < p; ++q) {
      cld s = t[0];
      for (int r = 1; r < p; ++r) s += mul(t[r], w[r][q]);
      y[k + q * m] = s;
    }
  }
}

// y = DFT_n of x[0], x[stride], ...; n's prime factors are at most 13.
inline void dft(const cld* x, std::int64_t stride, std::int64_t n, cld* y, const std::vector<cld>& roots,
                std::int64_t step) {
  if (n == 1) {
    y[0] = x[0];
    return;
  }
  int p = 2;
  while (n % p) ++p;
  const std::int64_t m = n / p;
  for (int r = 0; r < p; ++r) dft(x + r * stride, stride * p, m, y + r * m, roots, step * p);
  combine(y, n, p, roots, step);
}

}  // namespace detail

// FFT_M(b)/M: the spectrum a cyclic convolution with b multiplies by (the 1/M of
// the inverse FFT folded in). M's prime factors are at most 13.
inline std::vector<cld> convolution_spectrum(const std::vector<cld>& b) {
  const std::int64_t m = std::int64_t(b.size());
  std::vector<cld> roots(m), spectrum(m);
  for (std::int64_t k = 0; k < m; ++k) roots[k] = root_of_unity(k, m);
  detail::dft(b.data(), 1, m, spectrum.data(), roots, 1);
  for (auto& v : spectrum) v /= static_cast<long double>(m);
  return spectrum;
}

// The spectrum for the chirp c of length N, padded to M.
inline std::vector<cld> bluestein_spectrum(const std::vector<cld>& chirp, std::int64_t m) {
  const std::int64_t n = std::int64_t(chirp.size());
  std::vector<cld> b(m, 0);
  for (std::int64_t k = 0; k < n; ++k) b[k] = std::conj(chirp[k]);
  for (std::int64_t k = 1; k < n; ++k) b[m - k] = std::conj(chirp[k]);
  return convolution_spectrum(b);
}

}  // namespace pysyclfft::plan
