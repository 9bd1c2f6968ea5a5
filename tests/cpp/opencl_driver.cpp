// The CPU device without OCL_ICD_FILENAMES set by hand (tests/test_cpp_driver.py):
// including pysyclfft's header points the OpenCL loader at the wheel's CPU runtime
// before main, unless the user set the variable.
#include <cstdio>
#include <cstdlib>
#include <pysyclfft/dft.hpp>

int main() {
  const char* variable = std::getenv("OCL_ICD_FILENAMES");
  std::printf("OCL_ICD_FILENAMES %s\n", variable ? variable : "(unset)");
  std::printf("set_by_pysyclfft %s\n", pysyclfft::plan::wheel_opencl_cpu_driver.empty() ? "no" : "yes");
  for (const auto& device : sycl::device::get_devices(sycl::info::device_type::cpu))
    std::printf("cpu_device %s\n", device.get_info<sycl::info::device::name>().c_str());
  return 0;
}
