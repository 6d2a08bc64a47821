// The record of a method whose engine is its own code rather than a
// coefficient table (BDF2, the decoupled α-methods, the energy blend, the
// optimization rules): it names the method, declares what its source claims
// and cites the source. The family's entry builder (integrators/methods/families.hpp)
// adds the engine's parameters and computes the properties from the update
// matrix; a declaration that disagrees is refused, as for tableaux.
#pragma once

#include <string_view>

#include "integrators/methods/method_declaration.hpp"

namespace tibench::tableaux {

struct MethodRecord {
  std::string_view id;    // registry id, kebab-case
  std::string_view name;  // human-readable name
  int stages;             // implicit solves (or force evaluations) per step
  MethodDeclaration declared;
  std::string_view citation;
};

}  // namespace tibench::tableaux
