// ADMM (solver=admm, solvers/projective/admm.hpp) and the element splits it needs:
//  - every registry problem with a split: P(q) − P(q') and ∇P(q) equal the
//    split's Σ E_b(D_b q + c_b) − f·q differences and Dᵀ∇E − f at sampled
//    states;
//  - the global and local steps never increase the augmented Lagrangian,
//    also with dissipative and viscous blocks;
//  - run to a tolerance, ADMM reaches Newton's minimizer of backward-Euler
//    and implicit-midpoint stages on every problem with a split (on a
//    nonsmooth minimum Newton cannot reach, ADMM's point is checked to be a
//    minimizer instead).
#include <gtest/gtest.h>

#include "integrators/engines/incremental_potential.hpp"
#include "integrators/engines/optimization_integrators.hpp"
#include "integrators/methods/registry.hpp"
#include "problem_cases.hpp"
#include "problems/contact/obstacle_contact.hpp"
#include "problems/element_split.hpp"
#include "selected_suite.hpp"
#include "solvers/nonlinear/newton_solver.hpp"
#include "solvers/projective/admm.hpp"
#include "solvers/projective/admm_solver.hpp"

namespace tibench {
namespace {

using test::case_name;
using test::ProblemCase;

struct SplitValues {
  double energy = 0.0;
  Vec gradient;
};

// Σ E_b(D_b q + c_b) − f·q and its gradient Dᵀ∇E − f.
SplitValues split_values(const ElementSplit& split, const Vec& q) {
  Triplets t;
  Vec c, f;
  split.reduction(t, c);
  split.linear_force(f);
  const int d = split.block_size();
  SparseMatrix D(d * split.blocks(), q.size());
  D.setFromTriplets(t.begin(), t.end());
  const Vec z = D * q + c;
  Vec gz(z.size());
  SplitValues out;
  out.energy = -f.dot(q);
  for (Index b = 0; b < split.blocks(); ++b) {
    const LocalVector zb = z.segment(d * b, d);
    LocalVector g;
    LocalMatrix H;
    out.energy += split.energy(b, zb);
    split.derivatives(b, zb, g, H);
    gz.segment(d * b, d) = g;
  }
  out.gradient = D.transpose() * gz - f;
  return out;
}

class ElementSplits : public ::testing::TestWithParam<ProblemCase> {};

TEST_P(ElementSplits, EqualThePotentialAndItsGradient) {
  const auto p = GetParam().make();
  const ElementSplit* split = p->element_split();
  ASSERT_NE(split, nullptr);
  const State s0 = p->sample_state(1), s1 = p->sample_state(2);
  p->begin_step(s0);
  const SplitValues a = split_values(*split, s0.q), b = split_values(*split, s1.q);
  const double dP = p->potential(s0.q) - p->potential(s1.q);
  const double scale = std::abs(p->potential(s0.q)) + std::abs(p->potential(s1.q)) + 1e-300;
  EXPECT_NEAR(a.energy - b.energy, dP, 1e-11 * scale);
  Vec g;
  p->gradient(s0.q, g);
  EXPECT_LE((a.gradient - g).cwiseAbs().maxCoeff(), 1e-10 * g.cwiseAbs().maxCoeff());
}

TIBENCH_INSTANTIATE_SELECTED(Registry, ElementSplits,
                             ::testing::ValuesIn(test::problem_cases([](const Problem& p) {
                               return p.element_split() != nullptr;
                             })),
                             case_name);

// A backward-Euler (τ = h) or implicit-midpoint (τ = h/2) stage of p's
// first step, from the inertial guess.
void set_stage(const Problem& p, double h, bool midpoint, IncrementalPotential& phi) {
  const State s = p.initial_state();
  p.begin_step(s);
  const double tau = midpoint ? 0.5 * h : h;
  phi.set_stage(s.q, tau * s.v, tau, tau, s.t + tau);
  phi.set_reference_velocity(s.v);  // (read by the second-order term only)
}

// The dissipation terms a stage of p can take: the exact κ R(V), or for R
// that depends on q Brown et al.'s first- and second-order ones.
std::vector<DissipationTerm> terms_for(const Problem& p) {
  if (p.dissipation_depends_on_q())
    return {DissipationTerm::first_order, DissipationTerm::second_order};
  return {DissipationTerm::exact};
}

// Friction differs by design (Newton's engines apply it after the solve,
// ADMM inside it: tested by AdmmFriction below), so the comparison with
// Newton's minimizer runs without it.
std::unique_ptr<Problem> without_friction(const ProblemCase& c) {
  auto p = c.make();
  if (!p->contact() || !(p->contact()->params().mu > 0)) return p;
  std::vector<std::string> overrides = c.overrides;
  overrides.push_back("mu=0");
  return make_problem(c.id, overrides);
}

// No step of ±δ along a coordinate, δ from 1e-3 to 1e-9 of max(|y|, 1),
// lowers Φ below Φ(y) (beyond its rounding).
void expect_no_lower_neighbour(const StageObjective& phi, const Vec& y) {
  const double best = phi.value(y), size = std::max(1.0, y.cwiseAbs().maxCoeff());
  for (Index i = 0; i < y.size(); ++i)
    for (double delta : {1e-3, 1e-6, 1e-9})
      for (double sign : {-1.0, 1.0}) {
        Vec trial = y;
        trial[i] += sign * delta * size;
        EXPECT_GE(phi.value(trial), best - 1e-14 * std::abs(best)) << "dof " << i;
      }
}

TEST_P(ElementSplits, AdmmConvergesToTheNewtonMinimizer) {
  const auto p = without_friction(GetParam());
  for (const DissipationTerm term : terms_for(*p))
    for (double steps_per_time_scale : {0.2, 5.0})
      for (bool midpoint : {false, true}) {
        const double h = steps_per_time_scale * p->time_scale();
        SCOPED_TRACE(std::string(midpoint ? "implicit midpoint stage" : "backward Euler stage") +
                     ", h / time scale = " + std::to_string(steps_per_time_scale) + ", term " +
                     std::to_string(static_cast<int>(term)));
        IncrementalPotential newton_stage(*p, term), admm_stage(*p, term);
        set_stage(*p, h, midpoint, newton_stage);
        set_stage(*p, h, midpoint, admm_stage);
        Vec y_newton = newton_stage.y_hat(), y_admm = admm_stage.y_hat();
        const bool newton_converged = NewtonSolver().minimize(newton_stage, y_newton).converged;
        AdmmOptions admm;
        admm.budget = {1000000, 1e-11};
        const StageSolveResult r = AdmmSolver(admm).minimize(admm_stage, y_admm);
        ASSERT_TRUE(r.converged) << r.message;
        if (!newton_converged) {
          // Only where the minimum is nonsmooth (a p < 1 power law at rest),
          // which Newton cannot resolve: ADMM's point must still be a minimizer.
          ASSERT_FALSE(p->is_smooth()) << "Newton failed on a smooth problem";
          expect_no_lower_neighbour(admm_stage, y_admm);
          EXPECT_LE(admm_stage.value(y_admm), admm_stage.value(y_newton));
          continue;
        }
        // ADMM's local coordinates carry the anchor (z = D(x_a + y) + c): y is
        // resolved to the rounding of x_a, not of y.
        const double scale = y_newton.cwiseAbs().maxCoeff(),
                     rounding = 1e-14 * admm_stage.anchor().cwiseAbs().maxCoeff();
        EXPECT_LE((y_admm - y_newton).cwiseAbs().maxCoeff(), 1e-8 * scale + rounding)
            << r.iterations << " ADMM iterations";
        std::printf("%d ADMM iterations, %d local Newton iterations\n", r.iterations,
                    r.cg_iterations);
      }
}

// Undamped at h = 1, 10, 100 time scales; with Rayleigh and with
// strain-rate damping blocks at 10.
TEST(Admm, GlobalAndLocalStepsNeverIncreaseTheAugmentedLagrangian) {
  const std::vector<std::pair<std::vector<std::string>, double>> cases = {
      {{}, 1.0},
      {{}, 10.0},
      {{}, 100.0},
      {{"damping=rayleigh", "beta=0.01"}, 10.0},
      {{"damping=strain-rate", "psi=500", "phi=200", "alpha=0.1"}, 10.0}};
  for (const auto& [damping, h_scale] : cases) {
    std::vector<std::string> params = {"mesh_size=0.5", "contact=none"};
    params.insert(params.end(), damping.begin(), damping.end());
    const auto p = make_problem("cube-stretch-compress", params);
    SCOPED_TRACE(damping.empty() ? "undamped" : damping.front());
    IncrementalPotential phi(*p, terms_for(*p).front());
    set_stage(*p, h_scale * p->time_scale(), false, phi);
    AdmmForm form;
    ASSERT_TRUE(phi.admm_form(form));
    Admm admm;
    Vec y = phi.y_hat();
    ASSERT_TRUE(admm.start(form, y));
    double L = admm.augmented_lagrangian(y);
    for (int k = 0; k < 50; ++k) {
      admm.global_step(y);
      const double after_global = admm.augmented_lagrangian(y);
      EXPECT_LE(after_global, L + 1e-12 * std::abs(L)) << "h/T " << h_scale << " iteration " << k;
      admm.local_step(y);
      const double after_local = admm.augmented_lagrangian(y);
      EXPECT_LE(after_local, after_global + 1e-12 * std::abs(after_global))
          << "h/T " << h_scale << " iteration " << k;
      admm.dual_step();
      L = admm.augmented_lagrangian(y);
    }
  }
}

// The centre-of-mass velocity along x of box-slide (v0 = 2 m/s, μ = 0.2)
// under opt-backward-euler with ADMM at `iterations` per step, and the
// deceleration fitted by least squares while 0.2 v0 < v < 0.9 v0.
double sliding_deceleration(int iterations, double h) {
  const auto p = make_problem("box-slide", {"mesh_size=0.2"});
  auto stepper =
      find_integrator("opt-backward-euler")
          .stepper(*p, h, {"solver=admm", "max_iterations=" + std::to_string(iterations)});
  State s = p->initial_state();
  std::vector<double> out;
  double st = 0, sv = 0, stt = 0, stv = 0;
  int n = 0;
  while (s.t < 1.2) {
    EXPECT_EQ(stepper->step(s).status, StepStatus::ok);
    p->observables(s, out);
    const double v = out[3];  // com_vx
    if (v < 0.2 * 2.0 || v > 0.9 * 2.0) continue;
    st += s.t, sv += v, stt += s.t * s.t, stv += s.t * v, ++n;
  }
  EXPECT_GE(n, 10);
  return -(n * stv - st * sv) / (n * stt - st * st);
}

// Brown et al. 2018 Fig. 4: implicit Coulomb friction in the local step
// decelerates a sliding box at μg, already at a few iterations per step.
TEST(AdmmFriction, SlidingBoxDeceleratesAtMuG) {
  const double mu_g = 0.2 * 9.81;
  for (const int iterations : {10, 50}) {
    const double a = sliding_deceleration(iterations, 0.01);
    EXPECT_NEAR(a, mu_g, 0.02 * mu_g) << iterations << " iterations";
  }
}

// Brown et al. §4.3: with γ = 2 − √2 both TR-BDF2 stages have the same α,
// so one global matrix serves every stage of every step.
TEST(Admm, TrBdf2StagesShareOneGlobalMatrix) {
  ASSERT_EQ(OptimizationStepper::tr_stage_alpha(), OptimizationStepper::bdf2_stage_alpha());
  const auto p = make_problem("cube-stretch-compress", {"mesh_size=0.5", "contact=none"});
  const double h = 0.5 * p->time_scale();
  const AdmmOptions o;
  AdmmSolver solver(o);
  int factorizations = 0;
  for (const double alpha :
       {OptimizationStepper::tr_stage_alpha(), OptimizationStepper::bdf2_stage_alpha(), 1.0}) {
    IncrementalPotential phi(*p);
    set_stage(*p, alpha * h, false, phi);
    Vec y = phi.y_hat();
    const StageSolveResult r = solver.minimize(phi, y);
    ASSERT_TRUE(r.converged) << r.message;
    EXPECT_EQ(r.iterations, o.budget.max_iterations);  // the fixed budget
    EXPECT_GT(r.cg_iterations, 0);                     // local Newton iterations
    factorizations += r.factorizations;
  }
  EXPECT_EQ(factorizations, 2);  // the shared α, then backward Euler's α = 1
}

}  // namespace
}  // namespace tibench
