// In-place transposes for memory-minimal four-step plans (no full-size scratch).
// An n x (m*n) matrix is transposed in two steps:
//  1. each of its m square n x n blocks (side by side) is transposed in place,
//     tile pair by tile pair through local memory;
//  2. the rows of n elements are then in the wrong order: a permutation of m*n
//     blocks of n elements, applied by following its cycles (computed on the host),
//     one work-item per (cycle, element offset), no scratch beyond a register.
#pragma once
#include "complex.hpp"
#include "multipass.hpp"

namespace pysyclfft::kernels {

struct SquareBlocks {
  index_t n;       // block side (the matrix's rows)
  index_t pitch;   // distance between rows, in elements: m*n
  index_t blocks;  // m
  index_t tiles;   // tiles per block side
  index_t count;   // transforms
};

// Work-group: Tile x Tile work-items; group g = ((t*m + b)*tiles + I)*tiles + J swaps
// tiles (I,J) and (J,I) of block b of transform t; groups with I > J have nothing to do.
template <typename T, int Tile, class Barrier>
void transpose_square_tiles(int local_id, index_t group_id, const Barrier& barrier, cplx<T>* data,
                            const PassSide& side, const SquareBlocks& s, cplx<T>* local) {
  const index_t J = group_id % s.tiles;
  const index_t I = (group_id / s.tiles) % s.tiles;
  if (I > J) return;  // uniform over the group: no barrier is skipped by some only
  const index_t b = (group_id / (s.tiles * s.tiles)) % s.blocks;
  const index_t t = group_id / (s.tiles * s.tiles * s.blocks);
  cplx<T>* base = data + side.base(t);
  const index_t origin = b * s.n;
  const int ty = local_id / Tile, tx = local_id % Tile;
  cplx<T>* a = local;                // tile (I, J)
  cplx<T>* c = local + Tile * Tile;  // tile (J, I)
  const index_t r0 = I * Tile + ty, c0 = J * Tile + tx;  // element of tile (I, J)
  const index_t r1 = J * Tile + ty, c1 = I * Tile + tx;  // element of tile (J, I)
  const bool in0 = r0 < s.n && c0 < s.n, in1 = r1 < s.n && c1 < s.n;
  if (in0) a[ty * Tile + tx] = base[(origin + r0 * s.pitch + c0) * side.stride];
  if (in1) c[ty * Tile + tx] = base[(origin + r1 * s.pitch + c1) * side.stride];
  barrier();
  if (in0) base[(origin + r0 * s.pitch + c0) * side.stride] = c[tx * Tile + ty];
  if (in1) base[(origin + r1 * s.pitch + c1) * side.stride] = a[tx * Tile + ty];
}

struct BlockCycles {
  index_t block_len;  // elements per block
  index_t cycles;     // number of cycles
  index_t count;      // transforms
};

// Work-item id = (t*cycles + cycle)*block_len + offset moves element `offset` of every
// block of one cycle: the block at cycle[i] goes to cycle[i+1] (cyclically).
// starts[k]..starts[k+1] delimit cycle k in `members`.
template <typename T>
void permute_block_cycles(index_t id, cplx<T>* data, const PassSide& side, const BlockCycles& c,
                          const index_t* starts, const index_t* members) {
  const index_t offset = id % c.block_len;
  const index_t k = (id / c.block_len) % c.cycles;
  const index_t t = id / (c.block_len * c.cycles);
  if (t >= c.count) return;
  cplx<T>* base = data + side.base(t);
  const index_t first = starts[k], len = starts[k + 1] - first;
  cplx<T> carry = base[(members[first] * c.block_len + offset) * side.stride];
  for (index_t i = 1; i <= len; ++i) {
    const index_t at = (members[first + i % len] * c.block_len + offset) * side.stride;
    const cplx<T> next = base[at];
    base[at] = carry;
    carry = next;
  }
}

}  // namespace pysyclfft::kernels
