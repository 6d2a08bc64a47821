#include "integrators/method_properties.hpp"

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
  compare(out, "stiffly_accurate", d.stiffly_accurate, c.stiffly_accurate);
  compare(out, "a_stable", d.a_stable, c.a_stable);
  compare(out, "l_stable", d.l_stable, c.l_stable);
  compare(out, "symplectic", d.symplectic, c.symplectic);
  return out;
}

}  // namespace tibench
