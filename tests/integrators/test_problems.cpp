// Every registered problem, at its small instance and at every declared
// variant: derivatives of the potential and of the dissipation function
// against finite differences, Hessian patterns that do not depend on the
// state, PSD projection, the exact solution (where given) against the ODE,
// the time scale and sample states, and RK4 energy behaviour for the
// conservative problems (fourth order for smooth ones). Iterates the
// problem registry.
#include <gtest/gtest.h>

#include "problem_cases.hpp"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <limits>

#include "core/random.hpp"
#include "integrators/engines/driver.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/contact/obstacle_contact.hpp"
#include "selected_suite.hpp"

namespace tibench {
namespace {

using test::ProblemCase;

// Central difference with one Richardson extrapolation: error O(d⁴), so a
// fixed relative step serves problems whose length scales differ by orders
// of magnitude (a 1 mm barrier layer, a 1 m beam).
template <class F>
auto derivative(F f, double d) {
  using T = decltype(f(0.0));  // double or Vec; never an Eigen expression
  auto central = [&](double s) -> T { return T((f(s) - f(-s)) / (2 * s)); };
  return T((4.0 * central(d / 2) - central(d)) / 3.0);
}

double step_for(double x) { return 1e-6 * std::max(1.0, std::abs(x)); }

// Finite-difference gradient of a scalar function f(x).
template <class F>
Vec fd_gradient(F f, const Vec& x) {
  Vec g(x.size());
  for (Index i = 0; i < x.size(); ++i)
    g[i] = derivative(
        [&](double s) {
          Vec y = x;
          y[i] += s;
          return f(y);
        },
        step_for(x[i]));
  return g;
}

// Finite-difference Jacobian of a vector function f(x): column j is ∂f/∂x_j.
template <class F>
Eigen::MatrixXd fd_jacobian(F f, const Vec& x) {
  Eigen::MatrixXd J(f(x).size(), x.size());
  for (Index j = 0; j < x.size(); ++j)
    J.col(j) = derivative(
        [&](double s) {
          Vec y = x;
          y[j] += s;
          return Vec(f(y));
        },
        step_for(x[j]));
  return J;
}

Eigen::MatrixXd dense(const Triplets& t, Index rows, Index cols) {
  SparseMatrix A(rows, cols);
  A.setFromTriplets(t.begin(), t.end());
  return Eigen::MatrixXd(A);
}

std::vector<std::pair<Index, Index>> positions(const Triplets& t) {
  std::vector<std::pair<Index, Index>> rc;
  for (const auto& e : t) rc.emplace_back(e.row(), e.col());
  return rc;
}

// ‖a − b‖_∞ ≤ tol (1 + ‖b‖_∞)
::testing::AssertionResult close(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b, double tol) {
  const double err = (a - b).cwiseAbs().maxCoeff(), scale = 1.0 + b.cwiseAbs().maxCoeff();
  if (err <= tol * scale) return ::testing::AssertionSuccess();
  Index i = 0, j = 0;
  (a - b).cwiseAbs().maxCoeff(&i, &j);
  return ::testing::AssertionFailure()
         << "max difference " << err << " at (" << i << ", " << j << "): " << a(i, j) << " vs "
         << b(i, j) << " (scale " << scale << ")";
}

class EveryProblem : public ::testing::TestWithParam<ProblemCase> {
 protected:
  std::unique_ptr<Problem> p = GetParam().make();
};

TEST_P(EveryProblem, ReportsItsRegistryId) {
  // The id is typed once, in the problem's class; the registry entry and
  // Problem::id() both read it.
  EXPECT_EQ(p->id(), GetParam().id);
}

TEST_P(EveryProblem, GradientMatchesFiniteDifferences) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const Vec q = p->sample_state(seed).q;
    Vec g;
    p->gradient(q, g);
    ASSERT_EQ(g.size(), p->dofs());
    EXPECT_TRUE(close(g, fd_gradient([&](const Vec& x) { return p->potential(x); }, q), 1e-7))
        << "seed " << seed;
  }
}

