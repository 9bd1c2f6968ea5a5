// Splitting a length into the radices the Stockham kernels implement.
#pragma once
#include <cstdint>
#include <vector>

namespace pysyclfft::plan {

inline constexpr int kOddRadices[] = {3, 5, 7, 11, 13};

// The factors 2 left over after the radices 2^big (log2 % big, which would form
// a short power-of-two stage) taken by radices 5, then 3, of `odd` (becoming 10
// or 6), a stage fewer, where there are enough of them; else none. Returns how
// many; `odd` changes accordingly. On the OpenCL CPU device (AMD EPYC, 2026-12-07,
// docs/performance-cpu-kernels.md) single kernels then ran 1.15-1.6x faster:
// complex64 1000 = 8 5 5 5 -> 10 10 10, 1536 = 16 8 4 3 -> 16 16 6, 60, 240, 600;
// complex128 1200 = 4 4 3 5 5 -> 8 3 10 5. Whole radix-2^big stages taken too
// lost 1.4-1.5x (complex64 6000 as 10 10 10 6, complex128 600 and 3000).
inline int twos_taken_by_odd(std::vector<int>& odd, int log2, int big) {
  const int leftover = log2 % big;
  std::vector<std::size_t> takers;
  for (int r : {5, 3})
    for (std::size_t i = 0; i < odd.size(); ++i)
      if (odd[i] == r) takers.push_back(i);
  if (leftover == 0 || int(takers.size()) < leftover) return 0;
  for (int i = 0; i < leftover; ++i) odd[takers[std::size_t(i)]] *= 2;
  return leftover;
}

// Radices whose product is n, in the order the stages run, or an empty vector
// when n has a prime factor above 13. Powers of two use radix 8 where possible
// (two 4s instead of 8*2), odd primes their own radix, and pairs of 3s radix 9
// (fewer stages: 2187 = 3^7 1.38x faster on an H200; on the CPU device radix 25
// was slower: fewer work-items per team, register spills).
// twos_into_odd: radices 3 and 5 may take the leftover factors 2 (6, 10), a
// stage fewer (twos_taken_by_odd; kernel_params.hpp says where: the CPU device).
inline std::vector<int> stockham_radices(std::int64_t n, int max_pow2_radix = 8, bool twos_into_odd = false) {
  if (n < 1) return {};
  int log2 = 0;
  while (n % 2 == 0) {
    n /= 2;
    ++log2;
  }
  std::vector<int> odd;
  for (int r : kOddRadices) {
    while (r == 3 && n % 9 == 0) {
      odd.push_back(r * r);
      n /= r * r;
    }
    while (n % r == 0) {
      odd.push_back(r);
      n /= r;
    }
  }
  if (n != 1) return {};
  int big = 1;  // log2 of the preferred power-of-two radix (2, 4, 8 or 16)
  while ((2 << big) <= max_pow2_radix) ++big;
  if (twos_into_odd) log2 -= twos_taken_by_odd(odd, log2, big);
  std::vector<int> radices;
  while (log2 >= big) {
    radices.push_back(1 << big);
    log2 -= big;
  }
  if (log2 > 0) {
    // A leftover 2 joins the last radix R as R/2 * 4 (8*2 -> 4*4, 16*2 -> 8*4):
    // no weak radix-2 stage (8192 = 16 16 8 4 13% faster than 16 16 16 2 on an H200).
    if (log2 == 1 && !radices.empty() && big >= 3) {
      radices.back() = 1 << (big - 1);
      radices.push_back(4);
    } else {
      radices.push_back(1 << log2);
    }
  }
  radices.insert(radices.end(), odd.begin(), odd.end());
  return radices;
}

}  // namespace pysyclfft::plan
