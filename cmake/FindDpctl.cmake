# dpctl's C++ headers (dpctl4pybind11.hpp: sycl::queue/event <-> dpctl objects).
execute_process(COMMAND "${Python_EXECUTABLE}" -c "import dpctl; print(dpctl.get_include())"
                OUTPUT_VARIABLE DPCTL_INCLUDE_DIR OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0 OR NOT EXISTS "${DPCTL_INCLUDE_DIR}/dpctl4pybind11.hpp")
  message(FATAL_ERROR "dpctl not found: pip install dpctl")
endif()
message(STATUS "dpctl include: ${DPCTL_INCLUDE_DIR}")
