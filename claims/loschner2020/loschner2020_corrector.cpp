// Claim L-C1 of Löschner, Longva, Jeske, Kugelstadt, Bender 2020 §4: the
// contact corrector "leaves bodies untouched if no contact forces are
// necessary" — with λ = 0, vⁿ⁺¹ = vᵖ. Checked on the corrector QP the runs
// use (integrators/engines/qp_corrector.hpp, corrector_qp) with no constraint row,
// so its minimizer solves C v = c, for predictors (uᵖ, vᵖ) made by one step
// of every integrator that takes the corrector, from random states of two
// problems: random-convex (n = 8, quartic terms: K = ∇²P(uᵖ) depends on the
// state; diagonal M, as every tibench problem) and damped-oscillator (D ≠ 0).
// Three readings, each a sub-claim:
//
//   L-C1.continuous          Eq. (18) discretized with uⁿ⁺¹ − uᵖ = Δt (vⁿ⁺¹ − vᵖ):
//                            c = C vᵖ (the corrector's default, qp_form=incremental);
//   L-C1.printed             Eq. (19) as printed, uⁿ⁺¹ = uⁿ + Δt vⁿ⁺¹, under the
//                            predictor's own uᵖ (qp_form=printed);
//   L-C1.printed-consistent  Eq. (19) with uᵖ replaced by uⁿ + Δt vᵖ.
//
// Algebra behind the expectations: c − C vᵖ = Δt K (uᵖ − uⁿ − Δt vᵖ), so the
// printed reading keeps vᵖ exactly when the predictor's position update is
// backward Euler's, and not otherwise.
#include <Eigen/SparseCholesky>
#include <cmath>

#include "claims/ledger.hpp"
#include "claims/papers.hpp"
#include "integrators/engines/qp_corrector.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

constexpr double kRoundOff = 1e-10;  // relative: a few hundred ulps of the solve

struct Reading {
  std::string id;
  QpForm form;
  bool consistent_up;  // uᵖ := uⁿ + Δt vᵖ
  // Why the reading cannot fail ("" when it can): see ClaimCheck::definition.
  std::string definition;
  // Where the paper contradicts itself under this reading: a refutation is
  // then inconclusive, naming it ("" when it does not).
  std::string contradiction;
};

const std::vector<Reading>& readings() {
  static const std::vector<Reading> r{
      {"continuous", QpForm::incremental, false,
       "the corrector builds c = C v^p in this form, so v = C^-1 c = v^p to rounding", ""},
      {"printed", QpForm::printed, false,
       "c - C v^p = dt K (u^p - u^n - dt v^p) is evaluated literally: nonzero by construction "
       "for every position update that is not backward Euler's",
       "the paper's Sec. 4 statement after Eq. (18) and its Eq. (19) as printed disagree: Eq. "
       "(19) keeps v^p only for backward-Euler-type position updates"},
      {"printed-consistent", QpForm::printed, true,
       "with u^p = u^n + dt v^p the printed c equals C v^p identically", ""}};
  return r;
}

struct Residual {
  std::string integrator, problem;
  double h = 0;
  std::vector<double> by_reading;  // ‖v − vᵖ‖ / ‖vᵖ‖, one per reading
};

// ‖C⁻¹c − vᵖ‖_∞ / ‖vᵖ‖_∞ for the corrector QP without rows.
double relative_change(const Problem& p, const State& n, State pred, double h,
                       const Reading& reading) {
  if (reading.consistent_up) pred.q = n.q + h * pred.v;
  const ContactQp qp = corrector_qp(p, n, pred, h, reading.form, {});
  const Eigen::SimplicialLDLT<SparseMatrix> ldlt(qp.C);
  const Vec v = ldlt.solve(qp.c);
  return (v - pred.v).cwiseAbs().maxCoeff() / pred.v.cwiseAbs().maxCoeff();
}