TEST_P(EveryProblem, HessianMatchesFiniteDifferencesOfGradient) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const Vec q = p->sample_state(seed).q;
    Triplets t;
    p->hessian(q, t, false);
    const Eigen::MatrixXd H = dense(t, p->dofs(), p->dofs());
    EXPECT_TRUE(close(H, H.transpose(), 1e-12)) << "not symmetric, seed " << seed;
    const auto gradient = [&](const Vec& x) {
      Vec g;
      p->gradient(x, g);
      return g;
    };
    EXPECT_TRUE(close(H, fd_jacobian(gradient, q), 1e-6)) << "seed " << seed;
  }
}

TEST_P(EveryProblem, HessianPatternDoesNotDependOnState) {
  // Engines analyze the sparsity pattern once; the contract is that the
  // (row, col) positions are the same for every q, with or without
  // projection — unless the problem declares otherwise (self-collisions),
  // when solvers analyze a changed pattern again.
  if (!p->hessian_pattern_is_fixed()) return;
  auto pattern = [&](const Vec& q, bool project) {
    Triplets t;
    p->hessian(q, t, project);
    return positions(t);
  };
  const auto reference = pattern(p->sample_state(1).q, false);
  for (std::uint64_t seed = 2; seed <= 6; ++seed) {
    EXPECT_EQ(pattern(p->sample_state(seed).q, false), reference);
    EXPECT_EQ(pattern(p->sample_state(seed).q, true), reference);
  }
  EXPECT_EQ(pattern(p->initial_state().q, false), reference);
}

TEST_P(EveryProblem, ProjectedHessianIsPositiveSemidefinite) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Triplets t;
    p->hessian(p->sample_state(seed).q, t, true);
    const Eigen::MatrixXd H = dense(t, p->dofs(), p->dofs());
    const double min_eig =
        Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(H).eigenvalues().minCoeff();
    EXPECT_GE(min_eig, -1e-12 * (1 + H.cwiseAbs().maxCoeff()));
  }
}

TEST_P(EveryProblem, EnergyIsKineticPlusPotential) {
  const State s = p->sample_state(3);
  EXPECT_DOUBLE_EQ(p->total_energy(s),
                   0.5 * s.v.dot(p->mass().cwiseProduct(s.v)) + p->potential(s.q));
}

TEST_P(EveryProblem, SampleStatesAreDeterministicAdmissibleAndDistinct) {
  const State a = p->sample_state(11), b = p->sample_state(11), c = p->sample_state(12);
  ASSERT_EQ(a.q.size(), p->dofs());
  ASSERT_EQ(a.v.size(), p->dofs());
  EXPECT_EQ(a.q, b.q);
  EXPECT_EQ(a.v, b.v);
  EXPECT_NE(a.q, c.q);
  EXPECT_TRUE(std::isfinite(p->potential(a.q)));
  Vec g;
  p->gradient(a.q, g);
  EXPECT_TRUE(g.allFinite());
}

// Problem's contract for max_feasible_step: without a feasibility limit no
// step is bounded (the solvers then skip it); with one, a step from an
// admissible sample state is allowed some positive length. Long steps in a
// seeded set of directions, including towards any obstacle.
TEST_P(EveryProblem, FeasibleStepBoundKeepsTheContract) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const Vec q = p->sample_state(seed).q;
    const Vec dq = 10.0 * (p->sample_state(seed + 100).q - q) - Vec::Constant(q.size(), 1.0);
    const double bound = p->max_feasible_step(q, dq);
    if (p->has_feasibility_limit())
      EXPECT_GT(bound, 0.0) << "seed " << seed;
    else
      EXPECT_EQ(bound, std::numeric_limits<double>::infinity()) << "seed " << seed;
  }
}

// Whether RK4 takes the problem (it refuses q-dependent dissipation and
// contact it cannot enforce, e.g. contact constraints or friction).
bool rk4_applies(const Problem& p) {
  if (p.dissipation_depends_on_q()) return false;
  const IntegratorInfo& rk4 = find_integrator("rk4");
  try {
    (void)rk4.make(p, 1.0, integrator_params(rk4));
    return true;
  } catch (const InputError&) {
    return false;
  }
}

