// The chord-Newton option (NewtonOptions::jacobian_reuse) on every problem
// the incremental-potential engines accept: the same tolerance must give the
// same solution as full Newton, to well within the tolerance's effect, with
// no more factorizations; off (the default) it changes nothing.
#include <gtest/gtest.h>

#include <cmath>

#include "integrators/incremental_potential.hpp"
#include "integrators/newton_solver.hpp"
#include "problem_cases.hpp"

namespace tibench {
namespace {

class JacobianReuse : public ::testing::TestWithParam<test::ProblemCase> {};

struct SolveRun {
  State s;
  int iterations = 0, factorizations = 0;
  bool converged = true;
};

// Ten backward-Euler steps of τ = 0.1 × the problem's time scale, each one
// incremental-potential solve. A step this small makes the inertia term
// dominate, so every stage objective has one minimizer (with large steps a
// nonconvex energy, e.g. St. Venant–Kirchhoff, can have several, and two
// correct solvers may find different ones).
// (τ is computed once by the caller: time_scale() reads lagged quantities
// that begin_step changes.)
SolveRun backward_euler(const Problem& p, double tau, NewtonOptions options) {
  IncrementalPotential phi(p);
  NewtonSolver newton(options);
  SolveRun run{p.initial_state()};
  for (int step = 0; step < 10; ++step) {
    p.begin_step(run.s);
    Vec y = tau * run.s.v;
    phi.set_stage(run.s.q, y, tau, tau, run.s.t + tau);
    const NewtonResult r = newton.minimize(phi, y);
    run.iterations += r.iterations;
    run.factorizations += r.factorizations;
    if (!r.converged) {
      run.converged = false;
      return run;
    }
    run.s.v = y / tau;
    run.s.q += y;
    run.s.t += tau;
  }
  return run;
}

TEST_P(JacobianReuse, SameSolutionWithinTheToleranceAndNoMoreFactorizations) {
  const auto p = GetParam().make();
  const double tau = 0.1 * p->time_scale();
  NewtonOptions full, chord;
  chord.jacobian_reuse = true;
  const SolveRun a = backward_euler(*p, tau, full);
  const SolveRun b = backward_euler(*p, tau, chord);
  ASSERT_TRUE(a.converged);
  ASSERT_TRUE(b.converged);
  // Both stop within newton_tol = 1e-12 of the increment; ten steps of such
  // errors stay far below 1e-8 of the state's magnitude.
  const double scale_q = 1.0 + a.s.q.cwiseAbs().maxCoeff();
  const double scale_v = 1.0 + a.s.v.cwiseAbs().maxCoeff();
  EXPECT_LE((a.s.q - b.s.q).cwiseAbs().maxCoeff(), 1e-8 * scale_q);
  EXPECT_LE((a.s.v - b.s.v).cwiseAbs().maxCoeff(), 1e-8 * scale_v);
  EXPECT_LE(b.factorizations, a.factorizations);
  // Full Newton factorizes at every update.
  EXPECT_EQ(a.factorizations, a.iterations);
}

// Every problem the incremental potential accepts and on which the default
// (full Newton) solve converges: power-law dissipation with p < 1 has an
// unbounded Hessian at v = 0, where Newton itself fails (a property of the
// problem, reported as solver_failed in runs, not a subject of this test).
INSTANTIATE_TEST_SUITE_P(Registry, JacobianReuse,
                         ::testing::ValuesIn(test::problem_cases([](const Problem& p) {
                           if (p.has_dissipation() && p.dissipation_depends_on_q()) return false;
                           return backward_euler(p, 0.1 * p.time_scale(), {}).converged;
                         })),
                         test::case_name);

TEST(JacobianReuse, LinearProblemFactorizesOnce) {
  const auto p = make_problem("spring-chain", {"N=50"});
  NewtonOptions chord;
  chord.jacobian_reuse = true;
  const SolveRun b = backward_euler(*p, 0.1 * p->time_scale(), chord);
  ASSERT_TRUE(b.converged);
  EXPECT_EQ(b.factorizations, 1);
}

}  // namespace
}  // namespace tibench
