// What our binary cache stores of one build (binary_cache.hpp), whatever the
// backend: the device binaries, and for each kernel its symbol and binary.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace pysyclfft::plan {

// The device binaries of one build (the runtime may split a build into several
// programs, e.g. 130 kernels into 2), and for each kernel name its symbol (raw
// kernel name) and the image that holds it.
struct NativeBinary {
  std::vector<std::vector<unsigned char>> images;
  std::vector<std::string> symbols;     // one per kernel name, in the build's order
  std::vector<std::uint64_t> image_of;  // index into images, one per kernel name
};

}  // namespace pysyclfft::plan
