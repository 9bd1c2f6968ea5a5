// Sub-group level: one transform of N = Lanes * R points (both powers of two)
// per sub-group of Lanes work-items, R points per lane, in registers, with no
// local memory and no barrier. Lane l holds points l + Lanes*j (j < R), so a
// transform loads and stores as R whole vectors; on a CPU, where a sub-group is
// one SIMD vector, that replaces the work-item level's per-lane gathers and the
// team level's local-memory scatters (docs/performance-cpu-kernels.md).
//
// Four steps in registers, k = k1 + R*k2 (k1 < R, k2 < Lanes):
//  1. each lane's R points: an R-point DFT (one butterfly), giving k1 in order;
//  2. twiddle k1 of lane l by W_N^(l*k1);
//  3. the Lanes-point DFT across lanes, radix 2 by decimation in frequency,
//     from the highest lane bit: the stage on lane bit p exchanges values with
//     the lane 2^p away. The stages on the lowest min(log2 R, log2 Lanes) lane
//     bits also trade that lane bit for register bit p (bit p of k1), which
//     costs one exchange per pair of registers instead of two and leaves k's
//     low bits in the lanes;
//  4. the lane bits not traded hold their bits of k in reverse order: swapping
//     them pairwise puts them in order, so every register stores a whole vector
//     of consecutive points (block_of).
// Every index into the points is a compile-time constant (IntList folds):
// indexed by loop counters, the OpenCL CPU compiler kept them in memory and
// moved them by scatters and gathers, and the kernel ran 2x slower than teams.
// Twiddle table (plan/twiddles.hpp, subgroup_twiddles): (R-1)*Lanes entries
// W_N^(l*k1) (row k1-1, lane l), then a row of Lanes entries per lane stage
// (the first stage first) by which the stage multiplies its second output.
// Each row holds its Lanes real parts, then its Lanes imaginary parts, so a
// lane's entry is two whole-vector loads (row_entry): a per-lane complex load
// was two gathers in complex128 (12 of a 32-point kernel's).
#pragma once
#include "butterflies.hpp"
#include "layout.hpp"
#include "paired_lanes.hpp"
#include "subgroup_transpose.hpp"  // IntList

