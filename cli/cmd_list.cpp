// `tibench list`: the integrator, problem and claim registries as a text
// table, JSON or Markdown. The formats render the same records (an
// integrator's JSON object, a parameter's display row), so they cannot
// disagree; the Markdown output is the committed pages docs/integrators.md,
// docs/problems.md and docs/claims.md (`make docs`).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "claims/ledger.hpp"
#include "claims/protocol.hpp"
#include "cli/commands.hpp"
#include "cli/integrator_json.hpp"
#include "integrators/methods/method_file.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/registry.hpp"
#include "problems/scenes/scene_file.hpp"

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

// A parameter as the text and Markdown listings show it. Real defaults print
// in their shortest form (0.6, not the canonical 0.59999999999999998 that
// provenance records keep).
struct ParamRow {
  std::string name, shown_default, accepted, description;
};

std::vector<ParamRow> param_rows(const std::vector<ParamSpec>& specs) {
  std::vector<ParamRow> rows;
  for (const auto& s : specs) {
    double x = 0;
    const std::string shown = s.kind == ParamKind::real && parse_real(s.default_value, x)
                                  ? number_text(x)
                                  : s.default_value;
    std::string accepted;
    if (s.range) accepted = s.range->text(s.name);
    for (const auto& c : s.choices) accepted += (accepted.empty() ? "one of " : ", ") + c;
    if (accepted.empty())
      accepted = "any " + std::string(s.kind == ParamKind::path ? "file" : "value");
    rows.push_back({s.name, shown, accepted, s.description});
  }
  return rows;
}

// One line per parameter: name, default, accepted values and meaning.
std::string params_text(const std::vector<ParamSpec>& specs) {
  std::string out;
  for (const auto& r : param_rows(specs))
    out += "    " + r.name + " = " + r.shown_default + "  [" + r.accepted + "]  " + r.description +
           "\n";
  return out;
}

using ParamGroups = std::vector<std::pair<std::vector<ParamSpec>, std::vector<std::string>>>;

bool contains_param(const std::vector<ParamSpec>& specs, const ParamSpec& s) {
  return std::any_of(specs.begin(), specs.end(),
                     [&](const ParamSpec& t) { return params_text({t}) == params_text({s}); });
}

// The parameters of `lists` that every list has.
std::vector<ParamSpec> common_params(const std::vector<std::vector<ParamSpec>>& lists) {
  std::vector<ParamSpec> common;
  if (lists.empty()) return common;
  for (const auto& s : lists.front())
    if (std::all_of(lists.begin(), lists.end(), [&](auto& l) { return contains_param(l, s); }))
      common.push_back(s);
  return common;
}

std::vector<ParamSpec> without(const std::vector<ParamSpec>& specs,
                               const std::vector<ParamSpec>& leave_out) {
  std::vector<ParamSpec> kept;
  for (const auto& s : specs)
    if (!contains_param(leave_out, s)) kept.push_back(s);
  return kept;
}

// The parameters every integrator has (the contact corrector's options).
std::vector<ParamSpec> universal_integrator_params() {
  std::vector<std::vector<ParamSpec>> lists;
  for (const auto& i : integrator_registry()) lists.push_back(i.param_specs);
  return common_params(lists);
}

// Beyond those, the parameters every integrator with more has (the Newton options).
std::vector<ParamSpec> shared_integrator_params() {
  const std::vector<ParamSpec> universal = universal_integrator_params();
  std::vector<std::vector<ParamSpec>> lists;
  for (const auto& i : integrator_registry())
    if (auto own = without(i.param_specs, universal); !own.empty()) lists.push_back(own);
  return common_params(lists);
}

