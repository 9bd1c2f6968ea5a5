// Both passes of a two-pass four-step FFT in one launch, so that pass 2 reads
// pass 1's output while it is still in the L2 cache. With two launches pass 1
// writes the whole batch before pass 2 starts, and its output goes to memory
// and back: four sweeps of DRAM where a copy makes two (on the H100 that capped
// 2^15-2^20 at 33-42% of the copy bandwidth, cuFFT reaching 44-56%).
//
// The batch runs in chunks of `chunk` transforms whose intermediate lies in one of
// `ring` scratch slots. Work-groups take tickets in launch order (an atomic
// counter, not their group id: only a group that has started can hold one) and
// ticket order is the schedule: pass 1 of chunk 0, then pass 1 of chunk k+1
// beside pass 2 of chunk k, ..., pass 2 of the last chunk. A pass-2 group waits
// until every pass-1 group of its chunk has stored; a pass-1 group of chunk k
// waits until pass 2 of chunk k - ring has read the slot it overwrites. Every
// wait is on groups holding earlier tickets, which have started and whose own
// waits are on earlier tickets still, so the launch cannot deadlock however
// many groups the device runs at once.
//
// Both passes are column groups (kernels/multipass.hpp, Interleave = PerGroup) of
// one work-group size. The launch has pass 1's shape (pass_kernel.hpp: dimension 0
// the member, 1 the team); pass 2 takes its member and team from the work-item's
// linear id as its own launch would (dimension 1 fastest), or, of the same shape,
// as they come (a CPU's compiler then sees the lanes' uniform member as in the
// pass kernels).
#pragma once
#include "multipass.hpp"

