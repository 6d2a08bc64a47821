// Contact with analytic obstacles (problems/contact/, integrators/
// contact_projection.hpp, the driver's post-processing, the harness's phase
// detection):
//   - level sets: φ, ∇φ, ∇²φ against finite differences in every region of
//     every shape, |∇φ| = 1, and exact or conservative collision detection;
//   - every registry integrator either takes a problem with contact
//     constraints and keeps every vertex out of the obstacles after every
//     step, or refuses it with an InputError naming why;
//   - every registry problem with obstacles, under constraint contact:
//     min φ ≥ −tolerance after every step; in free flight (g = 0, no
//     contact) linear momentum is conserved to round-off;
//   - post-process contact leaves no vertex inside an obstacle;
//   - Coulomb friction never adds kinetic energy and stops a slow contact;
//   - the sliding box decelerates at μ g within 1 %;
//   - the phase detector on a synthetic bounce.
#include <gtest/gtest.h>

#include "problem_cases.hpp"

#include <cmath>

#include "core/random.hpp"
#include "harness/analysis/contact_phases.hpp"
#include "integrators/engines/driver.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/contact/level_set.hpp"
#include "problems/contact/obstacle_contact.hpp"
#include "selected_suite.hpp"

namespace tibench {
namespace {

// --- level sets -----------------------------------------------------------

struct Shape {
  const char* name;
  std::shared_ptr<const LevelSet> ls;
};

std::vector<Shape> shapes() {
  return {{"half-space", half_space(Vector3(0.1, -0.2, 0.3), Vector3(1, 2, -0.5))},
          {"sphere", sphere(Vector3(0.2, 0.1, -0.1), 0.7)},
          {"bowl", bowl(Vector3(0, 0.3, 0), 2.0)},
          {"box", box(Vector3(0.1, 0.2, 0.3), Vector3(0.5, 0.3, 0.4))},
          {"union", level_set_union({sphere(Vector3(-1, 0, 0), 0.5),
                                     box(Vector3(1, 0, 0), Vector3(0.3, 0.4, 0.5))})}};
}

Vector3 fd_gradient(const LevelSet& ls, const Vector3& x, double d) {
  Vector3 g;
  for (int i = 0; i < 3; ++i) {
    const Vector3 e = d * Vector3::Unit(i);
    g[i] = (ls.phi(x + e) - ls.phi(x - e)) / (2 * d);
  }
  return g;
}

TEST(LevelSet, DerivativesMatchFiniteDifferencesInEveryRegion) {
  SplitMix64 rng(3);
  for (const Shape& s : shapes()) {
    int tested = 0;
    for (int k = 0; k < 400; ++k) {
      const Vector3 x(rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2));
      const double d = 1e-6;
      const LevelSetValue v = s.ls->evaluate(x);
      // Skip points within 1e-3 of a non-smooth set: the derivative of the
      // other side's branch would differ there (boxes: region boundaries;
      // unions: equal members; spheres: the centre).
      const LevelSetValue a = s.ls->evaluate(x + Vector3::Constant(1e-3));
      const LevelSetValue b = s.ls->evaluate(x - Vector3::Constant(1e-3));
      if ((a.hess - v.hess).norm() > 1e-1 * (1 + v.hess.norm()) ||
          (b.hess - v.hess).norm() > 1e-1 * (1 + v.hess.norm()) || (a.grad - b.grad).norm() > 0.05)
        continue;
      ++tested;
      EXPECT_NEAR(v.phi, s.ls->phi(x), 1e-15) << s.name;
      EXPECT_NEAR(v.grad.norm(), 1.0, 1e-12) << s.name;
      EXPECT_LT((v.grad - fd_gradient(*s.ls, x, d)).norm(), 1e-7) << s.name;
      Matrix3 H;
      for (int i = 0; i < 3; ++i) {
        const Vector3 e = d * Vector3::Unit(i);
        H.col(i) = (s.ls->evaluate(x + e).grad - s.ls->evaluate(x - e).grad) / (2 * d);
      }
      EXPECT_LT((v.hess - H).norm(), 1e-5 * (1 + v.hess.norm()))
          << s.name << " at " << x.transpose();
    }
    EXPECT_GT(tested, 200) << s.name;
  }
}

TEST(LevelSet, FirstCrossingIsTheEarliestPointAtTheLevel) {
  SplitMix64 rng(5);
  for (const Shape& s : shapes()) {
    int hits = 0;
    for (int k = 0; k < 200; ++k) {
      const Vector3 x(rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2));
      // Aimed near the origin (where every shape is) plus a random part.
      const Vector3 d = -x + Vector3(rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1));
      const double phi0 = s.ls->phi(x);
      if (!(phi0 > 0)) continue;
      const double level = 0.1 * phi0;
      const double t = s.ls->first_crossing(x, d, level);
      ASSERT_GE(t, 0.0);
      for (int j = 1; j < 50; ++j) {
        const double tj = std::isfinite(t) ? t * j / 50.0 : j * 0.1;
        EXPECT_GT(s.ls->phi(x + tj * d), level - 1e-12) << s.name << ": crossed before " << t;
      }
      if (!std::isfinite(t)) continue;
      ++hits;
      EXPECT_NEAR(s.ls->phi(x + t * d), level, 1e-9 * (1 + phi0)) << s.name;
    }
    EXPECT_GT(hits, 20) << s.name;
  }
}

