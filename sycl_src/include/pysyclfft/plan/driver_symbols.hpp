// Function pointers from a driver library that the SYCL runtime has already
// loaded (OpenCL's ICD loader, CUDA's libcuda), found with dlsym: the extension
// links no driver library and runs where there is none. The library is never
// closed: kernels made through it outlive their callers.
#pragma once
#include <dlfcn.h>

namespace pysyclfft::plan {

namespace detail {
inline bool bind_symbols(void*) { return true; }
template <typename Fn, typename... Rest> bool bind_symbols(void* lib, Fn& fn, const char* name, Rest&&... rest) {
  fn = reinterpret_cast<Fn>(dlsym(lib, name));
  return bind_symbols(lib, rest...) && fn != nullptr;
}
}  // namespace detail

// Opens `soname` with `flags` and sets each function pointer of the (pointer,
// symbol name) pairs; true when the library and every symbol were found.
template <typename... Pairs> bool open_driver(const char* soname, int flags, Pairs&&... pairs) {
  void* lib = dlopen(soname, flags);
  return lib != nullptr && detail::bind_symbols(lib, pairs...);
}

}  // namespace pysyclfft::plan