TEST_P(EveryProblem, TimeScaleIsPositiveAndResolvesTheMotion) {
  const double tau = p->time_scale();
  ASSERT_TRUE(std::isfinite(tau) && tau > 0) << tau;
  // RK4 at a tenth of the time scale must stay bounded from the initial
  // state (backward Euler where RK4 cannot take the problem's contact).
  if (p->dissipation_depends_on_q()) return;  // not an RK4 problem
  const IntegratorInfo& method = find_integrator(rk4_applies(*p) ? "rk4" : "backward-euler");
  auto stepper = method.make(*p, 0.1 * tau, integrator_params(method));
  DriveOptions o;
  o.steps = 200;
  o.energy_cap = 1.0;  // |H − H₀| ≤ |H₀|
  o.energy_floor = p->kinetic_energy(p->initial_state().v) + 1e-300;
  const DriveResult r = drive(*p, *stepper, p->initial_state(), o, nullptr);
  EXPECT_EQ(r.status, RunStatus::ok) << r.message;
}

TEST_P(EveryProblem, ObservablesMatchTheirNames) {
  std::vector<double> values;
  p->observables(p->sample_state(4), values);
  EXPECT_EQ(values.size(), p->observable_names().size());
  for (double x : values) EXPECT_TRUE(std::isfinite(x));
}

// --- dissipation -------------------------------------------------------------

class ProblemWithDissipation : public EveryProblem {};

TEST_P(ProblemWithDissipation, VelocityGradientMatchesFiniteDifferences) {
  const Dissipation& r = *p->dissipation();
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const State s = p->sample_state(seed);
    Vec g;
    r.gradient_v(s.q, s.v, g);
    ASSERT_EQ(g.size(), p->dofs());
    const auto R = [&](const Vec& v) { return r.value(s.q, v); };
    EXPECT_TRUE(close(g, fd_gradient(R, s.v), 1e-7)) << "seed " << seed;
  }
}

TEST_P(ProblemWithDissipation, VelocityHessianMatchesFiniteDifferences) {
  const Dissipation& r = *p->dissipation();
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const State s = p->sample_state(seed);
    Triplets t;
    r.hessian_vv(s.q, s.v, t);
    const Eigen::MatrixXd H = dense(t, p->dofs(), p->dofs());
    EXPECT_TRUE(close(H, H.transpose(), 1e-12));
    const auto grad_v = [&](const Vec& v) {
      Vec g;
      r.gradient_v(s.q, v, g);
      return g;
    };
    EXPECT_TRUE(close(H, fd_jacobian(grad_v, s.v), 1e-6)) << "seed " << seed;
  }
}

TEST_P(ProblemWithDissipation, PositionGradientMatchesFiniteDifferences) {
  const Dissipation& r = *p->dissipation();
  // Also for q-independent models, whose ∇_q R and finite differences are 0
  // (lagged models change only in begin_step).
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const State s = p->sample_state(seed);
    Vec g;
    r.gradient_q(s.q, s.v, g);
    ASSERT_EQ(g.size(), p->dofs());
    const Vec fd = fd_gradient([&](const Vec& q) { return r.value(q, s.v); }, s.q);
    EXPECT_TRUE(close(g, fd, 1e-7)) << "seed " << seed;
    if (!r.depends_on_q()) {
      EXPECT_EQ(fd.cwiseAbs().maxCoeff(), 0.0);
    }
  }
}

TEST_P(ProblemWithDissipation, MixedHessianMatchesFiniteDifferences) {
  const Dissipation& r = *p->dissipation();
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const State s = p->sample_state(seed);
    Triplets t;
    r.mixed_hessian(s.q, s.v, t);
    const auto grad_v = [&](const Vec& q) {
      Vec g;
      r.gradient_v(q, s.v, g);
      return g;
    };
    EXPECT_TRUE(close(dense(t, p->dofs(), p->dofs()), fd_jacobian(grad_v, s.q), 1e-6))
        << "seed " << seed;
  }
}

TEST_P(ProblemWithDissipation, HessianPatternsDoNotDependOnState) {
  const Dissipation& r = *p->dissipation();
  auto patterns = [&](const State& s) {
    Triplets vv, qv;
    r.hessian_vv(s.q, s.v, vv);
    r.mixed_hessian(s.q, s.v, qv);
    return std::make_pair(positions(vv), positions(qv));
  };
  const auto reference = patterns(p->sample_state(1));
  for (std::uint64_t seed = 2; seed <= 5; ++seed)
    EXPECT_EQ(patterns(p->sample_state(seed)), reference);
}