TEST(LevelSet, ScriptedMotionTranslatesThePhiAndIsContinuous) {
  const Motion m{{{Vector3(1, 0, 0), 1.0, 2.0}, {Vector3(-1, 0, 0), 2.0, 3.0}}};
  EXPECT_EQ(m.displacement(0.5), Vector3::Zero());
  EXPECT_EQ(m.displacement(1.5), Vector3(0.5, 0, 0));
  EXPECT_EQ(m.displacement(2.0), Vector3(1, 0, 0));
  EXPECT_EQ(m.displacement(4.0), Vector3::Zero());
  EXPECT_EQ(m.velocity_at(2.5), Vector3(-1, 0, 0));
  const Obstacle o{"wall", half_space(Vector3::Zero(), Vector3::UnitX()), m};
  EXPECT_DOUBLE_EQ(o.phi(Vector3(1.25, 0, 0), 1.5), 0.75);
}

// --- friction ---------------------------------------------------------------

TEST(Friction, NeverAddsKineticEnergyAndStopsSlowContacts) {
  SplitMix64 rng(11);
  for (int k = 0; k < 200; ++k) {
    const Index n = 4;
    Vec m(3 * n), v(3 * n);
    for (Index i = 0; i < n; ++i) {
      m.segment<3>(3 * i).setConstant(rng.uniform(0.5, 2));
      for (int c = 0; c < 3; ++c) v[3 * i + c] = rng.uniform(-2, 2);
    }
    std::vector<ContactForce> contacts;
    for (Index i = 0; i < n; ++i)
      contacts.push_back({3 * i, Vector3(rng.uniform(-1, 1), 1, rng.uniform(-1, 1)).normalized(),
                          rng.uniform(0, 50), Vector3::Zero()});
    const double ke = 0.5 * v.dot(m.cwiseProduct(v));
    Vec after = v;
    apply_coulomb_friction(contacts, rng.uniform(0, 1), 0.01, m, after);
    EXPECT_LE(0.5 * after.dot(m.cwiseProduct(after)), ke * (1 + 1e-14));
    for (const auto& c : contacts) {  // the normal velocity is untouched
      EXPECT_NEAR(after.segment<3>(c.dof).dot(c.normal), v.segment<3>(c.dof).dot(c.normal), 1e-12);
    }
  }
  // A contact whose friction impulse exceeds its tangential momentum stops.
  Vec m = Vec::Ones(3), v(3);
  v << 0.1, -0.2, 0.05;
  apply_coulomb_friction({{0, Vector3::UnitY(), 100.0, Vector3::Zero()}}, 0.5, 0.01, m, v);
  EXPECT_NEAR(v[0], 0.0, 1e-15);
  EXPECT_NEAR(v[2], 0.0, 1e-15);
  EXPECT_DOUBLE_EQ(v[1], -0.2);
}

// --- every integrator on a collision ------------------------------------------

// A coarse ball 2 cm above the ground moving down at 3 m/s: it reaches the
// ground within a few steps of h = 5 ms and stays on it.
std::unique_ptr<Problem> falling_ball(const std::string& model) {
  return make_problem("ball-drop", {"mesh_size=0.35", "y0=0.52", "vy=-3", "contact=" + model});
}

double tolerance_of(const Problem& p) {
  return 1e-9 * (1 + p.initial_state().q.cwiseAbs().maxCoeff());
}

