# find_package(pysyclfft): the C++ DFT API (#include <pysyclfft/dft.hpp>) as the
# imported target pysyclfft::dft, linked to the SYCL runtime of the
# intel-sycl-rt wheel. Works installed (<site-packages>/pysyclfft/cmake, next to
# pysyclfft/include) and from a source checkout (<root>/cmake, next to
# sycl_src/include); `python -m pysyclfft --cmakedir` prints this directory.
# Kernels are compiled at run time from the same include directory, which the
# target passes to the program as PYSYCLFFT_KERNEL_INCLUDE_DIR.
get_filename_component(_pysyclfft_root "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(pysyclfft_INCLUDE_DIR "")
foreach(_dir "${_pysyclfft_root}/include" "${_pysyclfft_root}/sycl_src/include")
  if(NOT pysyclfft_INCLUDE_DIR AND EXISTS "${_dir}/pysyclfft/dft.hpp")
    set(pysyclfft_INCLUDE_DIR "${_dir}")
  endif()
endforeach()
if(NOT pysyclfft_INCLUDE_DIR)
  set(pysyclfft_FOUND FALSE)
  set(pysyclfft_NOT_FOUND_MESSAGE "pysyclfft/dft.hpp not found near ${CMAKE_CURRENT_LIST_DIR}")
  return()
endif()

if(NOT TARGET SyclRuntime::sycl)
  # Installed in <prefix>/lib/pythonX.Y/site-packages/pysyclfft: the intel-sycl-rt
  # wheel put the runtime into the same environment, <prefix>/include and
  # <prefix>/lib, so no Python (nor an activated environment) is needed to find it.
  if(pysyclfft_INCLUDE_DIR STREQUAL "${_pysyclfft_root}/include")
    get_filename_component(_pysyclfft_prefix "${_pysyclfft_root}/../../../.." ABSOLUTE)
    list(APPEND SYCL_RUNTIME_PREFIX_HINTS "${_pysyclfft_prefix}")
  endif()
  include("${CMAKE_CURRENT_LIST_DIR}/FindSyclRuntime.cmake")
endif()

if(NOT TARGET pysyclfft::dft)
  add_library(pysyclfft::dft INTERFACE IMPORTED)
  target_include_directories(pysyclfft::dft INTERFACE "${pysyclfft_INCLUDE_DIR}")
  target_compile_definitions(pysyclfft::dft INTERFACE "PYSYCLFFT_KERNEL_INCLUDE_DIR=\"${pysyclfft_INCLUDE_DIR}\"")
  target_compile_features(pysyclfft::dft INTERFACE cxx_std_17)
  # The SYCL headers carry attributes g++ does not know.
  target_compile_options(pysyclfft::dft INTERFACE $<$<CXX_COMPILER_ID:GNU>:-Wno-attributes>)
  target_link_libraries(pysyclfft::dft INTERFACE SyclRuntime::sycl)
endif()
set(pysyclfft_FOUND TRUE)
