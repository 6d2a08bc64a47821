#include "integrators/methods/method_properties.hpp"

#include <cmath>

namespace tibench {

namespace {

template <class T>
std::string show(const std::optional<T>& v) {
  if (!v) return "n/a";
  if constexpr (std::is_same_v<T, bool>)
    return *v ? "true" : "false";
  else
    return std::to_string(*v);
}

template <class T>
void compare(std::vector<std::string>& out, const char* name, const std::optional<T>& declared,
             const std::optional<T>& computed) {
  if (!declared) return;
  if (!computed || *declared != *computed)
    out.push_back(std::string(name) + ": declared " + show(declared) + ", computed " +
                  show(computed));
}

}  // namespace

std::vector<std::string> declaration_mismatches(const MethodDeclaration& d,
                                                const MethodProperties& c) {
  std::vector<std::string> out;
  compare(out, "order", std::optional<int>(d.order), std::optional<int>(c.order));
  compare(out, "stage_order", d.stage_order, c.stage_order);
  compare(out, "embedded_order", d.embedded_order, c.embedded_order);
  compare(out, "stiffly_accurate", d.stiffly_accurate, c.stiffly_accurate);
  compare(out, "a_stable", d.a_stable, c.a_stable);
  compare(out, "l_stable", d.l_stable, c.l_stable);
  compare(out, "symplectic", d.symplectic, c.symplectic);
  if (d.r_inf && !(std::abs(*d.r_inf - c.r_inf) <= kDeclaredRInfTolerance))
    out.push_back("r_inf: declared " + std::to_string(*d.r_inf) + ", computed " +
                  std::to_string(c.r_inf));
  return out;
}

}  // namespace tibench
