// One pass of a multi-pass (four-step) transform: every work-group team runs the
// single-work-group Stockham core over one strided "line" of a batch of
// sequences, with optional element-wise multiplies fused into its loads and stores.
//
// Lines: line = (t_local * D1 + d1) * D0 + d0 for transform t = t_begin + t_local.
// Element i of a line is sequence element d0*s0 + d1*s1 + i*si of that transform
// (separate strides on the input and output sides), and sequence element j of
// transform t lies at PassSide::base(t) + j * stride.
//
// Fused multiplies (all tables hold forward-direction values; mul_dir conjugates
// them for Sign = +1):
//  - kStoreTwiddle: the four-step inter-pass twiddle W_L^(k*d0) of output element k,
//    from a two-level table: W^e = hi[e >> shift] * lo[e & (2^shift - 1)];
//  - Bluestein: kLoadChirp multiplies input j by chirp[j], kStoreSpectrum output j by
//    the chirp spectrum[j], kStoreChirp by the opposite-direction chirp[j];
//  - Rader (prime p = L+1): kLoadRader gathers x[perm[j]] (index table), the first
//    FFT's stores multiply by the spectrum (adding x[0] to output 0), kStoreRader
//    scatters output j to X[perm[j]] and writes X[0] from the two per-transform
//    values the first FFT saved (PassGeometry::rader flags, see RaderEnds).
#pragma once
#include "batched_c2c.hpp"
#include "layout.hpp"
#include "stockham.hpp"

