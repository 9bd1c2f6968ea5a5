// Whole steps: ceil(n / step), and n rounded up to a multiple of step. The one
// rule behind every group count, padded length and alignment, host and kernels.
#pragma once

namespace pysyclfft::kernels {

template <typename I> constexpr I ceil_div(I n, I step) { return (n + step - 1) / step; }
template <typename I> constexpr I round_up(I n, I step) { return ceil_div(n, step) * step; }

}  // namespace pysyclfft::kernels