TEST(ConstraintContact, EveryIntegratorKeepsVerticesOutOrRefusesWithAReason) {
  const auto p = falling_ball("constraint");
  int accepted = 0;
  for (const IntegratorInfo& info : integrator_registry()) {
    std::unique_ptr<Stepper> st;
    try {
      st = info.stepper(*p, 0.005);
    } catch (const InputError& e) {
      const std::string why = e.what();
      EXPECT_NE(why.find("contact=constraint"), std::string::npos) << info.id << ": " << why;
      EXPECT_NE(why.find(": "), std::string::npos) << info.id << ": " << why;
      continue;
    }
    ++accepted;
    DriveOptions o;
    o.steps = 20;
    int contact_steps = 0;
    const DriveResult r = drive(
        *p, *st, p->initial_state(), o, [&](long n, const State&, const StepReport& rep, double) {
          EXPECT_GE(rep.min_phi, -tolerance_of(*p)) << info.id << " step " << n;
          if (rep.contacts > 0) ++contact_steps;
        });
    EXPECT_EQ(r.status, RunStatus::ok) << info.id << ": " << r.message;
    EXPECT_GT(contact_steps, 5) << info.id;
  }
  EXPECT_GE(accepted, 8);  // backward Euler, SDIRK2, SDIRK3, TR-BDF2, BDF2, opt-*, Newmark, ...
}

TEST(PostProcessContact, EveryIntegratorEndsEveryStepOutsideTheObstacles) {
  const auto p = falling_ball("post-process");
  for (const char* id : {"rk4", "backward-euler", "ros34pw2", "stormer-verlet"}) {
    auto st = find_integrator(id).stepper(*p, 0.002);
    DriveOptions o;
    o.steps = 30;
    int corrected = 0;
    drive(*p, *st, p->initial_state(), o, [&](long, const State&, const StepReport& r, double) {
      EXPECT_GE(r.min_phi, -tolerance_of(*p)) << id;
      corrected += r.contacts > 0;
    });
    EXPECT_GT(corrected, 0) << id;
  }
}

// --- every registry problem with obstacles ---------------------------------------

class ProblemWithObstacles : public ::testing::TestWithParam<test::ProblemCase> {};

TEST_P(ProblemWithObstacles, ConstraintContactKeepsEveryVertexOutAfterEveryStep) {
  auto overrides = GetParam().overrides;
  overrides.push_back("contact=constraint");
  const auto p = make_problem(GetParam().id, overrides);
  // (Damping that depends on q needs an optimization integrator's term.)
  auto st = find_integrator(p->dissipation_depends_on_q() ? "opt-backward-euler" : "backward-euler")
                .stepper(*p, 1.0 / 48);
  DriveOptions o;
  o.steps = 48;
  const DriveResult r = drive(*p, *st, p->initial_state(), o,
                              [&](long n, const State&, const StepReport& rep, double) {
                                ASSERT_GE(rep.min_phi, -tolerance_of(*p)) << "step " << n;
                              });
  EXPECT_EQ(r.status, RunStatus::ok) << r.message;
}

TEST_P(ProblemWithObstacles, FreeFlightConservesLinearMomentumToRoundOff) {
  auto overrides = GetParam().overrides;
  const ParamSet defaults = problem_params(find_problem(GetParam().id));
  for (const char* o : {"contact=none", "g=0", "mu=0", "damping=none"})
    if (defaults.has(std::string(o).substr(0, std::string(o).find('=')))) overrides.push_back(o);
  const auto p = make_problem(GetParam().id, overrides);
  State s0 = p->initial_state();
  for (Index i = 0; i < p->nodes(); ++i) s0.v.segment<3>(3 * i) += Vector3(0.3, -0.2, 0.1);
  const Vec p0 = p->linear_momentum(s0.v);
  const double scale = p->mass().sum() / 3 * 1.0;
  for (const char* id : {"backward-euler", "sdirk2"}) {
    auto st = find_integrator(id).stepper(*p, 0.01);
    DriveOptions o;
    o.steps = 20;
    drive(*p, *st, s0, o, [&](long n, const State& s, const StepReport&, double) {
      EXPECT_LT((p->linear_momentum(s.v) - p0).norm(), 1e-11 * scale) << id << " step " << n;
    });
  }
}

TIBENCH_INSTANTIATE_SELECTED(Registry, ProblemWithObstacles,
                             ::testing::ValuesIn(test::problem_cases([](const Problem& p) {
                               return p.contact() != nullptr;
                             })),
                             test::case_name);

// --- friction against the closed form -------------------------------------------

