// libFuzzer target: the method-file loader (integrators/methods/method_file.hpp) on
// arbitrary text — TOML, coefficient expressions, the family builders and
// their property analysis. Bad input must end in InputError (one line, exit
// code 2); any other exception escapes and libFuzzer reports it as a crash.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/parameters.hpp"
#include "integrators/methods/method_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const tibench::MethodFile f = tibench::parse_method_file(text, "fuzz.toml");
    // An accepted file has finite coefficients (a silent inf or NaN would
    // pass every comparison of the property analysis).
    for (const auto& c : f.info.coefficients)
      if (!c.value.allFinite()) std::abort();
  } catch (const tibench::InputError&) {
  }
  return 0;
}
