// Contact constraints by gradient projection (Gast & Schroeder 2014 §3.2;
// solvers/nonlinear/contact_projection.hpp) against an independent constrained
// solver, Ipopt (interior point, exact first and second derivatives).
//
// One implicit stage of a small 3-D body (N = 2…6 vertices, node-major q,
// lumped masses in [0.5, 2]) with a strictly convex smooth potential
//   P(q) = ½ qᵀKq + bᵀq + Σ_p c_p (‖x_p − a_p‖²)²    (K SPD, c_p > 0)
// and analytic obstacles (contact vertices: all):
//   Φ(y) = ½ (y − ŷ)ᵀ W (y − ŷ) + P(x_a + y),   W = M/τ²,
//   subject to φ_b(x_a,p + y_p) ≥ 0 for every pair (b, p).
// Ours: IncrementalPotential over the problem with contact `constraint`,
// minimized by NewtonSolver from y = ŷ (projected by the solver). Ipopt:
// the same Φ evaluated from the pieces of a twin problem with contact
// `none` (so that nothing of our contact code enters), the pairs' φ as
// constraints, started from y = 0 (the anchor, feasible).
//
// Checked per instance (seeded SplitMix64; 10 scenes × 5 seeds):
//   - the minimizers agree: ‖y_ours − y_ipopt‖_∞ ≤ 1e-8 ‖y_ipopt‖_∞;
//   - the active sets agree: the pairs with a positive Ipopt multiplier
//     (μ > 1e-7 F, F = ‖W (y − ŷ)‖_∞ the scale of the forces) are the
//     pairs of ContactProjection::active_forces with λ > 1e-7 F, and the
//     multipliers agree (|λ − μ| ≤ 1e-6 F);
//   - the instance is not degenerate (every pair either strictly active,
//     μ > 1e-3 F, or clearly apart, φ > 1e-4), so that the comparison of
//     active sets means something;
//   - without active pairs both equal the unconstrained minimizer (a dense
//     Newton iteration written here);
//   - vertices started inside an obstacle with a force pulling them out
//     separate (touching after the initial projection, free at the end).
// Scenes: a ground half-space; two half-spaces forming a corner (90°, and
// 60°, 120° and 30° wedges, whose normals are not orthogonal) with vertices
// pressed into the edge (both pairs active), pressed into one face next to
// it and pulled off the other, started on the edge with a force that holds
// one face and leaves the other (it must slide along the held face), and
// pressed into a face away from the edge; a solid sphere (convex obstacle:
// the curvature term of the reduced Hessian); a bowl (concave); a box
// (vertices pressed into its faces); instances with no contact; instances
// whose touching vertices separate.
// Non-orthogonal double contacts need the true multipliers of
// ∇E' = Σ μ ∇φ, not λ = ∇E'·∇φ (with n1·n2 = c, λ1 = μ1 + c μ2): with λ
// the 60° wedge (seed 3) ended in a failed line search and the 120° wedge
// (seeds 2, 3) kept the edge-started vertex on the edge, 0.03–0.04 from
// Ipopt's minimizer; ContactProjection::update_active_set now solves for μ.
// The largest disagreements per scene are printed. Ipopt must print
// nothing (stdout and stderr are captured around every solve).
#include <gtest/gtest.h>

#include <Eigen/Core>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <numbers>
#include <set>
#include <string>
#include <utility>

#include "core/random.hpp"
#include "integrators/engines/incremental_potential.hpp"
#include "ipopt_stage.hpp"
#include "problems/contact/level_set.hpp"
#include "problems/contact/obstacle_contact.hpp"
#include "solvers/nonlinear/newton_solver.hpp"