TEST(BoxSlide, DeceleratesAtMuGWithinOnePercent) {
  for (const char* model : {"constraint", "penalty"}) {
    const auto p = make_problem("box-slide", {std::string("contact=") + model});
    const double mu = p->params().real("mu"), g = p->params().real("g");
    const double v0 = p->params().real("vx"), stop = v0 / (mu * g);
    auto st = find_integrator("backward-euler").stepper(*p, 0.005);
    std::vector<double> t, vx;
    DriveOptions o;
    o.steps = static_cast<long>(std::lround(1.5 / 0.005));
    std::vector<double> obs;
    drive(*p, *st, p->initial_state(), o, [&](long, const State& s, const StepReport&, double) {
      p->observables(s, obs);
      if (s.t > 0.1 && s.t < stop - 0.1) {
        t.push_back(s.t);
        vx.push_back(obs[3]);
      }
    });
    // Least-squares slope of the centre-of-mass velocity while sliding.
    double mt = 0, mv = 0;
    for (std::size_t k = 0; k < t.size(); ++k) mt += t[k], mv += vx[k];
    mt /= static_cast<double>(t.size());
    mv /= static_cast<double>(t.size());
    double stv = 0, stt = 0;
    for (std::size_t k = 0; k < t.size(); ++k)
      stv += (t[k] - mt) * (vx[k] - mv), stt += (t[k] - mt) * (t[k] - mt);
    const double decel = -stv / stt;
    std::printf("box-slide %-10s deceleration %.5f m/s^2, mu g = %.5f (%.3f %%)\n", model, decel,
                mu * g, 100 * (decel / (mu * g) - 1));
    EXPECT_NEAR(decel, mu * g, 0.01 * mu * g) << model;
  }
}

// --- phases -------------------------------------------------------------------------

TEST(ContactPhases, ABounceGivesItsRestitutionEnergyAndTimes) {
  // A 1-D stand-in: one "body" whose reports say when it touches.
  const auto p = make_problem("ball-drop", {"mesh_size=0.35"});
  const State s0 = p->initial_state();
  const double H0 = p->total_energy(s0);
  ContactPhaseDetector d(*p, s0, H0, 0);
  auto at = [&](double t, double vy, int contacts, double H) {
    State s = s0;
    s.t = t;
    for (Index i = 0; i < p->nodes(); ++i) s.v[3 * i + 1] = vy;
    StepReport r;
    r.contacts = contacts;
    r.min_phi = contacts > 0 ? -0.01 : 0.1;
    r.contact_normal = Vector3::UnitY();
    d.on_step(s, r, H);
  };
  at(0.1, -2.0, 0, 10.0);
  at(0.2, -1.0, 3, 9.0);
  at(0.3, 0.5, 5, 8.5);
  at(0.4, 1.5, 0, 8.0);
  at(0.5, 1.0, 0, 7.5);
  const auto phases = d.finish();
  ASSERT_EQ(phases.size(), 1u);
  EXPECT_DOUBLE_EQ(phases[0].t_start, 0.2);
  EXPECT_DOUBLE_EQ(phases[0].t_end, 0.4);
  EXPECT_DOUBLE_EQ(phases[0].v_in, -2.0);
  EXPECT_DOUBLE_EQ(phases[0].v_out, 1.5);
  EXPECT_DOUBLE_EQ(phases[0].restitution, 0.75);
  EXPECT_DOUBLE_EQ(phases[0].energy_change, -2.0);
  EXPECT_DOUBLE_EQ(phases[0].flight_energy_change, -0.5);
  EXPECT_DOUBLE_EQ(phases[0].max_penetration, 0.01);
  EXPECT_EQ(phases[0].max_active, 5);
  EXPECT_FALSE(phases[0].open);
}

TEST(ContactPhases, ChatterWhileApproachingStaysOneCollision) {
  const auto p = make_problem("ball-drop", {"mesh_size=0.35"});
  const State s0 = p->initial_state();
  ContactPhaseDetector d(*p, s0, 1.0, 0);
  auto at = [&](double t, double vy, int contacts) {
    State s = s0;
    s.t = t;
    for (Index i = 0; i < p->nodes(); ++i) s.v[3 * i + 1] = vy;
    StepReport r;
    r.contacts = contacts;
    r.min_phi = 0.0;
    r.contact_normal = Vector3::UnitY();
    d.on_step(s, r, 1.0);
  };
  at(0.1, -3.0, 0);
  at(0.2, -2.9, 1);  // one vertex touches ...
  at(0.3, -2.8, 0);  // ... and bounces off while the body still approaches
  at(0.4, -1.0, 4);
  at(0.5, 2.0, 0);  // the body separates
  at(0.6, 1.5, 0);
  at(0.7, -0.5, 2);  // a second collision, open at the end
  const auto phases = d.finish();
  ASSERT_EQ(phases.size(), 2u);
  EXPECT_DOUBLE_EQ(phases[0].t_start, 0.2);
  EXPECT_DOUBLE_EQ(phases[0].t_end, 0.5);
  EXPECT_DOUBLE_EQ(phases[0].v_in, -3.0);
  EXPECT_DOUBLE_EQ(phases[0].restitution, 2.0 / 3.0);
  EXPECT_TRUE(phases[1].open);
  EXPECT_TRUE(std::isnan(phases[1].restitution));
  EXPECT_DOUBLE_EQ(phases[1].v_in, 1.5);
}

}  // namespace
}  // namespace tibench
