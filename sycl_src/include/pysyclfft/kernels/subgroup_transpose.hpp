// An L x L transpose across the L work-items of a sub-group, value m of lane l
// trading places with value l of lane m, in log2(L) rounds of exchanges with the
// lane `d` apart (the execution layer's `shuffle(value, d)`, SYCL's
// permute_group_by_xor). At the work-item level on a CPU (transposed_rows.hpp:
// item_c2c and the fused rfft/irfft) it lets a sub-group of L work-items load L
// transforms of L points as whole vectors (lane l reading point l of each)
// instead of each lane gathering its own transform; every index is a
// compile-time constant, so the values stay in registers. The exchanged values
// are chosen by selects: writing them into the private array under a divergent
// `if` was miscompiled by the OpenCL CPU device's compiler (docs/performance.md).
#pragma once
#include "complex.hpp"  // PYSYCLFFT_INLINE

namespace pysyclfft::kernels {

// The sub-group exchange of a work-item alone (one lane: its own value).
struct NoShuffle {
  template <typename V> V operator()(V value, int) const { return value; }
  template <typename V> V select(V value, int) const { return value; }
};
template <class Shuffle> constexpr bool kExchangesLanes = true;
template <> constexpr bool kExchangesLanes<NoShuffle> = false;

template <int... I> struct IntList {};
template <int K, int... I> struct MakeIntList : MakeIntList<K - 1, K - 1, I...> {};
template <int... I> struct MakeIntList<0, I...> {
  using type = IntList<I...>;
};

// Round d, values m and m|d (m without bit d): the lane with bit d set gives its
// value m and takes its partner's value m|d.
template <int D, int M, typename T, int L, class Shuffle>
PYSYCLFFT_INLINE void exchange_with_partner(const Shuffle& shuffle, bool high, T (&v)[L]) {
  if constexpr ((M & D) == 0) {
    const T a = v[M], b = v[M | D];
    const T got = shuffle(high ? a : b, D);
    v[M] = high ? got : a;
    v[M | D] = high ? b : got;
  }
}

template <int D, typename T, int L, class Shuffle, int... M>
PYSYCLFFT_INLINE void transpose_round(const Shuffle& shuffle, int lane, T (&v)[L], IntList<M...>) {
  const bool high = (lane & D) != 0;
  (exchange_with_partner<D, M>(shuffle, high, v), ...);
  if constexpr (D > 1) transpose_round<D / 2>(shuffle, lane, v, IntList<M...>{});
}

template <typename T, int L, class Shuffle>
PYSYCLFFT_INLINE void subgroup_transpose(const Shuffle& shuffle, int lane, T (&v)[L]) {
  static_assert(L > 1 && (L & (L - 1)) == 0, "a power-of-two sub-group");
  transpose_round<L / 2>(shuffle, lane, v, typename MakeIntList<L>::type{});
}

}  // namespace pysyclfft::kernels
