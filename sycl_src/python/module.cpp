// Python bindings of the C++ planner and runtime (pysyclfft._core).
// Queues and events cross the boundary as dpctl.SyclQueue / dpctl.SyclEvent.
#include <sycl/sycl.hpp>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "cuda_interop.hpp"
#include "dlpack.hpp"
#include "dpctl4pybind11.hpp"
#include "pysyclfft/plan/any_c2c_plan.hpp"
#include "pysyclfft/plan/copy_rows.hpp"
#include "pysyclfft/plan/nd_plan.hpp"
#include "pysyclfft/plan/table_cache.hpp"

namespace py = pybind11;
using namespace pysyclfft::plan;

namespace {

Precision precision_of(bool is_double) { return is_double ? Precision::f64 : Precision::f32; }

// A device described by its properties (which need not be present), planned for as device_limits's.
DeviceLimits described_device(bool is_cpu, std::size_t local_mem_bytes, std::size_t max_group_size,
                              const std::vector<int>& sub_group_sizes, int simd_doubles = 8) {
  DeviceLimits lim;
  lim.is_cpu = is_cpu;
  lim.simd_doubles = simd_doubles;
  lim.local_mem_bytes = local_mem_bytes;
  lim.max_group_size = max_group_size;
  lim.sub_group_sizes = sub_group_sizes;
  return with_planner_rules(lim);
}

// Python's names of the memory modes (pysyclfft's memory=).
Memory memory_of(const std::string& memory) {
  if (memory == "auto") return Memory::automatic;
  if (memory == "minimal") return Memory::minimal;
  throw std::invalid_argument("pysyclfft: memory must be 'auto' or 'minimal', got '" + memory + "'");
}

BatchLayout make_layout(std::int64_t in_offset, std::int64_t in_stride, std::int64_t out_offset, std::int64_t out_stride,
                        const std::vector<std::int64_t>& counts, const std::vector<std::int64_t>& in_dists,
                        const std::vector<std::int64_t>& out_dists) {
  if (counts.size() > 2 || in_dists.size() != counts.size() || out_dists.size() != counts.size())
    throw std::invalid_argument("pysyclfft: at most two batch dimensions per launch");
  std::vector<BatchDim> dims;
  for (std::size_t i = 0; i < counts.size(); ++i) dims.push_back({counts[i], in_dists[i], out_dists[i]});
  return kernel_layout(in_offset, out_offset, in_stride, out_stride, dims);
}

// The C-ordered numpy arrays of a numpy call (`what`: the binding's name, for
// errors): their data and sizes, the input's row-major layout and the output's
// (the plan's shape).
struct NumpyCall {
  const void* from;
  void* to;
  std::size_t in_bytes, out_bytes;
  ArrayLayout in_layout, out_layout;
};
NumpyCall numpy_call(const NdPlan& p, const py::array& host_in, py::array& host_out, const char* what) {
  if (!(host_in.flags() & host_out.flags() & py::array::c_style))
    throw std::invalid_argument(std::string("pysyclfft: ") + what + " needs C-ordered host arrays");
  const std::vector<std::int64_t> in_shape(host_in.shape(), host_in.shape() + host_in.ndim());
  return {host_in.data(), host_out.mutable_data(),  // mutable_data throws for a read-only array
          std::size_t(host_in.nbytes()), std::size_t(host_out.nbytes()), row_major_layout(in_shape),
          row_major_layout(p.out_shape())};
}

// Runs `work()`, which submits to q and waits, with the GIL released; nothing is
// left pending even when a step throws, so the caller keeps nothing alive for
// the device (no events, no holds).
template <class Work> void run_released(sycl::queue& q, const Work& work) {
  py::gil_scoped_release release;
  try {
    work();
  } catch (...) {
    q.wait();  // what was submitted before the failure may still use the arrays
    throw;
  }
}

// A numpy call's device work in one crossing: the C-ordered `host_in` copied
// into the fresh C-ordered device array `in`, transformed into `out` (C-ordered,
// the plan's output shape; may be `in`), copied back into the C-ordered
// `host_out`, and waited for.
void execute_through_device(const NdPlan& p, sycl::queue& q, const py::array& host_in, std::uintptr_t in,
                            std::uintptr_t out, py::array& host_out, bool forward,
                            const std::vector<sycl::event>& deps) {
  const NumpyCall c = numpy_call(p, host_in, host_out, "execute_host");
  void* device_in = reinterpret_cast<void*>(in);
  void* device_out = reinterpret_cast<void*>(out);
  run_released(q, [&] {
    const sycl::event up = q.memcpy(device_in, c.from, c.in_bytes, deps);
    const sycl::event done = p.execute(device_in, c.in_layout, device_out, c.out_layout, forward, {up});
    q.memcpy(c.to, device_out, c.out_bytes, done).wait_and_throw();
  });
}

// A numpy call on a device that reads host memory (reads_host_memory): the
// C-ordered `host_in` transformed straight into the C-ordered `host_out` (not
// overlapping it, or the same elements: in place), waited for.
void execute_on_host(const NdPlan& p, sycl::queue& q, const py::array& host_in, py::array& host_out, bool forward,
                     const std::vector<sycl::event>& deps) {
  const NumpyCall c = numpy_call(p, host_in, host_out, "execute_on_host");
  if (!reads_host_memory(q.get_device()))
    throw std::invalid_argument("pysyclfft: execute_on_host needs a device that reads host memory");
  const auto* in_begin = static_cast<const char*>(c.from);
  const auto* out_begin = static_cast<const char*>(c.to);
  if (c.from != c.to && in_begin < out_begin + c.out_bytes && out_begin < in_begin + c.in_bytes)
    throw std::invalid_argument("pysyclfft: execute_on_host's arrays overlap without being the same array");
  run_released(q, [&] { p.execute(c.from, c.in_layout, c.to, c.out_layout, forward, deps).wait_and_throw(); });
}

// The values TransformKind (n-D plans) and RealTransform (1-D real lines) share:
// r2c, c2r and the DCT/DST types 1-4, under the same Python names.
template <typename Kind> void bind_real_kinds(py::enum_<Kind> kinds) {
  kinds.value("r2c", Kind::r2c).value("c2r", Kind::c2r);
  kinds.value("dct1", Kind::dct1).value("dct2", Kind::dct2).value("dct3", Kind::dct3).value("dct4", Kind::dct4);
  kinds.value("dst1", Kind::dst1).value("dst2", Kind::dst2).value("dst3", Kind::dst3).value("dst4", Kind::dst4);
}

// The team fields of a kernel the planner probes report (c2c_kernel_params, pass_kernel_params).
py::dict team_dict(const C2CKernelParams& k) {
  py::dict d;
  d["radices"] = k.radices;
  d["threads"] = k.threads;
  d["per_group"] = k.per_group;
  d["buffers"] = k.buffers;
  d["level"] = k.level == Level::work_item ? "work_item" : k.level == Level::sub_group ? "sub_group" : "team";
  return d;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "pysyclfft C++ planner and SYCL runtime";
  // Initialise dpctl's C API table (a function-local static that imports Python
  // modules) now, under the import lock: first done by several threads at once,
  // one would wait on the static's guard holding the GIL the other one needs.
  dpctl::detail::dpctl_capi::get();
  py::register_exception<CompileError>(m, "CompileError", PyExc_RuntimeError);
  pysyclfft::python::register_dlpack(m);
  pysyclfft::python::register_cuda_interop(m);
  py::register_exception<JitToolchainError>(m, "JitToolchainError", PyExc_RuntimeError);

  m.def("set_kernel_include_dir", [](const std::string& d) { KernelCompiler::instance().set_include_dir(d); });
  m.def("kernel_include_dir", [] { return KernelCompiler::instance().include_dir(); });
  m.def("compiled_kernel_count", [] { return KernelCompiler::instance().cached_kernels(); },
        "Kernels held in the in-process cache.");
  m.def("clear_compiled_kernels", [] { KernelCompiler::instance().clear(); },
        "Tests: forget the in-process kernels (plans keep theirs; the disk cache is untouched).");
  m.def("compile_count", [] { return KernelCompiler::instance().builds(); },
        "Run-time compilations done by this process.");
  m.def("set_binary_cache", [](const std::string& dir, std::uintmax_t max_bytes) {
          KernelCompiler::instance().set_binary_cache(dir, max_bytes);
        }, py::arg("dir"), py::arg("max_bytes"),
        "Keep device binaries in `dir` (empty: nowhere), at most `max_bytes` of them.");
  m.def("binary_cache_dir", [] { return KernelCompiler::instance().binary_cache_dir(); });
  m.def("binary_cache_loads", [] { return KernelCompiler::instance().binary_cache_loads(); },
        "Builds this process loaded from the on-disk binary cache instead of compiling.");
  m.def("set_table_cache", [](const std::string& dir, std::uintmax_t max_bytes) {
          TableCache::instance().configure(dir, max_bytes);
        }, py::arg("dir"), py::arg("max_bytes"),
        "Keep host-computed tables (Bluestein, Rader, real/trigonometric maps) in `dir` (empty: nowhere), "
        "at most `max_bytes` of them.");
  m.def("table_cache_dir", [] { return TableCache::instance().dir(); });
  m.def("table_cache_counts", [] {
          const auto c = TableCache::instance().counts();
          return py::dict(py::arg("computed") = c.computed, py::arg("disk_loads") = c.disk_loads,
                          py::arg("memory_hits") = c.memory_hits);
        }, "Tables this process computed, read from disk, and reused from memory.");
  m.def("clear_table_memory", [] { TableCache::instance().clear_memory(); },
        "Forget the in-memory copies of host tables (the disk cache stays).");
  m.def("live_device_tables", [] { return live_device_tables().load(); },
        "Device allocations (twiddle and map tables) held by live plans.");
  m.def("device_allocations",
        [] { return std::make_pair(device_allocations().count.load(), device_allocations().bytes.load()); },
        "(count, bytes) of every device allocation plans have made in this process.");
  m.def(
      "precompile_c2c",
      [](sycl::queue q, const std::vector<std::int64_t>& lengths, bool is_double, std::int64_t max_pass_length,
         const std::string& memory) {
        const Memory m = memory_of(memory);
        py::gil_scoped_release release;
        return precompile_any_c2c(q, lengths, precision_of(is_double), max_pass_length, m);
      },
      py::arg("queue"), py::arg("lengths"), py::arg("is_double"), py::arg("max_pass_length") = 0,
      py::arg("memory") = "auto",
      "Compile the c2c kernels of many lengths in one run-time compilation.");

  const auto submit_copy = [](sycl::queue& q, std::uintptr_t dst, std::uintptr_t src, std::size_t nbytes,
                               const std::vector<sycl::event>& deps) {
    return q.submit([&](sycl::handler& h) {
      h.depends_on(deps);
      h.memcpy(reinterpret_cast<void*>(dst), reinterpret_cast<const void*>(src), nbytes);
    });
  };
  m.def(
      "set_specialization", [](const std::string& mode) { specialization() = parse_specialization(mode); },
      py::arg("mode"), "When new plans get their specialized kernels (plan/background_compiler.hpp).");
  m.def("specialization", [] { return std::string(specialization_name(specialization())); });
  m.def(
      "wait_for_specialized",
      [] {
        py::gil_scoped_release release;
        BackgroundCompiler::instance().wait_idle();
      },
      "Block until the background compiler has run every queued job.");
  m.def("set_announce_generic_builds", [](bool on) { announce_generic_builds() = on; },
        "Whether compiling a generic kernel set prints a line on stderr before and after (plan/generic_sets.hpp).");
  m.def("background_jobs", [] { return BackgroundCompiler::instance().pending(); },
        "Background compile jobs queued or running.");
  m.def("shutdown_background", [] { BackgroundCompiler::instance().prepare_exit(); },
        "Drop queued background compiles and start no more; a running one ends the process at the C exit "
        "(call at process exit, as early as possible: BackgroundCompiler::prepare_exit).");
  m.def(
      "precompile_generic",
      [](sycl::queue q, bool is_double) {
        py::gil_scoped_release release;
        const Precision p = precision_of(is_double);  // silently: precompile reports its own progress
        KernelCompiler& compiler = KernelCompiler::instance();
        return compiler.get(q, kGenericEntryHeader, generic_kernel_names(p)).size() +
               compiler.get(q, kMapPassEntryHeader, generic_map_kernel_names(p)).size();
      },
      py::arg("queue"), py::arg("is_double"),
      "Compile (or load) the generic kernel sets of one precision: the c2c stages and the map passes.");

  m.def(
      "copy_and_wait",
      [submit_copy](sycl::queue q, std::uintptr_t dst, std::uintptr_t src, std::size_t nbytes,
                    const std::vector<sycl::event>& deps) {
        py::gil_scoped_release release;  // no GIL-taking host task: safe with many Python threads
        submit_copy(q, dst, src, nbytes, deps).wait_and_throw();
      },
      py::arg("queue"), py::arg("dst"), py::arg("src"), py::arg("nbytes"), py::arg("deps"),
      "Blocking copy between host memory and USM (either direction).");
  m.def(
      "copy",
      [submit_copy](sycl::queue q, std::uintptr_t dst, std::uintptr_t src, std::size_t nbytes,
                    const std::vector<sycl::event>& deps) {
        py::gil_scoped_release release;
        return submit_copy(q, dst, src, nbytes, deps);
      },
      py::arg("queue"), py::arg("dst"), py::arg("src"), py::arg("nbytes"), py::arg("deps"),
      "Copy between host memory and USM (either direction) without waiting; returns its event. The caller "
      "keeps both sides alive until it completes.");

  m.def(
      "copy_rows",
      [](sycl::queue q, std::uintptr_t src, std::uintptr_t dst, std::int64_t width, std::int64_t rows,
         std::int64_t src_pitch, std::int64_t dst_pitch, bool is_double, const std::vector<sycl::event>& deps) {
        py::gil_scoped_release release;
        return copy_rows(q, precision_of(is_double), reinterpret_cast<const void*>(src), reinterpret_cast<void*>(dst),
                         RowCopy{width, rows, src_pitch, dst_pitch}, deps);
      },
      py::arg("queue"), py::arg("src"), py::arg("dst"), py::arg("width"), py::arg("rows"), py::arg("src_pitch"),
      py::arg("dst_pitch"), py::arg("is_double"), py::arg("deps"),
      "Enqueue a device copy of `rows` rows of `width` complex elements (pitches in elements, pointers to the "
      "first element); returns its event.");

  py::class_<AnyC2CPlan>(m, "C2CPlan")
      .def(py::init([](sycl::queue q, std::int64_t n, bool is_double, std::int64_t max_pass_length,
                       const std::string& memory) {
             const Memory m = memory_of(memory);
             py::gil_scoped_release release;
             return std::make_unique<AnyC2CPlan>(q, n, precision_of(is_double), max_pass_length, m);
           }),
           py::arg("queue"), py::arg("n"), py::arg("is_double"), py::arg("max_pass_length") = 0,
           py::arg("memory") = "auto",
           "max_pass_length > 0 caps the length of each pass (forces multi-pass plans; for tests and tuning). "
           "memory='minimal': no scratch buffer (four-step lengths; in-place passes and transpose).")
      .def(
          "execute",
          [](const AnyC2CPlan& p, std::uintptr_t in, std::uintptr_t out, std::int64_t in_offset, std::int64_t in_stride,
             std::int64_t out_offset, std::int64_t out_stride, const std::vector<std::int64_t>& counts,
             const std::vector<std::int64_t>& in_dists, const std::vector<std::int64_t>& out_dists, bool forward,
             double scale, const std::vector<sycl::event>& deps) {
            const BatchLayout l = make_layout(in_offset, in_stride, out_offset, out_stride, counts, in_dists, out_dists);
            py::gil_scoped_release release;
            return p.execute(reinterpret_cast<const void*>(in), reinterpret_cast<void*>(out), l, forward, scale, deps);
          },
          py::arg("in_ptr"), py::arg("out_ptr"), py::arg("in_offset"), py::arg("in_stride"), py::arg("out_offset"),
          py::arg("out_stride"), py::arg("counts"), py::arg("in_dists"), py::arg("out_dists"), py::arg("forward"),
          py::arg("scale"), py::arg("deps"), "Launch; returns the computation event.")
      .def(
          "wait_specialized",
          [](const AnyC2CPlan& p) {
            py::gil_scoped_release release;
            return p.wait_specialized();
          },
          "Block until the plan runs its specialized kernels; False if they failed to build.")
      .def_property_readonly("is_specialized", &AnyC2CPlan::is_specialized)
      .def_property_readonly("n", &AnyC2CPlan::length)
      .def_property_readonly("workspace_bytes", &AnyC2CPlan::workspace_bytes)
      .def("describe", &AnyC2CPlan::describe);

  bind_real_kinds(py::enum_<TransformKind>(m, "TransformKind").value("c2c", TransformKind::c2c));
  m.def("logical_size", &logical_size, py::arg("kind"), py::arg("n"),
        "The length of the DFT equivalent to the kind's transform of n points (what normalisations divide by).");

  py::class_<NdPlan>(m, "NdPlan")
      .def(py::init([](sycl::queue q, const std::vector<std::int64_t>& shape, const std::vector<std::int64_t>& axes,
                       const std::vector<std::int64_t>& lengths, bool is_double, double forward_scale,
                       double backward_scale, const std::string& memory, TransformKind kind, bool complex_data,
                       bool orthogonalize) {
             NdSpec spec{shape,          axes,           lengths, precision_of(is_double), forward_scale,
                         backward_scale, memory_of(memory), kind, complex_data,           orthogonalize};
             py::gil_scoped_release release;
             return std::make_unique<NdPlan>(std::move(q), std::move(spec));
           }),
           py::arg("queue"), py::arg("shape"), py::arg("axes"), py::arg("lengths"), py::arg("is_double"),
           py::arg("forward_scale"), py::arg("backward_scale"), py::arg("memory") = "auto",
           py::arg("kind") = TransformKind::c2c, py::arg("complex_data") = false, py::arg("orthogonalize") = false,
           "The transform `kind` of arrays of `shape` along `axes` (in that order), the input cropped or "
           "zero-padded to `lengths` (c2r: the real output's); the scales multiply each direction's result. "
           "DCT/DST: complex_data transforms complex arrays as their real and imaginary parts; orthogonalize "
           "is scipy's.")
      .def(
          "execute",
          [](const NdPlan& p, std::uintptr_t in, std::int64_t in_offset, std::vector<std::int64_t> in_strides,
             std::uintptr_t out, std::int64_t out_offset, std::vector<std::int64_t> out_strides, bool forward,
             const std::vector<sycl::event>& deps) {
            const ArrayLayout in_layout{in_offset, std::move(in_strides)}, out_layout{out_offset, std::move(out_strides)};
            py::gil_scoped_release release;
            return p.execute(reinterpret_cast<const void*>(in), in_layout, reinterpret_cast<void*>(out), out_layout,
                             forward, deps);
          },
          py::arg("in_ptr"), py::arg("in_offset"), py::arg("in_strides"), py::arg("out_ptr"), py::arg("out_offset"),
          py::arg("out_strides"), py::arg("forward"), py::arg("deps"),
          "Transform (offsets and strides in elements of each side's type; out may be in with the same layout); "
          "returns one event.")
      .def("execute_on_host", &execute_on_host, py::arg("queue"), py::arg("host_in"), py::arg("host_out"),
           py::arg("forward"), py::arg("deps"),
           "A numpy call where the device reads host memory: host_in transformed into host_out (C-ordered, the "
           "plan's output shape, not overlapping host_in unless it is host_in), waited for.")
      .def("execute_host", &execute_through_device, py::arg("queue"), py::arg("host_in"), py::arg("in_ptr"),
           py::arg("out_ptr"), py::arg("host_out"), py::arg("forward"), py::arg("deps"),
           "A numpy call's device work: host_in to the device (in_ptr), the transform into out_ptr, back into "
           "host_out, waited for (all C-ordered, device arrays at offset 0; out_ptr may be in_ptr).")
      .def_property_readonly("out_shape", &NdPlan::out_shape)
      .def_property_readonly("workspace_bytes", &NdPlan::workspace_bytes)
      .def("describe", &NdPlan::describe);
  m.def(
      "reads_host_memory", [](const sycl::queue& q) { return reads_host_memory(q.get_device()); }, py::arg("queue"),
      "Whether plans on the queue's device transform numpy arrays where they lie (NdPlan.execute_on_host).");
  m.def("clear_line_plans", [] { LinePlanCache::instance().clear(); },
        "Forget the cached 1-D plans (plans in use stay alive).");
  m.def(
      "force_unfused_maps",
      [](bool on) {
        force_unfused_maps() = on;
        LinePlanCache::instance().clear();
      },
      "Tests: run real/trigonometric maps unfused (load pass, FFT, store pass) on every length; empties the 1-D "
      "plan cache so plans are rebuilt.");
  m.def(
      "cap_kernel_group_size",
      [](std::size_t cap) {
        kernel_group_cap() = cap;
        LinePlanCache::instance().clear();
      },
      py::arg("cap"),
      "Tests: treat every kernel as running at most `cap` work-items per group (0: no cap), as registers can "
      "forbid a GPU kernel's planned group; empties the 1-D plan cache so plans are rebuilt.");
  m.def(
      "line_layouts",
      [](const std::vector<std::int64_t>& shape, std::size_t axis, std::int64_t in_offset,
         const std::vector<std::int64_t>& in_strides, std::int64_t out_offset,
         const std::vector<std::int64_t>& out_strides) {
        std::vector<py::tuple> launches;
        for (const BatchLayout& l : line_layouts(shape, axis, {in_offset, in_strides}, {out_offset, out_strides}))
          launches.push_back(py::make_tuple(l.in_offset, l.in_stride, l.out_offset, l.out_stride,
                                            std::vector<std::int64_t>{l.count0, l.count1},
                                            std::vector<std::int64_t>{l.in_dist0, l.in_dist1},
                                            std::vector<std::int64_t>{l.out_dist0, l.out_dist1}));
        return launches;
      },
      "The launches of 1-D kernels along `axis` of strided arrays (plan/line_layouts.hpp): (in_offset, "
      "in_stride, out_offset, out_stride, counts, in_dists, out_dists) each.");

  bind_real_kinds(py::enum_<RealTransform>(m, "RealTransform"));
  m.def(
      "precompile_real",
      [](sycl::queue q, const std::vector<std::pair<RealTransform, std::int64_t>>& jobs, bool is_double) {
        py::gil_scoped_release release;
        std::vector<MapJob> maps;
        for (const auto& [t, n] : jobs) maps.push_back({t, n});
        return RealLinePlan::precompile(q, maps, precision_of(is_double), {});
      },
      "Compile the kernels of many (transform, length) pairs as their plans run them (fused, or load/store "
      "passes and the complex plan between), one run-time compilation per entry point; returns the kernel count.");
  m.def(
      "radix_primes",
      [] {
        std::vector<int> primes{2};
        primes.insert(primes.end(), std::begin(kOddRadices), std::end(kOddRadices));
        return primes;
      },
      "The primes the Stockham kernels have radices for (plan/factorize.hpp): lengths made of them are fastest.");
  m.def(
      "scratch_chunk_elements",
      [](const sycl::queue& q, bool is_double, int buffers) {
        return scratch_chunk_elements(device_limits(q.get_device()), precision_of(is_double), buffers);
      },
      py::arg("queue"), py::arg("is_double"), py::arg("buffers"),
      "Elements per scratch chunk of a plan of this precision whose chunk spans `buffers` scratch buffers, on the\n"
      "queue's device (plan/kernel_params.hpp).");
  m.def(
      "pass_lengths",
      [](std::int64_t n, bool is_double, bool is_cpu, std::size_t local_mem_bytes, std::size_t max_group_size,
         const std::vector<int>& sub_group_sizes, int simd_doubles) {
        const DeviceLimits lim =
            described_device(is_cpu, local_mem_bytes, max_group_size, sub_group_sizes, simd_doubles);
        return planned_pass_lengths(n, precision_of(is_double), lim, 0, Memory::automatic);
      },
      py::arg("n"), py::arg("is_double"), py::arg("is_cpu"), py::arg("local_mem_bytes"), py::arg("max_group_size"),
      py::arg("sub_group_sizes"), py::arg("simd_doubles") = 8,
      "The passes the planner splits a length-n FFT into on a device of these properties (plan/algorithm.hpp), "
      "which need not be present: one length (one kernel), two or three.");
  m.def(
      "c2c_kernel_params",
      [](std::int64_t n, bool is_double, bool is_cpu, std::size_t local_mem_bytes, std::size_t max_group_size,
         const std::vector<int>& sub_group_sizes) {
        const DeviceLimits lim = described_device(is_cpu, local_mem_bytes, max_group_size, sub_group_sizes);
        const C2CKernelParams k = choose_batched_c2c_kernel(n, precision_of(is_double), lim);
        py::dict d = team_dict(k);
        d["pad"] = k.pad;
        d["skew"] = k.skew;
        return d;
      },
      py::arg("n"), py::arg("is_double"), py::arg("is_cpu"), py::arg("local_mem_bytes"), py::arg("max_group_size"),
      py::arg("sub_group_sizes"),
      "The single-kernel c2c kernel the planner picks for length n on a device of these properties "
      "(plan/kernel_params.hpp): radices, team, transforms per group, local buffers, bank pad and skew.");
  m.def(
      "pass_kernel_params",
      [](std::int64_t n, std::int64_t columns, bool rows_in, bool is_double, bool is_cpu,
         std::size_t local_mem_bytes, std::size_t max_group_size, const std::vector<int>& sub_group_sizes,
         int simd_doubles) {
        const DeviceLimits lim = described_device(is_cpu, local_mem_bytes, max_group_size, sub_group_sizes,
                                                  simd_doubles);
        const PassKernelParams k = choose_pass_params(n, precision_of(is_double), lim, columns, rows_in);
        py::dict d = team_dict(k);
        d["interleave"] = k.interleave;
        d["local_bytes"] = k.local_bytes();
        return d;
      },
      py::arg("n"), py::arg("columns"), py::arg("rows_in"), py::arg("is_double"), py::arg("is_cpu"),
      py::arg("local_mem_bytes"), py::arg("max_group_size"), py::arg("sub_group_sizes"), py::arg("simd_doubles") = 8,
      "The kernel of an n-point pass over `columns` neighbouring columns (0: lines), whose input lines are "
      "rows or not, that the planner picks on a device of these properties (simd_doubles: doubles per SIMD "
      "register, native_vector_width_double) (plan/kernel_params.hpp): "
      "radices, team, lines per group, interleave, local buffers and bytes.");
}
