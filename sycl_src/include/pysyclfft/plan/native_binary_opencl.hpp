// Device binaries of built kernel bundles on OpenCL devices, and kernels made
// back from them (clGetProgramInfo(CL_PROGRAM_BINARIES) / clCreateProgramWithBinary).
// The OpenCL entry points come from the ICD loader the SYCL runtime has already
// loaded (driver_symbols.hpp), so the extension does not link OpenCL.
#pragma once
#include <sycl/sycl.hpp>
#include <sycl/backend/opencl.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "driver_symbols.hpp"
#include "native_binary_format.hpp"

namespace pysyclfft::plan::opencl_binary {

namespace detail {

// The few OpenCL functions we call, or none when no OpenCL loader is present.
struct OpenCL {
  decltype(&clGetProgramInfo) get_program_info = nullptr;
  decltype(&clGetKernelInfo) get_kernel_info = nullptr;
  decltype(&clCreateProgramWithBinary) create_program_with_binary = nullptr;
  decltype(&clBuildProgram) build_program = nullptr;
  decltype(&clCreateKernel) create_kernel = nullptr;
  decltype(&clReleaseKernel) release_kernel = nullptr;
  decltype(&clReleaseProgram) release_program = nullptr;
  decltype(&clReleaseContext) release_context = nullptr;
  bool usable = false;  // every function above found

  static const OpenCL& get() {
    static const OpenCL cl = [] {
      OpenCL c;
      c.usable = open_driver("libOpenCL.so.1", RTLD_LAZY | RTLD_LOCAL, c.get_program_info, "clGetProgramInfo",
                             c.get_kernel_info, "clGetKernelInfo", c.create_program_with_binary,
                             "clCreateProgramWithBinary", c.build_program, "clBuildProgram", c.create_kernel,
                             "clCreateKernel", c.release_kernel, "clReleaseKernel", c.release_program,
                             "clReleaseProgram", c.release_context, "clReleaseContext");
      return c;
    }();
    return cl;
  }
};

}  // namespace detail

inline bool supported(const sycl::device& dev) {
  return dev.get_backend() == sycl::backend::opencl && detail::OpenCL::get().usable;
}

namespace detail {

inline std::optional<std::vector<unsigned char>> program_binary(const OpenCL& cl, cl_program program) {
  size_t size = 0;
  if (cl.get_program_info(program, CL_PROGRAM_BINARY_SIZES, sizeof(size), &size, nullptr) != CL_SUCCESS || size == 0)
    return std::nullopt;
  std::vector<unsigned char> bytes(size);
  unsigned char* data = bytes.data();
  if (cl.get_program_info(program, CL_PROGRAM_BINARIES, sizeof(data), &data, nullptr) != CL_SUCCESS)
    return std::nullopt;
  return bytes;
}

// The program of `kernel` among `programs` (OpenCL handles compare by identity).
inline std::optional<std::size_t> program_index(const OpenCL& cl, cl_kernel kernel,
                                                const std::vector<cl_program>& programs) {
  cl_program program = nullptr;
  if (cl.get_kernel_info(kernel, CL_KERNEL_PROGRAM, sizeof(program), &program, nullptr) != CL_SUCCESS)
    return std::nullopt;
  const auto it = std::find(programs.begin(), programs.end(), program);
  if (it == programs.end()) return std::nullopt;
  return static_cast<std::size_t>(it - programs.begin());
}

}  // namespace detail

// The device binaries of `exe` (built with `names` registered), or nothing when
// the driver does not give them.
inline std::optional<NativeBinary> binary_of(sycl::kernel_bundle<sycl::bundle_state::executable>& exe,
                                             const std::vector<std::string>& names) {
  const auto& cl = detail::OpenCL::get();
  const std::vector<cl_program> programs = sycl::get_native<sycl::backend::opencl>(exe);  // retained for us
  std::optional<NativeBinary> out = NativeBinary{};
  for (cl_program p : programs) {
    auto bytes = detail::program_binary(cl, p);
    if (!bytes) out.reset();
    if (!out) break;
    out->images.push_back(std::move(*bytes));
  }
  for (std::size_t i = 0; out && i < names.size(); ++i) {
    cl_kernel k = sycl::get_native<sycl::backend::opencl>(exe.ext_oneapi_get_kernel(names[i]));  // retained for us
    const auto image = detail::program_index(cl, k, programs);
    cl.release_kernel(k);
    if (!image) out.reset();
    if (!out) break;
    out->symbols.push_back(exe.ext_oneapi_get_raw_kernel_name(names[i]));
    out->image_of.push_back(*image);
  }
  for (cl_program p : programs) cl.release_program(p);
  if (out && out->images.empty()) out.reset();
  return out;
}

// Kernels of `bin` for `dev` in `ctx`, in the order of bin.symbols, or nothing
// when the driver rejects the binary.
inline std::optional<std::vector<sycl::kernel>> kernels_from(const sycl::context& ctx, const sycl::device& dev,
                                                             const NativeBinary& bin) {
  const auto& cl = detail::OpenCL::get();
  cl_context cl_ctx = sycl::get_native<sycl::backend::opencl>(ctx);    // retained for us
  cl_device_id cl_dev = sycl::get_native<sycl::backend::opencl>(dev);  // a root device: not counted
  std::vector<cl_program> programs;
  bool ok = true;
  for (const auto& image : bin.images) {
    const unsigned char* data = image.data();
    const size_t size = image.size();
    cl_int status = CL_SUCCESS, err = CL_SUCCESS;
    cl_program p = cl.create_program_with_binary(cl_ctx, 1, &cl_dev, &size, &data, &status, &err);
    if (p) programs.push_back(p);
    ok = ok && p && err == CL_SUCCESS && status == CL_SUCCESS &&
         cl.build_program(p, 1, &cl_dev, "", nullptr, nullptr) == CL_SUCCESS;
    if (!ok) break;
  }
  std::optional<std::vector<sycl::kernel>> out;
  if (ok) {
    std::vector<sycl::kernel> kernels;
    for (std::size_t i = 0; i < bin.symbols.size() && bin.image_of[i] < programs.size(); ++i) {
      cl_int err = CL_SUCCESS;
      cl_kernel k = cl.create_kernel(programs[bin.image_of[i]], bin.symbols[i].c_str(), &err);
      if (err != CL_SUCCESS) break;
      kernels.push_back(sycl::make_kernel<sycl::backend::opencl>(k, ctx));  // retains k
      cl.release_kernel(k);
    }
    if (kernels.size() == bin.symbols.size()) out = std::move(kernels);
  }
  for (cl_program p : programs) cl.release_program(p);  // the kernels keep theirs alive
  cl.release_context(cl_ctx);
  return out;
}

}  // namespace pysyclfft::plan::opencl_binary
