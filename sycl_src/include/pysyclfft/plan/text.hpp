// Text (kernel names, plan descriptions) built by concatenation and
// std::to_string, not by iostreams: on the NVIDIA machine (g++ 13), an
// `ostream << long` inside the Python extension crashed in the number
// formatting facet, while the same code in a plain program ran (docs/cuda.md).
#pragma once
#include <string>
#include <type_traits>
#include <vector>

namespace pysyclfft::plan {

inline void append_text(std::string& s, const std::string& part) { s += part; }
inline void append_text(std::string& s, const char* part) { s += part; }
inline void append_text(std::string& s, char part) { s += part; }
template <typename N, std::enable_if_t<std::is_arithmetic_v<N>, int> = 0> void append_text(std::string& s, N n) {
  s += std::to_string(n);
}

// concat("n=", 64, " radices ", ...): every part appended in order.
template <typename... Parts> std::string concat(const Parts&... parts) {
  std::string s;
  (append_text(s, parts), ...);
  return s;
}

// "a<sep>b<sep>c" of numbers.
template <typename N> std::string join(const std::vector<N>& values, const char* separator) {
  std::string s;
  for (std::size_t i = 0; i < values.size(); ++i) s += (i ? separator : "") + std::to_string(values[i]);
  return s;
}

}  // namespace pysyclfft::plan
