// The geometry of a multi-pass FFT (multipass_plan.hpp), from its pass lengths
// alone: each pass's kernel parameters and the strided lines of the sequence it
// runs over, the in-place transpose of memory-minimal plans, and how many
// transforms one launch may cover.
//
// Pass p of an FFT of length L = N0*...*N(P-1) (Mp = Np*...*N(P-1), M(P) = 1): with
// input index n = sum n_p*M(p+1) and output index k = k0 + N0*k1 + N0*N1*k2, pass p
// replaces digit n_p by k_p in place, then twiddles by W_Mp^(k_p * (n mod M(p+1))).
// The last pass writes natural order.
//
// Memory::minimal (N = N0*N1 with N1 a multiple of N0): pass 1 (columns) and pass
// 2 (rows) both run in place on the output array, leaving the N0 x N1 matrix of
// X[k0 + N0*k1] at k0*N1 + k1; an in-place transpose puts it in natural order.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "../kernels/multipass.hpp"
#include "algorithm.hpp"
#include "entry_points.hpp"
#include "inplace_transpose.hpp"
#include "kernel_params.hpp"
#include "text.hpp"

namespace pysyclfft::plan {

// Kernel parameters of pass `pass` (see pass_lines for the lines): every pass but
// the last reads and writes columns, as many as the later passes' lengths
// multiply to, and stores twiddled; the last pass writes columns too (lines
// k0 = neighbouring outputs, N0 of them). Memory-minimal plans keep teams: a
// column group's lane twiddles (N_p*16 entries) would exceed their table budget.
inline PassKernelParams multipass_pass_params(const std::vector<std::int64_t>& lengths, std::size_t pass,
                                              Precision p, const DeviceLimits& lim, Memory memory) {
  const bool last = pass + 1 == lengths.size();
  std::int64_t columns = 1;
  for (std::size_t q = pass + 1; q < lengths.size(); ++q) columns *= lengths[q];
  if (last) columns = lengths.size() > 1 ? lengths[0] : 0;
  if (memory == Memory::minimal) columns = 0;
  PassKernelParams k = choose_pass_params(lengths[pass], p, lim, columns, /*rows_in=*/last);
  k.twiddled = !last;
  return k;
}

// suffix[p] = Mp = Np*...*N(P-1), suffix[P] = 1.
inline std::vector<std::int64_t> suffix_products(const std::vector<std::int64_t>& lengths) {
  std::vector<std::int64_t> suffix(lengths.size() + 1, 1);
  for (std::size_t p = lengths.size(); p-- > 0;) suffix[p] = suffix[p + 1] * lengths[p];
  return suffix;
}

// Line digits and strides of pass p (see the header comment); per launch fields zero.
inline kernels::PassGeometry pass_lines(const std::vector<std::int64_t>& lengths, std::size_t p) {
  const std::size_t P = lengths.size();
  const std::vector<std::int64_t> suffix = suffix_products(lengths);
  kernels::PassGeometry g{};
  if (p + 1 < P) {
    // Lines: d0 = n mod M(p+1) (neighbouring columns), d1 = the digits k0..k(p-1) already done.
    g.d0_count = suffix[p + 1];
    g.d1_count = suffix[0] / suffix[p];
    g.in = g.out = kernels::LineStrides{1, suffix[p], suffix[p + 1]};
  } else if (P == 1) {
    g.d0_count = g.d1_count = 1;
    g.in = g.out = kernels::LineStrides{0, 0, 1};
  } else {
    // Lines: d0 = k0 (neighbouring outputs), d1 = k1 when there are three passes.
    const std::int64_t n0 = lengths[0], n1 = P == 3 ? lengths[1] : 1;
    g.d0_count = n0;
    g.d1_count = n1;
    g.in = kernels::LineStrides{suffix[1], P == 3 ? suffix[2] : 0, 1};
    g.out = kernels::LineStrides{1, n0, suffix[0] / lengths[p]};
  }
  return g;
}

// Pass 2 of a memory-minimal plan: rows k0 (positions k0*N1 + [0, N1)) in place.
inline kernels::PassGeometry in_place_row_lines(std::int64_t n0, std::int64_t n1) {
  kernels::PassGeometry g{};
  g.d0_count = n0;
  g.d1_count = 1;
  g.in = g.out = kernels::LineStrides{n1, 0, 1};
  return g;
}

// One pass: its kernel, the lines it runs over and the twiddles fused into its stores.
struct MultipassPass {
  PassKernelParams k;
  kernels::PassGeometry geometry{};  // the per-launch fields are set by each launch
  std::int64_t twiddle_len = 0;      // L of the fused W_L twiddles, 0 for the last pass
  int unit_access = kernels::kAccessAny;  // the kernel's PassAccess for sides of element stride 1

