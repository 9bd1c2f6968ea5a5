// CUDA-backend interop for arrays of CUDA libraries (see cuda_interop.cpp).
#pragma once

#include <pybind11/pybind11.h>

namespace pysyclfft::python {

void register_cuda_interop(pybind11::module_& m);

}  // namespace pysyclfft::python
