#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "harness/claims/ledger.hpp"
#include "harness/cli/commands.hpp"
#include "integrators/registry.hpp"
#include "problems/registry.hpp"

namespace tibench::cli {

namespace {

using Json = nlohmann::ordered_json;

// A numeric parameter's range: its text and each end (null when absent).
Json range_json(const ParamSpec& s) {
  auto end = [](const std::optional<Range::End>& e) {
    return e ? Json{{"value", e->value}, {"closed", e->closed}} : Json(nullptr);
  };
  return {{"text", s.range->text(s.name)},
          {"lower", end(s.range->lower())},
          {"upper", end(s.range->upper())}};
}

Json params_json(const std::vector<ParamSpec>& specs) {
  Json out = Json::array();
  for (const auto& s : specs) {
    static const char* kinds[] = {"real", "integer", "boolean", "choice", "path"};
    Json p = {{"name", s.name},
              {"kind", kinds[static_cast<int>(s.kind)]},
              {"default", s.default_value},
              {"description", s.description}};
    if (s.range) p["range"] = range_json(s);
    if (!s.choices.empty()) p["choices"] = s.choices;
    out.push_back(p);
  }
  return out;
}

// One line per parameter: name, default, range (or choices) and meaning.
// Real defaults print in their shortest form (0.6, not the canonical
// 0.59999999999999998 that provenance records keep).
std::string params_text(const std::vector<ParamSpec>& specs) {
  std::string out;
  for (const auto& s : specs) {
    double x = 0;
    const std::string shown = s.kind == ParamKind::real && parse_real(s.default_value, x)
                                  ? number_text(x)
                                  : s.default_value;
    std::string accepted;
    if (s.range) accepted = s.range->text(s.name);
    for (const auto& c : s.choices) accepted += (accepted.empty() ? "one of " : ", ") + c;
    out += "    " + s.name + " = " + shown + "  [" +
           (accepted.empty() ? "any " + std::string(s.kind == ParamKind::path ? "file" : "value")
                             : accepted) +
           "]  " + s.description + "\n";
  }
  return out;
}

// Integrators share most parameters (every implicit one has the Newton
// options): each distinct parameter list is printed once, under its ids.
void print_integrator_params() {
  std::vector<std::pair<std::string, std::string>> groups;  // (parameter lines, ids)
  for (const auto& i : integrator_registry()) {
    if (i.param_specs.empty()) continue;
    const std::string text = params_text(i.param_specs);
    auto g = std::find_if(groups.begin(), groups.end(), [&](auto& e) { return e.first == text; });
    if (g == groups.end())
      groups.emplace_back(text, i.id);
    else
      g->second += ", " + i.id;
  }
  std::printf("\nparameters (name = default  [accepted]  meaning):\n");
  for (const auto& [text, ids] : groups) std::printf("\n%s:\n%s", ids.c_str(), text.c_str());
}

template <class T>
Json optional_json(const std::optional<T>& v) {
  return v ? Json(*v) : Json(nullptr);
}

// Whether the integrator takes contact constraints and friction after its
// stage solves, by building its stepper for a particle against the ground
// (integrators/contact_support.hpp): the refusal's reason, "" if it takes it.
std::string contact_refusal(const IntegratorInfo& i, const std::vector<std::string>& params) {
  static const auto constraint = make_problem("particle-drop", {"contact=constraint"});
  static const auto friction = make_problem("particle-drop", {"contact=penalty", "mu=0.5"});
  const Problem& p = params.empty() ? *constraint : *friction;
  try {
    (void)i.make(p, 0.01, integrator_params(i));
    return "";
  } catch (const InputError& e) {
    return e.what();
  }
}

Json contact_json(const IntegratorInfo& i) {
  const std::string constraint = contact_refusal(i, {}), friction = contact_refusal(i, {"mu"});
  Json j = {{"constraint", constraint.empty()}, {"friction", friction.empty()}};
  if (!constraint.empty()) j["constraint_refusal"] = constraint;
  if (!friction.empty()) j["friction_refusal"] = friction;
  return j;
}

Json integrator_json(const IntegratorInfo& i) {
  const MethodProperties& p = i.computed;
  Json j = {{"id", i.id},
            {"family", i.family},
            {"name", i.name},
            {"stages", i.stages},
            {"explicit", i.is_explicit},
            {"order_declared", i.declared.order},
            {"order_computed", p.order},
            {"order_source", p.order_source},
            {"stage_order", optional_json(p.stage_order)},
            {"stiffly_accurate", optional_json(p.stiffly_accurate)},
            {"a_stable", optional_json(p.a_stable)},
            {"l_stable", optional_json(p.l_stable)}};
  // JSON has no infinity: an unbounded R(∞) is the string "inf".
  if (std::isnan(p.r_inf))
    j["r_inf"] = nullptr;
  else if (std::isfinite(p.r_inf))
    j["r_inf"] = p.r_inf;
  else
    j["r_inf"] = "inf";
  j["stability_source"] = p.stability_source;
  j["symplectic"] = optional_json(p.symplectic);
  j["contact"] = contact_json(i);
  j["citation"] = i.citation;
  j["parameters"] = params_json(i.param_specs);
  return j;
}

std::string yes_no(const std::optional<bool>& b) { return b ? (*b ? "yes" : "no") : "-"; }

}  // namespace

int list(const ListOptions& given) {
  ListOptions o = given;
  if (o.what.empty()) {
    std::cerr << "tibench list: integrators (tibench list integrators | problems | claims)\n";
    o.what = "integrators";
  }
  if (o.what == "integrators") {
    if (o.json) {
      Json out = Json::array();
      for (const auto& i : integrator_registry()) out.push_back(integrator_json(i));
      std::cout << out.dump(2) << "\n";
      return 0;
    }
    std::printf("%-20s %-15s %6s %5s %5s %4s %3s %3s %10s %4s %10s %8s\n", "id", "family", "stages",
                "order", "stage", "SA", "A", "L", "R(inf)", "symp", "constraint", "friction");
    for (const auto& i : integrator_registry()) {
      const MethodProperties& p = i.computed;
      std::printf("%-20s %-15s %6d %5d %5s %4s %3s %3s %10.3g %4s %10s %8s\n", i.id.c_str(),
                  i.family.c_str(), i.stages, p.order,
                  p.stage_order ? std::to_string(*p.stage_order).c_str() : "-",
                  yes_no(p.stiffly_accurate).c_str(), yes_no(p.a_stable).c_str(),
                  yes_no(p.l_stable).c_str(), p.r_inf, yes_no(p.symplectic).c_str(),
                  contact_refusal(i, {}).empty() ? "yes" : "no",
                  contact_refusal(i, {"mu"}).empty() ? "yes" : "no");
    }
    print_integrator_params();
    return 0;
  }
  if (o.what == "problems") {
    if (o.json) {
      Json out = Json::array();
      for (const auto& p : problem_registry()) {
        const auto instance = p.make(problem_params(p));
        out.push_back({{"id", p.id},
                       {"summary", p.summary},
                       {"dofs", instance->dofs()},
                       {"dim", instance->dim()},
                       {"exact_solution", instance->has_exact()},
                       {"parameters", params_json(p.param_specs())}});
      }
      std::cout << out.dump(2) << "\n";
      return 0;
    }
    for (const auto& p : problem_registry()) {
      std::printf("%-16s %s\n%s", p.id.c_str(), p.summary.c_str(),
                  params_text(p.param_specs()).c_str());
    }
    return 0;
  }
  // claims
  if (o.json) {
    Json out = Json::array();
    for (const auto& c : claim_registry())
      out.push_back({{"id", c.id}, {"paper", c.paper}, {"statement", c.statement}});
    std::cout << out.dump(2) << "\n";
    return 0;
  }
  for (const auto& c : claim_registry())
    std::printf("%-16s %s\n%16s %s\n", c.id.c_str(), c.paper.c_str(), "", c.statement.c_str());
  return 0;
}

}  // namespace tibench::cli
