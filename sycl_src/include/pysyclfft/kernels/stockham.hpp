// Stockham auto-sort FFT of compile-time length N = R0*R1*...*Rk, run by a team
// of `threads` work-items that share local memory.
//
// Stage s with radix R and span Ns = R0*...*R(s-1) computes, for each butterfly
// j in [0, N/R): read x[j + r*N/R], twiddle by w^(r*(j%Ns)) with w = exp(Sign*2*pi*i/(Ns*R))
// (table entry (r-1)*Ns + j%Ns of the stage, see plan/twiddles.hpp),
// apply the radix-R DFT, write to (j/Ns)*Ns*R + j%Ns + r*Ns. The output comes out
// in natural order with no bit-reversal pass. The first stage reads the caller's
// source and the last writes the caller's destination directly, so a transform
// costs one global read and one global write; stages in between ping-pong
// between two local buffers with one barrier per stage.
#pragma once
#include "butterflies.hpp"
#include "complex.hpp"
#include "rounding.hpp"
#include "subgroup_transpose.hpp"

namespace pysyclfft::kernels {

// Points of a caller's team-shared buffer (e.g. a map's spare_buffer), interleaved.
template <typename T> struct LocalLoad {
  const cplx<T>* p;
  PYSYCLFFT_INLINE cplx<T> operator()(int i) const { return p[i]; }
};
template <typename T> struct LocalStore {
  cplx<T>* p;
  PYSYCLFFT_INLINE void operator()(int i, cplx<T> v) const { p[i] = v; }
};

// The stages' own buffers hold real and imaginary parts in separate arrays, so
// that consecutive work-items touching consecutive points use plain vector loads.
// Interleave > 1 lays out that many transforms point by point (point i of the
// transform in `slot` at i*Interleave + slot), for work-groups whose SIMD lanes
// are neighbouring transforms running the same butterfly (column passes).
// Pad > 0 leaves one unused slot after every Pad of them: a GPU's local memory has
// 32 banks of 4 bytes, and a radix-R first stage writes points R apart (R-way
// bank conflicts: 3.5-way on average in the H100's 16384-point kernel); with one
// slot per 32 those writes reach all 32 banks. A CPU reads neighbouring points
// as vectors, so it has Pad = 0.
constexpr long long padded_index(long long i, int pad) { return pad > 0 ? i + i / pad : i; }
template <int Pad> constexpr int padded(int i) { return int(padded_index(i, Pad)); }
template <typename T, int Interleave = 1, int Pad = 0> struct SplitLoad {
  const T* re;
  const T* im;
  PYSYCLFFT_INLINE cplx<T> operator()(int i) const { return {re[padded<Pad>(i * Interleave)], im[padded<Pad>(i * Interleave)]}; }
};
template <typename T, int Interleave = 1, int Pad = 0> struct SplitStore {
  T* re;
  T* im;
  PYSYCLFFT_INLINE void operator()(int i, cplx<T> v) const {
    re[padded<Pad>(i * Interleave)] = v.re;
    im[padded<Pad>(i * Interleave)] = v.im;
  }
};

constexpr int highest_power_of_two(int r) {  // at most r
  int h = 1;
  while (2 * h <= r) h *= 2;
  return h;
}

template <int... R> struct RadixList {
  static constexpr int kCount = sizeof...(R);
  static constexpr int kValues[kCount] = {R...};
  static constexpr int at(int i) { return kValues[i]; }
  static constexpr int product() { return (R * ... * 1); }
  // Twiddle table entries used by stages before `stage`: sum of Ns*(R-1).
  static constexpr int twiddle_offset(int stage) {
    int offset = 0, span = 1;
    for (int s = 0; s < stage; ++s) {
      offset += span * (kValues[s] - 1);
      span *= kValues[s];
    }
    return offset;
  }
};

// Interleave: transforms sharing the local buffers point by point (see SplitLoad);
// each transform's team then uses its own `slot` of them. Buffers = 2 ping-pongs
// between two local buffers (one barrier per stage); Buffers = 1 runs each middle
// stage in place (its team reads all its points into registers, barriers, then
// writes: two barriers per stage), for transforms whose two buffers would not fit
// or would leave a GPU multiprocessor one work-group. DerivedTwiddles loads w^r
// for r a power of two only and multiplies the others out of those (w^7 = w^4 *
// w^3, w^3 = w^2 * w): log2(R) table loads per butterfly instead of R - 1, for
// kernels whose loads dominate (team kernels: H200 +1-7%, this 2-core EPYC
// +3-14%, docs/performance.md); complex64 errors grew 10-18%, complex128's not.
template <typename T, int Sign, class Radices, int Interleave = 1, int Buffers = 2, int Pad = 0,
          bool DerivedTwiddles = false>
struct Stockham {
  static constexpr int N = Radices::product();
  static constexpr int kStages = Radices::kCount;
  static constexpr int kPad = Pad;
  static constexpr int kBufferPoints = padded<Pad>(N * Interleave);  // of one buffer's real (or imaginary) parts
  static_assert(Buffers == 1 || Buffers == 2, "one or two local buffers");
  // Butterfly j = jv + lane of the stage with radix R and span Ns, where jv is a
  // multiple of Lanes, the same for the Lanes work-items that the CPU compiler
  // packs into one SIMD vector. When Lanes divides Ns, j/Ns = jv/Ns for the
  // whole vector, so the compiler sees consecutive twiddle reads and writes
  // (vector loads and stores instead of gathers and scatters). The first stage
  // (Ns = 1) and the last (Ns*R = N) get their index arithmetic simplified too.
  template <int R, int Ns, int Lanes, bool Blocked = false> struct Indices {
    static constexpr bool kWholeVectors = Ns % Lanes == 0 || Blocked;  // Blocked: the stage walks blocks (Walk)
    PYSYCLFFT_INLINE static int twiddle(int jv, int lane) {
      const int j = jv + lane;
      return Ns == 1 ? 0 : Ns * R == N ? j : kWholeVectors ? jv % Ns + lane : j % Ns;
    }
    PYSYCLFFT_INLINE static int output(int jv, int lane) {  // of the butterfly's first point
      const int j = jv + lane;
      return Ns == 1 ? j * R : Ns * R == N ? j : (kWholeVectors ? jv : j) / Ns * Ns * R + twiddle(jv, lane);
    }
  };
  template <int R, int Ns, int Lanes, bool Blocked, class Src>
  PYSYCLFFT_INLINE static void compute(int jv, int lane, const Src& src, const cplx<T>* tw, cplx<T> (&v)[R]) {
    const int j = jv + lane;
#pragma unroll
    for (int r = 0; r < R; ++r) v[r] = src(j + r * (N / R));
    if constexpr (Ns > 1) {
      const int k = Indices<R, Ns, Lanes, Blocked>::twiddle(jv, lane);
      if constexpr (DerivedTwiddles) {
        cplx<T> w[R];
#pragma unroll
        for (int r = 1; r < R; ++r) {
          const int high = highest_power_of_two(r);
          w[r] = r == high ? load_cplx(tw + (r - 1) * Ns + k) : w[high] * w[r - high];
        }
#pragma unroll
        for (int r = 1; r < R; ++r) v[r] = mul_dir<Sign>(v[r], w[r]);
      } else {  // each load beside its product: all loads first cost the H200's complex128 passes 10%
#pragma unroll
        for (int r = 1; r < R; ++r) v[r] = mul_dir<Sign>(v[r], load_cplx(tw + (r - 1) * Ns + k));
      }
    }
    Butterfly<R, Sign>::apply(v);
  }
  template <int R, int Ns, int Lanes, bool Blocked, class Dst>
  PYSYCLFFT_INLINE static void store(int jv, int lane, const Dst& dst, const cplx<T> (&v)[R]) {
    const int base = Indices<R, Ns, Lanes, Blocked>::output(jv, lane);
#pragma unroll
    for (int r = 0; r < R; ++r) dst(base + r * Ns, v[r]);
  }
  // The first stage stores butterfly j's point r at j*R + r: R apart in each
  // lane, which a CPU compiler turns into scatters (22% of a 1024-point
  // complex64 kernel's time on the OpenCL CPU device, perf). Where the radix is
  // the sub-group's width and every lane has a butterfly, the sub-group
  // transposes its R x R points in registers instead, so that lane l stores
  // point l of each of the R butterflies: whole vectors.
  template <int R, int Ns, int Lanes, class Shuffle>
  static constexpr bool kTransposedStore = kExchangesLanes<Shuffle> && Ns == 1 && R == Lanes &&
                                           Interleave == 1 && Pad == 0 && (N / R) % Lanes == 0;
  template <int R, class Dst, class Shuffle>
  PYSYCLFFT_INLINE static void store_transposed(int jv, int lane, const Dst& dst, const cplx<T> (&v)[R],
                                                const Shuffle& shuffle) {
    T re[R], im[R];
#pragma unroll
    for (int r = 0; r < R; ++r) re[r] = v[r].re, im[r] = v[r].im;
    subgroup_transpose(shuffle, lane, re);
    subgroup_transpose(shuffle, lane, im);
#pragma unroll
    for (int k = 0; k < R; ++k) dst((jv + k) * R + lane, cplx<T>{re[k], im[k]});
  }
  template <int R, int Ns, int Lanes, bool Blocked, class Src, class Dst, class Shuffle>
  PYSYCLFFT_INLINE static void butterfly(int jv, int lane, const Src& src, const Dst& dst, const cplx<T>* tw,
                                         const Shuffle& shuffle) {
    cplx<T> v[R];
    compute<R, Ns, Lanes, Blocked>(jv, lane, src, tw, v);
    if constexpr (kTransposedStore<R, Ns, Lanes, Shuffle>)
      store_transposed<R>(jv, lane, dst, v, shuffle);
    else
      store<R, Ns, Lanes, Blocked>(jv, lane, dst, v);
  }