TEST_P(ProblemWithDissipation, QIndependentDissipationIsNonnegative) {
  const Dissipation& r = *p->dissipation();
  if (r.depends_on_q()) return;  // e.g. R = β/2 vᵀK(q)v with indefinite K
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const State s = p->sample_state(seed);
    EXPECT_GE(r.value(s.q, s.v), 0.0);
  }
}

// --- exact solutions and energy ------------------------------------------------

class ProblemWithExactSolution : public EveryProblem {};

TEST_P(ProblemWithExactSolution, ExactSolutionSatisfiesTheOde) {
  const State s0 = p->initial_state(), e0 = p->exact(0.0);
  EXPECT_LT((s0.q - e0.q).cwiseAbs().maxCoeff(), 1e-14 * (1 + s0.q.cwiseAbs().maxCoeff()));
  EXPECT_LT((s0.v - e0.v).cwiseAbs().maxCoeff(), 1e-14 * (1 + s0.v.cwiseAbs().maxCoeff()));
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

// Maximum relative energy drift of RK4 from a sample state over 20 time
// scales, at h = fraction · time scale.
double rk4_drift(const Problem& p, double fraction) {
  const IntegratorInfo& rk4 = find_integrator("rk4");
  const double tau = p.time_scale();
  auto stepper = rk4.make(p, fraction * tau, integrator_params(rk4));
  const State s0 = p.sample_state(7);
  const double H0 = p.total_energy(s0);
  double drift = 0;
  DriveOptions o;
  o.steps = std::lround(20.0 / fraction);
  const DriveResult r =
      drive(p, *stepper, s0, o, [&](long, const State&, const StepReport&, double H) {
        drift = std::max(drift, std::abs(H - H0) / std::abs(H0));
      });
  EXPECT_EQ(r.status, RunStatus::ok) << r.message;
  return drift;
}

// Least-squares log-log slope of the drift over h = τ · 0.1 · 2^{-k},
// k = 0 … halvings.
double rk4_drift_order(const Problem& p, int halvings) {
  std::vector<double> x, y;
  for (int k = 0; k <= halvings; ++k) {
    const double f = 0.1 * std::pow(0.5, k);
    x.push_back(std::log(f));
    y.push_back(std::log(rk4_drift(p, f)));
  }
  const double n = static_cast<double>(x.size());
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < x.size(); ++i) mx += x[i] / n, my += y[i] / n;
  double sxy = 0, sxx = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    sxy += (x[i] - mx) * (y[i] - my), sxx += (x[i] - mx) * (x[i] - mx);
  return sxy / sxx;
}

class SmoothConservativeProblem : public EveryProblem {};
class NonsmoothConservativeProblem : public EveryProblem {};

TEST_P(SmoothConservativeProblem, Rk4EnergyErrorIsFourthOrder) {
  // Under a constant force (free fall) the motion is a quadratic polynomial,
  // which RK4 integrates exactly: the drift is round-off at every h and has
  // no order. Such a problem must then stay at round-off at every step size.
  if (rk4_drift(*p, 0.1) < 1e-10) {
    for (int k = 1; k <= 2; ++k) EXPECT_LT(rk4_drift(*p, 0.1 * std::pow(0.5, k)), 1e-10);
    return;
  }
  const double order = rk4_drift_order(*p, 2);
  std::printf("%-24s RK4 energy drift order %.2f, drift at h = tau/40: %.2e\n",
              GetParam().label.c_str(), order, rk4_drift(*p, 0.025));
  EXPECT_GE(order, 3.7);
  EXPECT_LT(rk4_drift(*p, 0.025), 1e-5);
}

