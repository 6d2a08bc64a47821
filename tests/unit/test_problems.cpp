// Every registered problem: derivatives against finite differences, a Hessian
// sparsity pattern that does not depend on q, the exact solution (where
// given) against the ODE, and energy conservation by RK4 for conservative
// problems. Iterates the problem registry.
#include <gtest/gtest.h>

#include "test_names.hpp"

#include <Eigen/Eigenvalues>
#include <cmath>

#include "integrators/driver.hpp"
#include "integrators/registry.hpp"
#include "problems/random.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

class EveryProblem : public ::testing::TestWithParam<std::string> {
 protected:
  std::unique_ptr<Problem> p = make_problem(GetParam());

  // A state near the initial one, perturbed by a seeded random amount.
  State probe_state(std::uint64_t seed) const {
    State s = p->initial_state();
    SplitMix64 rng(seed);
    for (Index i = 0; i < s.q.size(); ++i) s.q[i] += 0.3 * rng.uniform(-1, 1);
    for (Index i = 0; i < s.v.size(); ++i) s.v[i] += 0.3 * rng.uniform(-1, 1);
    return s;
  }
};

TEST_P(EveryProblem, GradientMatchesFiniteDifferences) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const State s = probe_state(seed);
    Vec g;
    p->gradient(s.q, g);
    ASSERT_EQ(g.size(), p->dofs());
    for (Index i = 0; i < p->dofs(); ++i) {
      const double d = 1e-6 * std::max(1.0, std::abs(s.q[i]));
      Vec qp = s.q, qm = s.q;
      qp[i] += d;
      qm[i] -= d;
      const double fd = (p->potential(qp) - p->potential(qm)) / (2 * d);
      EXPECT_NEAR(g[i], fd, 1e-6 * std::max(1.0, std::abs(g[i]))) << "dof " << i;
    }
  }
}

TEST_P(EveryProblem, HessianMatchesFiniteDifferencesOfGradient) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const State s = probe_state(seed);
    Triplets t;
    p->hessian(s.q, t, false);
    SparseMatrix H(p->dofs(), p->dofs());
    H.setFromTriplets(t.begin(), t.end());
    const Eigen::MatrixXd Hd(H);
    EXPECT_LT((Hd - Hd.transpose()).cwiseAbs().maxCoeff(), 1e-12 * (1 + Hd.cwiseAbs().maxCoeff()));
    for (Index j = 0; j < p->dofs(); ++j) {
      const double d = 1e-6 * std::max(1.0, std::abs(s.q[j]));
      Vec qp = s.q, qm = s.q, gp, gm;
      qp[j] += d;
      qm[j] -= d;
      p->gradient(qp, gp);
      p->gradient(qm, gm);
      const Vec fd = (gp - gm) / (2 * d);
      for (Index i = 0; i < p->dofs(); ++i)
        EXPECT_NEAR(Hd(i, j), fd[i], 1e-6 * std::max(1.0, std::abs(fd[i]))) << i << "," << j;
    }
  }
}

TEST_P(EveryProblem, HessianPatternDoesNotDependOnState) {
  // Engines analyze the sparsity pattern once; the contract is that the
  // (row, col) positions are the same for every q, with or without projection.
  auto pattern = [&](const Vec& q, bool project) {
    Triplets t;
    p->hessian(q, t, project);
    std::vector<std::pair<Index, Index>> rc;
    for (const auto& e : t) rc.emplace_back(e.row(), e.col());
    return rc;
  };
  const auto reference = pattern(probe_state(1).q, false);
  for (std::uint64_t seed = 2; seed <= 6; ++seed) {
    EXPECT_EQ(pattern(probe_state(seed).q, false), reference);
    EXPECT_EQ(pattern(probe_state(seed).q, true), reference);
  }
}

TEST_P(EveryProblem, ProjectedHessianIsPositiveSemidefinite) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Triplets t;
    p->hessian(probe_state(seed).q, t, true);
    SparseMatrix H(p->dofs(), p->dofs());
    H.setFromTriplets(t.begin(), t.end());
    const Eigen::MatrixXd Hd(H);
    const double min_eig = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(Hd).eigenvalues().minCoeff();
    EXPECT_GE(min_eig, -1e-12 * (1 + Hd.cwiseAbs().maxCoeff()));
  }
}

