// Self-checking run of the C++ planner on the default SYCL device (the CPU
// device in CI; the CUDA device with ONEAPI_DEVICE_SELECTOR=cuda:gpu): c2c plans
// of every algorithm (single kernel, four-step, memory-minimal four-step,
// Rader, Bluestein) and r2c plans, both precisions, against a long-double DFT
// at sampled outputs. Prints one line per case (algorithm, plan time, error)
// and exits 1 if any error exceeds 20 * eps * log2(n).
#include <sycl/sycl.hpp>

#include <chrono>
#include <cmath>
#include <complex>
#include <cstdio>
#include <vector>

#include "pysyclfft/plan/any_c2c_plan.hpp"
#include "pysyclfft/plan/real_line_plan.hpp"

namespace pp = pysyclfft::plan;
using cld = std::complex<long double>;

namespace {

long double input(std::int64_t j, int part) { return std::sin(0.37L * j + part) + 0.25L * ((j * 7 + part) % 5); }

// X[k] of the length-n DFT (sign -1) of input(), real input when `real`.
cld dft_at(std::int64_t n, std::int64_t k, bool real) {
  cld sum = 0;
  const long double pi = std::acos(-1.0L);
  for (std::int64_t j = 0; j < n; ++j) {
    const cld x(input(j, 0), real ? 0.0L : input(j, 1));
    const long double angle = -2 * pi * static_cast<long double>((j * k) % n) / n;
    sum += x * cld(std::cos(angle), std::sin(angle));
  }
  return sum;
}

double elapsed_ms(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// Relative error at up to 48 sampled outputs of transform 0, against the long-double DFT.
template <typename T> double error(const std::vector<std::complex<T>>& got, std::int64_t n, std::int64_t outputs, bool real) {
  long double worst = 0, scale = 0;
  const std::int64_t step = std::max<std::int64_t>(1, outputs / 48);
  for (std::int64_t k = 0; k < outputs; k += step) {
    const cld want = dft_at(n, k, real);
    worst = std::max(worst, std::abs(cld(got[k].real(), got[k].imag()) - want));
    scale = std::max(scale, std::abs(want));
  }
  return double(worst / scale);
}

template <typename T> bool check(sycl::queue& q, std::int64_t n, pp::Memory memory, bool real) {
  const pp::Precision p = sizeof(T) == 4 ? pp::Precision::f32 : pp::Precision::f64;
  const std::int64_t batch = 3, outputs = real ? n / 2 + 1 : n;
  std::vector<T> in_real(std::size_t(n * batch));
  std::vector<std::complex<T>> in(std::size_t(n * batch)), out(std::size_t(outputs * batch));
  for (std::int64_t t = 0; t < batch; ++t)
    for (std::int64_t j = 0; j < n; ++j) {
      in[t * n + j] = {T(input(j, 0)), T(input(j, 1))};
      in_real[t * n + j] = T(input(j, 0));
    }
  const std::size_t in_bytes = real ? in_real.size() * sizeof(T) : in.size() * sizeof(in[0]);
  void* d_in = sycl::malloc_device(in_bytes, q);
  void* d_out = sycl::malloc_device(out.size() * sizeof(out[0]), q);
  q.memcpy(d_in, real ? static_cast<const void*>(in_real.data()) : in.data(), in_bytes).wait();
  const pp::BatchLayout layout{0, 0, 1, 1, batch, n, outputs, 1, 0, 0};
  const auto t0 = std::chrono::steady_clock::now();
  std::string what;
  double plan_ms = 0;
  if (real) {
    pp::RealLinePlan plan(q, pp::RealTransform::r2c, n, p, memory);
    plan_ms = elapsed_ms(t0);
    plan.execute(d_in, d_out, layout, 1.0).wait();
    what = "r2c";
  } else {
    pp::AnyC2CPlan plan(q, n, p, 0, memory);
    plan_ms = elapsed_ms(t0);
    plan.execute(d_in, d_out, layout, true, 1.0).wait();
    what = plan.describe().substr(0, plan.describe().find(';'));
  }
  q.memcpy(out.data(), d_out, out.size() * sizeof(out[0])).wait();
  sycl::free(d_in, q);
  sycl::free(d_out, q);
  const double err = error(out, n, outputs, real);
  const double bound = 20 * std::numeric_limits<T>::epsilon() * std::log2(double(std::max<std::int64_t>(n, 2)));
  const bool ok = err <= bound;
  std::printf("%s n=%lld %s%s: plan %.1f ms, error %.2e (bound %.2e)%s\n", sizeof(T) == 4 ? "f32" : "f64",
              static_cast<long long>(n), what.c_str(), memory == pp::Memory::minimal ? " [minimal]" : "", plan_ms,
              err, bound, ok ? "" : "  FAILED");
  return ok;
}

}  // namespace

int main() {
  sycl::queue q;
  const sycl::device dev = q.get_device();
  const pp::DeviceLimits lim = pp::device_limits(dev);
  std::printf("device %s (version %s): %zu compute units, local memory %zu B, sub-group sizes",
              dev.get_info<sycl::info::device::name>().c_str(), dev.get_info<sycl::info::device::version>().c_str(),
              lim.compute_units, lim.local_mem_bytes);
  for (int s : lim.sub_group_sizes) std::printf(" %d", s);
  std::printf("; team kernels use %d\n", lim.lanes);
  const bool fp64 = dev.has(sycl::aspect::fp64);
  bool ok = true;
  // single kernel, four-step, Rader (a prime with smooth n-1), Bluestein
  for (std::int64_t n : {64, 1000, 4096, 1 << 16, 65537, 4099}) {
    ok = check<float>(q, n, pp::Memory::automatic, false) && ok;
    if (fp64) ok = check<double>(q, n, pp::Memory::automatic, false) && ok;
  }
  ok = check<float>(q, 1 << 16, pp::Memory::minimal, false) && ok;
  for (std::int64_t n : {256, 1 << 15}) ok = check<float>(q, n, pp::Memory::automatic, true) && ok;
  return ok ? 0 : 1;
}
