// Rader's algorithm for a prime p, tables computed as Bluestein's are (bluestein_tables.hpp):
// with g a generator of the integers mod p and L = p - 1,
//   X[0] = sum_n x[n],   X[g^-q] = x[0] + sum_m x[g^m] * W_p^(g^(m-q)),  q < L,
// the sum a cyclic convolution of a[m] = x[g^m] with b[j] = W_p^(g^-j), done by
// two FFTs of length L. The x[0] terms and X[0] = x[0] + A[0] (A the first FFT)
// are fused into the passes: see RaderEnds in kernels/multipass.hpp.
#pragma once
#include <cstdint>
#include <vector>

#include "bluestein_tables.hpp"
#include "pass_split.hpp"
#include "table_cache.hpp"
#include "table_entries.hpp"
#include "twiddles.hpp"

namespace pysyclfft::plan {

inline bool is_prime(std::int64_t n) {
  if (n < 2) return false;
  for (std::int64_t d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

inline std::int64_t mul_mod(std::int64_t a, std::int64_t b, std::int64_t m) {
  return std::int64_t(static_cast<unsigned __int128>(a) * static_cast<unsigned __int128>(b) % m);
}

inline std::int64_t pow_mod(std::int64_t a, std::int64_t e, std::int64_t m) {
  std::int64_t r = 1;
  for (; e; e >>= 1, a = mul_mod(a, a, m))
    if (e & 1) r = mul_mod(r, a, m);
  return r;
}

// The smallest generator of the multiplicative group mod the prime p.
inline std::int64_t primitive_root(std::int64_t p) {
  std::vector<std::int64_t> primes;  // prime factors of p - 1
  for (auto d : divisors(p - 1))
    if (d > 1 && is_prime(d)) primes.push_back(d);
  for (std::int64_t g = 2;; ++g) {
    bool generates = true;
    for (auto f : primes) generates = generates && pow_mod(g, (p - 1) / f, p) != 1;
    if (generates) return g;
  }
}

// R: the precision the spectrum is computed in.
template <typename R> struct RaderTables {
  std::vector<std::int64_t> gather;     // g^m mod p: where convolution input m comes from
  std::vector<std::int64_t> scatter;    // g^-q mod p: where convolution output q goes
  std::vector<std::complex<R>> spectrum;  // FFT_L(b)/L
};

template <typename R> RaderTables<R> rader_tables(std::int64_t p, const DeviceTables& device) {
  const std::int64_t L = p - 1, g = primitive_root(p), g_inv = pow_mod(g, p - 2, p);
  RaderTables<R> t{std::vector<std::int64_t>(L), std::vector<std::int64_t>(L), {}};
  const TwoLevelTwiddles roots = two_level_twiddles(p);
  std::vector<std::complex<R>> b(L);
  for (std::int64_t m = 0, up = 1, down = 1; m < L; ++m, up = mul_mod(up, g, p), down = mul_mod(down, g_inv, p)) {
    t.gather[m] = up;
    t.scatter[m] = down;
    b[m] = std::complex<R>(roots.at(down));
  }
  t.spectrum = convolution_spectrum(Runs<std::complex<R>>{L, {{0, std::move(b)}}}, device);
  return t;
}

// log_g(k) for k = 1..p-1 (entry k - 1): where x[k] goes in the convolution's
// input, and, negated mod p - 1, where X[k] comes from in its output; for the
// kernels that apply the permutations in local memory (kernels/convolution.hpp).
inline std::vector<std::int64_t> rader_logarithms(std::int64_t p) {
  const std::int64_t g = primitive_root(p);
  std::vector<std::int64_t> logs(p - 1);
  for (std::int64_t m = 0, k = 1; m < p - 1; ++m, k = mul_mod(k, g, p)) logs[k - 1] = m;
  return logs;
}

// The device table of the prime p: gather, then scatter indices (each packed into
// packed_entries<T>(p - 1) entries), then the spectrum, rounded to T. Cached (table_cache.hpp).
template <typename T> TableCache::Held rader_table(std::int64_t p, const DeviceTables& device) {
  return TableCache::instance().get<T>("rader, " + spectrum_source(device), p, [&] {
    std::vector<std::complex<T>> table;
    in_working_precision<T>(device, [&](auto r) {
      const auto rader = rader_tables<decltype(r)>(p, device);
      append_packed(table, rader.gather);
      append_packed(table, rader.scatter);
      append_rounded(table, rader.spectrum);
      return 0;
    });
    return table;
  });
}

}  // namespace pysyclfft::plan
