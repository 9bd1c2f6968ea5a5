// What a map reads and writes for one transform of a batch: the map's input and
// output with this transform's first element and stride, in elements of the
// map's own element types (real or complex), its twiddle table and scale factors.
#pragma once
#include "complex.hpp"
#include "layout.hpp"
#include "paired_lanes.hpp"

namespace pysyclfft::kernels {

// Stride (layout.hpp): kUnitStride, both sides' points neighbouring elements
// known at compile time, so that a CPU compiler packing neighbouring work-items
// into SIMD lanes sees neighbouring addresses and loads vectors instead of
// gathering (with the launch shape of plan/kernel_args.hpp's batched_range, the
// fused rfft of 256-4096 points ran 1.8-2.2x faster on the OpenCL CPU device);
// kPairedReals, the same with pairs of reals moved as one value; kRunTimeStride,
// in_stride and out_stride at run time.
template <typename T, int Stride = 0> struct MapIO {
  const void* in;
  void* out;
  index_t in_base, out_base;
  index_t in_stride, out_stride;
  const cplx<T>* table;  // the map's twiddles, computed by the planner
  T scale;               // normalisation
  T edge_in, edge_out;   // scipy's `orthogonalize` factors of the end points (1 when off)
  T imag_sign;           // -1 conjugates complex input and output (hfft, ihfft), else 1
  bool active;           // teams past the end of the batch compute but do not store
  index_t length;        // the FFT length L where the map's FixedL is 0 (the generic map passes)

  // A map's FFT length: its compile-time FixedL, or the run-time `length`.
  template <int FixedL> index_t fft_length() const { return FixedL > 0 ? FixedL : length; }

  PYSYCLFFT_INLINE index_t in_at(index_t i) const { return in_base + i * element_stride<Stride>(in_stride); }
  PYSYCLFFT_INLINE index_t out_at(index_t i) const { return out_base + i * element_stride<Stride>(out_stride); }
  PYSYCLFFT_INLINE T real_in(index_t i) const { return static_cast<const T*>(in)[in_at(i)]; }
  PYSYCLFFT_INLINE cplx<T> incoming(cplx<T> v) const { return {v.re, v.im * imag_sign}; }
  PYSYCLFFT_INLINE cplx<T> cplx_in(index_t i) const {
    return incoming(load_cplx(static_cast<const cplx<T>*>(in) + in_at(i)));
  }
  PYSYCLFFT_INLINE void real_out(index_t i, T v) const {
    if (active) static_cast<T*>(out)[out_at(i)] = v;
  }
  PYSYCLFFT_INLINE cplx<T> outgoing(cplx<T> v) const { return {v.re, v.im * imag_sign}; }
  PYSYCLFFT_INLINE void cplx_out(index_t i, cplx<T> v) const {
    if (active) store_cplx(static_cast<cplx<T>*>(out) + out_at(i), outgoing(v));
  }
  // Reals 2m and 2m+1 of a real input or output, as one value under kPairedReals (layout.hpp).
  PYSYCLFFT_INLINE cplx<T> real_pair_in(index_t m) const {
    if constexpr (Stride == kPairedReals) return load_cplx(static_cast<const cplx<T>*>(in) + in_base / 2 + m);
    else return {real_in(2 * m), real_in(2 * m + 1)};
  }
  PYSYCLFFT_INLINE void real_pair_out(index_t m, cplx<T> v) const {
    if constexpr (Stride == kPairedReals) {
      if (active) store_cplx(static_cast<cplx<T>*>(out) + out_base / 2 + m, v);
    } else {
      real_out(2 * m, v.re), real_out(2 * m + 1, v.im);
    }
  }

  // The same for a block of Lanes neighbouring points from `first`, lane l's
  // being first + l, every lane of a sub-group calling alike: complex128 at unit
  // stride as whole vectors of reals (paired_lanes.hpp), not two gathers or two
  // scatters per lane; else (or where Whole is false) each lane its own point.
  template <bool Whole> static constexpr bool kLaneVectors = Whole && sizeof(T) == 8 && Stride == kPairedReals;
  template <int Lanes, bool Whole, class Shuffle>
  PYSYCLFFT_INLINE cplx<T> real_pairs_in_lanes(index_t first, int lane, const Shuffle& shuffle) const {
    if constexpr (kLaneVectors<Whole>)
      return load_lanes<Lanes>(static_cast<const cplx<T>*>(in) + in_base / 2 + first, lane, shuffle);
    else return real_pair_in(first + lane);
  }
  template <int Lanes, bool Whole, class Shuffle>
  PYSYCLFFT_INLINE cplx<T> cplx_in_lanes(index_t first, int lane, const Shuffle& shuffle) const {
    if constexpr (kLaneVectors<Whole>)
      return incoming(load_lanes<Lanes>(static_cast<const cplx<T>*>(in) + in_base + first, lane, shuffle));
    else return cplx_in(first + lane);
  }
  template <int Lanes, bool Whole, class Shuffle>
  PYSYCLFFT_INLINE cplx<T> table_lanes(index_t first, int lane, const Shuffle& shuffle) const {
    if constexpr (kLaneVectors<Whole>) return load_lanes<Lanes>(table + first, lane, shuffle);
    else return table[first + lane];
  }
  template <int Lanes, bool Whole, class Shuffle>
  PYSYCLFFT_INLINE void real_pairs_out_lanes(index_t first, int lane, cplx<T> v, const Shuffle& shuffle) const {
    if constexpr (kLaneVectors<Whole>) {
      if (active) store_lanes<Lanes>(static_cast<cplx<T>*>(out) + out_base / 2 + first, lane, v, shuffle);
    } else {
      real_pair_out(first + lane, v);
    }
  }
  template <int Lanes, bool Whole, class Shuffle>
  PYSYCLFFT_INLINE void cplx_out_lanes(index_t first, int lane, cplx<T> v, const Shuffle& shuffle) const {
    if constexpr (kLaneVectors<Whole>) {
      if (active) store_lanes<Lanes>(static_cast<cplx<T>*>(out) + out_base + first, lane, outgoing(v), shuffle);
    } else {
      cplx_out(first + lane, v);
    }
  }
};

}  // namespace pysyclfft::kernels