  // Which butterfly jv + lane a work-item runs in round i of a stage. In order
  // (jv = vector + i * Threads), or, where the span Ns exceeds the lanes but is
  // no multiple of them (the middle stages of odd lengths), block by block: each
  // block of Ns butterflies in whole vectors, its last one masked, so that j / Ns
  // is the vector's and its stores are vectors; in order, each lane's store lands
  // apart (on the OpenCL CPU device, scatters: 40 in a 3125-point kernel). Only
  // for sub-groups of at most 16 lanes: CPU vectors (and an Intel GPU's 16-lane
  // sub-groups, not measured); CUDA's 32-lane warps keep the order.
  template <int R, int Ns, int Threads, int Lanes> struct Walk {
    static constexpr int kButterflies = N / R;
    static constexpr bool kBlocked = Threads > 0 && Lanes > 1 && Lanes <= 16 && Interleave == 1 &&
                                     Threads % Lanes == 0 && Ns > Lanes && Ns % Lanes != 0;
    static constexpr int kChunks = ceil_div(Ns, Lanes);  // vectors per block
    static constexpr int kVectors = kButterflies / Ns * kChunks, kPerRound = Threads > 0 ? Threads / Lanes : 1;
    static constexpr int kRounds = Threads <= 0 ? 0
                                   : kBlocked ? ceil_div(kVectors, kPerRound)
                                              : ceil_div(kButterflies, Threads);
    PYSYCLFFT_INLINE static int first(int vector, int i) {
      if constexpr (!kBlocked) return vector + i * Threads;
      const int q = vector / Lanes + i * kPerRound;
      return q / kChunks * Ns + q % kChunks * Lanes;
    }
    PYSYCLFFT_INLINE static bool active(int vector, int lane, int i) {
      if constexpr (!kBlocked) return kButterflies % Threads == 0 || vector + i * Threads + lane < kButterflies;
      const int q = vector / Lanes + i * kPerRound;
      return (kVectors % kPerRound == 0 || q < kVectors) && q % kChunks * Lanes + lane < Ns;
    }
  };