std::vector<Residual> residuals() {
  std::vector<Residual> out;
  const std::vector<std::pair<std::string, std::vector<std::string>>> problems{
      {"random-convex", {"n=8", "seed=3", "quartic=1"}}, {"damped-oscillator", {}}};
  for (const auto& [id, params] : problems) {
    const auto p = make_problem(id, params);
    for (const IntegratorInfo& info : integrator_registry())
      for (const double h : {0.1, 0.01}) {
        std::unique_ptr<Stepper> st;
        try {
          st = info.stepper(*p, h);
        } catch (const InputError&) {
          continue;
        }
        if (st->history_size() > 0 || st->carries_acceleration()) continue;
        const State n = p->initial_state();
        State pred = n;
        if (st->step(pred).status != StepStatus::ok) continue;
        pred.t = n.t + h;
        Residual r{info.id, id, h, {}};
        for (const Reading& reading : readings())
          r.by_reading.push_back(relative_change(*p, n, pred, h, reading));
        out.push_back(std::move(r));
      }
  }
  return out;
}

ClaimResult check(const ClaimContext& ctx, std::size_t reading_index) {
  const auto& all = ctx.cache->get<std::vector<Residual>>("loschner2020-corrector", residuals);
  ClaimResult out;
  double worst = 0;
  std::string worst_at, kept, changed;
  for (const Residual& r : all) {
    const double x = r.by_reading[reading_index];
    out.measured["residuals"].push_back(
        {{"integrator", r.integrator}, {"problem", r.problem}, {"h", r.h}, {"relative_change", x}});
    if (x > worst)
      worst = x, worst_at = r.integrator + " on " + r.problem + ", h = " + format_real(r.h);
    std::string& list = x <= kRoundOff ? kept : changed;
    if (list.find(r.integrator) == std::string::npos)
      list += (list.empty() ? "" : ", ") + r.integrator;
  }
  const Reading& reading = readings()[reading_index];
  out.status = all.empty()          ? Verdict::inconclusive
               : worst <= kRoundOff ? Verdict::reproduced
                                    : Verdict::refuted;
  const bool contradicts = out.status == Verdict::refuted && !reading.contradiction.empty();
  if (contradicts) out.status = Verdict::inconclusive;
  out.summary = "max |v - v^p|/|v^p| = " + format_real(worst) +
                (worst_at.empty() ? "" : " (" + worst_at + ")") + " over " +
                std::to_string(all.size()) +
                " predictor steps; v kept by: " + (kept.empty() ? "none" : kept) +
                (changed.empty() ? "" : "; changed for: " + changed) +
                (contradicts ? " => inconclusive: " + reading.contradiction : "");
  out.expected = "Sec. 4 after Eq. (18): when lambda = 0, v^{n+1} = v^p";
  out.tolerance = "relative change <= " + format_real(kRoundOff) + " for every predictor";
  out.interpretation =
      std::string(reading.form == QpForm::incremental
                      ? "Eq. (18) with u^{n+1} - u^p = dt (v^{n+1} - v^p), i.e. c = C v^p"
                      : "Eq. (19) as printed, c = M v^p + dt K (u^p - u^n) + dt D v^p") +
      (reading.consistent_up ? ", with u^p := u^n + dt v^p" : ", with the predictor's own u^p") +
      "; the corrector QP without rows (lambda = 0), one step of every integrator that takes "
      "the corrector from the initial state of random-convex (n = 8, seed 3, quartic 1) and "
      "damped-oscillator, h = 0.1 and 0.01";
  return out;
}

}  // namespace

std::vector<ClaimCheck> loschner2020_corrector_claims() {
  std::vector<ClaimCheck> checks;
  for (std::size_t k = 0; k < readings().size(); ++k)
    checks.push_back({"L-C1." + readings()[k].id, kPaperLoschner2020,
                      "Sec. 4, Eqs. (18)-(19): with no contact force (lambda = 0) the corrector "
                      "leaves the predicted velocity unchanged, v^{n+1} = v^p",
                      [k](const ClaimContext& c) { return check(c, k); },
                      readings()[k].definition});
  return checks;
}

}  // namespace tibench
