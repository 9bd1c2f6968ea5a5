// Struct parameters spelled as scalars. DPC++'s NVPTX JIT crashes on a kernel
// parameter passed by value as a struct (segfault in NVPTXAsmPrinter), so every
// entry point takes the fields of the kernels/ structs as scalars, in declaration
// order, and rebuilds the struct by aggregate initialisation. The host flattens
// them in the same order (plan/entry_points.hpp, flat_fields: structured bindings,
// which stop compiling when a field is added or removed).
// The entry headers include the structs' own headers.
#pragma once

#define PYSYCLFFT_I(p, i) ::pysyclfft::kernels::index_t p##i

// kernels::BatchLayout: 10 index_t.
#define PYSYCLFFT_LAYOUT_PARAMS(p)                                                                              \
  PYSYCLFFT_I(p, 0), PYSYCLFFT_I(p, 1), PYSYCLFFT_I(p, 2), PYSYCLFFT_I(p, 3), PYSYCLFFT_I(p, 4), PYSYCLFFT_I(p, 5), \
      PYSYCLFFT_I(p, 6), PYSYCLFFT_I(p, 7), PYSYCLFFT_I(p, 8), PYSYCLFFT_I(p, 9)
#define PYSYCLFFT_LAYOUT(p) \
  ::pysyclfft::kernels::BatchLayout { p##0, p##1, p##2, p##3, p##4, p##5, p##6, p##7, p##8, p##9 }

// kernels::PassSide: 7 index_t.
#define PYSYCLFFT_SIDE_PARAMS(p) \
  PYSYCLFFT_I(p, 0), PYSYCLFFT_I(p, 1), PYSYCLFFT_I(p, 2), PYSYCLFFT_I(p, 3), PYSYCLFFT_I(p, 4), PYSYCLFFT_I(p, 5), PYSYCLFFT_I(p, 6)
#define PYSYCLFFT_SIDE(p) \
  ::pysyclfft::kernels::PassSide { p##0, p##1, p##2, p##3, p##4, p##5, p##6 }

// kernels::PassGeometry: 4 index_t, two LineStrides of 3 index_t, 4 int.
#define PYSYCLFFT_GEOMETRY_PARAMS(p)                                                                            \
  PYSYCLFFT_I(p, 0), PYSYCLFFT_I(p, 1), PYSYCLFFT_I(p, 2), PYSYCLFFT_I(p, 3), PYSYCLFFT_I(p, 4), PYSYCLFFT_I(p, 5), \
      PYSYCLFFT_I(p, 6), PYSYCLFFT_I(p, 7), PYSYCLFFT_I(p, 8), PYSYCLFFT_I(p, 9), int p##10, int p##11, int p##12, int p##13
#define PYSYCLFFT_GEOMETRY(p)                                                                                 \
  ::pysyclfft::kernels::PassGeometry {                                                                        \
    p##0, p##1, p##2, p##3, {p##4, p##5, p##6}, {p##7, p##8, p##9}, p##10, p##11, p##12, p##13                \
  }

// kernels::SquareBlocks: 5 index_t; kernels::BlockCycles: 3 index_t.
#define PYSYCLFFT_BLOCKS_PARAMS(p) PYSYCLFFT_I(p, 0), PYSYCLFFT_I(p, 1), PYSYCLFFT_I(p, 2), PYSYCLFFT_I(p, 3), PYSYCLFFT_I(p, 4)
#define PYSYCLFFT_BLOCKS(p) \
  ::pysyclfft::kernels::SquareBlocks { p##0, p##1, p##2, p##3, p##4 }
#define PYSYCLFFT_CYCLES_PARAMS(p) PYSYCLFFT_I(p, 0), PYSYCLFFT_I(p, 1), PYSYCLFFT_I(p, 2)
#define PYSYCLFFT_CYCLES(p) \
  ::pysyclfft::kernels::BlockCycles { p##0, p##1, p##2 }

// kernels::GenericStage: 4 index_t, 3 int.
#define PYSYCLFFT_STAGE_PARAMS(p) PYSYCLFFT_I(p, 0), PYSYCLFFT_I(p, 1), PYSYCLFFT_I(p, 2), PYSYCLFFT_I(p, 3), int p##4, int p##5, int p##6
#define PYSYCLFFT_STAGE(p) \
  ::pysyclfft::kernels::GenericStage { p##0, p##1, p##2, p##3, p##4, p##5, p##6 }
