# Locates the SYCL headers and libsycl shipped by the intel-sycl-rt wheel and
# defines SyclRuntime::sycl. The wheel installs into the environment's prefix
# (include/, lib/), which under pip's build isolation is not sys.prefix, so ask
# the installed distribution where its files are. A runtime outside Python's
# site-packages is given by SYCL_ROOT (a CMake or environment variable):
# headers in $SYCL_ROOT/include, libsycl in $SYCL_ROOT/lib.
if(NOT SYCL_ROOT AND DEFINED ENV{SYCL_ROOT})
  set(SYCL_ROOT "$ENV{SYCL_ROOT}")
endif()
if(SYCL_ROOT)
  find_library(_sycl_root_library NAMES sycl libsycl.so.9 PATHS "${SYCL_ROOT}/lib" NO_DEFAULT_PATH)
  set(_sycl_paths "${SYCL_ROOT}/include;${_sycl_root_library}")
  set(_rc 0)
else()
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
  OUTPUT_VARIABLE _sycl_paths RESULT_VARIABLE _rc)
endif()
list(GET _sycl_paths 0 SYCL_RUNTIME_INCLUDE_DIR)
list(GET _sycl_paths 1 SYCL_RUNTIME_LIBRARY)
if(NOT _rc EQUAL 0 OR NOT EXISTS "${SYCL_RUNTIME_INCLUDE_DIR}/sycl/sycl.hpp" OR NOT EXISTS "${SYCL_RUNTIME_LIBRARY}")
  message(FATAL_ERROR "SYCL runtime not found (pip install intel-sycl-rt, or set SYCL_ROOT): '${_sycl_paths}'")
endif()
get_filename_component(SYCL_RUNTIME_LIB_DIR "${SYCL_RUNTIME_LIBRARY}" DIRECTORY)
add_library(SyclRuntime::sycl INTERFACE IMPORTED)
target_include_directories(SyclRuntime::sycl INTERFACE "${SYCL_RUNTIME_INCLUDE_DIR}")
target_link_libraries(SyclRuntime::sycl INTERFACE "${SYCL_RUNTIME_LIBRARY}")
target_compile_definitions(SyclRuntime::sycl INTERFACE SYCL_DISABLE_FSYCL_SYCLHPP_WARNING)
message(STATUS "SYCL runtime: ${SYCL_RUNTIME_INCLUDE_DIR}, ${SYCL_RUNTIME_LIBRARY}")
