// Entry header of every kernel a multi-pass, Bluestein or Rader plan compiles (one build per plan).
#pragma once
#include "convolution_kernel.hpp"
#include "pass_kernel.hpp"
#include "transpose_kernel.hpp"
