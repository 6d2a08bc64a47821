// libFuzzer target: the benchmark-matrix parser (harness/run/matrix.hpp) on
// arbitrary text. Bad input must end in InputError (one line, exit code 2);
// any other exception escapes and libFuzzer reports it as a crash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/parameters.hpp"
#include "harness/run/matrix.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    (void)tibench::parse_matrix(text, "fuzz.toml");
  } catch (const tibench::InputError&) {
  }
  return 0;
}