// Integrators share most parameters (every implicit one has the Newton
// options): each distinct parameter list appears once, under its ids. The
// parameters in `leave_out` are removed from every list first; integrators
// left with none are not listed.
ParamGroups integrator_param_groups(const std::vector<ParamSpec>& leave_out = {}) {
  ParamGroups groups;
  std::vector<std::string> texts;
  for (const auto& i : integrator_registry()) {
    const std::vector<ParamSpec> specs = without(i.param_specs, leave_out);
    if (specs.empty()) continue;
    const std::string text = params_text(specs);
    const auto g = std::find(texts.begin(), texts.end(), text);
    if (g == texts.end()) {
      texts.push_back(text);
      groups.push_back({specs, {i.id}});
    } else {
      groups[g - texts.begin()].second.push_back(i.id);
    }
  }
  return groups;
}

// Whether the integrator takes contact constraints and friction after its
// stage solves, by building its stepper for a particle against the ground
// (integrators/engines/contact_support.hpp): the refusal's reason, "" if it takes it.
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

}  // namespace

// The record every format of `list integrators` renders.
Json integrator_json(const IntegratorInfo& i) {
  const MethodProperties& p = i.computed();
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
  if (!p.order_residuals.empty()) {  // the evidence behind an order from order conditions
    j["coefficient_precision"] = p.coefficient_precision;
    j["order_residuals"] = p.order_residuals;
  }
  // A(α) from the scalar stability function, where the method has one.
  if (i.stability_function) {
    const double alpha = a_alpha_degrees(*i.stability_function);
    j["a_alpha_deg"] = std::isnan(alpha) ? Json(nullptr) : Json(alpha);
  } else {
    j["a_alpha_deg"] = nullptr;
  }
  j["symplectic"] = optional_json(p.symplectic);
  j["contact"] = contact_json(i);
  j["citation"] = i.citation;
  j["parameters"] = params_json(i.param_specs);
  return j;
}