namespace pysyclfft::kernels {

// One pass's kernel parameters, as pass_kernel.hpp's template arguments.
template <int Threads, int PerGroup, int RowPitch, int Buffers, int Access, int... R>
struct ChainedPass {
  static constexpr int kThreads = Threads, kPerGroup = PerGroup, kRowPitch = RowPitch, kBuffers = Buffers,
                       kAccess = Access;
  template <typename T, int Sign> using config = C2CConfig<T, Sign, Threads, PerGroup, RadixList<R...>>;
  static constexpr long long local_elements() {
    return pass_local_elements(RadixList<R...>::product(), PerGroup, RowPitch, sizeof...(R) > 1, Buffers);
  }
};

// The launch's chunks and how many work-groups each pass runs per chunk; the
// host sizes the launch from the same numbers (chunks * (groups1 + groups2)).
struct ChainSchedule {
  index_t chunks, groups1, groups2, ring;
};

struct ChainWork {
  int pass;  // 1 or 2
  index_t chunk, group;
};

// The work of ticket t: [pass 1 of chunk 0], then for k = 1 .. chunks-1
// [pass 1 of chunk k, pass 2 of chunk k-1], then [pass 2 of the last chunk].
inline ChainWork chained_work(const ChainSchedule& s, index_t t) {
  if (t < s.groups1) return {1, 0, t};
  const index_t pair_groups = s.groups1 + s.groups2, u = t - s.groups1, pair = u / pair_groups;
  if (pair + 1 < s.chunks) {
    const index_t r = u % pair_groups;
    return r < s.groups1 ? ChainWork{1, pair + 1, r} : ChainWork{2, pair, r - s.groups1};
  }
  return {2, s.chunks - 1, u - (s.chunks - 1) * pair_groups};
}

// Counters of a launch, in global memory, zero before it and left zero after it
// (the last group to finish clears them): tickets, finished groups, then per
// chunk the pass-1 groups that have stored and the pass-2 groups that have read.
inline constexpr int kChainTicket = 0, kChainFinished = 1, kChainFirstDone = 2;
inline index_t chain_counters(index_t chunks) { return kChainFirstDone + 2 * chunks; }

// One pass's work-group: the work-item's team and member as in the pass's own
// launch; complex128 lines that are one sub-group's lanes move paired where the
// access is fixed (pass_kernel.hpp).
template <typename T, int Sign, int Lanes, class Pass, bool Twiddled, class Barrier, class Shuffle>
PYSYCLFFT_INLINE void run_chained_pass(int member, int team, index_t group, const Barrier& barrier, const cplx<T>* in, cplx<T>* out,
                                       const cplx<T>* twiddles, const cplx<T>* store_table, const cplx<T>* store_low,
                                       const cplx<T>* lane_twiddles, const PassSide& in_side,
                                       const PassSide& out_side, const PassGeometry& g, T scale, cplx<T>* local,
                                       const Shuffle& shuffle) {
  using Cfg = typename Pass::template config<T, Sign>;
  constexpr int kLines = Pass::kPerGroup;
  constexpr int kPaired = kLines == Lanes && Pass::kAccess != kAccessAny && sizeof(T) == 8 ? Lanes : 0;
  multipass_pass<Cfg, Sign, 1, kLines, Pass::kRowPitch, Pass::kBuffers, Twiddled, kModesPlain, Pass::kAccess, kPaired>(
      member, 0, team, group, barrier, in, out, twiddles, nullptr, store_table, store_low, lane_twiddles,
      in_side, out_side, g, scale, out /* no Rader ends */, local, shuffle);
}

// The work-group's part: `member` and `team` its work-item's place in pass 1's
// shape, `sync` the back end's
// atomics (take_ticket, wait_until, signal, finish; backends/sycl/chained_kernel.hpp).
// Pass 1 reads `in` (in_side) and stores twiddled into the chunk's scratch slot;
// pass 2 reads the slot and writes `out` (out_side), scaled. `slot_side` is chunk
// 0's scratch side, `first` and `second` the passes' geometries over chunk 0.
template <typename T, int Sign, int Lanes, class First, class Second, class Sync, class Barrier, class Shuffle>
PYSYCLFFT_INLINE void chained_passes(int member, int team, const Sync& sync, const Barrier& barrier, const cplx<T>* in, cplx<T>* out,
                                     cplx<T>* scratch, const cplx<T>* twiddles1, const cplx<T>* store_table,
                                     const cplx<T>* store_low, const cplx<T>* lane_twiddles,
                                     const cplx<T>* twiddles2, const PassSide& in_side, const PassSide& out_side,
                                     PassSide slot_side, PassGeometry first, PassGeometry second,
                                     const ChainSchedule& s, T scale, cplx<T>* local, const Shuffle& shuffle) {
  const ChainWork w = chained_work(s, sync.take_ticket());
  slot_side.first += w.chunk * slot_side.count0;
  slot_side.offset += (w.chunk % s.ring) * slot_side.count0 * slot_side.dist0;
  if (w.pass == 1) {
    if (w.chunk >= s.ring) sync.wait_until(kChainFirstDone + s.chunks + w.chunk - s.ring, s.groups2);
    first.t_begin += w.chunk * slot_side.count0;
    run_chained_pass<T, Sign, Lanes, First, true>(member, team, w.group, barrier, in, scratch, twiddles1, store_table, store_low,
                                                  lane_twiddles, in_side, slot_side, first, T(1), local, shuffle);
    sync.signal(kChainFirstDone + w.chunk);
  } else {
    sync.wait_until(kChainFirstDone + w.chunk, s.groups1);
    second.t_begin += w.chunk * slot_side.count0;
    constexpr bool kSameShape = First::kPerGroup == Second::kPerGroup;
    const int id = member * First::kPerGroup + team;
    run_chained_pass<T, Sign, Lanes, Second, false>(kSameShape ? member : id / Second::kPerGroup,
                                                    kSameShape ? team : id % Second::kPerGroup, w.group, barrier, scratch, out, twiddles2, nullptr, nullptr,
                                                    nullptr, slot_side, out_side, second, scale, local, shuffle);
    sync.signal(kChainFirstDone + s.chunks + w.chunk);
  }
  sync.finish(s.chunks * (s.groups1 + s.groups2), chain_counters(s.chunks));
}

}  // namespace pysyclfft::kernels
