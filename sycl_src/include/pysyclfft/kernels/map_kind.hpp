// The pre/post-processing maps that turn one complex FFT of length L into a
// real-input or real-output transform (shared by the planner and the kernels).
#pragma once

namespace pysyclfft::kernels {

// Each map's FFT length L for data length n is plan::map_fft_length().
enum MapKind : int {
  kR2CFull = 0,  // real -> half spectrum, any n: FFT of length n of the real input
  kR2CPacked,    // real -> half spectrum, even n: the n reals as n/2 complex, split after the FFT
  kC2RFull,      // half spectrum -> real, any n: FFT of length n of the Hermitian extension
  kC2RPacked,    // half spectrum -> real, even n: merged into n/2 complex before the FFT
  kDCT1,         // even extension (2(n-1) reals) packed, L = n-1
  kDST1,         // odd extension (2(n+1) reals) packed, L = n+1
  kDCT2,         // Makhoul: even/odd reordering, L = n
  kDST2,
  kDCT3,
  kDST3,
  kDCT2Packed,   // even n: Makhoul through the packed real FFT, L = n/2
  kDST2Packed,
  kDCT3Packed,
  kDST3Packed,
  kDCT4Half,     // even n: n/2-point complex FFT of interleaved ends, L = n/2
  kDST4Half,
  kDCT4Full,     // any n: zero-padded 2n-point FFT, L = 2n
  kDST4Full,
  kMapKinds,     // the number of kinds
};

// Direction of each map's complex FFT: -1 forward, +1 backward.
constexpr int map_sign(int kind) {
  switch (kind) {
    case kC2RFull: case kC2RPacked: case kDCT3: case kDST3: case kDCT3Packed: case kDST3Packed: return +1;
    default: return -1;
  }
}

// Whether the map needs the whole FFT result before it can store (the packed
// real FFT split reads Z[k] and Z[L-k]): such maps are stored by split_pair(map, k,
// z) (real_maps.hpp), which forms outputs k and L-k of their L + 1, instead of a
// pointwise store.
constexpr bool map_splits_after(int kind) {
  return kind == kR2CPacked || kind == kDCT2Packed || kind == kDST2Packed || kind == kDCT1 || kind == kDST1;
}

// Work-items of a transform's store: one per FFT output point, or per pair k,
// L-k (k <= L/2) of a split map.
constexpr long long map_store_points(int kind, long long fft_length) {
  return map_splits_after(kind) ? fft_length / 2 + 1 : fft_length;
}

// Whether the map is Makhoul's DCT/DST-II/III through the packed real FFT.
constexpr bool map_is_makhoul(int kind) {
  return kind == kDCT2Packed || kind == kDST2Packed || kind == kDCT3Packed || kind == kDST3Packed;
}

// Whether the map reads (r2c) or writes (c2r) its real side as pairs of
// neighbouring reals, so it can move each pair as one value (layout.hpp, kPairedReals).
constexpr bool map_pairs_reals(int kind) { return kind == kR2CPacked || kind == kC2RPacked; }
// Whether a map's work-item kernel has a kContiguousRows variant (batched_mapped.hpp,
// item_mapped): the packed rfft and irfft whose sub-group holds as many transforms
// as the FFT has points (plan/mapped_plan.hpp chooses that sub-group where it can).
constexpr bool map_moves_rows(int kind, int lanes, long long fft_length) {
  return map_pairs_reals(kind) && lanes == fft_length && lanes > 1;
}

}  // namespace pysyclfft::kernels