  // The stage's N/R butterflies shared among the team; the work-item is `lane`
  // of the vector starting at team member `vector`. With Threads known at
  // compile time (> 0) each work-item's butterfly count is a constant and the
  // loop unrolls; Threads = 0 takes the team size `threads` at run time.
  template <int R, int Ns, int Threads, int Lanes, class Src, class Dst, class Shuffle = NoShuffle>
  PYSYCLFFT_INLINE static void stage(int vector, int lane, int threads, const Src& src, const Dst& dst,
                                     const cplx<T>* tw, const Shuffle& shuffle = {}) {
    using walk = Walk<R, Ns, Threads, Lanes>;
    if constexpr (Threads > 0) {
#pragma unroll
      for (int i = 0; i < walk::kRounds; ++i)
        if (walk::active(vector, lane, i))
          butterfly<R, Ns, Lanes, walk::kBlocked>(walk::first(vector, i), lane, src, dst, tw, shuffle);
    } else {
      for (int j = vector + lane; j < N / R; j += threads) butterfly<R, Ns, 1, false>(j, 0, src, dst, tw, NoShuffle{});
    }
  }

  // The same stage reading and writing one buffer: every butterfly's points are
  // read (into registers) before the barrier, written after it.
  template <int R, int Ns, int Threads, int Lanes, class Barrier, class Src, class Dst>
  PYSYCLFFT_INLINE static void stage_in_place(const Barrier& barrier, int vector, int lane, const Src& src,
                                              const Dst& dst, const cplx<T>* tw) {
    static_assert(Threads > 0, "in-place stages need a compile-time team size");
    using walk = Walk<R, Ns, Threads, Lanes>;
    cplx<T> v[walk::kRounds][R];
#pragma unroll
    for (int i = 0; i < walk::kRounds; ++i)
      if (walk::active(vector, lane, i))
        compute<R, Ns, Lanes, walk::kBlocked>(walk::first(vector, i), lane, src, tw, v[i]);
    barrier();
#pragma unroll
    for (int i = 0; i < walk::kRounds; ++i)
      if (walk::active(vector, lane, i)) store<R, Ns, Lanes, walk::kBlocked>(walk::first(vector, i), lane, dst, v[i]);
  }

