// Function pointers from a driver library that the SYCL runtime has already
// loaded (OpenCL's ICD loader, CUDA's libcuda), found with dlsym: the extension
// links no driver library and runs where there is none.
#pragma once
#include <dlfcn.h>

namespace pysyclfft::plan {

inline void bind_symbols(void*) {}

// Sets each function pointer of the (pointer, symbol name) pairs from `lib`
// (null where the library lacks the symbol).
template <typename Fn, typename... Rest> void bind_symbols(void* lib, Fn& fn, const char* name, Rest&&... rest) {
  fn = reinterpret_cast<Fn>(dlsym(lib, name));
  bind_symbols(lib, rest...);
}

}  // namespace pysyclfft::plan
