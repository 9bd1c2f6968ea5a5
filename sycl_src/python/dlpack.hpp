// DLPack export for pysyclfft.DeviceArray (see dlpack.cpp).
#pragma once

#include <pybind11/pybind11.h>

namespace pysyclfft::python {

void register_dlpack(pybind11::module_& m);

}  // namespace pysyclfft::python