  // The kernel's access for sides whose elements lie in_stride, out_stride apart:
  // other strides make unit sides and rows strided.
  int access(std::int64_t in_stride, std::int64_t out_stride) const {
    if (unit_access == kernels::kAccessAny) return unit_access;
    const int in = kernels::kAccessUnitIn | kernels::kAccessRowsIn, out = kernels::kAccessUnitOut | kernels::kAccessRowsOut;
    return unit_access & ((in_stride == 1 ? in : 0) | (out_stride == 1 ? out : 0));
  }
};

// Transforms one pass launch may cover: a pass over lines (not interleaved) has
// one work-group per per_group lines in dimension 0, which the device limits
// (CUDA: 65535). At least one transform.
inline std::int64_t max_launch_transforms(const std::vector<MultipassPass>& passes, std::size_t max_groups) {
  std::int64_t most = std::int64_t(1) << 62;
  for (const MultipassPass& ps : passes) {
    if (ps.k.interleave > 1) continue;  // its groups run along dimension 1
    const std::int64_t lines = ps.geometry.d0_count * ps.geometry.d1_count;
    most = std::min(most, std::int64_t(max_groups) * ps.k.per_group / lines);
  }
  return std::max<std::int64_t>(1, most);
}

struct MultipassGeometry {
  std::int64_t fft_len = 0;  // the product of the pass lengths
  std::vector<MultipassPass> passes;
  bool in_place = false;               // memory-minimal: two passes in place, then `transpose`
  InPlaceTranspose transpose;          // in-place plans only
  std::int64_t launch_transforms = 1;  // transforms per piece of the batch (launch_pieces)

  std::string factors() const {
    std::string s;
    for (std::size_t i = 0; i < passes.size(); ++i) s += concat((i ? "*" : ""), passes[i].k.n);
    return s;
  }

  // For the plan's describe(): every pass, then the in-place transpose.
  std::string describe() const {
    std::string s;
    for (std::size_t i = 0; i < passes.size(); ++i) s += describe_pass(i);
    return in_place ? s + describe_transpose() : s;
  }

  std::string describe_pass(std::size_t i) const {
    const MultipassPass& ps = passes[i];
    std::string s = concat("; pass ", i + 1, ": ", ps.k.n, "-point single work-group Stockham (radices");
    for (int r : ps.k.radices) s += concat(" ", r);
    s += concat(") over ", ps.geometry.d0_count * ps.geometry.d1_count, " lines of stride ", ps.geometry.in.si);
    if (ps.k.interleave > 1) s += concat(", ", ps.k.interleave, " neighbouring lines per work-group, interleaved");
    if (ps.k.buffers == 1) s += ", stages in place in one local buffer";
    if (ps.k.row_pitch > 0 && ps.geometry.in.s0 != 1) s += ", rows loaded through local memory";
    if (ps.unit_access > 0 && (ps.unit_access & kernels::kAccessRowsIn)) s += ", rows moved in by sub-group transposes";
    if (ps.twiddle_len) s += concat(", twiddles W_", ps.twiddle_len, " fused into its stores");
    return s;
  }

  std::string describe_transpose() const {
    std::string s = concat("; in-place transpose ", passes[0].k.n, " x ", passes[1].k.n, ": ", transpose.square.blocks,
                           " square ", transpose.square.n, " x ", transpose.square.n, " block(s) by ", kTransposeTile,
                           " x ", kTransposeTile, " tile pairs in local memory");
    if (transpose.cycles.cycles)
      s += concat(", then ", transpose.cycles.cycles, " cycles of ", transpose.cycles.block_len, "-element blocks");
    return s;
  }
};

inline MultipassGeometry multipass_geometry(const std::vector<std::int64_t>& lengths, Precision p,
                                            const DeviceLimits& lim, Memory memory) {
  MultipassGeometry g;
  const std::vector<std::int64_t> suffix = suffix_products(lengths);
  g.fft_len = suffix[0];
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    const std::int64_t twiddle_len = i + 1 < lengths.size() ? suffix[i] : 0;
    g.passes.push_back({multipass_pass_params(lengths, i, p, lim, memory), pass_lines(lengths, i), twiddle_len});
  }
  g.in_place = memory == Memory::minimal;
  if (g.in_place) {  // lengths[0] <= lengths[1]
    g.passes[1].geometry = in_place_row_lines(lengths[0], lengths[1]);
    g.transpose = in_place_transpose(lengths[0], lengths[1]);
  }
  for (MultipassPass& ps : g.passes)
    ps.unit_access = pass_access(ps.k, line_side(ps.geometry.in), line_side(ps.geometry.out), lim);
  g.launch_transforms = max_launch_transforms(g.passes, lim.max_groups_per_dim);
  return g;
}

}  // namespace pysyclfft::plan
