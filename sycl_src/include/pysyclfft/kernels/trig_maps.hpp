// Maps that compute DCT/DST types I-IV (scipy.fft's unnormalised definitions)
// with one complex FFT of length L; see real_maps.hpp for the map interface.
// Sine transforms reuse the cosine maps through
//   DST-II(x)[k]  = DCT-II((-1)^j x[j])[n-1-k],
//   DST-III(x)[k] = (-1)^k DCT-III(x reversed)[k],  DST-IV(x)[k] = (-1)^k DCT-IV(x reversed)[k].
// Twiddle tables (w(a, b) = exp(-2*pi*i*a/b)) are described with each map.
#pragma once
#include "complex.hpp"
#include "map_io.hpp"
#include "paired_lanes.hpp"
#include "real_maps.hpp"

namespace pysyclfft::kernels {

template <bool Reverse> inline index_t mirror(index_t m, index_t n) { return Reverse ? n - 1 - m : m; }
template <typename T> inline T odd_negated(T v, index_t j) { return (j & 1) ? -v : v; }
// Real part of w * v.
template <typename T> inline T re_mul(cplx<T> w, cplx<T> v) { return w.re * v.re - w.im * v.im; }

// Makhoul's ordering: FFT input m holds x[2m] for the first half, x[2(n-1-m)+1] after it.
inline index_t makhoul_index(index_t m, index_t n) { return 2 * m < n ? 2 * m : 2 * (n - 1 - m) + 1; }

// DCT-II (DST-II): y[k] = 2 Re(w(k, 4n) V[k]), V = FFT of the reordered input. Table: w(k, 4n), k < n.
template <typename T, int FixedL, bool Sine, int Stride = 0> struct DCT2Map {
  index_t len() const { return io.template fft_length<FixedL>(); }
  MapIO<T, Stride> io;
  PYSYCLFFT_INLINE cplx<T> operator()(int m) const {
    const index_t j = makhoul_index(m, len());
    const T x = io.real_in(j);
    return {Sine ? odd_negated(x, j) : x, T(0)};
  }
  PYSYCLFFT_INLINE void operator()(int k, cplx<T> v) const {
    const T y = 2 * re_mul(io.table[k], v) * io.scale;
    io.real_out(mirror<Sine>(k, len()), k == 0 ? y * io.edge_out : y);
  }
};

// DCT-II (DST-II) of even n = 2L through an L-point FFT: the reordered input is
// packed as a real FFT (real_maps.hpp), and each split output V[k], k <= L, gives
// y[k] and, through V[n-k] = conj V[k], y[n-k].
// Table: w(k, n) for k <= L, then w(k, 4n) for k < n.
template <typename T, int FixedL, bool Sine, int Stride = 0> struct DCT2PackedMap {
  index_t len() const { return io.template fft_length<FixedL>(); }
  index_t n() const { return 2 * len(); }
  MapIO<T, Stride> io;
  PYSYCLFFT_INLINE T v(index_t m) const {  // the reordered (and for DST sign-alternated) input
    const index_t j = makhoul_index(m, n());
    const T x = io.real_in(j);
    return Sine ? odd_negated(x, j) : x;
  }
  PYSYCLFFT_INLINE cplx<T> operator()(int m) const { return {v(2 * m), v(2 * m + 1)}; }
  const cplx<T>* weights() const { return io.table + len() + 1; }  // w(k, 4n)
  PYSYCLFFT_INLINE void put(index_t k, cplx<T> vk, cplx<T> wk) const {
    const T y = 2 * re_mul(wk, vk) * io.scale;
    io.real_out(mirror<Sine>(k, n()), k == 0 ? y * io.edge_out : y);
  }
  // Split output j (V[j]) gives y[j] and, but at j = 0 and L, y[n-j].
  PYSYCLFFT_INLINE void split_emit(index_t j, cplx<T> vj) const {
    put(j, vj, weights()[j]);
    if (j != 0 && j != len()) put(n() - j, conj(vj), weights()[n() - j]);
  }
  // The same for a SIMD vector whose lane l holds j = j0 + l (real_maps.hpp,
  // packed_split_vector): of the two stores the one at descending addresses (y[n-j];
  // a sine's y[n-1-j]) is made by the partner lane Lanes-1-l with this lane's value.
  // The weights of j and of n - (the partner's j) ascend across the lanes: whole
  // vectors of reals (paired_lanes.hpp), where weights()[k] was gathered as real
  // and imaginary parts (as costly as the gathered loads in complex128,
  // docs/performance-cpu-kernels.md). Both runs lie inside the table: j0 >= 1.
  static constexpr bool kMirroredSplit = true;
  template <int Lanes, class Reverse, class Shuffle>
  PYSYCLFFT_INLINE void split_emit_lanes(index_t j, cplx<T> vj, bool valid, int lane, const Reverse& reverse,
                                         const Shuffle& shuffle) const {
    const index_t jr = j + (Lanes - 1 - 2 * lane);  // the partner's j
    const cplx<T> vr{reverse(vj.re), reverse(vj.im)};
    const bool valid_r = reverse(valid ? 1 : 0) != 0;
    const cplx<T> w_j = load_lanes<Lanes>(weights() + (j - lane), lane, shuffle);
    const cplx<T> w_mirror = load_lanes<Lanes>(weights() + (n() - jr - lane), lane, shuffle);  // of n - jr
    if constexpr (Sine) {
      if (valid_r) put(jr, vr, cplx<T>{reverse(w_j.re), reverse(w_j.im)});
      if (valid && j != 0 && j != len()) put(n() - j, conj(vj), cplx<T>{reverse(w_mirror.re), reverse(w_mirror.im)});
    } else {
      if (valid) put(j, vj, w_j);
      if (valid_r && jr != 0 && jr != len()) put(n() - jr, conj(vr), w_mirror);
    }
  }
};

// DCT-III (DST-III) of even n = 2L through an L-point FFT: the spectrum V below
// is Hermitian, so the packed inverse real FFT (real_maps.hpp) of its first
// L + 1 points gives the reordered output two points per FFT point.
// Table: w(k, n) for k <= L, then w(k, 4n) for k < n.
template <typename T, int FixedL, bool Sine, int Stride = 0> struct DCT3PackedMap {
  index_t len() const { return io.template fft_length<FixedL>(); }
  index_t n() const { return 2 * len(); }
  MapIO<T, Stride> io;
  PYSYCLFFT_INLINE T x(index_t m) const { return io.real_in(mirror<Sine>(m, n())); }
  PYSYCLFFT_INLINE cplx<T> spectrum(index_t k) const {  // V[k] for k <= L, as in DCT3Map
    const T a = k == 0 ? x(0) * io.edge_in : x(k);
    const T b = k == 0 ? T(0) : x(n() - k);
    return mul_dir<+1>(cplx<T>{a, -b}, io.table[len() + 1 + k]);
  }
  PYSYCLFFT_INLINE cplx<T> operator()(int m) const {
    return packed_merge(m, spectrum(m), spectrum(len() - m), io.table[m]);
  }
  PYSYCLFFT_INLINE void put(index_t i, T value) const {
    const index_t j = makhoul_index(i, n());
    const T y = value * io.scale;
    io.real_out(j, Sine ? odd_negated(y, j) : y);
  }
  PYSYCLFFT_INLINE void operator()(int m, cplx<T> v) const {
    put(2 * m, v.re);
    put(2 * m + 1, v.im);
  }
};

// DCT-III (DST-III): V[k] = conj(w(k, 4n)) (x[k] - i x[n-k]) (x[n] = 0), backward FFT,
// then the inverse of Makhoul's ordering. Table: w(k, 4n), k < n.
template <typename T, int FixedL, bool Sine, int Stride = 0> struct DCT3Map {
  index_t len() const { return io.template fft_length<FixedL>(); }
  MapIO<T, Stride> io;
  PYSYCLFFT_INLINE T x(index_t m) const { return io.real_in(mirror<Sine>(m, len())); }
  PYSYCLFFT_INLINE cplx<T> operator()(int k) const {
    const T a = k == 0 ? x(0) * io.edge_in : x(k);
    const T b = k == 0 ? T(0) : x(len() - k);
    return mul_dir<+1>(cplx<T>{a, -b}, io.table[k]);
  }
  PYSYCLFFT_INLINE void operator()(int m, cplx<T> v) const {
    const index_t j = makhoul_index(m, len());
    const T y = v.re * io.scale;
    io.real_out(j, Sine ? odd_negated(y, j) : y);
  }
};

// DCT-IV (DST-IV) of even n = 2L through an L-point FFT:
//   z[m] = (x[2m] + i x[n-1-2m]) w(4m+1, 8n),  u[k] = Z[k] w(k, 2n),
//   y[2k] = 2 Re u[k],  y[n-1-2k] = -2 Im u[k].
// Table: w(4m+1, 8n) for m < L, then w(k, 2n) for k < L.
template <typename T, int FixedL, bool Sine, int Stride = 0> struct DCT4HalfMap {
  index_t len() const { return io.template fft_length<FixedL>(); }
  index_t n() const { return 2 * len(); }
  MapIO<T, Stride> io;
  PYSYCLFFT_INLINE T x(index_t m) const { return io.real_in(mirror<Sine>(m, n())); }
  PYSYCLFFT_INLINE cplx<T> operator()(int m) const { return cplx<T>{x(2 * m), x(n() - 1 - 2 * m)} * io.table[m]; }
  PYSYCLFFT_INLINE void operator()(int k, cplx<T> v) const {
    const cplx<T> u = v * io.table[len() + k];
    io.real_out(2 * k, 2 * u.re * io.scale);
    io.real_out(n() - 1 - 2 * k, (Sine ? 2 : -2) * u.im * io.scale);  // n-1-2k is odd: DST flips it
  }
};

// DCT-IV (DST-IV) of any n = L/2 through the zero-padded 2n-point FFT:
//   y[k] = 2 Re(w(2k+1, 8n) FFT(x[j] w(j, 4n))[k]).  Table: w(j, 4n), j < n, then w(2k+1, 8n), k < n.
template <typename T, int FixedL, bool Sine, int Stride = 0> struct DCT4FullMap {
  index_t len() const { return io.template fft_length<FixedL>(); }
  index_t n() const { return len() / 2; }
  MapIO<T, Stride> io;
  PYSYCLFFT_INLINE cplx<T> operator()(int j) const {
    if (j >= n()) return {T(0), T(0)};
    return io.table[j] * io.real_in(mirror<Sine>(j, n()));
  }
  PYSYCLFFT_INLINE void operator()(int k, cplx<T> v) const {
    if (k >= n()) return;
    const T y = 2 * re_mul(io.table[n() + k], v) * io.scale;
    io.real_out(k, Sine ? odd_negated(y, k) : y);
  }
};

// DCT-I: the real part of the real FFT of the even extension x0..x[n-1], x[n-2]..x1
// (length 2(n-1)), packed into L = n-1 complex points and split (real_maps.hpp).
// Table: w(k, 2L) for k <= L.
template <typename T, int FixedL, int Stride = 0> struct DCT1Map {
  index_t len() const { return io.template fft_length<FixedL>(); }
  index_t n() const { return len() + 1; }
  MapIO<T, Stride> io;
  PYSYCLFFT_INLINE T e(index_t j) const {  // the even extension
    const index_t i = j < n() ? j : 2 * len() - j;
    const T x = io.real_in(i);
    return i == 0 || i == n() - 1 ? x * io.edge_in : x;
  }
  PYSYCLFFT_INLINE cplx<T> operator()(int m) const { return {e(2 * m), e(2 * m + 1)}; }
  PYSYCLFFT_INLINE void split_emit(index_t j, cplx<T> x) const {
    const T y = x.re * io.scale;
    io.real_out(j, j == 0 || j == n() - 1 ? y * io.edge_out : y);
  }
};

// DST-I: minus the imaginary part of the real FFT of the odd extension
// 0, x0..x[n-1], 0, -x[n-1]..-x0 (length 2(n+1)) at k = 1..n, packed into
// L = n+1 complex points and split. Table: w(k, 2L) for k <= L.
template <typename T, int FixedL, int Stride = 0> struct DST1Map {
  index_t len() const { return io.template fft_length<FixedL>(); }
  index_t n() const { return len() - 1; }
  MapIO<T, Stride> io;
  PYSYCLFFT_INLINE T e(index_t j) const {  // the odd extension
    if (j == 0 || j == len()) return T(0);
    return j < len() ? io.real_in(j - 1) : -io.real_in(2 * len() - j - 1);
  }
  PYSYCLFFT_INLINE cplx<T> operator()(int m) const { return {e(2 * m), e(2 * m + 1)}; }
  PYSYCLFFT_INLINE void split_emit(index_t j, cplx<T> x) const {
    if (j >= 1 && j <= n()) io.real_out(j - 1, -x.im * io.scale);
  }
};

}  // namespace pysyclfft::kernels
