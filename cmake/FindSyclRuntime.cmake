# Locates the SYCL headers and libsycl and defines SyclRuntime::sycl. The first
# place that holds both wins:
#   1. SYCL_ROOT (CMake or environment variable): a runtime outside Python, e.g.
#      one unpacked beside the CUDA adapter (docs/nvidia.md).
#   2. SYCL_RUNTIME_PREFIX_HINTS: prefixes a caller names (pysyclfftConfig.cmake
#      names the environment pysyclfft was installed into).
#   3. The intel-sycl-rt distribution of Python_EXECUTABLE. The wheel installs
#      into the environment's prefix (include/, lib/), which under pip's build
#      isolation is not sys.prefix, so ask the distribution where its files are.
function(_sycl_runtime_in prefix out_include out_library)
  foreach(_lib libsycl.so.9 libsycl.so)
    if(EXISTS "${prefix}/include/sycl/sycl.hpp" AND EXISTS "${prefix}/lib/${_lib}")
      set(${out_include} "${prefix}/include" PARENT_SCOPE)
      set(${out_library} "${prefix}/lib/${_lib}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
endfunction()

set(_sycl_prefixes "")
if(SYCL_ROOT)
  list(APPEND _sycl_prefixes "${SYCL_ROOT}")
elseif(DEFINED ENV{SYCL_ROOT})
  list(APPEND _sycl_prefixes "$ENV{SYCL_ROOT}")
endif()
list(APPEND _sycl_prefixes ${SYCL_RUNTIME_PREFIX_HINTS})
set(SYCL_RUNTIME_INCLUDE_DIR "")
set(SYCL_RUNTIME_LIBRARY "")
foreach(_prefix IN LISTS _sycl_prefixes)
  if(NOT SYCL_RUNTIME_LIBRARY)
    _sycl_runtime_in("${_prefix}" SYCL_RUNTIME_INCLUDE_DIR SYCL_RUNTIME_LIBRARY)
  endif()
endforeach()

if(NOT SYCL_RUNTIME_LIBRARY)
  if(NOT Python_EXECUTABLE)
    find_package(Python COMPONENTS Interpreter)
  endif()
endif()
if(NOT SYCL_RUNTIME_LIBRARY AND Python_EXECUTABLE)
  execute_process(
    COMMAND "${Python_EXECUTABLE}" -c [=[
import importlib.metadata as md
d = md.distribution("intel-sycl-rt")
inc = lib = ""
for f in d.files or []:
    s = str(f)
    if s.endswith("sycl/sycl.hpp") and "include" in s:
        inc = str(d.locate_file(f).resolve().parent.parent)
    if s.endswith("libsycl.so.9") or (not lib and s.endswith("libsycl.so")):
        lib = str(d.locate_file(f).resolve())
print(inc + ";" + lib, end="")
]=]
    OUTPUT_VARIABLE _sycl_paths ERROR_VARIABLE _sycl_error RESULT_VARIABLE _rc)
  if(_rc EQUAL 0)
    list(GET _sycl_paths 0 SYCL_RUNTIME_INCLUDE_DIR)
    list(GET _sycl_paths 1 SYCL_RUNTIME_LIBRARY)
  endif()
endif()

if(NOT EXISTS "${SYCL_RUNTIME_INCLUDE_DIR}/sycl/sycl.hpp" OR NOT EXISTS "${SYCL_RUNTIME_LIBRARY}")
  message(FATAL_ERROR "SYCL runtime not found. Looked in SYCL_ROOT and [${_sycl_prefixes}] for include/sycl/sycl.hpp "
                      "and lib/libsycl.so, then asked ${Python_EXECUTABLE} for the intel-sycl-rt package: "
                      "${_sycl_error}. Install it (pip install intel-sycl-rt) into that Python, pass "
                      "-DPython_EXECUTABLE=<python that has it>, or set SYCL_ROOT.")
endif()
get_filename_component(SYCL_RUNTIME_LIB_DIR "${SYCL_RUNTIME_LIBRARY}" DIRECTORY)
add_library(SyclRuntime::sycl INTERFACE IMPORTED)
target_include_directories(SyclRuntime::sycl INTERFACE "${SYCL_RUNTIME_INCLUDE_DIR}")
target_link_libraries(SyclRuntime::sycl INTERFACE "${SYCL_RUNTIME_LIBRARY}")
target_compile_definitions(SyclRuntime::sycl INTERFACE SYCL_DISABLE_FSYCL_SYCLHPP_WARNING)
message(STATUS "SYCL runtime: ${SYCL_RUNTIME_INCLUDE_DIR}, ${SYCL_RUNTIME_LIBRARY}")