namespace pysyclfft::kernels {

constexpr int exact_log2(int v) {
  int b = 0;
  while ((1 << b) < v) ++b;
  return b;
}

template <int Lanes, int R> struct SubgroupShape {
  static constexpr int kLaneBits = exact_log2(Lanes);
  static constexpr int kRegisterBits = exact_log2(R);
  static constexpr int kSwaps = kLaneBits < kRegisterBits ? kLaneBits : kRegisterBits;
  static_assert((1 << kLaneBits) == Lanes && (1 << kRegisterBits) == R, "powers of two");

  // Lane bits kRegisterBits and up that were not traded hold k's bits of the
  // same range in reverse order (the lane DFT's stages run from the highest).
  static constexpr int kReversedBits = kLaneBits - kSwaps;
  // Which vector of outputs (points l + Lanes*j) register `reg` holds: its
  // traded bits hold the lane DFT's bits in stage order, the others k1's.
  static constexpr int block_of(int reg) {
    int k = 0;
    for (int p = 0; p < kRegisterBits; ++p)
      k |= ((reg >> p) & 1) << (p < kSwaps ? kRegisterBits + kLaneBits - 1 - p : p);
    return k >> kLaneBits;
  }
};

// Lane `lane`'s entry of a twiddle row of Lanes complex values stored split.
template <int Lanes, typename T> PYSYCLFFT_INLINE cplx<T> row_entry(const cplx<T>* row, int lane) {
  const T* reals = &row->re;
  return {reals[lane], reals[Lanes + lane]};
}

// The lane stage on lane bit p (D = 2^p) of register Reg: the pair of lanes D
// apart becomes (a + b, (a - b) * w); a lane without bit p keeps the sum (its
// table entry is 1), its partner the difference.
template <typename T, int Sign, int D, int Reg, int R, class Shuffle>
PYSYCLFFT_INLINE void lane_butterfly(const Shuffle& shuffle, cplx<T> (&v)[R], cplx<T> w, T sign) {
  const cplx<T> u{shuffle(v[Reg].re, D), shuffle(v[Reg].im, D)};
  v[Reg] = mul_dir<Sign>(mul_add(u, v[Reg], sign), w);
}

// The lane stage on lane bit p that also trades it for register bit p, for
// the pair of registers (A, A | 2^p): a lane without bit p computes register
// A's sum and difference, its partner register (A | 2^p)'s; the sums go to A,
// the differences (times w, whose sign the table gives by lane) to A | 2^p.
template <typename T, int Sign, int D, int A, int R, class Shuffle>
PYSYCLFFT_INLINE void trading_butterfly(const Shuffle& shuffle, cplx<T> (&v)[R], cplx<T> w, bool high) {
  if constexpr ((A & D) == 0) {
    constexpr int B = A | D;
    const cplx<T> give{high ? v[A].re : v[B].re, high ? v[A].im : v[B].im};
    const cplx<T> own{high ? v[B].re : v[A].re, high ? v[B].im : v[A].im};
    const cplx<T> got{shuffle(give.re, D), shuffle(give.im, D)};
    v[A] = own + got;
    v[B] = mul_dir<Sign>(own - got, w);
  }
}

// Step 3 from lane stage Stage (the highest lane bit first); every index is a
// compile-time constant, so the points stay in registers.
template <typename T, int Sign, int Lanes, int Stage, int R, class Shuffle, int... Reg>
PYSYCLFFT_INLINE void lane_stages(const Shuffle& shuffle, int lane, cplx<T> (&v)[R], const cplx<T>* table,
                                  IntList<Reg...> regs) {
  using Shape = SubgroupShape<Lanes, R>;
  if constexpr (Stage < Shape::kLaneBits) {
    constexpr int p = Shape::kLaneBits - 1 - Stage, D = 1 << p;
    const cplx<T> w = row_entry<Lanes>(table + Stage * Lanes, lane);
    if constexpr (p < Shape::kSwaps) {
      const bool high = (lane & D) != 0;
      (trading_butterfly<T, Sign, D, Reg>(shuffle, v, w, high), ...);
    } else {
      const T sign = (lane & D) ? T(-1) : T(1);
      (lane_butterfly<T, Sign, D, Reg>(shuffle, v, w, sign), ...);
    }
    lane_stages<T, Sign, Lanes, Stage + 1>(shuffle, lane, v, table, regs);
  }
}

// Step 4 for register Reg: afterwards lane l holds point l + Lanes * block_of(Reg).
template <int Lanes, int R, typename T, class Shuffle>
PYSYCLFFT_INLINE cplx<T> in_lane_order(const Shuffle& shuffle, cplx<T> x) {
  using Shape = SubgroupShape<Lanes, R>;
#pragma unroll
  for (int i = 0; i < Shape::kReversedBits / 2; ++i) {
    const int a = Shape::kRegisterBits + i, b = Shape::kLaneBits - 1 - i;
    x = {shuffle.swap_lane_bits(x.re, a, b), shuffle.swap_lane_bits(x.im, a, b)};
  }
  return x;
}

// Steps 1-4 in place: input point lane + Lanes * J in register J; output point
// lane + Lanes * block_of(Reg) in register Reg.
template <typename T, int Sign, int Lanes, int R, class Shuffle, int... J>
PYSYCLFFT_INLINE void subgroup_fft(const Shuffle& shuffle, int lane, cplx<T> (&v)[R], const cplx<T>* twiddles,
                                   IntList<J...> js) {
  Butterfly<R, Sign>::apply(v);
  ((J > 0 ? void(v[J] = mul_dir<Sign>(v[J], row_entry<Lanes>(twiddles + (J - 1) * Lanes, lane))) : void()), ...);
  lane_stages<T, Sign, Lanes, 0>(shuffle, lane, v, twiddles + (R - 1) * Lanes, js);
  ((v[J] = in_lane_order<Lanes, R>(shuffle, v[J])), ...);
}

template <typename T, int Sign, int Lanes, int Stride, int R, class Shuffle, int... J>
PYSYCLFFT_INLINE void subgroup_c2c(index_t transform, const cplx<T>* in, cplx<T>* out, const cplx<T>* twiddles,
                                   const BatchLayout& layout, T scale, const Shuffle& shuffle, IntList<J...> js) {
  const int lane = shuffle.lane();
  // complex128 at unit stride: whole vectors of reals (paired_lanes.hpp), not per-lane gathers and scatters.
  constexpr bool kPaired = Stride == kUnitStride && sizeof(T) == 8;
  const cplx<T>* src = in + layout.in_base(transform);
  const index_t in_step = element_stride<Stride>(layout.in_stride);
  cplx<T> v[R] = {(kPaired ? load_lanes<Lanes>(src + Lanes * J, lane, shuffle)
                           : load_cplx(src + (lane + Lanes * J) * in_step))...};
  subgroup_fft<T, Sign, Lanes>(shuffle, lane, v, twiddles, js);
  cplx<T>* dst = out + layout.out_base(transform);
  const index_t out_step = element_stride<Stride>(layout.out_stride);
  if constexpr (kPaired)
    ((store_lanes<Lanes>(dst + Lanes * SubgroupShape<Lanes, R>::block_of(J), lane, v[J] * scale, shuffle)), ...);
  else
    ((store_cplx(dst + (lane + Lanes * SubgroupShape<Lanes, R>::block_of(J)) * out_step, v[J] * scale)), ...);
}

// Transform `transform` of the batch, by the sub-group `shuffle` belongs to
// (all its lanes alike, so a sub-group past the end returns as one).
template <typename T, int Sign, int Lanes, int R, int Stride, class Shuffle>
PYSYCLFFT_INLINE void subgroup_c2c(index_t transform, const cplx<T>* in, cplx<T>* out, const cplx<T>* twiddles,
                                   const BatchLayout& layout, T scale, const Shuffle& shuffle) {
  if (transform >= layout.count()) return;
  subgroup_c2c<T, Sign, Lanes, Stride, R>(transform, in, out, twiddles, layout, scale, shuffle,
                                          typename MakeIntList<R>::type{});
}

}  // namespace pysyclfft::kernels
