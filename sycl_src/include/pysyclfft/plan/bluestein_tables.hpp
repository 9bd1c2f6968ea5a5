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

// In-place forward DFT of y[0..n) (already holding the n/p-point DFTs of the p
// decimated subsequences, one after another) combined by one radix-p step.
// roots[e * step] = exp(-2*pi*i*e/n).
inline void combine(cld* y, std::int64_t n, int p, const std::vector<cld>& roots, std::int64_t step) {
  const std::int64_t m = n / p;
  cld t[8], out[8];
  for (std::int64_t k = 0; k < m; ++k) {
    for (int r = 0; r < p; ++r) t[r] = y[r * m + k] * roots[(r * k % n) * step];
    for (int q = 0; q < p; ++q) {
      cld s = 0;
      for (int r = 0; r < p; ++r) s += t[r] * roots[(std::int64_t(r) * q % p) * m * step];
      out[q] = s;
    }
    for (int q = 0; q < p; ++q) y[k + q * m] = out[q];
  }
}

// y = DFT_n of x[0], x[stride], ...; n's prime factors are at most 7.
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

// FFT_M(b)/M for the chirp c of length N.
inline std::vector<cld> bluestein_spectrum(const std::vector<cld>& chirp, std::int64_t m) {
  const std::int64_t n = std::int64_t(chirp.size());
  std::vector<cld> b(m, 0), roots(m), spectrum(m);
  for (std::int64_t k = 0; k < n; ++k) b[k] = std::conj(chirp[k]);
  for (std::int64_t k = 1; k < n; ++k) b[m - k] = std::conj(chirp[k]);
  for (std::int64_t k = 0; k < m; ++k) roots[k] = root_of_unity(k, m);
  detail::dft(b.data(), 1, m, spectrum.data(), roots, 1);
  for (auto& v : spectrum) v /= static_cast<long double>(m);
  return spectrum;
}

}  // namespace pysyclfft::plan