namespace tibench {
namespace {

using test::dense_hessian;
using test::IpoptSolution;
using test::Matrix;
using test::solve_with_ipopt;
using test::Stage;
using test::unconstrained_minimizer;

// ---------------------------------------------------------------------------
// The test body.

struct BodyData {
  int n = 0;  // vertices
  Vec mass;   // per dof (lumped, equal for a vertex's three dofs)
  Matrix K;   // SPD
  Vec b;      // linear term
  Vec c;      // quartic coefficient per vertex
  Vec a;      // quartic centres (dofs)
};

class ConvexBody final : public Problem {
 public:
  ConvexBody(const BodyData& d, std::vector<Obstacle> obstacles, ContactKind kind)
      : Problem(ParamSet(), 3, d.mass),
        d_(d),
        contact_(std::move(obstacles), vertex_dofs(d.n), params(kind)) {}

  std::string_view id() const override { return "test-convex-body"; }

  double potential(const Vec& q) const override {
    double e = 0.5 * q.dot(d_.K * q) + d_.b.dot(q);
    for (int p = 0; p < d_.n; ++p) {
      const double s = (q.segment<3>(3 * p) - d_.a.segment<3>(3 * p)).squaredNorm();
      e += d_.c[p] * s * s;
    }
    return e;
  }
  void gradient(const Vec& q, Vec& g) const override {
    g = d_.K * q + d_.b;
    for (int p = 0; p < d_.n; ++p) {
      const Vector3 r = q.segment<3>(3 * p) - d_.a.segment<3>(3 * p);
      g.segment<3>(3 * p) += 4 * d_.c[p] * r.squaredNorm() * r;
    }
  }
  void hessian(const Vec& q, Triplets& out, bool) const override {
    for (Index j = 0; j < dofs(); ++j)
      for (Index i = 0; i < dofs(); ++i) out.emplace_back(i, j, d_.K(i, j));
    for (int p = 0; p < d_.n; ++p) {
      const Vector3 r = q.segment<3>(3 * p) - d_.a.segment<3>(3 * p);
      const Matrix3 h =
          4 * d_.c[p] * (r.squaredNorm() * Matrix3::Identity() + 2 * r * r.transpose());
      for (int j = 0; j < 3; ++j)
        for (int i = 0; i < 3; ++i) out.emplace_back(3 * p + i, 3 * p + j, h(i, j));
    }
  }
  const ObstacleContact* contact() const override { return &contact_; }
  State initial_state() const override { return {d_.a, Vec::Zero(dofs()), 0.0}; }