namespace {

Json integrator_records() {
  Json out = Json::array();
  for (const auto& i : integrator_registry()) out.push_back(integrator_json(i));
  return out;
}

std::string yes_no(const Json& b) { return b.is_null() ? "-" : (b.get<bool>() ? "yes" : "no"); }
std::string int_or_dash(const Json& n) { return n.is_null() ? "-" : std::to_string(n.get<int>()); }

// R(∞) as the text table prints it (%.3g; "inf", "nan" when not a number).
std::string r_inf_text(const Json& r, int width) {
  char buf[64];
  if (r.is_number())
    std::snprintf(buf, sizeof buf, "%*.3g", width, r.get<double>());
  else
    std::snprintf(buf, sizeof buf, "%*s", width, r.is_null() ? "nan" : "inf");
  return buf;
}

void print_integrators_text(const Json& records) {
  std::printf("%-20s %-15s %6s %5s %5s %4s %3s %3s %10s %4s %10s %8s\n", "id", "family", "stages",
              "order", "stage", "SA", "A", "L", "R(inf)", "symp", "constraint", "friction");
  for (const auto& j : records) {
    std::printf("%-20s %-15s %6d %5d %5s %4s %3s %3s %s %4s %10s %8s\n",
                j["id"].get<std::string>().c_str(), j["family"].get<std::string>().c_str(),
                j["stages"].get<int>(), j["order_computed"].get<int>(),
                int_or_dash(j["stage_order"]).c_str(), yes_no(j["stiffly_accurate"]).c_str(),
                yes_no(j["a_stable"]).c_str(), yes_no(j["l_stable"]).c_str(),
                r_inf_text(j["r_inf"], 10).c_str(), yes_no(j["symplectic"]).c_str(),
                j["contact"]["constraint"].get<bool>() ? "yes" : "no",
                j["contact"]["friction"].get<bool>() ? "yes" : "no");
  }
  std::printf("\nparameters (name = default  [accepted]  meaning):\n");
  for (const auto& [specs, ids] : integrator_param_groups()) {
    std::string names;
    for (const auto& id : ids) names += (names.empty() ? "" : ", ") + id;
    std::printf("\n%s:\n%s", names.c_str(), params_text(specs).c_str());
  }
}

// --- Markdown ---

// Free text in a table cell: characters that Markdown would read as table
// borders, emphasis, code, math or HTML are escaped. An underscore inside a
// word (newton_tol) and a '<' that cannot open a tag (x < 1) are left as
// they are, so that the page stays readable as plain text.
std::string md_text(const std::string& s) {
  auto alnum = [&](std::size_t k) {
    return k < s.size() && std::isalnum(static_cast<unsigned char>(s[k]));
  };
  std::string out;
  for (std::size_t k = 0; k < s.size(); ++k) {
    const char c = s[k];
    const bool tag = c == '<' && k + 1 < s.size() &&
                     (std::isalpha(static_cast<unsigned char>(s[k + 1])) ||
                      std::string_view("/!?").find(s[k + 1]) != std::string_view::npos);
    const bool emphasis = c == '_' && !(k > 0 && alnum(k - 1) && alnum(k + 1));
    if (tag)
      out += "&lt;";
    else if (emphasis || std::string_view("\\|*`~$").find(c) != std::string_view::npos)
      out += std::string("\\") + c;
    else
      out += c;
  }
  return out;
}

std::string md_code(const std::string& s) {
  if (s.empty()) return "(empty)";
  std::string escaped;
  for (char c : s) escaped += c == '|' ? std::string("\\|") : std::string(1, c);
  return "`" + escaped + "`";
}

std::string md_table(const std::vector<std::string>& header,
                     const std::vector<std::vector<std::string>>& body) {
  auto row = [](const std::vector<std::string>& cells) {
    std::string s = "|";
    for (const auto& c : cells) s += " " + c + " |";
    return s + "\n";
  };
  std::string out = row(header) + "|";
  for (std::size_t k = 0; k < header.size(); ++k) out += "---|";
  out += "\n";
  for (const auto& line : body) out += row(line);
  return out + "\n";
}

std::string md_generated_note(const std::string& what) {
  return "<!-- Generated by `tibench list " + what +
         " --format md` (make docs). Do not edit by hand. -->\n\n";
}

std::string md_params(const std::vector<ParamSpec>& specs) {
  std::vector<std::vector<std::string>> body;
  for (const auto& r : param_rows(specs))
    body.push_back(
        {md_code(r.name), md_code(r.shown_default), md_text(r.accepted), md_text(r.description)});
  return md_table({"parameter", "default", "accepted", "meaning"}, body);
}

// A(α) in degrees; "-" without a scalar stability function or when even
// the negative real axis is not stable.
std::string alpha_text(const Json& j) {
  if (j["a_alpha_deg"].is_null()) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g°", j["a_alpha_deg"].get<double>());
  return buf;
}

std::string md_properties(const Json& records) {
  std::vector<std::vector<std::string>> body;
  for (const auto& j : records) {
    std::string r_inf = r_inf_text(j["r_inf"], 0);
    if (j["r_inf"].is_null()) r_inf = "-";
    body.push_back({md_code(j["id"].get<std::string>()), md_code(j["family"].get<std::string>()),
                    std::to_string(j["stages"].get<int>()),
                    std::to_string(j["order_computed"].get<int>()),
                    md_text(j["order_source"].get<std::string>()), int_or_dash(j["stage_order"]),
                    yes_no(j["stiffly_accurate"]), yes_no(j["a_stable"]), yes_no(j["l_stable"]),
                    alpha_text(j), r_inf, md_text(j["stability_source"].get<std::string>()),
                    yes_no(j["symplectic"]), j["contact"]["constraint"].get<bool>() ? "yes" : "no",
                    j["contact"]["friction"].get<bool>() ? "yes" : "no"});
  }
  return md_table({"id", "family", "stages", "order", "order source", "stage order",
                   "stiffly accurate", "A-stable", "L-stable", "A(α)", "R(∞)", "stability source",
                   "symplectic", "constraint contact", "friction"},
                  body);
}

// Why an integrator refuses constraint contact or friction: the message of
// its first refusal (friction is refused for the same reason when
// constraint contact is).
std::string md_contact_refusals(const Json& records) {
  std::vector<std::vector<std::string>> body;
  for (const auto& j : records) {
    const Json& c = j["contact"];
    if (c["constraint"].get<bool>() && c["friction"].get<bool>()) continue;
    const bool constraint = !c["constraint"].get<bool>();
    const std::string message =
        (constraint ? c["constraint_refusal"] : c["friction_refusal"]).get<std::string>();
    body.push_back({md_code(j["id"].get<std::string>()),
                    constraint ? (c["friction"].get<bool>() ? "constraint contact"
                                                            : "constraint contact, friction")
                               : "friction",
                    md_text(message)});
  }
  return md_table({"id", "refuses", "message (for `particle-drop`)"}, body);
}

std::string id_list(const std::vector<std::string>& ids) {
  std::string out;
  for (const auto& id : ids) out += (out.empty() ? "" : ", ") + md_code(id);
  return out;
}

// The parameters every integrator has, then those every integrator with
// more has, then each distinct list of the others once, under its ids.
std::string md_integrator_params() {
  std::string out =
      "## Parameters\n\nSet with `--iparam name=value` or `params = { ... }` in a matrix.\n\n";
  const std::vector<ParamSpec> universal = universal_integrator_params();
  const std::vector<ParamSpec> shared = shared_integrator_params();
  std::vector<std::string> only_shared, none;
  for (const auto& i : integrator_registry())
    if (without(i.param_specs, universal).empty()) none.push_back(i.id);
  std::string groups;
  for (const auto& [specs, ids] : integrator_param_groups(universal)) {
    const std::vector<ParamSpec> own = without(specs, shared);
    if (own.empty())
      only_shared.insert(only_shared.end(), ids.begin(), ids.end());
    else
      groups += "### " + id_list(ids) + "\n\n" + md_params(own);
  }
  if (!universal.empty())
    out += "### Every integrator\n\nThe QP contact corrector ([contact.md](contact.md)).\n\n" +
           md_params(universal);
  if (!shared.empty()) out += "### Every integrator with more parameters\n\n" + md_params(shared);
  if (!only_shared.empty()) out += "With these parameters only: " + id_list(only_shared) + ".\n\n";
  out += groups;
  if (!none.empty()) out += "No more parameters: " + id_list(none) + ".\n";
  return out;
}

std::string integrators_markdown(const Json& records) {
  std::string out = md_generated_note("integrators") + "# Integrators\n\n" +
                    std::to_string(records.size()) +
                    " methods in the registry (`integrators/methods/registry.cpp`). Every property "
                    "is computed by tibench from the method's coefficients or its update "
                    "matrix (columns *order source*, *stability source*) and checked against "
                    "the method's declaration; \"-\" marks a property the family does not "
                    "define. How they are computed: [methods.md](methods.md).\n\n";
  out += "## Properties\n\n" + md_properties(records);
  out +=
      "## Contact\n\nWhether an integrator takes constraint contact and friction is tested by "
      "building its stepper for a particle on the ground; penalty, IPC and post-process contact "
      "without friction work with every integrator ([contact.md](contact.md)).\n\n" +
      md_contact_refusals(records);
  std::vector<std::vector<std::string>> names;
  for (const auto& j : records)
    names.push_back({md_code(j["id"].get<std::string>()), md_text(j["name"].get<std::string>()),
                     md_text(j["citation"].get<std::string>())});
  out += "## Names and sources\n\n" + md_table({"id", "name", "citation"}, names);
  return out + md_integrator_params();
}

std::string problems_markdown() {
  const auto& problems = problem_registry();
  std::string out = md_generated_note("problems") + "# Problems\n\n" +
                    std::to_string(problems.size()) +
                    " problems in the registry (`problems/problem_list.hpp`). Each file "
                    "`problems/catalog/<name>.cpp` opens with the equations, the invariants, the "
                    "sources and the choices made where a paper is silent. Parameters are set "
                    "with `--param name=value` or `params = { ... }` in a matrix.\n\n";
  std::vector<std::vector<std::string>> summary;
  for (const auto& p : problems) summary.push_back({md_code(p.id), md_text(p.summary)});
  out += md_table({"id", "summary"}, summary);
  for (const auto& p : problems) out += "## " + md_code(p.id) + "\n\n" + md_params(p.param_specs());
  return out;
}

// A claim's statement with its definition or stand-in note.
std::string claim_cell(const ClaimCheck& c) {
  std::string cell = md_text(c.statement);
  if (!c.definition.empty()) cell += " *(definition, not tallied: " + md_text(c.definition) + ")*";
  if (c.stand_in)
    cell += " *(stand-in, at most inconclusive: the claim rests on " +
            md_text(c.stand_in->rests_on) + "; " + md_text(c.stand_in->lacks) + ")*";
  if (const std::string flip = claims::flip_line(c); !flip.empty())
    cell += " *(" + md_text(flip) + ")*";
  return cell;
}

std::string claims_markdown() {
  const auto& claims = claim_registry();
  std::string out = md_generated_note("claims") + "# Claims\n\n" + std::to_string(claims.size()) +
                    " claim checks in the ledger (`claims/`), grouped by paper. "
                    "`tibench verify` computes their verdicts with the measured values; "
                    "`make run` writes them to `results/claims.md`. Every verdict is pinned, "
                    "with its reason, in `claims/<paper>/expected_verdicts.toml`: `make test` "
                    "fails when a claim's fast-mode verdict differs from its pin, and `make "
                    "run` lists the full ledger's differences (`tibench verify --expected`).\n\n";
  for (std::size_t k = 0; k < claims.size();) {
    const std::string& paper = claims[k].paper;
    std::vector<std::vector<std::string>> body;
    for (; k < claims.size() && claims[k].paper == paper; ++k)
      body.push_back({md_code(claims[k].id), claim_cell(claims[k])});
    out += "## " + md_text(paper) + "\n\n" + md_table({"id", "statement"}, body);
  }
  return out;
}

int list_integrators(const std::string& format) {
  const Json records = integrator_records();
  if (format == "json")
    std::cout << records.dump(2) << "\n";
  else if (format == "md")
    std::cout << integrators_markdown(records);
  else
    print_integrators_text(records);
  return 0;
}

int list_problems(const std::string& format) {
  if (format == "json") {
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
  } else if (format == "md") {
    std::cout << problems_markdown();
  } else {
    for (const auto& p : problem_registry())
      std::printf("%-16s %s\n%s", p.id.c_str(), p.summary.c_str(),
                  params_text(p.param_specs()).c_str());
  }
  return 0;
}

int list_claims(const std::string& format) {
  if (format == "json") {
    Json out = Json::array();
    for (const auto& c : claim_registry())
      out.push_back({{"id", c.id},
                     {"paper", c.paper},
                     {"statement", c.statement},
                     {"definition", c.definition}});
    std::cout << out.dump(2) << "\n";
  } else if (format == "md") {
    std::cout << claims_markdown();
  } else {
    for (const auto& c : claim_registry())
      std::printf("%-16s %s\n%16s %s\n", c.id.c_str(), c.paper.c_str(), "", c.statement.c_str());
  }
  return 0;
}

}  // namespace

int list(const ListOptions& given) {
  ListOptions o = given;
  if (o.what.empty()) {
    std::cerr << "tibench list: integrators (tibench list integrators | problems | claims)\n";
    o.what = "integrators";
  }
  const std::string format = o.json ? "json" : o.format;
  if (o.what == "integrators") return list_integrators(format);
  if (o.what == "problems") return list_problems(format);
  if (o.what.starts_with(kMethodFilePrefix) &&
      is_scene_file(o.what.substr(kMethodFilePrefix.size()))) {
    if (format != "text")
      throw InputError("invalid --format " + format + " for a scene file (accepted: text)");
    std::cout << scene_report(*scene_file_of(o.what));
    return 0;
  }
  if (o.what.starts_with(kMethodFilePrefix)) return list_method_file(o.what, format);
  return list_claims(format);
}

}  // namespace tibench::cli
