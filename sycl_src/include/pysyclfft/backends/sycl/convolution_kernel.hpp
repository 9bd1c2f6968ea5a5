// SYCL entry point of a Bluestein or Rader convolution in one kernel
// (kernels/convolution.hpp), e.g.
//   pysyclfft_convolution<float, -1, 32, 112, 4, 2, 1, 4, 4, 9, 7>
//     (T, Sign, Lanes, Threads, PerGroup, Buffers, Rader, radices...)
// Sign: the first FFT's; Buffers: Stockham's local buffers (1 or 2); Rader = 1:
// Rader's permutations and X[0] compiled in.
// nd_range<2> of a team pass (pass_kernel.hpp, Interleave = 1): dimension 0 =
// team (PerGroup transforms per group), dimension 1 = team member.
// pysyclfft_convolution_lines<T, Sign, Lines, Threads, Access, radices...>:
// Rader's on a CPU's batch of lines, Lines per group in the lanes of one
// sub-group, each side rows or unit (Access: kernels::PassAccess bits;
// kernels/convolution_lines.hpp); nd_range<2> of a column group (pass_kernel.hpp,
// Interleave = Lines): dimension 0 = member, dimension 1 = line.
#pragma once
#include "../../kernels/convolution.hpp"
#include "../../kernels/convolution_lines.hpp"
#include "exec.hpp"
#include "scalar_params.hpp"
#include "subgroup_shuffle.hpp"

template <typename T, int Sign, int Lanes, int Threads, int PerGroup, int Buffers, int Rader, int... R>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<2>))
[[sycl::reqd_sub_group_size(Lanes)]]
void pysyclfft_convolution(const pysyclfft::kernels::cplx<T>* in, pysyclfft::kernels::cplx<T>* out,
                           const pysyclfft::kernels::cplx<T>* twiddles, const pysyclfft::kernels::cplx<T>* load_table,
                           const pysyclfft::kernels::cplx<T>* spectrum, const pysyclfft::kernels::cplx<T>* store_table,
                           PYSYCLFFT_SIDE_PARAMS(in_side), PYSYCLFFT_SIDE_PARAMS(out_side),
                           PYSYCLFFT_GEOMETRY_PARAMS(geometry), T scale) {
  namespace k = pysyclfft::kernels;
  namespace sb = pysyclfft::sycl_backend;
  using Cfg = k::C2CConfig<T, Sign, Threads, PerGroup, k::RadixList<R...>>;
  const auto item = sb::this_item<2>();
  PYSYCLFFT_LOCAL_ARRAY(k::cplx<T>, k::convolution_team_elements(Cfg::kN, Buffers) * PerGroup, local);
  constexpr int kLanes = Threads % Lanes == 0 ? Lanes : 1;
  const sb::SimdSlot s = sb::simd_slot<kLanes, Threads>(item);
  k::convolution_team<Cfg, Sign, kLanes, Buffers, Rader != 0>(
      s.vector, s.lane, int(item.get_local_id(0)), k::index_t(item.get_group(0)),
      sb::TeamBarrier<2, Threads * PerGroup>{}, in, out, twiddles, load_table, spectrum, store_table,
      PYSYCLFFT_SIDE(in_side), PYSYCLFFT_SIDE(out_side), PYSYCLFFT_GEOMETRY(geometry), scale, local);
}

template <typename T, int Sign, int Lines, int Threads, int Access, int... R>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<2>))
[[sycl::reqd_sub_group_size(Lines)]]
void pysyclfft_convolution_lines(const pysyclfft::kernels::cplx<T>* in, pysyclfft::kernels::cplx<T>* out,
                                const pysyclfft::kernels::cplx<T>* twiddles,
                                const pysyclfft::kernels::cplx<T>* gather,
                                const pysyclfft::kernels::cplx<T>* spectrum,
                                const pysyclfft::kernels::cplx<T>* scatter, PYSYCLFFT_SIDE_PARAMS(in_side),
                                PYSYCLFFT_SIDE_PARAMS(out_side), PYSYCLFFT_GEOMETRY_PARAMS(geometry), T scale) {
  namespace k = pysyclfft::kernels;
  namespace sb = pysyclfft::sycl_backend;
  using Cfg = k::C2CConfig<T, Sign, Threads, Lines, k::RadixList<R...>>;
  const auto item = sb::this_item<2>();
  PYSYCLFFT_LOCAL_ARRAY(k::cplx<T>, k::convolution_lines_elements(Cfg::kN, Lines), local);
  k::convolution_lines<Cfg, Sign, Lines, Access>(int(item.get_local_id(0)), int(item.get_local_id(1)),
                                        k::index_t(item.get_group(1)), sb::GroupBarrier<2>{}, in, out, twiddles,
                                        gather, spectrum, scatter, PYSYCLFFT_SIDE(in_side), PYSYCLFFT_SIDE(out_side),
                                        PYSYCLFFT_GEOMETRY(geometry), scale, local,
                                        sb::SubGroupShuffle{item.get_sub_group()});
}
