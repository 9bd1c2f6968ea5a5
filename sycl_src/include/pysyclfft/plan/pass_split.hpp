// Choosing the passes of a multi-pass transform and Bluestein's padded length.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

namespace pysyclfft::plan {

// Every divisor of n (n's prime factors are small), ascending.
inline std::vector<std::int64_t> divisors(std::int64_t n) {
  std::vector<std::int64_t> out{1};
  for (std::int64_t p = 2; n > 1; ++p) {
    if (p * p > n) p = n;  // what is left is prime
    int e = 0;
    while (n % p == 0) n /= p, ++e;
    const std::size_t before = out.size();
    std::int64_t pk = 1;
    for (int i = 0; i < e; ++i) {
      pk *= p;
      for (std::size_t j = 0; j < before; ++j) out.push_back(out[j] * pk);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Factors n = f0*f1*...*f(P-1) with the fewest passes P <= max_passes such that
// `fits(f, position)` holds for each, as balanced as possible (each near n^(1/P)).
// Empty when there is none.
inline std::vector<std::int64_t> split_into_passes(std::int64_t n, int max_passes,
                                                   const std::function<bool(std::int64_t, int, int)>& fits) {
  const std::vector<std::int64_t> divs = divisors(n);
  // Factors for positions [pos, passes) of the remaining length m.
  std::function<bool(std::int64_t, int, int, std::vector<std::int64_t>&)> search =
      [&](std::int64_t m, int pos, int passes, std::vector<std::int64_t>& out) {
        if (pos == passes - 1) {
          if (!fits(m, pos, passes)) return false;
          out.push_back(m);
          return true;
        }
        const double target = std::pow(double(m), 1.0 / (passes - pos));
        std::vector<std::int64_t> cand;
        for (auto d : divs)
          if (d > 1 && d < m && m % d == 0 && fits(d, pos, passes)) cand.push_back(d);
        std::sort(cand.begin(), cand.end(), [&](std::int64_t a, std::int64_t b) {
          return std::abs(std::log(a / target)) < std::abs(std::log(b / target));
        });
        for (auto d : cand) {
          out.push_back(d);
          if (search(m / d, pos + 1, passes, out)) return true;
          out.pop_back();
        }
        return false;
      };
  for (int passes = 1; passes <= max_passes; ++passes) {
    std::vector<std::int64_t> out;
    if (search(n, 0, passes, out)) return out;
  }
  return {};
}

// Bluestein's convolution length: the smallest 2^a or 3*2^a >= 2n-1. Few distinct
// lengths means few distinct pass kernels to compile (they are shared with the
// power-of-two transforms), at most 1.5x more work than the tightest fast length.
inline std::int64_t bluestein_length(std::int64_t n) {
  const std::int64_t need = 2 * n - 1;
  std::int64_t pow2 = 1;
  while (pow2 < need) pow2 *= 2;
  return pow2 % 4 == 0 && 3 * (pow2 / 4) >= need ? 3 * (pow2 / 4) : pow2;
}

// The smallest 2^a 3^b 5^c >= need with 2^a >= 8 (radix-8 stages stay possible),
// b <= max_b and c <= max_c; 0 where none is below `below`.
inline std::int64_t smooth_length_at_least(std::int64_t need, std::int64_t below, int max_b, int max_c) {
  std::int64_t best = 0;
  std::int64_t p5 = 1;
  for (int c = 0; c <= max_c && p5 < below; ++c, p5 *= 5) {
    std::int64_t p35 = p5;
    for (int b = 0; b <= max_b && p35 < below; ++b, p35 *= 3)
      for (std::int64_t m = 8 * p35; m < below; m *= 2)
        if (m >= need && (best == 0 || m < best)) best = m;
  }
  return best;
}

}  // namespace pysyclfft::plan
