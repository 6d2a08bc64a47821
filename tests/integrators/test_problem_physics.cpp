// Physics of individual problems beyond the registry-wide checks: the beam's
// static sag (a static solve of the potential) against the rest state that
// long backward-Euler runs reach, the bar's modal energy spectrum and its
// presets, and the mass-proportional damping that reproduces You et al.'s
// free-body check value.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>

#include "integrators/engines/driver.hpp"
#include "integrators/engines/incremental_potential.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/registry.hpp"
#include "solvers/nonlinear/newton_solver.hpp"

namespace tibench {
namespace {

// Stationary point of P by proximal Newton steps x_{k+1} = argmin
// ½/τ² ‖x − x_k‖²_M + P(x), refreshing lagged quantities (corotated
// rotations) between steps, until ∇P vanishes to round-off.
Vec static_equilibrium(const Problem& p, Vec x) {
  IncrementalPotential phi(p);
  NewtonOptions options;
  options.stop.tolerance = 1e-14;
  options.stop.max_iterations = 100;
  NewtonSolver newton(options);
  Vec g;
  for (int k = 0; k < 200; ++k) {
    p.begin_step({x, Vec::Zero(p.dofs()), 0.0});
    Vec y = Vec::Zero(p.dofs());  // increment from x, inertial target 0
    phi.set_stage(x, y, 1.0, 1.0, 0.0);
    const StageSolveResult r = newton.minimize(phi, y);
    EXPECT_TRUE(r.converged) << r.message;
    x += y;
    p.gradient(x, g);
    if (g.cwiseAbs().maxCoeff() < 1e-11 * p.mass().maxCoeff() * 9.81) break;
  }
  p.gradient(x, g);
  EXPECT_LT(g.cwiseAbs().maxCoeff(), 1e-10 * p.mass().maxCoeff() * 9.81);
  return x;
}

TEST(Beam, StaticSagAgreesWithTheLongTimeBackwardEulerRestState) {
  for (const char* material : {"stable-neo-hookean", "corotated-linear"}) {
    const auto p =
        make_problem("beam", {"nx=8", "ny=2", "nz=2", std::string("material=") + material});
    const State s0 = p->initial_state();
    const Vec sag = static_equilibrium(*p, s0.q);
    const double max_sag = (sag - s0.q).cwiseAbs().maxCoeff();
    EXPECT_GT(max_sag, 0.01) << material;  // the beam sags visibly

    const IntegratorInfo& be = find_integrator("backward-euler");
    auto stepper = be.make(*p, 0.1, integrator_params(be, {"newton_tol=1e-13"}));
    DriveOptions o;
    o.steps = 400;
    const DriveResult r = drive(*p, *stepper, s0, o, nullptr);
    ASSERT_EQ(r.status, RunStatus::ok) << r.message;
    EXPECT_LT(r.final_state.v.cwiseAbs().maxCoeff(), 1e-9) << material;
    EXPECT_LT((r.final_state.q - sag).cwiseAbs().maxCoeff(), 1e-8 * max_sag) << material;
    std::vector<double> obs;
    p->observables(r.final_state, obs);
    std::printf(
        "beam (%s, 8x2x2): static midpoint deflection %.6f m, BE rest %.6f m\n", material,
        [&] {
          std::vector<double> o2;
          p->observables({sag, Vec::Zero(p->dofs()), 0}, o2);
          return o2[1];
        }(),
        obs[1]);
  }
}

TEST(Beam, RestStateHasZeroDeflectionAndGravitationalSpecificEnergy) {
  const auto p = make_problem("beam", {"nx=4", "ny=2", "nz=2"});
  std::vector<double> obs;
  const State s = p->initial_state();
  p->observables(s, obs);
  ASSERT_EQ(obs.size(), 3u);
  EXPECT_EQ(obs[1], 0.0);
  EXPECT_EQ(obs[2], 0.0);  // tip_deflection: 0 with both ends clamped
  // Strain and kinetic energy vanish; gravity g Σ m y over the free nodes.
  double gravity = 0.0;
  for (Index n = 0; n < p->nodes(); ++n) gravity += 9.81 * p->mass()[3 * n] * s.q[3 * n + 1];
  EXPECT_NEAR(obs[0], gravity / (1000.0 * 0.125 * 0.125), 1e-12);
}

// hinged = true pins exactly the nodes of the top edge x = 0, y = height and
// starts a rigid rotation about it: the energy of that rotation is
// ½ ω² Σ m r², r the distance from the edge; a swing under gravity keeps
// the angular momentum about the edge only up to gravity's torque, so only
// the start is checked here (the swing is Y-V2's).
TEST(Beam, HingedPinsTheTopEdgeAndRotatesAboutIt) {
  const auto p = make_problem(
      "beam", {"clamped=false", "hinged=true", "hinge_spin=3", "length=0.1", "height=0.1",
               "width=0.1", "nx=3", "ny=3", "nz=3", "material=fixed-corotated"});
  EXPECT_EQ(p->nodes(), 4 * 4 * 4 - 4);  // the 4 nodes of one edge are pinned
  const State s = p->initial_state();
  double kinetic = 0.0, rotation = 0.0;
  for (Index n = 0; n < p->nodes(); ++n) {
    const double m = p->mass()[3 * n], x = s.q[3 * n], y = s.q[3 * n + 1] - 0.1;
    EXPECT_GT(x * x + y * y, 1e-6);  // no free node on the pinned edge
    EXPECT_NEAR(s.v[3 * n], -3 * y, 1e-15);
    EXPECT_NEAR(s.v[3 * n + 1], 3 * x, 1e-15);
    EXPECT_EQ(s.v[3 * n + 2], 0.0);
    kinetic += 0.5 * m * s.v.segment<3>(3 * n).squaredNorm();
    rotation += 0.5 * 9 * m * (x * x + y * y);
  }
  EXPECT_NEAR(kinetic, rotation, 1e-15 * rotation);
  EXPECT_THROW((void)make_problem("beam", {"hinged=true"}), InputError);  // clamped too
}

// Index of an observable by name.
std::size_t observable(const Problem& p, const std::string& name) {
  const auto names = p.observable_names();
  for (std::size_t k = 0; k < names.size(); ++k)
    if (names[k] == name) return k;
  ADD_FAILURE() << "no observable " << name;
  return 0;
}

TEST(Bar1d, ModalEnergiesSeparateModesAndSumToTheLinearizedEnergy) {
  const auto p = make_problem("bar1d", {"preset=medium"});
  const State rest = p->initial_state();
  // Linear modes from the rest Hessian of the elastic part (the bar is far
  // from the wall, so the barrier does not contribute).
  Triplets t;
  p->hessian(rest.q, t, false);
  SparseMatrix K(p->dofs(), p->dofs());
  K.setFromTriplets(t.begin(), t.end());
  const Eigen::MatrixXd Kd(K);
  const Vec s = p->mass().cwiseSqrt().cwiseInverse();
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(s.asDiagonal() * Kd * s.asDiagonal());
  for (Index k : {Index(0), Index(3), Index(17)}) {
    const Vec phi = s.asDiagonal() * eig.eigenvectors().col(k);  // M-orthonormal
    State st{rest.q + 1e-4 * phi, 0.02 * phi, 0.0};
    std::vector<double> obs;
    p->observables(st, obs);
    const std::size_t first = observable(*p, "modal_energy_00");
    const double expected = 0.5 * 0.02 * 0.02 + 0.5 * std::max(eig.eigenvalues()[k], 0.0) * 1e-8;
    EXPECT_NEAR(obs[first + static_cast<std::size_t>(k)], expected, 1e-9 * expected)
        << "mode " << k;
    double total = 0.0;
    for (Index j = 0; j < p->dofs(); ++j) total += obs[first + static_cast<std::size_t>(j)];
    EXPECT_NEAR(total, expected, 1e-9 * expected);
    const Vec u = st.q - rest.q;
    EXPECT_NEAR(total, 0.5 * u.dot(Kd * u) + p->kinetic_energy(st.v), 1e-9 * expected);
  }
}

TEST(Bar1d, PresetsSetTheWaveSpeedAndOverridesWin) {
  // Uniform stretch λ: U = length · E/4 (λ² − 1 − 2 log λ), E = ρ c², ρ = 10 kg/m.
  auto energy_at_stretch = [](const std::vector<std::string>& o, double lambda) {
    const auto p = make_problem("bar1d", o);
    const Vec rest = p->initial_state().q;
    const Vec q = (1.0 + lambda * (rest.array() - rest[0])).matrix();  // far from the wall
    return p->potential(q);
  };
  const double lambda = 1.1, shape = 0.25 * (lambda * lambda - 1 - 2 * std::log(lambda));
  for (auto [preset, c] : std::vector<std::pair<std::string, double>>{
           {"soft", 1.0}, {"medium", 10.0}, {"stiff", 100.0}, {"damped-soft", 1.0}}) {
    EXPECT_NEAR(energy_at_stretch({"preset=" + preset}, lambda), 10.0 * c * c * shape,
                1e-12 * c * c);
  }
  EXPECT_NEAR(energy_at_stretch({"preset=stiff", "wave_speed=3"}, lambda), 90.0 * shape, 1e-12);
}

TEST(Bar1d, MassProportionalDampingGivesTheFreeBodyVelocityOfYouEtAl) {
  // You et al. §5.5: μk = 0.05 1/s "would lead to a final velocity of
  // 0.78m/s for a freely moving body without deformation": e^{−0.05 T} with
  // T = 5 s. A bar far from the wall moves rigidly and must decay so.
  const auto p = make_problem("bar1d", {"preset=damped-soft", "gap=100"});
  const IntegratorInfo& rk4 = find_integrator("rk4");
  auto stepper = rk4.make(*p, 1e-3, integrator_params(rk4));
  DriveOptions o;
  o.steps = 5000;
  const DriveResult r = drive(*p, *stepper, p->initial_state(), o, nullptr);
  ASSERT_EQ(r.status, RunStatus::ok);
  std::vector<double> obs;
  p->observables(r.final_state, obs);
  const double v = -obs[observable(*p, "com_velocity")];
  EXPECT_NEAR(v, std::exp(-0.25), 1e-10);
  EXPECT_NEAR(v, 0.78, 0.005);  // the paper's printed value
}

TEST(BarrierQuadratic, PhaseSetsTheInitialPositionAndContactLastsPiOverOmega) {
  const auto p = make_problem("barrier-quadratic", {"beta=0.3", "h=0.2", "k=4"});
  EXPECT_DOUBLE_EQ(p->initial_state().q[0], 0.3 * 0.2);
  const double t_in = 0.06, t_out = t_in + M_PI / 2.0;  // ω = 2
  EXPECT_GT(p->exact(t_in + 1e-9).q[0], -1e-8);
  EXPECT_LT(p->exact(0.5 * (t_in + t_out)).q[0], -0.4);  // depth |v|/ω = 0.5
  EXPECT_NEAR(p->exact(t_out).q[0], 0.0, 1e-15);
  EXPECT_DOUBLE_EQ(p->exact(t_out + 1.0).v[0], 1.0);
}

}  // namespace
}  // namespace tibench
