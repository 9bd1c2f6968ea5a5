// Entry header of every kernel a multi-pass plan compiles (one build per plan).
#pragma once
#include "pass_kernel.hpp"
#include "transpose_kernel.hpp"
