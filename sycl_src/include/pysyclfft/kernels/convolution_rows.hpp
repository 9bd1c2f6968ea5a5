// Rader's convolution in one kernel for a CPU's batch of rows: the L rows of a
// work-group are the L SIMD lanes of one sub-group, each lane running the whole
// convolution of its own row, all lanes the same butterfly (a row group, as
// plan/line_groups.hpp runs the c2c rows). The team form (convolution.hpp) gives
// one transform's points to the lanes instead, whose uneven stages and per-lane
// permuted local reads ran a batch of 1009-point complex64 rows 9x slower than
// the 1008-point FFT's row groups (docs/performance-cpu-rows.md).
//
// Point p of line l lies at p*L + l of each Stockham buffer, so that Rader's
// permutations, the same index in every lane, read and write whole vectors:
//  1. x[1..M] of the L rows move into the second buffer by sub-group transposes
//     (staged_rows.hpp); each work-item reads its row's x[0] itself;
//  2. the first FFT loads convolution input m from slot g^m - 1 (the gather
//     table), and its last stage writes output j times the spectrum into the
//     buffer it does not read, keeping output 0 (for X[0]) and adding x[0];
//  3. the second FFT's last stage writes output q to slot g^-q - 1 (the scatter
//     table) of the buffer it does not read, which moves to X[1..M] by
//     transposes; X[0] = x[0] + output 0 of the first FFT.
// Every load of the input comes before the first barrier and every store after
// the last, so the transform may run in place.
#pragma once
#include "convolution.hpp"
#include "staged_rows.hpp"

namespace pysyclfft::kernels {

// Local memory of a group of L lines of the convolution length M, in complex
// elements: two interleaved Stockham buffers, then each line's first-FFT output 0.
constexpr int convolution_rows_elements(int m, int lines) { return 2 * m * lines + lines; }

// Point j of a line read from slot table[j] - 1 of the staged buffer (Rader's gather).
template <typename T, int L> struct GatheredSlots {
  const T* re;
  const T* im;
  const index_t* table;
  PYSYCLFFT_INLINE cplx<T> operator()(int j) const {
    const index_t slot = (table[j] - 1) * L;
    return {re[slot], im[slot]};
  }
};

// Point j written to slot table[j] - 1 of the output buffer (Rader's scatter).
template <typename T, int L> struct ScatteredSlots {
  T* re;
  T* im;
  const index_t* table;
  PYSYCLFFT_INLINE void operator()(int j, cplx<T> v) const {
    const index_t slot = (table[j] - 1) * L;
    re[slot] = v.re;
    im[slot] = v.im;
  }
};

// Group `group_id` of L lines: lines group_id*L + l of the launch, `lane` = l, a
// work-item `member` of its line's Cfg::kThreads. The geometry's lines are the
// layout's inner batch dimension (d0, row step g.in.s0) of each outer transform t,
// a whole number of groups each. Sign is the first FFT's.
template <class Cfg, int Sign, int L, class Barrier, class Shuffle>
PYSYCLFFT_INLINE void convolution_rows(int member, int lane, index_t group_id, const Barrier& barrier,
                                       const cplx<typename Cfg::real>* in, cplx<typename Cfg::real>* out,
                                       const cplx<typename Cfg::real>* twiddles,
                                       const cplx<typename Cfg::real>* gather_table,
                                       const cplx<typename Cfg::real>* spectrum,
                                       const cplx<typename Cfg::real>* scatter_table, const PassSide& in_side,
                                       const PassSide& out_side, const PassGeometry& g, typename Cfg::real scale,
                                       cplx<typename Cfg::real>* local, const Shuffle& shuffle) {
  using T = typename Cfg::real;
  using first_fft = Stockham<T, Sign, typename Cfg::radices, L, 2>;
  using second_fft = Stockham<T, -Sign, typename Cfg::radices, L, 2>;
  static_assert(first_fft::kStages >= 2, "the first FFT's output goes to the buffer its last stage does not read");
  constexpr int M = Cfg::kN, P = first_fft::kBufferPoints, K = first_fft::kStages, kThreads = Cfg::kThreads;
  const index_t first = group_id * L;
  const index_t d0 = first % g.d0_count, t = g.t_begin + first / g.d0_count;
  const cplx<T>* const x = in + in_side.base(t) + d0 * g.in.s0;  // line 0's row
  cplx<T>* const X = out + out_side.base(t) + d0 * g.out.s0;
  T* const buffer[2] = {&local[0].re, &local[0].re + 2 * P};
  cplx<T>* const sums = local + 2 * P;  // each line's first-FFT output 0
  const auto* gather = reinterpret_cast<const index_t*>(gather_table);
  const auto* scatter = reinterpret_cast<const index_t*>(scatter_table);

  const cplx<T> x0 = load_cplx(x + lane * g.in.s0);
  load_rows_transposed<M, L, kThreads>(member, lane, &x[1].re, 2 * g.in.s0, buffer[1], buffer[1] + P, shuffle);
  barrier();
  // The first FFT: stages from buffer 0, its last stage into the buffer it does not read.
  T* const product = buffer[(K - 1) % 2];
  const SpectrumIntoLocal<T, Sign, true, SplitStore<T, L>> into_product{
      {product + lane, product + P + lane}, spectrum, sums + lane, x0};
  first_fft::template run_from<0, 1, kThreads, 1>(barrier, member, 0, kThreads,
                                                  GatheredSlots<T, L>{buffer[1] + lane, buffer[1] + P + lane, gather},
                                                  into_product, buffer[0] + lane, buffer[1] + lane, twiddles);
  barrier();
  // The second FFT reads `product`; its stages alternate from the other buffer,
  // and its last stage writes the one it does not read.
  T* const spare = product == buffer[0] ? buffer[1] : buffer[0];
  T* const result = K % 2 == 0 ? product : spare;
  second_fft::template run_from<0, 1, kThreads, 1>(
      barrier, member, 0, kThreads, SplitLoad<T, L>{product + lane, product + P + lane},
      ScatteredSlots<T, L>{result + lane, result + P + lane, scatter}, spare + lane, product + lane, twiddles);
  barrier();
  if (member == 0) store_cplx(X + lane * g.out.s0, (x0 + sums[lane]) * scale);
  store_rows_transposed<M, L, kThreads>(member, lane, result, result + P, &X[1].re, 2 * g.out.s0, scale, shuffle);
}

}  // namespace pysyclfft::kernels
