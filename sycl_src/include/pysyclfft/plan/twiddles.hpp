// Twiddle tables, computed on the host in long double and rounded once.
#pragma once
#include <cmath>
#include <complex>
#include <cstdint>
#include <vector>

#include "../kernels/rounding.hpp"
#include "../kernels/subgroup_fft.hpp"  // exact_log2

namespace pysyclfft::plan {

// exp(-2*pi*i*k/n) in long double, exact at multiples of pi/4 (octant symmetry
// keeps the argument of sin/cos small, which is where libm is most accurate).
inline std::complex<long double> root_of_unity(std::int64_t k, std::int64_t n) {
  k %= n;
  if (k < 0) k += n;
  const long double pi = 3.141592653589793238462643383279502884L;
  const std::int64_t quadrant = (4 * k) / n;
  std::int64_t rem = 4 * k - quadrant * n;  // angle within quadrant = (pi/2)*rem/n
  const bool complement = 2 * rem > n;
  if (complement) rem = n - rem;
  const long double x = pi * static_cast<long double>(rem) / static_cast<long double>(2 * n);
  long double c = std::cos(x), s = std::sin(x);
  if (complement) std::swap(c, s);
  switch (quadrant) {
    case 0: break;
    case 1: { long double t = c; c = -s; s = t; break; }
    case 2: c = -c; s = -s; break;
    default: { long double t = c; c = s; s = -t; break; }
  }
  return {c, -s};
}

// Per-stage Stockham twiddles: for stage s with span Ns and radix R, entries
// [(r-1)*Ns + k] = exp(-2*pi*i*r*k/(Ns*R)), 1 <= r < R, k < Ns (consecutive
// butterflies read consecutive entries). Stage 0 has none.
template <typename T> std::vector<std::complex<T>> stockham_twiddles(const std::vector<int>& radices) {
  std::vector<std::complex<T>> table;
  std::int64_t span = 1;
  for (int radix : radices) {
    for (int r = 1; r < radix; ++r)
      for (std::int64_t k = 0; k < span; ++k) {
        const auto w = root_of_unity(r * k, span * radix);
        table.emplace_back(static_cast<T>(w.real()), static_cast<T>(w.imag()));
      }
    span *= radix;
  }
  if (table.empty()) table.emplace_back(T(1), T(0));  // never read; keeps the allocation non-empty
  return table;
}

// The sub-group level's table (kernels/subgroup_fft.hpp) for n = lanes * R:
// W_n^(l*k1) at row k1-1, lane l (1 <= k1 < R), then per lane stage (lane bit
// p from the highest, D = 2^p) the factor of its second output, W = W_2D^(l mod D):
// a stage that trades lane bit p for a register bit (p below log2 R) has the
// difference in both lanes of a pair, with the upper lane's sign reversed (-W);
// the others have it in the upper lane only (W; 1 for the lower lane's sum).
// Each row of `lanes` entries is stored split: its real parts, then its imaginary
// parts (kernels/subgroup_fft.hpp, row_entry), so the table is a vector of reals.
template <typename T> std::vector<T> subgroup_twiddles(std::int64_t n, int lanes) {
  std::vector<T> table;
  std::vector<std::complex<long double>> row;
  const auto add_row = [&] {
    for (const auto& w : row) table.push_back(T(w.real()));
    for (const auto& w : row) table.push_back(T(w.imag()));
    row.clear();
  };
  const std::int64_t points = n / lanes;
  for (std::int64_t k1 = 1; k1 < points; ++k1) {
    for (int l = 0; l < lanes; ++l) row.push_back(root_of_unity(l * k1, n));
    add_row();
  }
  const int register_bits = kernels::exact_log2(int(points));
  for (int p = kernels::exact_log2(lanes) - 1; p >= 0; --p) {
    const int d = 1 << p;
    for (int l = 0; l < lanes; ++l) {
      const auto w = root_of_unity(l % d, 2 * d);
      const bool upper = (l & d) != 0;
      if (p < register_bits) row.push_back(upper ? -w : w);
      else row.push_back(upper ? w : std::complex<long double>(1));
    }
    add_row();
  }
  return table;
}

// W_L^k for every k < L from two tables of about sqrt(L) entries: lo[j] = W_L^j
// (j < 2^shift) and hi[j] = W_L^(j * 2^shift), with 4^shift >= L, so that
// W_L^k = lo[k mod 2^shift] * hi[k >> shift]: on the host one long-double product;
// on a device in the form kernels/two_level_roots.hpp reads (plan/table_entries.hpp).
struct TwoLevelTwiddles {
  int shift = 0;
  std::vector<std::complex<long double>> lo, hi;

  // W_L^k, 0 <= k < L, as one long-double product: a few long-double roundings,
  // far below double's, at a fraction of a sin/cos call's cost (host tables of
  // millions of roots).
  std::complex<long double> at(std::int64_t k) const {
    const std::complex<long double> a = lo[std::size_t(k & ((std::int64_t(1) << shift) - 1))],
                                    b = hi[std::size_t(k >> shift)];
    return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
  }
};

inline TwoLevelTwiddles two_level_twiddles(std::int64_t L) {
  TwoLevelTwiddles t;
  while ((std::int64_t(1) << (2 * t.shift)) < L) ++t.shift;
  const std::int64_t lo = std::int64_t(1) << t.shift, hi = kernels::ceil_div(L, lo);
  for (std::int64_t j = 0; j < lo; ++j) t.lo.push_back(root_of_unity(j, L));
  for (std::int64_t j = 0; j < hi; ++j) t.hi.push_back(root_of_unity(j * lo, L));
  return t;
}

}  // namespace pysyclfft::plan