class ProblemWithExactSolution : public EveryProblem {};
class ConservativeProblem : public EveryProblem {};

TEST_P(ProblemWithExactSolution, ExactSolutionSatisfiesTheOde) {
  const State s0 = p->initial_state(), e0 = p->exact(0.0);
  EXPECT_LT((s0.q - e0.q).cwiseAbs().maxCoeff(), 1e-14);
  EXPECT_LT((s0.v - e0.v).cwiseAbs().maxCoeff(), 1e-14);
  for (double t : {0.3, 1.7, 5.2}) {
    const double d = 1e-5;
    const State a = p->exact(t - d), b = p->exact(t + d), s = p->exact(t);
    Vec f, scratch;
    p->force(s.q, s.v, t, f, scratch);
    const Vec dq = (b.q - a.q) / (2 * d), dv = (b.v - a.v) / (2 * d);
    EXPECT_LT((dq - s.v).cwiseAbs().maxCoeff(), 1e-8 * (1 + s.v.cwiseAbs().maxCoeff()));
    EXPECT_LT((p->mass().cwiseProduct(dv) - f).cwiseAbs().maxCoeff(),
              1e-8 * (1 + f.cwiseAbs().maxCoeff()));
  }
}

TEST_P(ConservativeProblem, Rk4ConservesEnergy) {
  const IntegratorInfo& rk4 = find_integrator("rk4");
  auto stepper = rk4.make(*p, 1e-3, integrator_params(rk4));
  const State s0 = p->initial_state();
  const double H0 = p->total_energy(s0);
  double drift = 0;
  DriveOptions o;
  o.steps = 1000;
  const DriveResult r = drive(*p, *stepper, s0, o, [&](long, const State&, const StepReport&, double H) {
    drift = std::max(drift, std::abs(H - H0) / std::abs(H0));
  });
  ASSERT_EQ(r.status, RunStatus::ok);
  EXPECT_LT(drift, 1e-9);
}

TEST_P(EveryProblem, EnergyIsKineticPlusPotential) {
  const State s = probe_state(3);
  EXPECT_DOUBLE_EQ(p->total_energy(s), 0.5 * s.v.dot(p->mass().cwiseProduct(s.v)) + p->potential(s.q));
}

// Registry ids whose default instance satisfies `keep`.
template <class Pred>
std::vector<std::string> problem_ids(Pred keep) {
  std::vector<std::string> ids;
  for (const auto& info : problem_registry())
    if (keep(*info.make(problem_params(info)))) ids.push_back(info.id);
  return ids;
}

INSTANTIATE_TEST_SUITE_P(Registry, EveryProblem,
                         ::testing::ValuesIn(problem_ids([](const Problem&) { return true; })),
                         test::id_name);
INSTANTIATE_TEST_SUITE_P(Registry, ProblemWithExactSolution,
                         ::testing::ValuesIn(problem_ids([](const Problem& p) {
                           return p.has_exact();
                         })),
                         test::id_name);
INSTANTIATE_TEST_SUITE_P(Registry, ConservativeProblem,
                         ::testing::ValuesIn(problem_ids([](const Problem& p) {
                           return !p.has_dissipation() && !p.has_external_force();
                         })),
                         test::id_name);

TEST(Problems, UnknownIdAndParameterAreRejected) {
  EXPECT_THROW(make_problem("no-such-problem"), InputError);
  EXPECT_THROW(make_problem("oscillator", {"q=1"}), ParamError);
  EXPECT_THROW(make_problem("oscillator", {"m=0"}), ParamError);
}

TEST(Problems, OscillatorFrequenciesAreDistinct) {
  const auto p = make_problem("oscillator", {"n=3", "k=2", "m=0.5"});
  Triplets t;
  p->hessian(p->initial_state().q, t, false);
  ASSERT_EQ(t.size(), 3u);
  EXPECT_DOUBLE_EQ(t[0].value(), 2.0);
  EXPECT_DOUBLE_EQ(t[1].value(), 4.0);
  EXPECT_DOUBLE_EQ(t[2].value(), 6.0);
}

}  // namespace
}  // namespace tibench
