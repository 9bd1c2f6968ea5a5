// Device binaries of built kernel bundles, and kernels made back from them,
// through the OpenCL backend (clGetProgramInfo(CL_PROGRAM_BINARIES) /
// clCreateProgramWithBinary). SYCL has no backend-neutral way for bundles built
// from SYCL source: SYCLBIN (ext_oneapi_get_content) rejects free-function
// kernels, and a bundle made from SPIR-V (source_language::spirv) is compiled by
// the driver again in every process. Other backends get nothing here and build.
//
// The OpenCL entry points come from the ICD loader the SYCL runtime has already
// loaded (dlopen of libOpenCL.so.1), so the extension does not link OpenCL.
#pragma once
#include <sycl/sycl.hpp>
#include <sycl/backend/opencl.hpp>

#include <dlfcn.h>

#include <optional>
#include <string>
#include <vector>

namespace pysyclfft::plan {

// A device binary and the symbol (raw kernel name) of each kernel in it.
struct NativeBinary {
  std::vector<unsigned char> bytes;
  std::vector<std::string> symbols;
};

namespace detail {

// The few OpenCL functions we call, or none when no OpenCL loader is present.
struct OpenCL {
  decltype(&clGetProgramInfo) get_program_info = nullptr;
  decltype(&clCreateProgramWithBinary) create_program_with_binary = nullptr;
  decltype(&clBuildProgram) build_program = nullptr;
  decltype(&clCreateKernel) create_kernel = nullptr;
  decltype(&clReleaseKernel) release_kernel = nullptr;
  decltype(&clReleaseProgram) release_program = nullptr;
  decltype(&clReleaseContext) release_context = nullptr;

  bool usable() const {
    return get_program_info && create_program_with_binary && build_program && create_kernel && release_kernel &&
           release_program && release_context;
  }
  static const OpenCL& get() {
    static const OpenCL cl = load();
    return cl;
  }

 private:
  static OpenCL load() {
    OpenCL cl;
    void* lib = dlopen("libOpenCL.so.1", RTLD_LAZY | RTLD_LOCAL);  // never closed: kernels outlive callers
    if (!lib) return cl;
    auto sym = [&](auto& fn, const char* name) { fn = reinterpret_cast<std::decay_t<decltype(fn)>>(dlsym(lib, name)); };
    sym(cl.get_program_info, "clGetProgramInfo");
    sym(cl.create_program_with_binary, "clCreateProgramWithBinary");
    sym(cl.build_program, "clBuildProgram");
    sym(cl.create_kernel, "clCreateKernel");
    sym(cl.release_kernel, "clReleaseKernel");
    sym(cl.release_program, "clReleaseProgram");
    sym(cl.release_context, "clReleaseContext");
    return cl;
  }
};

inline bool native_binaries_supported(const sycl::device& dev) {
  return dev.get_backend() == sycl::backend::opencl && OpenCL::get().usable();
}

}  // namespace detail

// The device binary of `exe` (built from source for `dev` with `names` registered),
// or nothing when the backend does not expose one.
inline std::optional<NativeBinary> native_binary_of(sycl::kernel_bundle<sycl::bundle_state::executable>& exe,
                                                    const sycl::device& dev, const std::vector<std::string>& names) {
  if (!detail::native_binaries_supported(dev)) return std::nullopt;
  const auto& cl = detail::OpenCL::get();
  const std::vector<cl_program> programs = sycl::get_native<sycl::backend::opencl>(exe);  // retained for us
  std::optional<NativeBinary> out;
  if (programs.size() == 1) {
    size_t size = 0;
    if (cl.get_program_info(programs[0], CL_PROGRAM_BINARY_SIZES, sizeof(size), &size, nullptr) == CL_SUCCESS &&
        size > 0) {
      NativeBinary bin{std::vector<unsigned char>(size), {}};
      unsigned char* data = bin.bytes.data();
      if (cl.get_program_info(programs[0], CL_PROGRAM_BINARIES, sizeof(data), &data, nullptr) == CL_SUCCESS) {
        for (const auto& name : names) bin.symbols.push_back(exe.ext_oneapi_get_raw_kernel_name(name));
        out = std::move(bin);
      }
    }
  }
  for (cl_program p : programs) cl.release_program(p);
  return out;
}

// Kernels of `bin` for `dev` in `ctx`, in the order of bin.symbols, or nothing
// when the backend cannot load it (wrong backend, a binary the driver rejects).
inline std::optional<std::vector<sycl::kernel>> kernels_from_native_binary(const sycl::context& ctx,
                                                                           const sycl::device& dev,
                                                                           const NativeBinary& bin) {
  if (!detail::native_binaries_supported(dev)) return std::nullopt;
  const auto& cl = detail::OpenCL::get();
  cl_context cl_ctx = sycl::get_native<sycl::backend::opencl>(ctx);  // retained for us
  cl_device_id cl_dev = sycl::get_native<sycl::backend::opencl>(dev);  // a root device: not counted
  const unsigned char* data = bin.bytes.data();
  const size_t size = bin.bytes.size();
  cl_int status = CL_SUCCESS, err = CL_SUCCESS;
  cl_program program = cl.create_program_with_binary(cl_ctx, 1, &cl_dev, &size, &data, &status, &err);
  std::optional<std::vector<sycl::kernel>> out;
  if (err == CL_SUCCESS && status == CL_SUCCESS && cl.build_program(program, 1, &cl_dev, "", nullptr, nullptr) == CL_SUCCESS) {
    std::vector<sycl::kernel> kernels;
    for (const auto& symbol : bin.symbols) {
      cl_kernel k = cl.create_kernel(program, symbol.c_str(), &err);
      if (err != CL_SUCCESS) break;
      kernels.push_back(sycl::make_kernel<sycl::backend::opencl>(k, ctx));  // retains k
      cl.release_kernel(k);
    }
    if (kernels.size() == bin.symbols.size()) out = std::move(kernels);
  }
  if (program) cl.release_program(program);  // the kernels keep it alive
  cl.release_context(cl_ctx);
  return out;
}

}  // namespace pysyclfft::plan
