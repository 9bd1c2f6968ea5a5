// Complex values of neighbouring SIMD lanes moved as whole vectors of reals.
//
// A complex<float> per lane moves as one 64-bit word (load_cplx), so neighbouring
// lanes' points are one vector load. A complex<double> is 16 bytes, which the
// OpenCL CPU compiler moves as two gathers or two scatters (the real parts, the
// imaginary parts): 45% and 35% of a complex128 column pass's time on this
// project's 2-core EPYC (perf). Here the Lanes lanes of a sub-group move their
// Lanes points (lane l's at p[l], p the same for all lanes) as two vector loads or
// stores of 2*Lanes reals, deinterleaved by sub-group selects (Shuffle::select).
// Every lane of the sub-group calls them alike.
#pragma once
#include "complex.hpp"

namespace pysyclfft::kernels {

template <int Lanes, typename T, class Shuffle>
PYSYCLFFT_INLINE cplx<T> load_lanes(const cplx<T>* p, int lane, const Shuffle& shuffle) {
  const T* reals = &p->re;
  const T low = reals[lane], high = reals[Lanes + lane];  // points 0 .. Lanes/2 - 1, then the others
  const int re = 2 * lane % Lanes;
  const cplx<T> from_low{shuffle.select(low, re), shuffle.select(low, re + 1)};
  const cplx<T> from_high{shuffle.select(high, re), shuffle.select(high, re + 1)};
  return lane < Lanes / 2 ? from_low : from_high;
}

template <int Lanes, typename T, class Shuffle>
PYSYCLFFT_INLINE void store_lanes(cplx<T>* p, int lane, cplx<T> v, const Shuffle& shuffle) {
  T* reals = &p->re;
  const int point = lane / 2;
  const bool imaginary = lane % 2 != 0;
  const T re_low = shuffle.select(v.re, point), im_low = shuffle.select(v.im, point);
  const T re_high = shuffle.select(v.re, Lanes / 2 + point), im_high = shuffle.select(v.im, Lanes / 2 + point);
  reals[lane] = imaginary ? im_low : re_low;
  reals[Lanes + lane] = imaginary ? im_high : re_high;
}

}  // namespace pysyclfft::kernels