 private:
  static std::vector<Index> vertex_dofs(int n) {
    std::vector<Index> d;
    for (int p = 0; p < n; ++p) d.push_back(3 * p);
    return d;
  }
  static ContactParams params(ContactKind kind) {
    ContactParams c;
    c.kind = kind;
    return c;
  }
  BodyData d_;
  ObstacleContact contact_;
};

// ---------------------------------------------------------------------------
// Instances.

enum class Scene {
  ground,
  no_contact,
  separating,
  corner90,
  corner60,
  corner120,
  corner30,
  sphere,
  bowl,
  box
};

bool is_corner(Scene s) {
  return s == Scene::corner90 || s == Scene::corner60 || s == Scene::corner120 ||
         s == Scene::corner30;
}

const char* scene_name(Scene s) {
  switch (s) {
    case Scene::ground: return "ground half-space";
    case Scene::no_contact: return "no contact";
    case Scene::separating: return "separating";
    case Scene::corner90: return "corner 90 deg";
    case Scene::corner60: return "wedge 60 deg";
    case Scene::corner120: return "wedge 120 deg";
    case Scene::corner30: return "wedge 30 deg";
    case Scene::sphere: return "sphere (convex)";
    case Scene::bowl: return "bowl (concave)";
    case Scene::box: return "box";
  }
  return "?";
}

struct Instance {
  Scene scene = Scene::ground;
  std::uint64_t seed = 0;
  BodyData body;
  std::vector<Obstacle> obstacles;
  Vec x_anchor, y_hat;
  double tau = 0.04;
  std::vector<int> separating;  // vertices that start inside with a force pulling them out
};

Vector3 random_tangent(SplitMix64& rng, const Vector3& n, double r) {
  const Vector3 t1 = n.unitOrthogonal(), t2 = n.cross(t1);
  return rng.uniform(-r, r) * t1 + rng.uniform(-r, r) * t2;
}

// A unit vector within `angle` of `axis` (uniform on the cap).
Vector3 random_in_cap(SplitMix64& rng, const Vector3& axis, double angle) {
  const double z = 1 - rng.uniform() * (1 - std::cos(angle));
  const double phi = rng.uniform(0, 2 * std::numbers::pi);
  const double s = std::sqrt(std::max(0.0, 1 - z * z));
  const Vector3 t1 = axis.unitOrthogonal(), t2 = axis.cross(t1);
  return z * axis + s * std::cos(phi) * t1 + s * std::sin(phi) * t2;
}

Obstacle obstacle(std::string name, std::shared_ptr<const LevelSet> shape) {
  return {std::move(name), std::move(shape), {}};
}

BodyData random_body(SplitMix64& rng) {
  BodyData d;
  d.n = 2 + static_cast<int>(rng.next() % 5);
  const Index dofs = 3 * d.n;
  d.mass.resize(dofs);
  for (int p = 0; p < d.n; ++p) d.mass.segment<3>(3 * p).setConstant(rng.uniform(0.5, 2.0));
  Matrix A(dofs, dofs);
  for (Index j = 0; j < dofs; ++j)
    for (Index i = 0; i < dofs; ++i) A(i, j) = rng.uniform(-1, 1);
  d.K = (2.0 / static_cast<double>(dofs)) * A * A.transpose() + 0.5 * Matrix::Identity(dofs, dofs);
  d.K = (0.5 * (d.K + d.K.transpose())).eval();  // exactly symmetric
  d.b.resize(dofs);
  for (Index i = 0; i < dofs; ++i) d.b[i] = rng.uniform(-0.5, 0.5);
  d.c.resize(d.n);
  for (int p = 0; p < d.n; ++p) d.c[p] = rng.uniform(1.0, 10.0);
  return d;
}

struct SceneGeometry {
  Vector3 n1 = Vector3::UnitZ(), n2 = Vector3::UnitX();  // the corner's two planes
  Vector3 box_c = Vector3(0, 0, 0), box_e = Vector3(0.6, 0.5, 0.4);
  Vector3 sphere_c = Vector3(0, 0, -1.0), bowl_c = Vector3(0, 0, 0);
  double radius = 1.0;
};

SceneGeometry scene_geometry(Scene scene) {
  SceneGeometry g;
  if (scene == Scene::corner60) g.n2 = Vector3(std::sqrt(3.0) / 2, 0, -0.5);  // n1·n2 = −½
  if (scene == Scene::corner120) g.n2 = Vector3(std::sqrt(3.0) / 2, 0, 0.5);  // n1·n2 = +½
  if (scene == Scene::corner30) g.n2 = Vector3(0.5, 0, -std::sqrt(3.0) / 2);  // n1·n2 = −√3/2
  return g;
}

std::vector<Obstacle> scene_obstacles(Scene scene, std::uint64_t seed, const SceneGeometry& g) {
  const Vector3 ez = Vector3::UnitZ();
  std::vector<Obstacle> obstacles;
  switch (scene) {
    case Scene::ground:
    case Scene::separating:
      obstacles.push_back(obstacle("ground", half_space(Vector3::Zero(), ez)));
      break;
    case Scene::no_contact:
      obstacles.push_back(obstacle("ground", half_space(Vector3::Zero(), ez)));
      obstacles.push_back(obstacle("box", box(Vector3(0, 0, 2.5), Vector3(1, 1, 0.5))));
      break;
    case Scene::corner90:
    case Scene::corner60:
    case Scene::corner120:
    case Scene::corner30:
      // The order of the two planes varies with the seed (the projection
      // visits them in turn).
      if (seed % 2 == 0) {
        obstacles.push_back(obstacle("plane 1", half_space(Vector3::Zero(), g.n1)));
        obstacles.push_back(obstacle("plane 2", half_space(Vector3::Zero(), g.n2)));
      } else {
        obstacles.push_back(obstacle("plane 2", half_space(Vector3::Zero(), g.n2)));
        obstacles.push_back(obstacle("plane 1", half_space(Vector3::Zero(), g.n1)));
      }
      break;
    case Scene::sphere:
      obstacles.push_back(obstacle("sphere", sphere(g.sphere_c, g.radius)));
      break;
    case Scene::bowl: obstacles.push_back(obstacle("bowl", bowl(g.bowl_c, g.radius))); break;
    case Scene::box: obstacles.push_back(obstacle("box", box(g.box_c, g.box_e))); break;
  }
  return obstacles;
}

struct Placement {
  Vector3 anchor, target;  // x_a and the inertial target x_a + ŷ of one vertex
};

// The role of a vertex in a corner scene follows from its index p. Vertex 2
// starts on the edge, so its force cannot come from the inertial target: it
// is appended to edge_force for the linear term (w_p: the vertex's W entry).
Placement place_corner_vertex(SplitMix64& rng, const SceneGeometry& g, int p, double w_p,
                              std::vector<std::pair<int, Vector3>>& edge_force) {
  const Vector3 ey = Vector3::UnitY(), n1 = g.n1, n2 = g.n2;
  const double c = n1.dot(n2);
  const Vector3 bis = (n1 + n2).normalized();
  // In-plane directions of each face, away from the edge (the y axis).
  const Vector3 t1 = (n2 - c * n1).normalized(), t2 = (n1 - c * n2).normalized();
  const Vector3 along = rng.uniform(-1, 1) * ey;
  Vector3 anchor, target;
  switch (p) {
    case 0: {  // pressed into the edge
      anchor = along + rng.uniform(0.05, 0.3) * bis;
      target = along + rng.uniform(-0.1, 0.1) * ey - rng.uniform(0.04, 0.15) * n1 -
               rng.uniform(0.04, 0.15) * n2;
      break;
    }
    case 1: {  // pressed into one face next to the edge, pulled off the other
      const bool first = rng.uniform() < 0.5;
      const Vector3 na = first ? n1 : n2, nb = first ? n2 : n1;
      anchor = along + rng.uniform(0.05, 0.3) * bis;
      target = along + rng.uniform(-0.1, 0.1) * ey - rng.uniform(0.05, 0.15) * na +
               rng.uniform(0.01, 0.06) * nb;
      break;
    }
    case 2: {
      // Starts on the edge (ŷ_p = 0) with a force −W_p (α n1 − β n2):
      // held by plane 1, pulled off plane 2 (multipliers α W_p, −β W_p,
      // so it slides along face 1), while ∇E'·n2 = W_p (cα − β) > 0 for
      // the 120° wedge (c = ½, β < α/2).
      anchor = along;
      target = along;
      const double alpha = rng.uniform(0.05, 0.15), beta = rng.uniform(0.2, 0.4) * alpha;
      edge_force.emplace_back(p, -w_p * (alpha * n1 - beta * n2));
      break;
    }
    case 3:
    case 4: {  // pressed into a face, away from the edge
      const Vector3 nf = p == 3 ? n1 : n2, tf = p == 3 ? t1 : t2;
      const Vector3 s = along + rng.uniform(0.4, 0.8) * tf;
      anchor = s + rng.uniform(0.05, 0.3) * nf;
      target = s - rng.uniform(0.05, 0.2) * nf + rng.uniform(-0.1, 0.1) * ey +
               rng.uniform(-0.1, 0.1) * tf;
      break;
    }
    default: {  // free
      anchor = along + rng.uniform(0.5, 0.8) * bis;
      target = along + rng.uniform(0.5, 0.8) * bis + random_tangent(rng, bis, 0.1);
      break;
    }
  }
  return {anchor, target};
}

struct Site {
  Vector3 s, m;  // a point on the obstacle's surface and its outward normal (∇φ there)
};

Site random_site(SplitMix64& rng, Scene scene, const SceneGeometry& g) {
  const Vector3 ez = Vector3::UnitZ();
  Vector3 s, m;
  switch (scene) {
    case Scene::sphere:
      m = random_in_cap(rng, ez, 0.9);
      s = g.sphere_c + g.radius * m;
      break;
    case Scene::bowl: {
      const Vector3 u = random_in_cap(rng, -ez, 1.0);
      s = g.bowl_c + g.radius * u;
      m = -u;
      break;
    }
    case Scene::box: {
      const int k = static_cast<int>(rng.next() % 3);
      const double sign = rng.uniform() < 0.5 ? -1.0 : 1.0;
      m = sign * Vector3::Unit(k);
      s = g.box_c;
      for (int i = 0; i < 3; ++i)
        s[i] += i == k ? sign * g.box_e[i] : rng.uniform(-0.5, 0.5) * g.box_e[i];
      break;
    }
    default:
      m = ez;
      s = Vector3(rng.uniform(-1, 1), rng.uniform(-1, 1), 0);
      break;
  }
  return {s, m};
}

// Vertex p of a scene with a single obstacle surface. A separating vertex
// gets its outward pull through the linear term of in.body (w_p: its W entry).
Placement place_surface_vertex(SplitMix64& rng, Scene scene, const SceneGeometry& g, int p,
                               double w_p, Instance& in) {
  const auto [s, m] = random_site(rng, scene, g);
  const double tangential = scene == Scene::box ? 0.05 : 0.1;
  const bool free = scene == Scene::no_contact || (scene != Scene::separating && p % 3 == 2);
  const bool separating = scene == Scene::separating && p % 2 == 0;
  Placement v;
  v.anchor = s + rng.uniform(0.05, 0.3) * m;
  if (free) {
    v.target = s + rng.uniform(0.15, 0.3) * m + random_tangent(rng, m, tangential);
  } else if (separating) {
    // Starts 0.02 inside (touching once projected), pulled out by an
    // outward force that puts the free minimizer 0.05…0.1 above.
    v.target = s - 0.02 * m + random_tangent(rng, m, tangential);
    in.body.b.segment<3>(3 * p) -= w_p * rng.uniform(0.07, 0.12) * m;
    in.separating.push_back(p);
  } else {
    v.target = s - rng.uniform(0.05, 0.15) * m + random_tangent(rng, m, tangential);
  }
  return v;
}

// The linear term that makes −∇P(x_a) the prescribed force at those vertices.
void prescribe_anchor_forces(BodyData& d, const Vec& x_anchor,
                             const std::vector<std::pair<int, Vector3>>& forces) {
  for (const auto& [p, force] : forces) {
    const ConvexBody body(d, {}, ContactKind::none);
    Vec g;
    body.gradient(x_anchor, g);
    d.b.segment<3>(3 * p) -= g.segment<3>(3 * p) + force;
  }
}

// The draws are consumed in a fixed order (body, vertices, quartic centres):
// reordering them changes every instance.
Instance make_instance(Scene scene, std::uint64_t seed) {
  Instance in;
  in.scene = scene;
  in.seed = seed;
  SplitMix64 rng(0x5eedull * 1000 + static_cast<std::uint64_t>(scene) * 100 + seed);
  in.body = random_body(rng);
  BodyData& d = in.body;
  const Index dofs = 3 * d.n;
  in.x_anchor.resize(dofs);
  in.y_hat.resize(dofs);
  const Vec w = d.mass / (in.tau * in.tau);
  const SceneGeometry g = scene_geometry(scene);
  in.obstacles = scene_obstacles(scene, seed, g);
  std::vector<std::pair<int, Vector3>> edge_force;  // (vertex, force at the anchor)
  for (int p = 0; p < d.n; ++p) {
    const Placement v = is_corner(scene) ? place_corner_vertex(rng, g, p, w[3 * p], edge_force)
                                         : place_surface_vertex(rng, scene, g, p, w[3 * p], in);
    in.x_anchor.segment<3>(3 * p) = v.anchor;
    in.y_hat.segment<3>(3 * p) = v.target - v.anchor;
  }
  d.a = in.x_anchor;
  for (Index i = 0; i < dofs; ++i) d.a[i] += rng.uniform(-0.2, 0.2);
  prescribe_anchor_forces(d, in.x_anchor, edge_force);
  return in;
}

// ---------------------------------------------------------------------------

TEST(ConstraintSolverVsIpopt, TestBodyDerivativesMatchFiniteDifferences) {
  const Instance in = make_instance(Scene::corner60, 3);
  const ConvexBody body(in.body, in.obstacles, ContactKind::none);
  SplitMix64 rng(11);
  Vec q = in.x_anchor;
  for (Index i = 0; i < q.size(); ++i) q[i] += rng.uniform(-0.3, 0.3);
  Vec g, gp, gm;
  body.gradient(q, g);
  const Matrix H = dense_hessian(body, q);
  const double h = 1e-6;
  Vec fd_g(q.size());
  Matrix fd_H(q.size(), q.size());
  for (Index i = 0; i < q.size(); ++i) {
    Vec qp = q, qm = q;
    qp[i] += h;
    qm[i] -= h;
    fd_g[i] = (body.potential(qp) - body.potential(qm)) / (2 * h);
    body.gradient(qp, gp);
    body.gradient(qm, gm);
    fd_H.col(i) = (gp - gm) / (2 * h);
  }
  EXPECT_LE((fd_g - g).cwiseAbs().maxCoeff(), 1e-6 * g.cwiseAbs().maxCoeff());
  EXPECT_LE((fd_H - H).cwiseAbs().maxCoeff(), 1e-6 * H.cwiseAbs().maxCoeff());
  EXPECT_LE((H - H.transpose()).cwiseAbs().maxCoeff(), 0.0);
  EXPECT_GT(test::smallest_eigenvalue(H), 0.0);
}

struct SceneStats {
  int instances = 0, active_pairs = 0, active_sets_matched = 0, unconstrained = 0;
  double max_dy = 0.0, max_dlambda = 0.0;
};

// The solver's last relabelling may belong to the iterate before its last
// step, so the active set and λ are recomputed at the returned y.
void solve_ours(const IncrementalPotential& phi, const Instance& in, Vec& y,
                std::vector<ContactForce>& forces) {
  ASSERT_NE(phi.contact_projection(), nullptr);
  NewtonOptions options;
  options.stop.tolerance = 1e-13;
  NewtonSolver solver(options);
  y = in.y_hat;
  const StageSolveResult r = solver.minimize(phi, y);
  EXPECT_TRUE(r.converged) << r.message;
  Vec g;
  phi.gradient(y, g);
  phi.update_active_set(y, g);
  phi.contact_projection()->active_forces(forces);
}

void run_ipopt(const Stage& stage, const std::vector<Obstacle>& obstacles, IpoptSolution& ip) {
  ip = solve_with_ipopt(stage, obstacles);
  EXPECT_EQ(ip.output, "") << "Ipopt printed something";
  ASSERT_TRUE(ip.ok) << "Ipopt did not solve the instance";
}

using PairForces = std::map<std::pair<int, int>, double>;  // (vertex, obstacle) → λ or μ

// The obstacle of each active force is the touching one whose ∇φ is its normal.
PairForces our_active_pairs(const Instance& in, const Vec& y,
                            const std::vector<ContactForce>& forces, double active_threshold) {
  PairForces ours;
  const int B = static_cast<int>(in.obstacles.size());
  for (const auto& f : forces) {
    const int p = static_cast<int>(f.dof / 3);
    const Vector3 x = in.x_anchor.segment<3>(3 * p) + y.segment<3>(3 * p);
    int match = -1;
    for (int b = 0; b < B; ++b) {
      const auto& o = in.obstacles[static_cast<std::size_t>(b)];
      if (std::abs(o.phi(x, 0.0)) <= 1e-9 && o.evaluate(x, 0.0).grad.dot(f.normal) > 1 - 1e-12)
        match = b;
    }
    EXPECT_GE(match, 0) << "active force at vertex " << p << " matches no touching obstacle";
    if (f.force > active_threshold) ours[{p, match}] = f.force;
  }
  return ours;
}

PairForces ipopt_active_pairs(const Instance& in, const IpoptSolution& ip, double F,
                              double active_threshold) {
  PairForces theirs;
  const int B = static_cast<int>(in.obstacles.size());
  for (int p = 0; p < in.body.n; ++p)
    for (int b = 0; b < B; ++b) {
      const double mu = ip.mu[p * B + b];
      const double gap = in.obstacles[static_cast<std::size_t>(b)].phi(
          in.x_anchor.segment<3>(3 * p) + ip.y.segment<3>(3 * p), 0.0);
      EXPECT_TRUE(mu > 1e-3 * F || (mu < active_threshold && gap > 1e-4))
          << "degenerate instance: vertex " << p << ", obstacle " << b << ": mu " << mu << ", phi "
          << gap;
      if (mu > active_threshold) theirs[{p, b}] = mu;
    }
  return theirs;
}

std::string pairs_text(const PairForces& m) {
  std::string s;
  for (const auto& [k, v] : m)
    s += " (vertex " + std::to_string(k.first) + ", obstacle " + std::to_string(k.second) + ": " +
         std::to_string(v) + ")";
  return s.empty() ? std::string(" none") : s;
}

struct ActiveSetAgreement {
  int active_pairs = 0;  // Ipopt's
  bool sets_match = false;
  double dlambda = 0.0;  // max |λ − μ| / F
};

ActiveSetAgreement compare_active_sets(const Instance& in, const Vec& y,
                                       const std::vector<ContactForce>& forces,
                                       const IpoptSolution& ip, double F) {
  const double active_threshold = 1e-7 * F;
  PairForces ours = our_active_pairs(in, y, forces, active_threshold);
  const PairForces theirs = ipopt_active_pairs(in, ip, F, active_threshold);
  std::set<std::pair<int, int>> ours_set, theirs_set;
  for (const auto& [k, v] : ours) ours_set.insert(k);
  for (const auto& [k, v] : theirs) theirs_set.insert(k);
  ActiveSetAgreement a;
  a.active_pairs = static_cast<int>(theirs.size());
  a.sets_match = ours_set == theirs_set;
  EXPECT_TRUE(a.sets_match) << "active pairs, ours:" << pairs_text(ours)
                            << "\nipopt:" << pairs_text(theirs);
  if (a.sets_match)
    for (const auto& [k, mu] : theirs) a.dlambda = std::max(a.dlambda, std::abs(ours[k] - mu) / F);
  EXPECT_LE(a.dlambda, 1e-6) << "multipliers, ours:" << pairs_text(ours)
                             << "\nipopt:" << pairs_text(theirs);
  return a;
}

// Separating vertices: touching after the initial projection, apart at the
// minimizer.
void expect_separated(const IncrementalPotential& phi, const Instance& in, const Vec& y) {
  for (int p : in.separating) {
    Vec y_start = in.y_hat;
    phi.project(y_start);
    const Vector3 x0 = in.x_anchor.segment<3>(3 * p) + y_start.segment<3>(3 * p);
    const Vector3 x1 = in.x_anchor.segment<3>(3 * p) + y.segment<3>(3 * p);
    EXPECT_LE(std::abs(in.obstacles[0].phi(x0, 0.0)), 1e-12) << "vertex " << p;
    EXPECT_GT(in.obstacles[0].phi(x1, 0.0), 0.02) << "vertex " << p << " did not separate";
  }
}

void compare_instance(Scene scene, std::uint64_t seed, SceneStats& s) {
  const Instance in = make_instance(scene, seed);
  SCOPED_TRACE(std::string(scene_name(scene)) + ", seed " + std::to_string(seed) + ", " +
               std::to_string(in.body.n) + " vertices");
  const ConvexBody constrained(in.body, in.obstacles, ContactKind::constraint);
  const ConvexBody plain(in.body, in.obstacles, ContactKind::none);
  for (int p = 0; p < in.body.n; ++p)
    for (const auto& o : in.obstacles)
      ASSERT_GE(o.phi(in.x_anchor.segment<3>(3 * p), 0.0), 0.0) << "infeasible anchor";

  IncrementalPotential phi(constrained);
  phi.set_stage(in.x_anchor, in.y_hat, in.tau, in.tau, 0.0);
  Vec y;
  std::vector<ContactForce> forces;
  ASSERT_NO_FATAL_FAILURE(solve_ours(phi, in, y, forces));
  const Stage stage{plain, in.x_anchor, in.y_hat, in.body.mass / (in.tau * in.tau)};
  IpoptSolution ip;
  ASSERT_NO_FATAL_FAILURE(run_ipopt(stage, in.obstacles, ip));

  const double y_scale = ip.y.cwiseAbs().maxCoeff();
  const double dy = (y - ip.y).cwiseAbs().maxCoeff() / y_scale;
  EXPECT_LE(dy, 1e-8) << "ours " << y.transpose() << "\nipopt " << ip.y.transpose();
  const double F = stage.w.cwiseProduct(ip.y - in.y_hat).cwiseAbs().maxCoeff();
  const ActiveSetAgreement a = compare_active_sets(in, y, forces, ip, F);
  if (a.active_pairs == 0) {
    const Vec y0 = unconstrained_minimizer(stage);
    EXPECT_LE((y - y0).cwiseAbs().maxCoeff(), 1e-8 * y_scale);
    EXPECT_LE((ip.y - y0).cwiseAbs().maxCoeff(), 1e-8 * y_scale);
    ++s.unconstrained;
  }
  expect_separated(phi, in, y);

  ++s.instances;
  s.active_pairs += a.active_pairs;
  s.active_sets_matched += a.sets_match ? 1 : 0;
  s.max_dy = std::max(s.max_dy, dy);
  s.max_dlambda = std::max(s.max_dlambda, a.dlambda);
}

void print_agreement_table(const std::map<Scene, SceneStats>& stats, double seconds) {
  std::printf("%-18s %9s %12s %11s %13s %16s\n", "scene", "instances", "active pairs", "sets match",
              "unconstrained", "max |dy|/|y|");
  for (const auto& [scene, s] : stats)
    std::printf("%-18s %9d %12d %8d/%-2d %13d %16.2e  (max |dlambda|/F %.1e)\n", scene_name(scene),
                s.instances, s.active_pairs, s.active_sets_matched, s.instances, s.unconstrained,
                s.max_dy, s.max_dlambda);
  std::printf("(%.2f s)\n", seconds);
}

TEST(ConstraintSolverVsIpopt, GradientProjectionNewtonMatchesIpopt) {
  const auto start = std::chrono::steady_clock::now();
  std::map<Scene, SceneStats> stats;
  for (Scene scene :
       {Scene::ground, Scene::no_contact, Scene::separating, Scene::corner90, Scene::corner60,
        Scene::corner120, Scene::corner30, Scene::sphere, Scene::bowl, Scene::box})
    for (std::uint64_t seed = 1; seed <= 5; ++seed)
      ASSERT_NO_FATAL_FAILURE(compare_instance(scene, seed, stats[scene]));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  print_agreement_table(stats, seconds);
}

}  // namespace
}  // namespace tibench
