// Entry header of every kernel a single-kernel c2c length compiles, as one build
// (one binary to load in a new process): its team or work-item kernels and, on
// GPUs, the pass kernel's column groups for its strided lines (plan/line_groups.hpp).
#pragma once
#include "c2c_kernel.hpp"
#include "pass_kernel.hpp"