namespace pysyclfft::kernels {

// Where the transforms of one pass side lie (a user array or the plan's scratch).
struct PassSide {
  index_t offset, stride;        // element j of transform `first` lies at offset + j*stride
  index_t first;                 // transform held at the start (scratch holds one batch chunk)
  index_t count0, dist0, dist1;  // two batch dimensions, as in BatchLayout
  index_t limit;                 // sequence elements >= limit load as zero and are not stored
  index_t base(index_t t) const {
    t -= first;
    return offset + (t % count0) * dist0 + (t / count0) * dist1;
  }
};

// Sequence-index strides of one side's line digits and elements.
struct LineStrides {
  index_t s0, s1, si;
};

// The fused multiplies are run-time choices (uniform over a launch, so cheap
// branches): one compiled kernel per pass length and direction serves every
// pass position and both algorithms, which keeps run-time compilation short.
enum PassLoad : int { kLoadPlain = 0, kLoadChirp = 1, kLoadRader = 2 };
enum PassStore : int { kStorePlain = 0, kStoreTwiddle = 1, kStoreSpectrum = 2, kStoreChirp = 3, kStoreRader = 4 };

// Rader's ends: X[0] = x[0] + A[0], A the first FFT of the gathered x[perm[j]], and
// every other output needs + x[0], which adding x[0] to the spectrum's output 0
// does (the second FFT spreads it to all outputs). The first FFT's first pass saves
// x[0] (kSaveX0) and its last pass A[0] (kSaveSum, which also adds x[0]: read from
// the input when that pass is also the first) in `ends`, two values per transform
// of the chunk; the second FFT's last pass writes X[0]. Each value is written and
// read in different launches.
enum RaderEnds : int { kSaveX0 = 1, kSaveSum = 2 };

struct PassGeometry {
  index_t d0_count, d1_count;  // line digits (d0 varies fastest: neighbouring teams)
  index_t t_begin, lines;      // first transform and number of lines of this launch
  LineStrides in, out;
  int load, store;     // PassLoad, PassStore
  int twiddle_shift;   // kStoreTwiddle: log2 of the low table's length
  int rader;           // RaderEnds flags
};

template <typename T, int Sign> struct PassLoader {
  const cplx<T>* p;
  index_t stride, start, step, limit;
  int mode;
  const cplx<T>* chirp;  // chirp, or Rader's gather indices (index_t)
  cplx<T> operator()(int i) const {
    const index_t j = start + i * step;
    if (mode == kLoadRader) return p[reinterpret_cast<const index_t*>(chirp)[j] * stride];
    if (j >= limit) return {T(0), T(0)};  // Bluestein's zero padding
    const cplx<T> v = p[j * stride];
    return mode == kLoadChirp ? mul_dir<Sign>(v, chirp[j]) : v;
  }
};

template <typename T, int Sign> struct PassStorer {
  cplx<T>* p;
  index_t stride, start, step, limit;
  T scale;
  bool active;  // teams past the last line compute but do not store
  int mode;
  const cplx<T>* table;  // twiddle high part, spectrum, chirp or Rader's scatter indices
  const cplx<T>* low;    // twiddle low part
  index_t d0;
  int shift;
  bool save_sum;         // Rader: save output 0 to ends[1], add x0 after the spectrum
  cplx<T>* ends;         // Rader: this transform's x[0], A[0]
  cplx<T> x0;
  void operator()(int k, cplx<T> v) const {
    const index_t j = start + k * step;
    if (!active || j >= limit) return;
    if (mode == kStoreRader) {
      p[reinterpret_cast<const index_t*>(table)[j] * stride] = v * scale;
      if (j == 0) p[0] = (ends[0] + ends[1]) * scale;
      return;
    }
    const bool sum = save_sum && j == 0;
    if (sum) ends[1] = v;
    if (mode == kStoreTwiddle) {
      const index_t e = k * d0;
      v = mul_dir<Sign>(v, table[e >> shift] * low[e & ((index_t(1) << shift) - 1)]);
    } else if (mode == kStoreSpectrum) {
      v = mul_dir<Sign>(v, table[j]);
    } else if (mode == kStoreChirp) {
      v = mul_dir<-Sign>(v, table[j]);
    }
    if (sum) v = v + x0;
    p[j * stride] = v * scale;
  }
};

// Body of a pass kernel; `local` holds Cfg::kLocalElements elements of work-group memory,
// `ends` two values per transform of the launch's chunk (Rader only).
// In-place passes (in == out, same line positions on both sides) are safe when the
// Stockham core has at least two stages: all loads come before its first barrier.
template <class Cfg, int Sign, class Barrier>
void multipass_pass(int local_id, index_t group_id, const Barrier& barrier, const cplx<typename Cfg::real>* in,
                    cplx<typename Cfg::real>* out, const cplx<typename Cfg::real>* twiddles,
                    const cplx<typename Cfg::real>* load_table, const cplx<typename Cfg::real>* store_table,
                    const cplx<typename Cfg::real>* store_low, const PassSide& in_side, const PassSide& out_side,
                    const PassGeometry& g, typename Cfg::real scale, cplx<typename Cfg::real>* ends,
                    cplx<typename Cfg::real>* local) {
  using T = typename Cfg::real;
  // Contiguous teams, as the Stockham core's SIMD layout expects (interleaving
  // teams across work-items measured no faster for column passes).
  const int team = local_id / Cfg::kThreads;
  const int tid = local_id % Cfg::kThreads;
  const index_t line = group_id * Cfg::kPerGroup + team;
  const bool active = line < g.lines;
  const index_t lc = active ? line : g.lines - 1;  // idle teams re-read a valid line
  const index_t d0 = lc % g.d0_count;
  const index_t rest = lc / g.d0_count;
  const index_t d1 = rest % g.d1_count;
  const index_t t = g.t_begin + rest / g.d1_count;
  const PassLoader<T, Sign> src{in + in_side.base(t), in_side.stride, d0 * g.in.s0 + d1 * g.in.s1,
                                g.in.si, in_side.limit, g.load, load_table};
  cplx<T>* const my_ends = ends + 2 * (t - g.t_begin);
  const bool save_sum = (g.rader & kSaveSum) != 0;
  const cplx<T> x0 = !save_sum ? cplx<T>{T(0), T(0)} : g.load == kLoadRader ? src.p[0] : my_ends[0];
  const PassStorer<T, Sign> dst{out + out_side.base(t), out_side.stride, d0 * g.out.s0 + d1 * g.out.s1,
                                g.out.si, out_side.limit, scale, active, g.store, store_table, store_low, d0,
                                g.twiddle_shift, save_sum, my_ends, x0};
  if ((g.rader & kSaveX0) && active && d0 == 0 && d1 == 0 && tid == 0) my_ends[0] = src.p[0];
  Cfg::fft::run(barrier, tid, Cfg::kThreads, src, dst, local + team * 2 * Cfg::kN, twiddles);
}

}  // namespace pysyclfft::kernels