TEST_P(NonsmoothConservativeProblem, Rk4EnergyErrorVanishesAtTheSmoothnessOrder) {
  // One-sided contact potentials are C¹ (quadratic barrier) or C² (IPC): the
  // steps that cross the switching point limit the order (about 2 for a jump
  // in P'', 3 for a jump in P''') with an error constant that depends on
  // where the crossing falls in the step, so the drift is erratic from one h
  // to the next; the slope is fitted over h = τ/10 … τ/320 and only
  // convergence at a reduced rate is asserted. The measured order is printed.
  const double order = rk4_drift_order(*p, 5);
  std::printf("%-24s RK4 energy drift order %.2f (nonsmooth potential)\n", GetParam().label.c_str(),
              order);
  EXPECT_GE(order, 1.5);
}

// A problem whose potential changes in begin_step (lagged rotations) has no
// conserved energy even without dissipation.
bool potential_is_lagged(const Problem& p) {
  const Vec q = p.sample_state(1).q;
  const double before = p.potential(q);
  p.begin_step(p.sample_state(2));
  return p.potential(q) != before;
}

// Contact whose forces all come from P (penalty, IPC, or obstacles only
// observed) and no friction: the energy of the potential is conserved.
bool contact_is_conservative(const Problem& p) {
  const ObstacleContact* c = p.contact();
  if (!c) return true;
  const ContactKind k = c->kind();
  return (k == ContactKind::penalty || k == ContactKind::ipc || k == ContactKind::none) &&
         c->params().mu == 0.0 && !p.potential_depends_on_time();
}

bool conservative(const Problem& p) {
  return !p.dissipation() && !p.external_force() && !potential_is_lagged(p) &&
         contact_is_conservative(p);
}

TIBENCH_INSTANTIATE_SELECTED(Registry, EveryProblem, ::testing::ValuesIn(test::problem_cases()),
                             test::case_name);
TIBENCH_INSTANTIATE_SELECTED(Registry, ProblemWithDissipation,
                             ::testing::ValuesIn(test::problem_cases([](const Problem& p) {
                               return p.dissipation() != nullptr;
                             })),
                             test::case_name);
TIBENCH_INSTANTIATE_SELECTED(Registry, ProblemWithExactSolution,
                             ::testing::ValuesIn(test::problem_cases([](const Problem& p) {
                               return p.has_exact();
                             })),
                             test::case_name);
TIBENCH_INSTANTIATE_SELECTED(Registry, SmoothConservativeProblem,
                             ::testing::ValuesIn(test::problem_cases([](const Problem& p) {
                               return conservative(p) && p.is_smooth();
                             })),
                             test::case_name);
TIBENCH_INSTANTIATE_SELECTED(Registry, NonsmoothConservativeProblem,
                             ::testing::ValuesIn(test::problem_cases([](const Problem& p) {
                               return conservative(p) && !p.is_smooth();
                             })),
                             test::case_name);

TEST(Problems, UnknownIdAndParameterAreRejected) {
  EXPECT_THROW(make_problem("no-such-problem"), InputError);
  EXPECT_THROW(make_problem("oscillator", {"q=1"}), ParamError);
  EXPECT_THROW(make_problem("oscillator", {"m=0"}), ParamError);
  EXPECT_THROW(make_problem("tet-rayleigh", {"material=stable-neo-hookean"}), InputError);
  EXPECT_THROW(make_problem("beam", {"nu=0.5"}), InputError);
  EXPECT_THROW(make_problem("beam", {"nx=2", "cantilever=true", "clamped=false"}), InputError);
  // plate_gap's bound depends on stretch and lx, so the scene checks it.
  EXPECT_THROW(make_problem("cube-stretch-compress", {"mesh_size=0.5", "plate_gap=-1"}),
               ParamError);
  EXPECT_NO_THROW(make_problem("cube-stretch-compress", {"mesh_size=0.5", "plate_gap=-0.9"}));
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

TEST(Problems, EveryRegistryDefaultInstanceBuilds) {
  // The property tests use small instances; the defaults (e.g. the
  // 512-element beam, N = 1000 chain) must build too.
  for (const auto& info : problem_registry()) {
    const auto p = info.make(problem_params(info));
    EXPECT_GT(p->dofs(), 0) << info.id;
    EXPECT_TRUE(std::isfinite(p->total_energy(p->initial_state()))) << info.id;
  }
}

}  // namespace
}  // namespace tibench
