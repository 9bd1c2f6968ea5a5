// Rader's convolution in one kernel for a CPU's batch of lines: the L lines of
// a work-group are the L SIMD lanes of one sub-group, each lane running the whole
// convolution of its own line, all lanes the same butterfly (a row group, as
// plan/line_groups.hpp runs the c2c rows, or a column group). The team form
// (convolution.hpp) gives one transform's points to the lanes instead, whose
// uneven stages and per-lane permuted local reads ran a batch of 1009-point
// complex64 rows 9x slower than the 1008-point FFT's row groups
// (docs/performance-cpu-rows.md).
//
// Point p of line l lies at p*L + l of each Stockham buffer, and Rader's
// permutations take the same index in every lane, so they read and write whole
// vectors: the first FFT loads convolution input m from x[g^m] (the gather
// table), its last stage writes output j times the spectrum into the buffer it
// does not read, keeping output 0 (for X[0]) and adding x[0]; the second FFT's
// last stage writes output q to X[g^-q] (the scatter table); X[0] = x[0] +
// output 0 of the first FFT. On a side whose lines are rows (kAccessRowsIn,
// kAccessRowsOut) the points 1..M of the L rows move through a Stockham buffer
// by sub-group transposes (staged_rows.hpp); on a side whose neighbouring lines
// are neighbouring elements (kAccessUnitIn, kAccessUnitOut: columns) they are
// read and written in place, L lanes at a time. Every load of the input comes
// before the first barrier and every store after the last, so the transform may
// run in place.
#pragma once
#include "convolution.hpp"
#include "staged_rows.hpp"

namespace pysyclfft::kernels {

// Local memory of a group of L lines of the convolution length M, in complex
// elements: two interleaved Stockham buffers, then each line's first-FFT output 0.
constexpr int convolution_lines_elements(int m, int lines) { return 2 * m * lines + lines; }

// Point j of a line read from (or written to) element table[j] of a line whose
// element k lies at (k - first) * stride of `re`/`im` (Rader's gather and
// scatter): a staged buffer (x[1..M]: first 1, stride L) or the line in memory
// (first 0, stride: the points', in reals).
template <typename T> struct GatheredPoints {
  const T* re;
  const T* im;
  index_t first, stride;
  const index_t* table;
  PYSYCLFFT_INLINE cplx<T> operator()(int j) const {
    const index_t at = (table[j] - first) * stride;
    return {re[at], im[at]};
  }
};
template <typename T> struct ScatteredPoints {
  T* re;
  T* im;
  index_t first, stride;
  const index_t* table;
  PYSYCLFFT_INLINE void operator()(int j, cplx<T> v) const {
    const index_t at = (table[j] - first) * stride;
    re[at] = v.re;
    im[at] = v.im;
  }
};

// Group `group_id` of L lines: lines group_id*L + l of the launch, `lane` = l, a
// work-item `member` of its line's Cfg::kThreads. The geometry's lines are the
// layout's inner batch dimension (d0, line step g.in.s0, point step g.in.si) of
// each outer transform t, a whole number of groups each. Sign is the first FFT's;
// Access: kernels::PassAccess bits, rows or unit on each side.
template <class Cfg, int Sign, int L, int Access, class Barrier, class Shuffle>
PYSYCLFFT_INLINE void convolution_lines(int member, int lane, index_t group_id, const Barrier& barrier,
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
  constexpr bool kRowsIn = (Access & kAccessRowsIn) != 0, kRowsOut = (Access & kAccessRowsOut) != 0;
  static_assert(kRowsIn != ((Access & kAccessUnitIn) != 0) && kRowsOut != ((Access & kAccessUnitOut) != 0),
                "each side rows or unit");
  constexpr int M = Cfg::kN, P = first_fft::kBufferPoints, K = first_fft::kStages, kThreads = Cfg::kThreads;
  const index_t first = group_id * L;
  const index_t d0 = first % g.d0_count, t = g.t_begin + first / g.d0_count;
  const cplx<T>* const x = in + in_side.base(t) + d0 * g.in.s0;  // line 0
  cplx<T>* const X = out + out_side.base(t) + d0 * g.out.s0;
  T* const buffer[2] = {&local[0].re, &local[0].re + 2 * P};
  cplx<T>* const sums = local + 2 * P;  // each line's first-FFT output 0
  const auto* gather = reinterpret_cast<const index_t*>(gather_table);
  const auto* scatter = reinterpret_cast<const index_t*>(scatter_table);

  const cplx<T> x0 = load_cplx(x + lane * g.in.s0);
  if constexpr (kRowsIn) {  // x[1..M] into buffer 1, which the first stage does not write
    load_rows_transposed<M, L, kThreads>(member, lane, &x[1].re, 2 * g.in.s0, buffer[1], buffer[1] + P, shuffle);
    barrier();
  }
  const T* const in_re = kRowsIn ? buffer[1] + lane : &x[lane].re;
  const GatheredPoints<T> src{in_re, in_re + (kRowsIn ? P : 1), kRowsIn, kRowsIn ? L : 2 * g.in.si, gather};
  // The first FFT: stages from buffer 0, its last stage into the buffer it does not read.
  T* const product = buffer[(K - 1) % 2];
  const SpectrumIntoLocal<T, Sign, true, SplitStore<T, L>> into_product{
      {product + lane, product + P + lane}, spectrum, sums + lane, x0};
  first_fft::template run_from<0, 1, kThreads, 1>(barrier, member, 0, kThreads, src, into_product, buffer[0] + lane,
                                                  buffer[1] + lane, twiddles);
  barrier();
  // The second FFT reads `product`; its stages alternate from the other buffer,
  // and its last stage writes the one it does not read, or the lines in memory.
  T* const spare = product == buffer[0] ? buffer[1] : buffer[0];
  T* const result = K % 2 == 0 ? product : spare;
  T* const out_re = kRowsOut ? result + lane : &X[lane].re;
  const ScatteredPoints<T> dst{out_re, out_re + (kRowsOut ? P : 1), kRowsOut, kRowsOut ? L : 2 * g.out.si, scatter};
  const auto scaled = [&](int j, cplx<T> v) __attribute__((always_inline)) { dst(j, v * scale); };
  const SplitLoad<T, L> from_product{product + lane, product + P + lane};
  if constexpr (kRowsOut)
    second_fft::template run_from<0, 1, kThreads, 1>(barrier, member, 0, kThreads, from_product, dst, spare + lane,
                                                     product + lane, twiddles);
  else
    second_fft::template run_from<0, 1, kThreads, 1>(barrier, member, 0, kThreads, from_product, scaled,
                                                     spare + lane, product + lane, twiddles);
  barrier();
  if (member == 0) store_cplx(X + lane * g.out.s0, (x0 + sums[lane]) * scale);
  if constexpr (kRowsOut)
    store_rows_transposed<M, L, kThreads>(member, lane, result, result + P, &X[1].re, 2 * g.out.s0, scale, shuffle);
}

}  // namespace pysyclfft::kernels
