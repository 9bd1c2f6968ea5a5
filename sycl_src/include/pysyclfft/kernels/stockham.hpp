// Stockham auto-sort FFT of compile-time length N = R0*R1*...*Rk, run by a team
// of `threads` work-items that share local memory.
//
// Stage s with radix R and span Ns = R0*...*R(s-1) computes, for each butterfly
// j in [0, N/R): read x[j + r*N/R], twiddle by w^(r*(j%Ns)) with w = exp(Sign*2*pi*i/(Ns*R)),
// apply the radix-R DFT, write to (j/Ns)*Ns*R + j%Ns + r*Ns. The output comes out
// in natural order with no bit-reversal pass. The first stage reads the caller's
// source and the last writes the caller's destination directly, so a transform
// costs one global read and one global write; stages in between ping-pong
// between two local buffers with one barrier per stage.
#pragma once
#include "butterflies.hpp"
#include "complex.hpp"

namespace pysyclfft::kernels {

template <typename T> struct LocalLoad {
  const cplx<T>* p;
  cplx<T> operator()(int i) const { return p[i]; }
};
template <typename T> struct LocalStore {
  cplx<T>* p;
  void operator()(int i, cplx<T> v) const { p[i] = v; }
};

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

template <typename T, int Sign, class Radices> struct Stockham {
  static constexpr int N = Radices::product();
  static constexpr int kStages = Radices::kCount;
  // Largest number of butterflies any stage needs: the natural team size.
  static constexpr int max_butterflies() {
    int m = 0;
    for (int s = 0; s < kStages; ++s) m = N / Radices::at(s) > m ? N / Radices::at(s) : m;
    return m;
  }

  template <int R, int Ns, class Src, class Dst>
  static void stage(int tid, int threads, const Src& src, const Dst& dst, const cplx<T>* tw) {
    for (int j = tid; j < N / R; j += threads) {
      cplx<T> v[R];
#pragma unroll
      for (int r = 0; r < R; ++r) v[r] = src(j + r * (N / R));
      const int k = j % Ns;
      if constexpr (Ns > 1) {
#pragma unroll
        for (int r = 1; r < R; ++r) v[r] = mul_dir<Sign>(v[r], tw[k * (R - 1) + r - 1]);
      }
      Butterfly<R, Sign>::apply(v);
      const int base = (j / Ns) * Ns * R + k;
#pragma unroll
      for (int r = 0; r < R; ++r) dst(base + r * Ns, v[r]);
    }
  }

  // Runs stages I.. with span Ns, reading `src`; `cur`/`other` are the local buffers.
  template <int I, int Ns, class Barrier, class Src, class Dst>
  static void run_from(const Barrier& barrier, int tid, int threads, const Src& src, const Dst& dst,
                       cplx<T>* cur, cplx<T>* other, const cplx<T>* twiddles) {
    constexpr int R = Radices::at(I);
    const cplx<T>* tw = twiddles + Radices::twiddle_offset(I);
    if constexpr (I == kStages - 1) {
      stage<R, Ns>(tid, threads, src, dst, tw);
    } else {
      stage<R, Ns>(tid, threads, src, LocalStore<T>{cur}, tw);
      barrier();
      run_from<I + 1, Ns * R>(barrier, tid, threads, LocalLoad<T>{cur}, dst, other, cur, twiddles);
    }
  }

  // The buffer of `buffers` that the last stage does not read: a caller may let
  // the last stage write there (and barrier before reading the result).
  static cplx<T>* spare_buffer(cplx<T>* buffers) { return buffers + ((kStages - 1) % 2) * N; }

  // One transform from src to dst. Every member of the team must call this
  // (barriers), `buffers` holds 2*N elements of team-shared memory.
  template <class Barrier, class Src, class Dst>
  static void run(const Barrier& barrier, int tid, int threads, const Src& src, const Dst& dst,
                  cplx<T>* buffers, const cplx<T>* twiddles) {
    run_from<0, 1>(barrier, tid, threads, src, dst, buffers, buffers + N, twiddles);
  }
};

}  // namespace pysyclfft::kernels