  // Runs stages I.. with span Ns, reading `src`; `cur`/`other` are the local
  // buffers of 2N reals per transform (N real parts, then N imaginary parts,
  // Interleave transforms point by point); the same buffer when Buffers = 1.
  template <int I, int Ns, int Threads, int Lanes, class Barrier, class Src, class Dst, class Shuffle = NoShuffle>
  PYSYCLFFT_INLINE static void run_from(const Barrier& barrier, int vector, int lane, int threads, const Src& src,
                                        const Dst& dst, T* cur, T* other, const cplx<T>* twiddles,
                                        const Shuffle& shuffle = {}) {
    constexpr int R = Radices::at(I);
    const cplx<T>* tw = twiddles + Radices::twiddle_offset(I);
    const SplitStore<T, Interleave, Pad> to_cur{cur, cur + kBufferPoints};
    if constexpr (I == kStages - 1) {
      stage<R, Ns, Threads, Lanes>(vector, lane, threads, src, dst, tw);
    } else if constexpr (Buffers == 1 && I > 0) {  // src is the buffer itself
      stage_in_place<R, Ns, Threads, Lanes>(barrier, vector, lane, src, to_cur, tw);
    } else {
      stage<R, Ns, Threads, Lanes>(vector, lane, threads, src, to_cur, tw, shuffle);
    }
    if constexpr (I < kStages - 1) {
      barrier();
      run_from<I + 1, Ns * R, Threads, Lanes>(barrier, vector, lane, threads,
                                              SplitLoad<T, Interleave, Pad>{cur, cur + kBufferPoints}, dst, other, cur,
                                              twiddles, shuffle);
    }
  }

