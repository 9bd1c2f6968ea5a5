// SYCL entry point of one pass of a multi-pass, Bluestein or Rader transform
// (kernels/multipass.hpp). Instantiated by name from the planner, e.g.
//   pysyclfft_pass<float, -1, 16, 64, 8, 1, 0, 2, 0, 0, -1, 8, 8, 4>
//     (T, Sign, Lanes, Threads, PerGroup, Interleave, RowPitch, Buffers, Twiddled, Modes, Access, radices...)
// Twiddled = 1: a pass before the last (stores the inter-pass twiddles), 0: the last;
// Modes: kernels::PassModes flags (0: four-step and column groups; a convolution's
// first pass its load modes, its last its store modes, Rader's besides);
// Access: kernels::PassAccess (a column group's unit-stride sides, or kAccessAny);
// RowPitch > 0: column groups load other inputs through local memory (kernels/column_rows.hpp);
// Buffers: Stockham's local buffers (1: column groups running their middle stages in place).
// nd_range<2> with the layout of pysyclfft_c2c: Interleave = 1: dimension 1 = team
// member (Threads, SIMD lanes = members of one line), dimension 0 = team (PerGroup lines);
// Interleave = PerGroup: dimension 1 = team (work-groups along it), dimension 0 =
// member, so neighbouring work-items are the group's PerGroup neighbouring lines
// (on a CPU the planner makes Lanes = PerGroup: each SIMD vector holds them).
#pragma once
#include "../../kernels/multipass.hpp"
#include "exec.hpp"
#include "scalar_params.hpp"
#include "subgroup_shuffle.hpp"

template <typename T, int Sign, int Lanes, int Threads, int PerGroup, int Interleave, int RowPitch, int Buffers,
          int Twiddled, int Modes, int Access, int... R>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<2>))
[[sycl::reqd_sub_group_size(Lanes)]]
void pysyclfft_pass(const pysyclfft::kernels::cplx<T>* in, pysyclfft::kernels::cplx<T>* out,
                    const pysyclfft::kernels::cplx<T>* twiddles, const pysyclfft::kernels::cplx<T>* load_table,
                    const pysyclfft::kernels::cplx<T>* store_table, const pysyclfft::kernels::cplx<T>* store_low,
                    const pysyclfft::kernels::cplx<T>* lane_twiddles, PYSYCLFFT_SIDE_PARAMS(in_side),
                    PYSYCLFFT_SIDE_PARAMS(out_side), PYSYCLFFT_GEOMETRY_PARAMS(geometry), T scale,
                    pysyclfft::kernels::cplx<T>* ends) {
  namespace k = pysyclfft::kernels;
  namespace sb = pysyclfft::sycl_backend;
  using Cfg = k::C2CConfig<T, Sign, Threads, PerGroup, k::RadixList<R...>>;
  const auto item = sb::this_item<2>();
  constexpr bool kColumns = Interleave > 1;
  PYSYCLFFT_LOCAL_ARRAY(k::cplx<T>, k::pass_local_elements(Cfg::kN, PerGroup, RowPitch, Cfg::kNeedsLocal, Buffers), local);
  constexpr int kLanes = !kColumns && Threads % Lanes == 0 ? Lanes : 1;
  const sb::SimdSlot s = kColumns ? sb::SimdSlot{int(item.get_local_id(0)), 0} : sb::simd_slot<kLanes, Threads>(item);
  const int team = int(item.get_local_id(kColumns ? 1 : 0));
  // complex128 column groups whose lines are the lanes of one sub-group, where the
  // planner fixed the access (the CPU's kernels: plan/kernel_params.hpp, pass_access),
  // move their unit-stride sides as paired vectors (kernels/paired_lanes.hpp).
  constexpr int kPairedLanes =
      kColumns && Interleave == Lanes && Access != k::kAccessAny && Modes == k::kModesPlain && sizeof(T) == 8 ? Lanes : 0;
  k::multipass_pass<Cfg, Sign, kLanes, Interleave, RowPitch, Buffers, Twiddled != 0, Modes, Access, kPairedLanes>(
      s.vector, s.lane, team, k::index_t(item.get_group(kColumns ? 1 : 0)), sb::GroupBarrier<2>{}, in, out, twiddles,
      load_table, store_table, store_low, lane_twiddles, PYSYCLFFT_SIDE(in_side), PYSYCLFFT_SIDE(out_side),
      PYSYCLFFT_GEOMETRY(geometry), scale, ends, local, sb::SubGroupShuffle{item.get_sub_group()});
}
