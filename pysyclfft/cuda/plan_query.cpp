// SYCL-free planner query for the CUDA layer: prints, one JSON object per line,
// the kernel parameters plan/kernel_params.hpp chooses and the long-double
// twiddle table of plan/twiddles.hpp, so Python never re-derives either.
//   plan_query plan <local_mem_bytes> <max_group_size> <float|double> <n>...
//   plan_query explicit <float|double> <threads> <per_group> <radix>...   (for sweeps)
// Twiddles are interleaved (re, im) C99 hex floats: exact for both precisions.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "pysyclfft/plan/entry_points.hpp"
#include "pysyclfft/plan/twiddles.hpp"

namespace {

using namespace pysyclfft::plan;

template <typename T> void print_twiddles(const std::vector<int>& radices) {
  std::printf("\"twiddles\": [");
  const char* sep = "";
  for (const auto& w : stockham_twiddles<T>(radices)) {
    std::printf("%s\"%a\", \"%a\"", sep, double(w.real()), double(w.imag()));
    sep = ", ";
  }
  std::printf("]");
}

void print_twiddles(Precision p, const std::vector<int>& radices) {
  if (p == Precision::f32) print_twiddles<float>(radices);
  else print_twiddles<double>(radices);
}

void print_radices(const std::vector<int>& radices) {
  std::printf("\"radices\": [");
  for (std::size_t i = 0; i < radices.size(); ++i) std::printf(i ? ", %d" : "%d", radices[i]);
  std::printf("]");
}

void print_plan(const C2CKernelParams& k) {
  std::printf("{\"n\": %lld, ", static_cast<long long>(k.n));
  print_radices(k.radices);
  if (!k.radices.empty()) {
    std::printf(", \"threads\": %d, \"per_group\": %d, \"local_bytes\": %zu, ", k.threads, k.per_group,
                k.local_bytes());
    std::printf("\"forward\": \"%s\", \"backward\": \"%s\", ", cuda_c2c_kernel_name(k, -1).c_str(), cuda_c2c_kernel_name(k, 1).c_str());
    print_twiddles(k.precision, k.radices);
  }
  std::printf("}\n");
}

bool parse_precision(const char* s, Precision* p) {
  if (std::strcmp(s, "float") == 0) *p = Precision::f32;
  else if (std::strcmp(s, "double") == 0) *p = Precision::f64;
  else return false;
  return true;
}

int usage() {
  std::fprintf(stderr,
               "usage: plan_query plan <local_mem_bytes> <max_group_size> <float|double> <n>...\n"
               "       plan_query explicit <float|double> <threads> <per_group> <radix>...\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  Precision p;
  if (argc >= 6 && std::strcmp(argv[1], "plan") == 0 && parse_precision(argv[4], &p)) {
    DeviceLimits dev;
    dev.local_mem_bytes = std::strtoull(argv[2], nullptr, 10);
    dev.max_group_size = std::strtoull(argv[3], nullptr, 10);
    dev.is_cpu = false;
    for (int i = 5; i < argc; ++i) {
      const std::int64_t n = std::strtoll(argv[i], nullptr, 10);
      print_plan(choose_c2c_params(n, p, dev, 2, KernelRole::nvrtc));
    }
    return 0;
  }
  if (argc >= 6 && std::strcmp(argv[1], "explicit") == 0 && parse_precision(argv[2], &p)) {
    C2CKernelParams k;
    k.precision = p;
    k.threads = std::atoi(argv[3]);
    k.per_group = std::atoi(argv[4]);
    k.n = 1;
    for (int i = 5; i < argc; ++i) {
      k.radices.push_back(std::atoi(argv[i]));
      k.n *= k.radices.back();
    }
    print_plan(k);
    return 0;
  }
  return usage();
}
