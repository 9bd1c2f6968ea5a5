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
//    from a two-level table (two_level_roots.hpp); a
//    group of Interleave neighbouring lines d0 = d0f + lane (d0f a multiple of
//    Interleave) takes W_L^(k*d0f) from it (the same for all lanes) times
//    lanes[k*Interleave + lane] = W_L^(k*lane), which neighbouring lanes read
//    from neighbouring entries;
//  - Bluestein: kLoadChirp multiplies input j by chirp[j], kStoreSpectrum output j by
//    the chirp spectrum[j], kStoreChirp by the opposite-direction chirp[j];
//  - Rader (prime p = L+1): kLoadRader gathers x[perm[j]] (index table), the first
//    FFT's stores multiply by the spectrum (adding x[0] to output 0), kStoreRader
//    scatters output j to X[perm[j]] and writes X[0] from the two per-transform
//    values the first FFT saved (PassGeometry::rader flags, see RaderEnds).
#pragma once
#include "batched_c2c.hpp"
#include "column_rows.hpp"
#include "layout.hpp"
#include "paired_lanes.hpp"
#include "staged_rows.hpp"
#include "stockham.hpp"
#include "two_level_roots.hpp"

namespace pysyclfft::kernels {

template <bool B> struct BoolConstant {
  static constexpr bool value = B;
};

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

// Every pass but the last stores twiddled (kStoreTwiddle), the last pass one of
// the others: that choice is a kernel template parameter (Twiddled), and so is
// which of the convolutions' modes a pass may take (Modes, PassModes): their
// per-element checks cost every pass of a plan that never takes them ~30% (Rader's
// measured on a CPU; Bluestein's, with the zero padding's limit checks, 1.3-2.2x
// on an H200: benchmarks/results/gpu_h200_notes.md, session 20). Within a mode
// set the choice is made at run time (uniform over a launch), so one compiled
// kernel per pass kind, length and direction serves every pass of a plan.
enum PassLoad : int { kLoadPlain = 0, kLoadChirp = 1, kLoadRader = 2 };
enum PassStore : int { kStorePlain = 0, kStoreTwiddle = 1, kStoreSpectrum = 2, kStoreChirp = 3, kStoreRader = 4 };
// The modes a pass kernel is compiled for (flags): a four-step plan's passes and
// column groups only the plain and twiddled ones (kModesPlain); a convolution's
// first pass of an FFT its load modes (Bluestein's chirp and zero padding), its
// last pass its store modes (the spectrum, the chirp and the output's bound), a
// one-pass FFT both; kModesRader adds Rader's gather, scatter and end values to them.
enum PassModes : int { kModesPlain = 0, kModesLoad = 1, kModesStore = 2, kModesRader = 4 };

// Rader's ends: X[0] = x[0] + A[0], A the first FFT of the gathered x[perm[j]], and
// every other output needs + x[0], which adding x[0] to the spectrum's output 0
// does (the second FFT spreads it to all outputs). The first FFT's first pass saves
// x[0] (kSaveX0) and its last pass A[0] (kSaveSum, which also adds x[0]: read from
// the input when that pass is also the first) in `ends`, two values per transform
// of the chunk; the second FFT's last pass writes X[0]. Each value is written and
// read in different launches.
enum RaderEnds : int { kSaveX0 = 1, kSaveSum = 2 };

// How a column group's lines lie on each side, fixed at compile time (a kernel
// template parameter) or chosen per launch (kAccessAny: one instantiation of the
// Stockham core per choice, in one kernel). Bits: neighbouring lines are
// neighbouring elements on the input side (kAccessUnitIn), the output side; or
// (CPUs) the lines are rows on that side, moved through the Stockham buffers by
// sub-group transposes (kAccessRowsIn, kAccessRowsOut: staged_rows.hpp).
enum PassAccess : int {
  kAccessAny = -1, kAccessStrided = 0, kAccessUnitIn = 1, kAccessUnitOut = 2, kAccessRowsIn = 4, kAccessRowsOut = 8
};

struct PassGeometry {
  index_t d0_count, d1_count;  // line digits (d0 varies fastest: neighbouring teams)
  index_t t_begin, lines;      // first transform and number of lines of this launch
  LineStrides in, out;
  int load, store;     // PassLoad, PassStore
  int twiddle_shift;   // kStoreTwiddle: log2 of the low table's length
  int rader;           // RaderEnds flags
};

// Element i of a line is sequence element j = start + i*step, at p[j*stride].
// Unit: the line is number `lane` of a group of neighbouring lines with s0 = 1 and
// stride = 1, `start` is the group's first line's, so j = start + lane + i*step
// lies at p[start + i*step + lane]: the compiler sees SIMD lanes (neighbouring
// lines) touch neighbouring elements and uses vector loads and stores.
// PairedLanes > 0 (Unit, the plain modes): the sub-group's lanes are its
// PairedLanes lines, which move their points by load_lanes and store_lanes.
template <typename T, int Sign, bool Unit, int Modes, int PairedLanes = 0, class Shuffle = NoShuffle>
struct PassLoader {
  static constexpr bool kModes = (Modes & kModesLoad) != 0, kRader = kModes && (Modes & kModesRader);
  static_assert(PairedLanes == 0 || (Unit && Modes == kModesPlain), "paired lanes: unit stride, plain modes");
  const cplx<T>* p;
  index_t stride, start, step, limit;
  int lane;
  int mode;
  const cplx<T>* chirp;  // chirp, or Rader's gather indices (index_t)
  Shuffle shuffle;
  PYSYCLFFT_INLINE cplx<T> operator()(int i) const {
    const index_t u = start + i * step;
    if constexpr (PairedLanes > 0) return load_lanes<PairedLanes>(p + u, lane, shuffle);
    const index_t j = Unit ? u + lane : u;
    if constexpr (kRader) {
      if (mode == kLoadRader) return load_cplx(p + reinterpret_cast<const index_t*>(chirp)[j] * stride);
    }
    if (kModes && j >= limit) return {T(0), T(0)};  // Bluestein's zero padding
    const cplx<T> v = load_cplx(Unit ? p + u + lane : p + j * stride);
    return kModes && mode == kLoadChirp ? mul_dir<Sign>(v, load_cplx(chirp + j)) : v;
  }
};

template <typename T, int Sign, bool Unit, bool Twiddled, int Modes, int PairedLanes = 0, class Shuffle = NoShuffle>
struct PassStorer {
  static constexpr bool kModes = (Modes & kModesStore) != 0, kRader = kModes && (Modes & kModesRader);
  static_assert(PairedLanes == 0 || (Unit && Modes == kModesPlain), "paired lanes: unit stride, plain modes");
  cplx<T>* p;
  index_t stride, start, step, limit;
  int lane;
  T scale;
  bool active;  // teams past the last line compute but do not store
  int mode;
  const cplx<T>* table;  // twiddle high part (two_level_roots.hpp), spectrum, chirp or Rader's scatter indices
  const cplx<T>* low;    // twiddle low part
  const cplx<T>* lanes;  // Unit twiddles: W_L^(k*lane), `interleave` per k
  index_t d0;            // Unit: the group's first line's
  int shift, interleave;
  bool save_sum;  // Rader: save output 0 to ends[1], add x0 after the spectrum
  cplx<T>* ends;  // Rader: this transform's x[0], A[0]
  cplx<T> x0;
  Shuffle shuffle;
  cplx<T> twiddle(int k) const {
    const cplx<T> w = two_level_root(table, low, k * d0, shift);
    if constexpr (PairedLanes > 0) return w * load_lanes<PairedLanes>(lanes + k * interleave, lane, shuffle);
    return Unit ? w * load_cplx(lanes + k * interleave + lane) : w;
  }
  // Twiddled passes write the scratch (or, memory-minimal, the whole output), unscaled.
  PYSYCLFFT_INLINE void operator()(int k, cplx<T> v) const {
    const index_t u = start + k * step;
    const index_t j = Unit ? u + lane : u;
    if constexpr (Twiddled) {
      if (!active) return;
      v = mul_dir<Sign>(v, twiddle(k));
    } else {
      if (!active || (kModes && j >= limit)) return;
      if constexpr (kRader) {
        if (mode == kStoreRader) {
          store_cplx(p + reinterpret_cast<const index_t*>(table)[j] * stride, v * scale);
          if (j == 0) p[0] = (ends[0] + ends[1]) * scale;
          return;
        }
      }
      const bool sum = kRader && save_sum && j == 0;
      if (sum) ends[1] = v;
      if constexpr (kModes) {
        if (mode == kStoreSpectrum) v = mul_dir<Sign>(v, load_cplx(table + j));
        else if (mode == kStoreChirp) v = mul_dir<-Sign>(v, load_cplx(table + j));
      }
      if (sum) v = v + x0;
      v = v * scale;
    }
    if constexpr (PairedLanes > 0) store_lanes<PairedLanes>(p + u, lane, v, shuffle);
    else store_cplx(Unit ? p + u + lane : p + j * stride, v);
  }
};

// A column group whose lines are rows on the input side (RowsIn: each line's points
// contiguous, lines `in_step` elements apart from `in_row`) or the output side
// (RowsOut, plain stores only): the rows pass through the Stockham buffer that the
// first stage does not write, or the one the last stage does not read, by sub-group
// transposes (staged_rows.hpp). Two buffers, at least two stages, and the group's
// Interleave lines are the lanes of one sub-group (`lane` = line).
template <class Fft, int Threads, int Interleave, bool RowsIn, bool RowsOut, typename T, class Barrier, class Src,
          class Dst, class Shuffle>
PYSYCLFFT_INLINE void run_staged_rows(const Barrier& barrier, int member, int lane, const Src& src, const Dst& dst,
                                      const cplx<T>* in_row, cplx<T>* out_row, index_t in_step, index_t out_step,
                                      cplx<T>* local, const cplx<T>* twiddles, T scale, const Shuffle& shuffle) {
  static_assert(kExchangesLanes<Shuffle> && Fft::kStages > 1, "rows move by sub-group transposes, before two stages");
  constexpr int P = Fft::kBufferPoints, N = Fft::N;
  T* const reals = &local[0].re;
  T* const first_read = reals + 2 * P;                           // the buffer the first stage does not write
  T* const last_written = reals + (Fft::kStages - 1) % 2 * 2 * P;  // the buffer the last stage does not read
  if constexpr (RowsIn) {
    load_rows_transposed<N, Interleave, Threads>(member, lane, &in_row->re, 2 * in_step, first_read, first_read + P,
                                                 shuffle);
    barrier();
  }
  const SplitLoad<T, Interleave> staged_src{first_read + lane, first_read + P + lane};
  const SplitStore<T, Interleave> staged_dst{last_written + lane, last_written + P + lane};
  auto run = [&](const auto& from, const auto& to) __attribute__((always_inline)) {
    Fft::template run_vectors<Threads, 1>(barrier, member, 0, from, to, local, twiddles, Threads, lane);
  };
  if constexpr (RowsIn && RowsOut) run(staged_src, staged_dst);
  else if constexpr (RowsIn) run(staged_src, dst);
  else run(src, staged_dst);
  if constexpr (RowsOut) {
    barrier();
    store_rows_transposed<N, Interleave, Threads>(member, lane, last_written, last_written + P, &out_row->re,
                                                  2 * out_step, scale, shuffle);
  }
}

// Body of a pass kernel: team `team` of the work-group computes line
// group*PerGroup + team; the work-item is number `lane` of the SIMD vector that
// starts at team member `vector` (as in team_c2c). Interleave = PerGroup is the
// column layout: the group's lines share the local buffers point by point and
// the execution layer packs the teams (neighbouring lines, so neighbouring
// columns in memory) into SIMD lanes, each lane running the same butterfly
// (then Lanes = 1; the planner makes PerGroup divide d0_count, so a group's lines
// are d0, d0 + 1, ... of one transform); Interleave = 1 packs team members
// (points of one line). `local` holds pass_local_elements(...) elements of
// work-group memory (column_rows.hpp). Buffers = 1 (column groups): the middle
// stages run in place in one shared buffer (kernels/stockham.hpp).
// `ends` holds two values per transform of the launch's chunk (Rader only).
// In-place passes (in == out, same line positions on both sides) are safe when the
// Stockham core has at least two stages: all loads come before its first barrier.
// PairedLanes > 0: a column group whose sub-group is its PairedLanes lines moves
// points on its unit-stride sides by paired_lanes.hpp, with `shuffle`.
template <class Cfg, int Sign, int Lanes, int Interleave, int RowPitch, int Buffers, bool Twiddled, int Modes,
          int Access, int PairedLanes = 0, class Barrier, class Shuffle = NoShuffle>
PYSYCLFFT_INLINE void multipass_pass(int vector, int lane, int team, index_t group_id, const Barrier& barrier,
                                     const cplx<typename Cfg::real>* in, cplx<typename Cfg::real>* out,
                                     const cplx<typename Cfg::real>* twiddles,
                                     const cplx<typename Cfg::real>* load_table,
                                     const cplx<typename Cfg::real>* store_table,
                                     const cplx<typename Cfg::real>* store_low,
                                     const cplx<typename Cfg::real>* lane_twiddles, const PassSide& in_side,
                                     const PassSide& out_side, const PassGeometry& g, typename Cfg::real scale,
                                     cplx<typename Cfg::real>* ends, cplx<typename Cfg::real>* local,
                                     const Shuffle& shuffle = {}) {
  using T = typename Cfg::real;
  static_assert(Interleave == 1 || (Interleave == Cfg::kPerGroup && Lanes == 1), "interleave a group's lines");
  static_assert(Buffers == 2 || Interleave > 1, "teams of lines keep two buffers each");
  using fft = Stockham<T, Sign, typename Cfg::radices, Interleave, Buffers>;
  constexpr bool kColumns = Interleave > 1;
  // Column groups: the line digits of the group's first line (uniform over the group).
  const index_t first = group_id * Cfg::kPerGroup + (kColumns ? 0 : team);
  const bool active = kColumns || first < g.lines;
  const index_t lc = active ? first : g.lines - 1;  // idle teams re-read a valid line
  const index_t d0 = lc % g.d0_count;
  const index_t rest = lc / g.d0_count;
  const index_t d1 = rest % g.d1_count;
  const index_t t = g.t_begin + rest / g.d1_count;
  const index_t in_start = d0 * g.in.s0 + d1 * g.in.s1, out_start = d0 * g.out.s0 + d1 * g.out.s1;
  cplx<T>* buffers = kColumns ? local : local + team * 2 * Cfg::kN;
  const int slot = kColumns ? team : 0;
  // Rader's end values of transform t (uniform over a column group: one transform).
  cplx<T>* const my_ends = ends + 2 * (t - g.t_begin);
  constexpr bool kRader = (Modes & kModesRader) != 0;
  const bool save_sum = kRader && (g.rader & kSaveSum) != 0;
  const cplx<T>* first_in = in + in_side.base(t);
  const cplx<T> x0 = !save_sum ? cplx<T>{T(0), T(0)} : g.load == kLoadRader ? first_in[0] : my_ends[0];
  const bool first_line = d0 + (kColumns ? team : 0) == 0 && d1 == 0;
  if (kRader && (g.rader & kSaveX0) && active && first_line && vector + lane == 0) my_ends[0] = first_in[0];
  auto run = [&](auto unit_in, auto unit_out) __attribute__((always_inline)) {
    constexpr bool kUnitIn = decltype(unit_in)::value, kUnitOut = decltype(unit_out)::value;
    constexpr bool kRows = kColumns && !kUnitIn && RowPitch > 0;  // column_rows.hpp
    const index_t shift_in = kColumns && !kUnitIn && !kRows ? team * g.in.s0 : 0;
    const index_t shift_out = kColumns && !kUnitOut ? team * g.out.s0 : 0;
    constexpr int kPairedIn = kUnitIn && !kRows ? PairedLanes : 0, kPairedOut = kUnitOut ? PairedLanes : 0;
    const PassLoader<T, Sign, kUnitIn, Modes, kPairedIn, Shuffle> src{
        in + in_side.base(t), in_side.stride, in_start + shift_in, g.in.si, in_side.limit, team, g.load, load_table,
        shuffle};
    const PassStorer<T, Sign, kUnitOut, Twiddled, Modes, kPairedOut, Shuffle> dst{
        out + out_side.base(t), out_side.stride, out_start + shift_out, g.out.si, out_side.limit, team, scale, active,
        g.store, store_table, store_low, lane_twiddles, kColumns && !kUnitOut ? d0 + team : d0, g.twiddle_shift,
        Interleave, save_sum, my_ends, x0, shuffle};
    if constexpr (kColumns && Access > 0 && (Access & (kAccessRowsIn | kAccessRowsOut)) != 0) {
      static_assert(!(Access & kAccessRowsIn) || !(Modes & kModesLoad), "staged rows in: plain loads");
      static_assert(!(Access & kAccessRowsOut) || (!(Modes & kModesStore) && !Twiddled), "staged rows out: plain stores");
      run_staged_rows<fft, Cfg::kThreads, Interleave, (Access & kAccessRowsIn) != 0, (Access & kAccessRowsOut) != 0>(
          barrier, vector, team, src, dst, in + in_side.base(t) + in_start, out + out_side.base(t) + out_start,
          g.in.s0, g.out.s0, local, twiddles, scale, shuffle);
    } else if constexpr (kRows) {
      T* rows = &local[0].re + 2 * fft::kBufferPoints;  // after the first Stockham buffer
      load_rows<Cfg::kN, Interleave, RowPitch, Cfg::kGroupSize>(vector * Interleave + team, src, g.in.s0,
                                                               g.in.s0 < g.in.si, rows);
      barrier();
      const SplitLoad<T> row{rows + team * RowPitch, rows + (Interleave + team) * RowPitch};
      fft::template run_vectors<Cfg::kThreads, Lanes>(barrier, vector, lane, row, dst, buffers, twiddles,
                                                      Cfg::kThreads, slot);
    } else {
      fft::template run_vectors<Cfg::kThreads, Lanes>(barrier, vector, lane, src, dst, buffers, twiddles,
                                                      Cfg::kThreads, slot, shuffle);
    }
  };
  // Column groups: vector loads and stores on the sides where neighbouring lines
  // are neighbouring elements (the common case: middle passes both, the first
  // pass both for a contiguous input, the last pass its stores); with RowPitch > 0
  // other inputs through local memory (column_rows.hpp). The planner fixes the
  // access where the device needs it (Access >= 0, kernel_params.hpp pass_access).
  if constexpr (kColumns && Access != kAccessAny) {
    run(BoolConstant<(Access & kAccessUnitIn) != 0>{}, BoolConstant<(Access & kAccessUnitOut) != 0>{});
  } else {  // not instantiated for a fixed access: one copy of the Stockham core per kernel
    if constexpr (kColumns) {
      const bool unit_in = g.in.s0 == 1 && in_side.stride == 1, unit_out = g.out.s0 == 1 && out_side.stride == 1;
      if (unit_in && unit_out) return run(BoolConstant<true>{}, BoolConstant<true>{});
      if (unit_out) return run(BoolConstant<false>{}, BoolConstant<true>{});
    }
    run(BoolConstant<false>{}, BoolConstant<false>{});
  }
}

}  // namespace pysyclfft::kernels
