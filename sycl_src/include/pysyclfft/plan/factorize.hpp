// Splitting a length into the radices the Stockham kernels implement.
#pragma once
#include <cstdint>
#include <vector>

namespace pysyclfft::plan {

inline constexpr int kOddRadices[] = {3, 5, 7, 11, 13};

// Radices whose product is n, in the order the stages run, or an empty vector
// when n has a prime factor above 13. Powers of two use radix 8 where possible
// (two 4s instead of 8*2), odd primes their own radix, and pairs of 3s radix 9
// (fewer stages: 2187 = 3^7 1.38x faster on an H200; on the CPU device radix 25
// was slower: fewer work-items per team, register spills).
inline std::vector<int> stockham_radices(std::int64_t n, int max_pow2_radix = 8) {
  std::vector<int> radices;
  if (n < 1) return radices;
  int log2 = 0;
  while (n % 2 == 0) {
    n /= 2;
    ++log2;
  }
  for (int r : kOddRadices) {
    while (r == 3 && n % 9 == 0) {
      radices.push_back(r * r);
      n /= r * r;
    }
    while (n % r == 0) {
      radices.push_back(r);
      n /= r;
    }
  }
  if (n != 1) return {};
  int big = 1;  // log2 of the preferred power-of-two radix (2, 4, 8 or 16)
  while ((2 << big) <= max_pow2_radix) ++big;
  std::vector<int> pow2;
  while (log2 >= big) {
    pow2.push_back(1 << big);
    log2 -= big;
  }
  if (log2 > 0) {
    // A leftover 2 joins the last radix R as R/2 * 4 (8*2 -> 4*4, 16*2 -> 8*4):
    // no weak radix-2 stage (8192 = 16 16 8 4 13% faster than 16 16 16 2 on an H200).
    if (log2 == 1 && !pow2.empty() && big >= 3) {
      pow2.back() = 1 << (big - 1);
      pow2.push_back(4);
    } else {
      pow2.push_back(1 << log2);
    }
  }
  radices.insert(radices.begin(), pow2.begin(), pow2.end());
  return radices;
}

}  // namespace pysyclfft::plan
