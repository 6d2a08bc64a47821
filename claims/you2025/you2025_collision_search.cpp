// You, Zheng & Li App. E, claims Y-E3 and Y-E3.literal:
// A-search on the one-sided quadratic barrier in the hbar -> infinity limit
// (you2025_collision_runs.hpp has the setup). With α clipped to
// [0, α_max] the printed velocities are v2 = −min(b α_max, 1), v3 = 1 + v2,
// v4 = 1; one or two steps lose energy, α_max does not matter, and bounces
// are only damped; with an assumed incoming speed V > 1 the outgoing
// velocity is still 1. Each statement is evaluated on a grid of phases.
#include <cmath>
#include <map>

#include "claims/you2025/you2025_collision_runs.hpp"
#include "core/errors.hpp"
#include "core/parameters.hpp"

namespace tibench::you2025_collision {
namespace {

constexpr int kSteps = 8;
const std::vector<double> kAlphaMaxes = {1.1, 2.0};
constexpr double kVHigh = 1.5;

// One printed statement evaluated over the runs: the largest violation and
// the number of runs violating it.
struct Statement {
  std::string text;
  double worst = 0;  // the largest deviation (formulas) or 0/1 flags
  int failures = 0, runs = 0;
  double worst_beta = NAN;
  void add(double deviation, double tol, double beta) {
    ++runs;
    if (deviation > worst || std::isnan(deviation)) worst = deviation, worst_beta = beta;
    failures += !(deviation <= tol);
  }
  bool holds() const { return runs > 0 && failures == 0; }
  nlohmann::ordered_json json() const {
    return {{"statement", text},    {"holds", holds()},       {"runs", runs},
            {"failures", failures}, {"max_deviation", worst}, {"worst_beta", worst_beta}};
  }
};

// The V > 1 target, two readings: (a) A-search's target is V^2 H_0 from the
// start (E_0 = c H_0 with c = V^2; H_0 = 1/2 since x0 >= 0), so it already
// searches on the entry step; (b) the entry step is taken with alpha = 1
// and the search with target V^2/2 starts at the first step inside
// the barrier — the reading under which App. E's v2 keeps v1 = -1.
struct Reading {
  std::string name;
  std::string first;  // the integrator of the entry step ("" = a-search)
  Statement v2, v3, v4, only_damp, independent;
};

Reading reading(std::string name, std::string first) {
  const std::string tag = "V = 1.5 (" + name + "): ";
  Reading rd{std::move(name), std::move(first), {}, {}, {}, {}, {}};
  rd.v2.text = tag + "v2 = -min(b alpha_max, V)";
  rd.v3.text = tag + "v3 = max(1 + v2, -V)";
  rd.v4.text = tag + "v4 = 1";
  rd.only_damp.text = tag + "|v_final| <= 1 (only dampening)";
  rd.independent.text =
      tag + "final velocity equals that of V = 1 (independent of the assumed energy)";
  return rd;
}

// Every statement over the phase grid, with the root rule under test.
struct SearchLimit {
  std::string root, other_root;
  double tol = 0;
  Statement v2_1{"V = 1: v2 = -min(b alpha_max, 1)"}, v3_1{"V = 1: v3 = 1 + v2"},
      v4_1{"V = 1: v4 = 1"};
  Statement loss{"V = 1: energy lost on one or two of steps 1-4"},
      normal{"V = 1: H_n = H_0 for n >= 4"};
  Statement amax_free{"V = 1: the final velocity does not depend on alpha_max"};
  Statement damp_1{"V = 1: |v_final| <= 1 (only dampening)"};
  Statement ours_v3{"diagnostic (our limit, not printed): v3 = min(1, alpha_max (1 + v2))"};
  std::vector<Reading> readings = {reading("target_from_start", ""),
                                   reading("entry_step_a1", "a1")};
  std::map<int, int> loss_steps;  // V = 1: runs by their number of steps losing energy
  nlohmann::ordered_json samples = nlohmann::ordered_json::array();
  // The same runs with the other root rule: the largest velocity difference.
  double root_rules_differ = 0;
};

std::vector<std::string> search_params(double amax, double V, const std::string& rule) {
  return {"alpha_min=0", "alpha_max=" + format_real(amax), "energy_scale=" + format_real(V * V),
          "root=" + rule};
}

// A-search from phase b with clip [0, amax], target V^2 H_0 and the rule
// under test; also records how far the other rule's run differs.
Collision search_run(SearchLimit& s, double b, double amax, double V, const std::string& first) {
  Collision c = collide("a-search", b, kSteps, search_params(amax, V, s.root), first);
  const Collision o = collide("a-search", b, kSteps, search_params(amax, V, s.other_root), first);
  for (std::size_t n = 0; n < c.z.size(); ++n)
    s.root_rules_differ = std::max(s.root_rules_differ, std::abs(c.v(n) - o.v(n)));
  return c;
}

// The velocities and alphas of steps 1-5 of a run, for the samples.
void add_steps(nlohmann::ordered_json& sample, const Collision& c) {
  static const char* const v_keys[] = {"v1", "v2", "v3", "v4", "v5"};
  static const char* const alpha_keys[] = {"alpha1", "alpha2", "alpha3", "alpha4", "alpha5"};
  for (std::size_t n = 1; n <= 5; ++n) {
    sample[v_keys[n - 1]] = c.v(n);
    sample[alpha_keys[n - 1]] = c.alpha[n - 1];
  }
}

// The V = 1 statements on one run; returns its final velocity.
double add_v1_run(SearchLimit& s, double b, double amax, bool record) {
  const double tol = s.tol;
  const Collision c = search_run(s, b, amax, 1.0, "");
  s.v2_1.add(std::abs(c.v(2) + std::min(b * amax, 1.0)), tol, b);
  s.v3_1.add(std::abs(c.v(3) - (1 + c.v(2))), tol, b);
  s.v4_1.add(std::abs(c.v(4) - 1), tol, b);
  s.ours_v3.add(std::abs(c.v(3) - std::min(1.0, amax * (1 + c.v(2)))), tol, b);
  const double H0 = c.H(0);
  int lost = 0;
  for (std::size_t n = 1; n <= 4; ++n) lost += c.H(n) < H0 * (1 - tol);
  ++s.loss_steps[lost];
  s.loss.add(lost == 1 || lost == 2 ? 0.0 : 1.0, 0.5, b);
  double after = 0;
  for (std::size_t n = 4; n <= static_cast<std::size_t>(kSteps); ++n)
    after = std::max(after, std::abs(c.H(n) - H0) / H0);
  s.normal.add(after, tol, b);
  const double vf = c.v(static_cast<std::size_t>(kSteps));
  s.damp_1.add(std::max(0.0, std::abs(vf) - 1), tol, b);
  if (record) {
    nlohmann::ordered_json sample = {{"beta", b}, {"alpha_max", amax}, {"V", 1.0}};
    add_steps(sample, c);
    sample["v_final"] = vf;
    s.samples.push_back(sample);
  }
  return vf;
}

// The V > 1 statements of one reading on one run; vf is the V = 1 run's
// final velocity.
void add_high_run(SearchLimit& s, Reading& rd, double b, double amax, double vf, bool record) {
  const double tol = s.tol;
  const Collision d = search_run(s, b, amax, kVHigh, rd.first);
  rd.v2.add(std::abs(d.v(2) + std::min(b * amax, kVHigh)), tol, b);
  rd.v3.add(std::abs(d.v(3) - std::max(1 + d.v(2), -kVHigh)), tol, b);
  rd.v4.add(std::abs(d.v(4) - 1), tol, b);
  const double vfd = d.v(static_cast<std::size_t>(kSteps));
  rd.only_damp.add(std::max(0.0, std::abs(vfd) - 1), tol, b);
  rd.independent.add(std::abs(vfd - vf), tol, b);
  if (record) {
    nlohmann::ordered_json sample = {
        {"beta", b}, {"alpha_max", amax}, {"V", kVHigh}, {"reading", rd.name}};
    add_steps(sample, d);
    sample["v_final"] = vfd;
    s.samples.push_back(sample);
  }
}

SearchLimit search_limit(int n_phases, bool literal, double tol,
                         const std::vector<double>& alpha_maxes) {
  SearchLimit s;
  s.root = literal ? "closest-to-one" : "closest-feasible";
  s.other_root = literal ? "closest-feasible" : "closest-to-one";
  s.tol = tol;
  const std::vector<double> grid = phase_grid(n_phases);
  for (std::size_t j = 0; j < grid.size(); ++j) {
    const double b = grid[j];
    const bool record = j % (grid.size() / 5) == 0;
    std::vector<double> v_final_1;
    for (double amax : alpha_maxes) {
      const double vf = add_v1_run(s, b, amax, record);
      v_final_1.push_back(vf);
      for (Reading& rd : s.readings) add_high_run(s, rd, b, amax, vf, record);
    }
    for (std::size_t k = 1; k < v_final_1.size(); ++k)
      s.amax_free.add(std::abs(v_final_1[k] - v_final_1[0]), tol, b);
  }
  return s;
}

// The statement (text after its first ':') with its largest deviation.
std::string brief(const Statement& s) {
  const std::string t = s.text.substr(s.text.find(':') + 2);
  return t.substr(0, t.find(" (")) + " off by up to " + format_real(s.worst);
}

struct Verdicts {
  bool ok_v1 = false, ok_high = false;
  int held = 0, statements_v1 = 0;  // V = 1 statements holding, of
  std::string summary_v1, summary_high;
  nlohmann::ordered_json v1 = nlohmann::ordered_json::array();
  nlohmann::ordered_json high = nlohmann::ordered_json::object();
};

Verdicts verdicts(const SearchLimit& s) {
  Verdicts out;
  std::vector<const Statement*> v1 = {&s.v2_1, &s.v3_1, &s.v4_1, &s.loss, &s.normal, &s.damp_1};
  // With one cap (a perturbation) 'alpha_max does not matter' has nothing
  // to compare and is not judged.
  if (s.amax_free.runs > 0) v1.insert(v1.begin() + 5, &s.amax_free);
  out.statements_v1 = static_cast<int>(v1.size());
  for (const Statement* st : v1) {
    out.v1.push_back(st->json());
    out.held += st->holds();
    if (!st->holds()) out.summary_v1 += "; fails " + brief(*st);
  }
  out.ok_v1 = out.held == out.statements_v1;
  if (!s.v3_1.holds() && s.ours_v3.holds())
    out.summary_v1 +=
        " (measured v3 = min(1, alpha_max (1 + v2)) to " + format_real(s.ours_v3.worst) + ")";
  // The V > 1 statements count as reproduced if they hold under either reading.
  for (const Reading& rd : s.readings) {
    nlohmann::ordered_json a = nlohmann::ordered_json::array();
    int ok = 0;
    std::string fails;
    for (const Statement* st : {&rd.v2, &rd.v3, &rd.v4, &rd.only_damp, &rd.independent}) {
      a.push_back(st->json());
      ok += st->holds();
      if (!st->holds() && st != &rd.only_damp && st != &rd.independent)
        fails += (fails.empty() ? "" : ", ") + brief(*st);
    }
    out.high[rd.name] = {{"all_hold", ok == 5}, {"statements", a}};
    out.ok_high = out.ok_high || ok == 5;
    out.summary_high += (out.summary_high.empty() ? ": " : "; ") + rd.name + ": " +
                        std::to_string(ok) + "/5 hold" + (fails.empty() ? "" : ", " + fails);
  }
  return out;
}

std::string interpretation(const std::string& root, bool literal, int n_phases) {
  return "registry a-search (Algorithm 1 without friction: backward-Euler positions, v = w - "
         "alpha dv, alpha from H(alpha) = target) with root = " +
         root +
         (literal ? " (the root closer to 1, clipped, as printed)"
                  : " (the root closer to 1; when it must be clipped, the clipped root with the "
                    "smaller energy error; the registry default)") +
         "; clip [alpha_min, alpha_max] = [0, alpha_max], alpha_max in {1.1, 2}; no real root: "
         "the vertex (closest approach), dv = 0: alpha_max below the target, alpha_min above "
         "(integrators/engines/decoupled.hpp); barrier-quadratic (barrier on x < 0), m = 1, h = 1, "
         "k = "
         "hbar = 1e10, x0 = b h, v0 = -1, b = (j + 1/2)/N, N = " +
         std::to_string(n_phases) + ", " + std::to_string(kSteps) + " steps, v_final = v_" +
         std::to_string(kSteps) +
         "; target for V: energy_scale = V^2 (E_0 = V^2 H_0 = V^2/2), V = 1 and 1.5; the V > 1 "
         "statements are evaluated under two readings (target from the start; entry step by "
         "A-1, then the search) and count as reproduced if they hold under either";
}

}  // namespace

// The caps α_max run: the paper's two, or under a perturbation
// (ClaimContext::scene_overrides) alpha_max=VALUE alone.
std::vector<double> alpha_maxes(const ClaimContext& ctx) {
  std::vector<double> caps = kAlphaMaxes;
  for (const std::string& o : ctx.scene_overrides) {
    double cap = 0;
    if (o.rfind("alpha_max=", 0) != 0 || !parse_real(o.substr(10), cap) || !(cap > 0))
      throw InputError("invalid input '" + o + "' (accepted: alpha_max=VALUE > 0)");
    caps = {cap};
  }
  return caps;
}

ClaimResult a_search_limit(const ClaimContext& ctx, bool literal) {
  const int n_phases = ctx.fast() ? 100 : 1000;
  const double tol = 1e-6 + kRoundoff;
  const std::vector<double> caps = alpha_maxes(ctx);
  const SearchLimit s = search_limit(n_phases, literal, tol, caps);
  const Verdicts v = verdicts(s);
  nlohmann::ordered_json hist = nlohmann::ordered_json::object();
  for (const auto& [k, count] : s.loss_steps) hist[std::to_string(k)] = count;
  ClaimResult r;
  r.expected =
      "with alpha capped at alpha_max: v2 = -min(b alpha_max, 1), v3 = 1 + v2, always v4 = 1; 'one "
      "or two steps where the energy is lost, but after the fourth time step the energy will "
      "return to normal'; 'alpha_max does not matter'; with an assumed incoming speed V > 1: v2 = "
      "-min(b alpha_max, V), v3 = max(1 + v2, -V), v4 = 1, 'the outgoing velocity is independent "
      "of the energy level assumed'; 'only dampening bounces and not increasing bounces'";
  r.tolerance =
      "every formula to 1e-6 + 10 hbar eps = " + format_real(tol) +
      " absolute (velocities in units of |v0| = 1; 10 hbar eps is the round-off floor at hbar = "
      "1e10); energy loss: H_n < H_0 (1 - tol); 'back to normal': |H_n - H_0| <= tol H_0 for n = "
      "4.." +
      std::to_string(kSteps);
  r.interpretation = interpretation(s.root, literal, n_phases);
  r.measured = {{"hbar", kHbar},
                {"root_rule", s.root},
                {"phases", n_phases},
                {"alpha_max", caps},
                {"V_high", kVHigh},
                {"V1_statements", v.v1},
                {"energy_loss_steps_histogram_V1", hist},
                {"V_high_statements", v.high},
                {"diagnostic_our_v3_limit", s.ours_v3.json()},
                {"max_velocity_difference_to_root_rule_" + s.other_root, s.root_rules_differ},
                {"samples", s.samples}};
  r.status = (v.ok_v1 && v.ok_high) ? Verdict::reproduced : Verdict::refuted;
  r.summary = "V = 1: " + std::to_string(v.held) + "/" + std::to_string(v.statements_v1) +
              " statements hold" + v.summary_v1 + ". V = 1.5" + v.summary_high + ". Root rule " +
              s.other_root + " differs by " + format_real(s.root_rules_differ);
  return r;
}

}  // namespace tibench::you2025_collision
