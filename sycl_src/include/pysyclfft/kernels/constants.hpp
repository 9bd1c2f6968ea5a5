// Compile-time sin/cos of rational multiples of 2*pi, for butterfly constants.
// No <cmath> on run-time compilers, so this is a constexpr Taylor series on an
// octant-reduced angle (|x| <= pi/4), accurate to about 1 ulp in double.
#pragma once

namespace pysyclfft::kernels {

struct SinCos {
  double s, c;
};

constexpr double kPi = 3.14159265358979323846264338327950288;

constexpr SinCos taylor_sincos(double x) {  // |x| <= pi/4
  double s = 0, c = 0, term = 1;             // term = x^k / k!
  for (int k = 0; k < 30; ++k) {
    if (k % 4 == 0) c += term;
    else if (k % 4 == 1) s += term;
    else if (k % 4 == 2) c -= term;
    else s -= term;
    term = term * x / (k + 1);
  }
  return {s, c};
}

// sin and cos of 2*pi*k/n, exact at multiples of pi/4.
constexpr SinCos sincos_2pi(long k, long n) {
  k %= n;
  if (k < 0) k += n;
  const long quadrant = 4 * k / n;
  long rem = 4 * k - quadrant * n;  // angle within quadrant = (pi/2) * rem / n
  bool complement = 2 * rem > n;    // beyond pi/4: use pi/2 - angle
  if (complement) rem = n - rem;
  SinCos v = taylor_sincos(kPi * double(rem) / double(2 * n));
  if (complement) v = {v.c, v.s};
  switch (quadrant) {
    case 0: return v;
    case 1: return {v.c, -v.s};
    case 2: return {-v.s, -v.c};
    default: return {-v.c, v.s};
  }
}

// exp(Sign * 2*pi*i * k / n) as a complex constant of type T.
template <typename T, int Sign> struct RootOfUnity {
  static constexpr T re(long k, long n) { return T(sincos_2pi(k, n).c); }
  static constexpr T im(long k, long n) { return T(Sign * sincos_2pi(k, n).s); }
};

}  // namespace pysyclfft::kernels