  // Every stage I.. in place in one buffer (Buffers = 1): each reads its points
  // into registers, barriers, then writes; stage I reads `src` and the last writes
  // `dst`, either of which may be the buffer itself (a convolution's two FFTs in
  // one kernel, kernels/convolution.hpp).
  template <int I, int Ns, int Threads, int Lanes, class Barrier, class Src, class Dst>
  PYSYCLFFT_INLINE static void run_in_place_from(const Barrier& barrier, int vector, int lane, const Src& src,
                                                 const Dst& dst, T* buffer, const cplx<T>* twiddles) {
    static_assert(Buffers == 1, "in place in one buffer");
    constexpr int R = Radices::at(I);
    const cplx<T>* tw = twiddles + Radices::twiddle_offset(I);
    if constexpr (I == kStages - 1) {
      stage_in_place<R, Ns, Threads, Lanes>(barrier, vector, lane, src, dst, tw);
    } else {
      stage_in_place<R, Ns, Threads, Lanes>(barrier, vector, lane, src,
                                            SplitStore<T, Interleave, Pad>{buffer, buffer + kBufferPoints}, tw);
      barrier();
      run_in_place_from<I + 1, Ns * R, Threads, Lanes>(
          barrier, vector, lane, SplitLoad<T, Interleave, Pad>{buffer, buffer + kBufferPoints}, dst, buffer, twiddles);
    }
  }

  // The buffer that the last stage does not read, as kBufferPoints real parts
  // then as many imaginary parts (index them padded<Pad>), of a transform whose
  // buffers start at `reals` (run_vectors' buffers and offset): a caller may let
  // the last stage write there (and barrier before reading the result).
  static T* spare_buffer(T* reals) {
    static_assert(Interleave == 1 && Buffers == 2, "spare buffers are per-team, one of two");
    return reals + ((kStages - 1) % 2) * 2 * kBufferPoints;
  }

  // One transform from src to dst. Every member of the team must call this
  // (barriers), `buffers` holds Buffers*N elements of team-shared memory. Threads > 0
  // fixes the team size at compile time (then `threads` must equal it).
  template <int Threads = 0, class Barrier, class Src, class Dst>
  PYSYCLFFT_INLINE static void run(const Barrier& barrier, int tid, int threads, const Src& src, const Dst& dst,
                                   cplx<T>* buffers, const cplx<T>* twiddles) {
    run_vectors<Threads, 1>(barrier, tid, 0, src, dst, buffers, twiddles, threads);
  }

  // The same for a team of Threads work-items packed Lanes to a SIMD vector
  // (Lanes divides Threads): the work-item is number `lane` of the vector
  // starting at team member `vector`, a multiple of Lanes. This transform's
  // buffers start `offset` reals into `buffers`: with Interleave > 1, `buffers`
  // holds Buffers*N*Interleave elements shared by the interleaved transforms and
  // the offset is this team's slot among them; otherwise its team's place in
  // the group's local memory.
  // `shuffle`: the sub-group's exchange, where the Lanes work-items of a vector
  // form one sub-group (for kTransposedStore).
  template <int Threads, int Lanes, class Barrier, class Src, class Dst, class Shuffle = NoShuffle>
  PYSYCLFFT_INLINE static void run_vectors(const Barrier& barrier, int vector, int lane, const Src& src, const Dst& dst,
                                           cplx<T>* buffers, const cplx<T>* twiddles, int threads = Threads,
                                           int offset = 0, const Shuffle& shuffle = {}) {
    static_assert(Lanes == 1 || (Threads > 0 && Threads % Lanes == 0), "vectors need a compile-time team size");
    T* reals = &buffers[0].re + offset;  // each buffer's points as 2*kBufferPoints reals
    run_from<0, 1, Threads, Lanes>(barrier, vector, lane, threads, src, dst, reals,
                                   reals + (Buffers - 1) * 2 * kBufferPoints, twiddles, shuffle);
  }
};

}  // namespace pysyclfft::kernels
