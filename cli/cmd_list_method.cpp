// `tibench list file:PATH`: the load report of a method file — the precision
// its coefficients were judged at, the residual of the order conditions per
// order against the threshold, and every property declared beside computed.
// A file that fails to load never gets here: its InputError is the report.
#include <cmath>
#include <cstdio>
#include <iostream>

#include "cli/integrator_json.hpp"
#include "core/parameters.hpp"
#include "integrators/analysis/rooted_trees.hpp"
#include "integrators/methods/method_file.hpp"

namespace tibench::cli {

namespace {

using Json = nlohmann::ordered_json;

Json declaration_json(const MethodDeclaration& d) {
  return {{"order", d.order},
          {"stage_order", optional_json(d.stage_order)},
          {"embedded_order", optional_json(d.embedded_order)},
          {"stiffly_accurate", optional_json(d.stiffly_accurate)},
          {"a_stable", optional_json(d.a_stable)},
          {"l_stable", optional_json(d.l_stable)},
          {"symplectic", optional_json(d.symplectic)},
          {"r_inf", optional_json(d.r_inf)}};
}

Json load_report_json(const MethodFile& f) {
  const MethodProperties& p = f.info.computed();
  Json j = integrator_json(f.info);
  j["embedded_order"] = optional_json(p.embedded_order);
  j["method_file"] = {{"path", f.path},
                      {"digits", f.digits},
                      {"digits_source", f.digits_source},
                      {"precision", p.coefficient_precision},
                      {"order_safety", kOrderSafety},
                      {"order_threshold", kOrderSafety * p.coefficient_precision},
                      {"declared", declaration_json(f.info.declared)}};
  return j;
}

std::string shown(const Json& v) {
  if (v.is_null()) return "-";
  if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  if (v.is_number()) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v.get<double>());
    return buf;
  }
  return v.is_string() ? v.get<std::string>() : v.dump();
}

void print_order_evidence(const Json& j) {
  const Json& mf = j["method_file"];
  const double threshold = mf["order_threshold"].get<double>();
  std::printf(
      "order conditions: max |r(t)| / (p S(t)) over the trees of order p, holding when "
      "<= %g (%g x precision)\n",
      threshold, kOrderSafety);
  if (!j.contains("order_residuals")) return;
  int p = 0;
  for (const auto& r : j["order_residuals"]) {
    ++p;
    const double value = r.get<double>();
    std::printf("  order %d: %10.3e  %s\n", p, value, value <= threshold ? "holds" : "fails");
  }
}

void print_load_report(const Json& j) {
  const Json& mf = j["method_file"];
  std::printf("method file %s: %s (%s), family %s, %d stages\n",
              mf["path"].get<std::string>().c_str(), j["id"].get<std::string>().c_str(),
              j["name"].get<std::string>().c_str(), j["family"].get<std::string>().c_str(),
              j["stages"].get<int>());
  std::printf("citation: %s\n", j["citation"].get<std::string>().c_str());
  std::printf("coefficient digits: %d, %s; precision %.3g\n", mf["digits"].get<int>(),
              mf["digits_source"].get<std::string>().c_str(), mf["precision"].get<double>());
  print_order_evidence(j);
  const Json& d = mf["declared"];
  const std::vector<std::tuple<const char*, Json, Json>> rows = {
      {"order", d["order"], j["order_computed"]},
      {"stage order", d["stage_order"], j["stage_order"]},
      {"embedded order", d["embedded_order"], j["embedded_order"]},
      {"stiffly accurate", d["stiffly_accurate"], j["stiffly_accurate"]},
      {"A-stable", d["a_stable"], j["a_stable"]},
      {"L-stable", d["l_stable"], j["l_stable"]},
      {"R(inf)", d["r_inf"], j["r_inf"]},
      {"A(alpha) [deg]", Json(nullptr), j["a_alpha_deg"]},
      {"symplectic", d["symplectic"], j["symplectic"]},
  };
  std::printf("%-18s %-10s %s\n", "property", "declared", "computed");
  for (const auto& [name, declared, computed] : rows)
    std::printf("%-18s %-10s %s\n", name, shown(declared).c_str(), shown(computed).c_str());
  std::printf("every declared property agrees with the computed one\n");
}

}  // namespace

int list_method_file(const std::string& id, const std::string& format) {
  if (format != "text" && format != "json")
    throw InputError("invalid --format " + format + " for a method file (accepted: text, json)");
  const MethodFile* file = method_file_of(id);
  const Json j = load_report_json(*file);
  if (format == "json")
    std::cout << j.dump(2) << "\n";
  else
    print_load_report(j);
  return 0;
}

}  // namespace tibench::cli
