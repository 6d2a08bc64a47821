// `tibench export`: a registry entry as a method file (integrators/methods/method_file.hpp).
#include "core/parameters.hpp"
#include "core/toml_input.hpp"
#include "integrators/methods/method_file.hpp"

namespace tibench {

namespace {

std::string toml_string(const std::string& s) {
  std::string out = "\"";
  for (char ch : s) {
    if (ch == '"' || ch == '\\')
      out += std::string("\\") + ch;
    else if (ch == '\n')
      out += "\\n";
    else
      out += ch;
  }
  return out + "\"";
}

std::string coefficient_text(const NamedCoefficients& c) {
  auto row = [&](Eigen::Index i) {
    std::string out = "[";
    for (Eigen::Index j = 0; j < c.value.cols(); ++j)
      out += (j ? ", " : "") + format_real(c.value(i, j));
    return out + "]";
  };
  if (c.is_vector) {
    std::string out = c.name + " = [";
    for (Eigen::Index i = 0; i < c.value.rows(); ++i)
      out += (i ? ", " : "") + format_real(c.value(i, 0));
    return out + "]\n";
  }
  std::string out = c.name + " = [\n";
  for (Eigen::Index i = 0; i < c.value.rows(); ++i) out += "  " + row(i) + ",\n";
  return out + "]\n";
}

std::string declaration_text(const MethodDeclaration& d) {
  std::string out = "[declared]\norder = " + std::to_string(d.order) + "\n";
  auto integer = [&](const char* key, const std::optional<int>& v) {
    if (v) out += std::string(key) + " = " + std::to_string(*v) + "\n";
  };
  auto boolean = [&](const char* key, const std::optional<bool>& v) {
    if (v) out += std::string(key) + " = " + (*v ? "true" : "false") + "\n";
  };
  integer("stage_order", d.stage_order);
  integer("embedded_order", d.embedded_order);
  boolean("stiffly_accurate", d.stiffly_accurate);
  boolean("a_stable", d.a_stable);
  boolean("l_stable", d.l_stable);
  boolean("symplectic", d.symplectic);
  if (d.r_inf) out += "r_inf = " + format_real(*d.r_inf) + "\n";
  return out;
}

}  // namespace

std::string exported_id(const IntegratorInfo& info) { return info.id + "-file"; }

std::string method_file_text(const IntegratorInfo& info) {
  if (info.coefficients.empty())
    throw InputError("integrator '" + info.id + "' (family " + info.family +
                     ") is defined by its code, not a coefficient table (accepted: integrators "
                     "of the families " +
                     toml_input::comma_list(method_file_families()) + ")");
  std::string out = "# Method file (docs/method-files.md), written by `tibench export " + info.id +
                    "`\n# from the compiled registry. The coefficients carry 17 significant "
                    "digits and read\n# back as the same doubles; digits = 16: exact to double "
                    "precision.\n";
  for (const ParamSpec& spec : info.param_specs)
    if (spec.name == "theta")
      out +=
          "# The tableau at the family's default " + spec.name + " = " + spec.default_value + ".\n";
  out += "# A file may not take a registry id: the copy is " + exported_id(info) + ".\n";
  out += "id = " + toml_string(exported_id(info)) + "\nname = " + toml_string(info.name) +
         "\nfamily = " + toml_string(info.family) + "\ncitation = " + toml_string(info.citation) +
         "\ndigits = 16\n\n[coefficients]\n";
  for (const NamedCoefficients& c : info.coefficients) out += coefficient_text(c);
  return out + "\n" + declaration_text(info.declared);
}

}  // namespace tibench
