// Bluestein's or Rader's convolution in one kernel, where its length M is one
// team's transform: the first FFT's output stays in the team's local memory,
// multiplied by the spectrum, and the second FFT reads it from there. The
// two-launch form (kernels/multipass.hpp, one pass per FFT) writes and reads
// that intermediate through global memory: twice the traffic.
//
// Bluestein's loads and stores are the pass kernels' (PassLoader, PassStorer:
// the chirp fused). Rader's permutations go through local memory instead, so
// that global memory is read and written in order (neighbouring work-items,
// neighbouring elements): x[k] goes to slot log_g(k) of a local buffer before the
// first FFT, and X[m] comes from slot -log_g(m) after the second (one table of
// logarithms serves both). Loaded and stored where they lay (the pass kernels'
// gather and scatter), 42% of an H200's sectors were excess and stores used 8 of
// 32 bytes per sector. Rader's two end values (x[0], and the first FFT's output
// 0) live in two local slots per team instead of the plan's scratch.
#pragma once
#include "multipass.hpp"
#include "rounding.hpp"

namespace pysyclfft::kernels {

// Local memory of one team, in complex elements: Stockham's `buffers` buffers of
// n points, then Rader's two end values.
constexpr int convolution_team_elements(int n, int buffers) { return buffers * n + 2; }

// The first FFT's last stage: output j times the spectrum into the local buffer
// the second FFT reads (Rader: keeps output 0 and adds x[0] after the multiply, as
// PassStorer's save_sum does).
template <typename T, int Sign, bool Rader, class Store> struct SpectrumIntoLocal {
  Store buffer;
  const cplx<T>* spectrum;
  cplx<T>* sum;  // Rader: where output 0 is kept
  cplx<T> x0;
  PYSYCLFFT_INLINE void operator()(int j, cplx<T> v) const {
    if (Rader && j == 0) *sum = v;
    v = mul_dir<Sign>(v, load_cplx(spectrum + j));
    if (Rader && j == 0) v = v + x0;
    buffer(j, v);
  }
};

// Rader's input in the order the convolution reads it: x[k], k = 1..M, read in
// order, to slot log_g(k) (logs[k - 1]).
template <int M, int Threads, typename T, class Store>
PYSYCLFFT_INLINE void load_rader_input(int member, const cplx<T>* x, index_t stride, const index_t* logs,
                                       const Store& slots) {
#pragma unroll
  for (int i = 0; i < ceil_div(M, Threads); ++i) {
    const int e = member + i * Threads;
    if (M % Threads == 0 || e < M) slots(int(logs[e]), load_cplx(x + (e + 1) * stride));
  }
}

// Rader's output in order: X[m] = y[-log_g(m) mod M], m = 1..M, and X[0] = x[0] + A[0], scaled.
template <int M, int Threads, typename T, class Load>
PYSYCLFFT_INLINE void store_rader_output(int member, cplx<T>* X, index_t stride, const index_t* logs, const Load& y,
                                         const cplx<T>* ends, T scale) {
#pragma unroll
  for (int i = 0; i < ceil_div(M, Threads); ++i) {
    const int e = member + i * Threads;
    if (M % Threads == 0 || e < M) {
      const int log = int(logs[e]);
      store_cplx(X + (e + 1) * stride, y(log == 0 ? 0 : M - log) * scale);
    }
  }
  if (member == 0) store_cplx(X, (ends[0] + ends[1]) * scale);
}

// Team `team` of the work-group convolves transform group_id*PerGroup + team
// (teams past the batch's end compute the last one but store nothing). `g`
// gives the first FFT's load mode and the second's store mode; `local` holds
// convolution_team_elements(N, Buffers) elements per team. Sign is the first
// FFT's. Buffers = 2: the first FFT's last stage writes the buffer it does not
// read, the second FFT ping-pongs from there; Buffers = 1 (a GPU's longer
// lengths): every stage of both runs in place (Stockham::run_in_place_from).
template <class Cfg, int Sign, int Lanes, int Buffers, bool Rader, class Barrier>
PYSYCLFFT_INLINE void convolution_team(int vector, int lane, int team, index_t group_id, const Barrier& barrier,
                                       const cplx<typename Cfg::real>* in, cplx<typename Cfg::real>* out,
                                       const cplx<typename Cfg::real>* twiddles,
                                       const cplx<typename Cfg::real>* load_table,
                                       const cplx<typename Cfg::real>* spectrum,
                                       const cplx<typename Cfg::real>* store_table, const PassSide& in_side,
                                       const PassSide& out_side, const PassGeometry& g, typename Cfg::real scale,
                                       cplx<typename Cfg::real>* local) {
  using T = typename Cfg::real;
  using first_fft = Stockham<T, Sign, typename Cfg::radices, 1, Buffers>;
  using second_fft = Stockham<T, -Sign, typename Cfg::radices, 1, Buffers>;
  using Load = SplitLoad<T>;
  using Store = SplitStore<T>;
  static_assert(first_fft::kStages >= 2, "the first FFT's output goes to the buffer its last stage does not read");
  constexpr int N = Cfg::kN, kPoints = first_fft::kBufferPoints, kThreads = Cfg::kThreads;
  const index_t line = group_id * Cfg::kPerGroup + team;
  const bool active = line < g.lines;
  const index_t t = g.t_begin + (active ? line : g.lines - 1);
  cplx<T>* const team_local = local + team * convolution_team_elements(N, Buffers);
  cplx<T>* const ends = team_local + Buffers * kPoints;
  const cplx<T>* const x = in + in_side.base(t);
  const cplx<T> x0 = Rader ? x[0] : cplx<T>{T(0), T(0)};
  const int member = vector + lane;
  if (Rader && member == 0) ends[0] = x0;
  const auto* logs = reinterpret_cast<const index_t*>(load_table);  // Rader's
  cplx<T>* const y = out + out_side.base(t);
  T* const reals = &team_local[0].re;
  // Rader's input goes to the buffer the first FFT's first stage does not write.
  T* const input = Buffers == 2 ? reals + 2 * kPoints : reals;
  if constexpr (Rader) {
    load_rader_input<N, kThreads>(member, x, in_side.stride, logs, Store{input, input + kPoints});
    barrier();
  }
  // Runs the two FFTs; the second's last stage writes `last`.
  const auto convolve = [&](const auto& first_src, const auto& last) __attribute__((always_inline)) {
    if constexpr (Buffers == 1) {
      const SpectrumIntoLocal<T, Sign, Rader, Store> product{{reals, reals + kPoints}, spectrum, ends + 1, x0};
      first_fft::template run_in_place_from<0, 1, kThreads, Lanes>(barrier, vector, lane, first_src, product, reals,
                                                                   twiddles);
      barrier();
      second_fft::template run_in_place_from<0, 1, kThreads, Lanes>(barrier, vector, lane, Load{reals, reals + kPoints},
                                                                    last, reals, twiddles);
    } else {
      T* const spare = first_fft::spare_buffer(reals);
      T* const other = spare == reals ? reals + 2 * kPoints : reals;
      const SpectrumIntoLocal<T, Sign, Rader, Store> product{{spare, spare + kPoints}, spectrum, ends + 1, x0};
      first_fft::template run_vectors<kThreads, Lanes>(barrier, vector, lane, first_src, product, team_local, twiddles);
      barrier();
      // The second FFT's first stage reads the spare buffer and writes the other one.
      second_fft::template run_from<0, 1, kThreads, Lanes>(barrier, vector, lane, kThreads, Load{spare, spare + kPoints},
                                                           last, other, spare, twiddles);
    }
  };
  if constexpr (Rader) {
    // The buffer the second FFT's last stage does not read: with two, the one its
    // stage before last did not write.
    T* result = input;
    if constexpr (Buffers == 2)
      if ((first_fft::kStages - 2) % 2 == 0) result = first_fft::spare_buffer(reals);
    convolve(Load{input, input + kPoints}, Store{result, result + kPoints});
    barrier();
    if (active) store_rader_output<N, kThreads>(member, y, out_side.stride, logs, Load{result, result + kPoints}, ends, scale);
  } else {  // the chirp fused into the loads and stores, as the pass kernels do
    convolve(PassLoader<T, Sign, false, kModesLoad>{x, in_side.stride, 0, 1, in_side.limit, 0, g.load, load_table},
             PassStorer<T, -Sign, false, false, kModesStore>{y, out_side.stride, 0, 1, out_side.limit, 0, scale,
                                                             active, g.store, store_table, nullptr, nullptr, 0, 0, 1,
                                                             false, ends, x0});
  }
}

}  // namespace pysyclfft::kernels
