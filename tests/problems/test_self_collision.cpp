// The self-collision penalty of Gast & Schroeder 2014 §5.3
// (problems/contact/self_collision.hpp): no contacts in a body at rest;
// contacts of two interpenetrating bodies equal a brute-force reference
// (every vertex × every tetrahedron, closest point by Ericson's
// point–triangle algorithm over every non-incident surface triangle), also
// for a vertex whose closest primitive lies beyond the first search box;
// gradient and Hessian against central differences with the closest point
// inside a triangle, an edge and at a vertex; the PSD projection; Φ ∝ depth³;
// incident triangles never chosen; NaN positions give a NaN energy;
// bit-identical repeats.
//
// Meshes are built here (structured grids of cubes cut into 6 Kuhn
// tetrahedra, surfaces derived by face counting), independently of
// make_tet_mesh. The non-convex test body is the 2×2×2 grid without the cube
// (1, 2]³: its reflex corner (1, 1, 1) and reflex edges give the edge and
// vertex regions, which a convex body cannot produce from inside.
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <numbers>

#include "core/random.hpp"
#include "fem_fixtures.hpp"
#include "problems/contact/self_collision.hpp"
#include "symmetric_eigenvalues.hpp"

namespace tibench {
namespace {

using Vec3 = Eigen::Vector3d;

// ---------------------------------------------------------------------------
// Meshes.

class MeshBuilder {
 public:
  int add_vertex(const Vec3& v) {
    vertices_.push_back(v);
    return static_cast<int>(vertices_.size()) - 1;
  }

  void add_tet(std::array<int, 4> t) {
    const Vec3 a = vertices_[t[0]];
    if ((vertices_[t[1]] - a).cross(vertices_[t[2]] - a).dot(vertices_[t[3]] - a) < 0)
      std::swap(t[1], t[2]);
    tets_.push_back(t);
  }

  // n cubes of edge h from `origin`, each cut into the 6 tetrahedra of the
  // Kuhn subdivision (conforming across cubes); keep(i, j, k) selects cubes.
  void add_grid(std::array<int, 3> n, const Vec3& origin, double h,
                const std::function<bool(int, int, int)>& keep = nullptr) {
    std::map<std::array<int, 3>, int> ids;
    auto id = [&](std::array<int, 3> ijk) {
      auto [it, fresh] = ids.try_emplace(ijk, -1);
      if (fresh) it->second = add_vertex(origin + h * Vec3(ijk[0], ijk[1], ijk[2]));
      return it->second;
    };
    const std::array<std::array<int, 3>, 6> perms{
        {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
    for (int i = 0; i < n[0]; ++i)
      for (int j = 0; j < n[1]; ++j)
        for (int k = 0; k < n[2]; ++k) {
          if (keep && !keep(i, j, k)) continue;
          for (const auto& s : perms) {
            std::array<int, 3> c{i, j, k};
            std::array<int, 4> t{};
            t[0] = id(c);
            for (int m = 0; m < 3; ++m) {
              ++c[s[m]];
              t[m + 1] = id(c);
            }
            add_tet(t);
          }
        }
  }

  // A thin tetrahedron: apex `tip`, base triangle of size `size` around
  // `base`. Its tip is the probe vertex; returns its index.
  int add_probe(const Vec3& tip, const Vec3& base, double size) {
    const Vec3 axis = (tip - base).normalized();
    const Vec3 u = axis.unitOrthogonal(), v = axis.cross(u);
    const int t = add_vertex(tip);
    std::array<int, 4> tet{t, 0, 0, 0};
    for (int m = 0; m < 3; ++m) {
      const double phi = 2.0 * std::numbers::pi * m / 3.0;
      tet[m + 1] = add_vertex(base + size * (std::cos(phi) * u + std::sin(phi) * v));
    }
    add_tet(tet);
    return t;
  }

  std::shared_ptr<const TetMesh> build() const {
    auto mesh = std::make_shared<TetMesh>();
    mesh->vertices.resize(3, static_cast<Eigen::Index>(vertices_.size()));
    for (std::size_t i = 0; i < vertices_.size(); ++i)
      mesh->vertices.col(static_cast<Eigen::Index>(i)) = vertices_[i];
    mesh->tets = tets_;
    mesh->surface = surface();
    mesh->description = "test mesh";
    return mesh;
  }

 private:
  // Faces of exactly one tetrahedron, wound outward, in order of appearance.
  std::vector<std::array<int, 3>> surface() const {
    const std::array<std::array<int, 3>, 4> faces{{{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}}};
    std::map<std::array<int, 3>, int> count;
    auto key = [](std::array<int, 3> f) {
      std::sort(f.begin(), f.end());
      return f;
    };
    for (const auto& t : tets_)
      for (const auto& f : faces) ++count[key({t[f[0]], t[f[1]], t[f[2]]})];
    std::vector<std::array<int, 3>> out;
    for (const auto& t : tets_)
      for (const auto& f : faces) {
        const std::array<int, 3> g{t[f[0]], t[f[1]], t[f[2]]};
        if (count[key(g)] == 1) out.push_back(g);
      }
    return out;
  }

  std::vector<Vec3> vertices_;
  std::vector<std::array<int, 4>> tets_;
};

// [0, 2]³ without (1, 2]³, cubes of edge 1.
void add_notched_cube(MeshBuilder& b) {
  b.add_grid({2, 2, 2}, Vec3::Zero(), 1.0, [](int i, int j, int k) { return i + j + k < 3; });
}

void jitter(Eigen::Matrix3Xd& x, SplitMix64& rng, double amount) {
  for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] += rng.uniform(-amount, amount);
}

// ---------------------------------------------------------------------------
// The brute-force reference.

bool contains(const std::array<int, 4>& t, int p) {
  return std::find(t.begin(), t.end(), p) != t.end();
}

// Barycentric coordinates by a linear solve (the implementation uses signed
// volumes), inside when all exceed 1e-12.
bool brute_inside(const Vec3& p, const std::array<int, 4>& t, const Eigen::Matrix3Xd& x) {
  Eigen::Matrix3d M;
  M << x.col(t[1]) - x.col(t[0]), x.col(t[2]) - x.col(t[0]), x.col(t[3]) - x.col(t[0]);
  const Vec3 l = M.fullPivLu().solve(p - x.col(t[0]));
  return l.minCoeff() > 1e-12 && 1.0 - l.sum() > 1e-12;
}

struct Reference {
  double d = INFINITY;
  Vec3 q = Vec3::Zero();   // the closest point
  std::vector<int> verts;  // the primitive's vertices, sorted
};

// Ericson, Real-Time Collision Detection (2005) §5.1.5.
Reference ericson(const Vec3& p, const std::array<int, 3>& t, const Eigen::Matrix3Xd& x) {
  const Vec3 a = x.col(t[0]), b = x.col(t[1]), c = x.col(t[2]);
  const Vec3 ab = b - a, ac = c - a, ap = p - a, bp = p - b, cp = p - c;
  auto result = [&](const Vec3& q, std::vector<int> v) {
    std::sort(v.begin(), v.end());
    return Reference{(p - q).squaredNorm(), q, v};
  };
  const double d1 = ab.dot(ap), d2 = ac.dot(ap);
  if (d1 <= 0 && d2 <= 0) return result(a, {t[0]});
  const double d3 = ab.dot(bp), d4 = ac.dot(bp);
  if (d3 >= 0 && d4 <= d3) return result(b, {t[1]});
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return result(a + d1 / (d1 - d3) * ab, {t[0], t[1]});
  const double d5 = ab.dot(cp), d6 = ac.dot(cp);
  if (d6 >= 0 && d5 <= d6) return result(c, {t[2]});
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return result(a + d2 / (d2 - d6) * ac, {t[0], t[2]});
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0)
    return result(b + (d4 - d3) / ((d4 - d3) + (d5 - d6)) * (c - b), {t[1], t[2]});
  const double den = 1.0 / (va + vb + vc);
  return result(a + ab * (vb * den) + ac * (vc * den), {t[0], t[1], t[2]});
}

// Colliding vertices in order, each with its closest non-incident primitive.
std::vector<std::pair<int, Reference>> brute_force(const TetMesh& mesh, const Eigen::Matrix3Xd& x) {
  std::vector<std::pair<int, Reference>> out;
  for (int p = 0; p < static_cast<int>(x.cols()); ++p) {
    bool inside = false;
    for (const auto& t : mesh.tets)
      inside = inside || (!contains(t, p) && brute_inside(x.col(p), t, x));
    if (!inside) continue;
    Reference best;
    for (const auto& tri : mesh.surface) {
      if (tri[0] == p || tri[1] == p || tri[2] == p) continue;
      const Reference r = ericson(x.col(p), tri, x);
      if (r.d < best.d) best = r;
    }
    out.emplace_back(p, best);
  }
  return out;
}

std::vector<int> primitive_vertices(const SelfContact& c) {
  std::vector<int> v(c.primitive.begin(), c.primitive.begin() + c.count);
  std::sort(v.begin(), v.end());
  return v;
}

Vec3 closest_point(const SelfContact& c, const Eigen::Matrix3Xd& x) {
  Vec3 q = Vec3::Zero();
  for (int i = 0; i < c.count; ++i) q += c.weights[i] * x.col(c.primitive[i]);
  return q;
}

// ---------------------------------------------------------------------------
// Derivative helpers.

Eigen::MatrixXd dense_hessian(const SelfCollisionPenalty& pen, const Eigen::Matrix3Xd& x,
                              bool psd) {
  std::vector<Eigen::Triplet<double>> trips;
  pen.add_hessian(x, trips, psd);
  Eigen::MatrixXd H = Eigen::MatrixXd::Zero(x.size(), x.size());
  for (const auto& t : trips) H(t.row(), t.col()) += t.value();
  return H;
}

Eigen::VectorXd gradient(const SelfCollisionPenalty& pen, const Eigen::Matrix3Xd& x) {
  Eigen::Matrix3Xd g = Eigen::Matrix3Xd::Zero(3, x.cols());
  pen.add_gradient(x, g);
  return g.reshaped();
}

// The notched cube, a probe whose tip is at `tip` (base inside the notch),
// all vertices jittered by 1e-3 so that nothing is axis-aligned.
struct ProbeCase {
  std::shared_ptr<const TetMesh> mesh;
  Eigen::Matrix3Xd x;
  int tip = -1;
};

ProbeCase probe_case(const Vec3& tip, const Vec3& base, std::uint64_t seed) {
  MeshBuilder b;
  add_notched_cube(b);
  ProbeCase c;
  c.tip = b.add_probe(tip, base, 0.03);
  c.mesh = b.build();
  c.x = c.mesh->vertices;
  SplitMix64 rng(seed);
  jitter(c.x, rng, 1e-3);
  return c;
}

// The closest point in each region, well inside it (≥ 0.08 from the
// region's boundary): below the notch's floor (triangle), beside its
// vertical reflex edge (edge), diagonally below its reflex corner (vertex).
ProbeCase region_case(int count) {
  if (count == 3) return probe_case({1.25, 1.6, 0.9}, {1.4, 1.5, 1.6}, 11);
  if (count == 2) return probe_case({0.9, 0.9, 1.5}, {1.5, 1.6, 1.4}, 12);
  return probe_case({0.9, 0.9, 0.9}, {1.5, 1.3, 1.7}, 13);
}

void expect_derivatives_match(const SelfCollisionPenalty& pen, const Eigen::Matrix3Xd& x) {
  const Eigen::VectorXd g = gradient(pen, x);
  const Eigen::MatrixXd H = dense_hessian(pen, x, false);
  const double h = 1e-6;
  Eigen::VectorXd g_fd(x.size());
  Eigen::MatrixXd H_fd(x.size(), x.size());
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    Eigen::Matrix3Xd xp = x, xm = x;
    xp.data()[i] += h;
    xm.data()[i] -= h;
    g_fd[i] = (pen.energy(xp) - pen.energy(xm)) / (2 * h);
    H_fd.col(i) = (gradient(pen, xp) - gradient(pen, xm)) / (2 * h);
  }
  ASSERT_GT(g.cwiseAbs().maxCoeff(), 0.0);
  EXPECT_LE((g - g_fd).cwiseAbs().maxCoeff(), 1e-6 * g.cwiseAbs().maxCoeff());
  EXPECT_LE((H - H_fd).cwiseAbs().maxCoeff(), 1e-6 * H.cwiseAbs().maxCoeff());
  EXPECT_LE((H - H.transpose()).cwiseAbs().maxCoeff(), 1e-12 * H.cwiseAbs().maxCoeff());
}

// ---------------------------------------------------------------------------

TEST(SelfCollision, ConvexBodyAtRestHasNoContacts) {
  SplitMix64 rng(1);
  for (int n : {1, 3}) {  // one cube of 6 tetrahedra; a 3×3×3 grid of 162
    MeshBuilder b;
    b.add_grid({n, n, n}, Vec3::Zero(), 1.0 / n);
    const auto mesh = b.build();
    const SelfCollisionPenalty pen(mesh, 1e5);
    // Rest shape, rigidly moved: the faces are no longer axis-aligned.
    const Eigen::Matrix3Xd x =
        (test::random_rotation(rng, 3.0) * mesh->vertices).colwise() + Vec3(0.3, -0.2, 0.7);
    EXPECT_TRUE(pen.contacts(x).empty());
    EXPECT_EQ(pen.energy(x), 0.0);
    EXPECT_EQ(gradient(pen, x).cwiseAbs().maxCoeff(), 0.0);
    std::vector<Eigen::Triplet<double>> trips;
    pen.add_hessian(x, trips, true);
    EXPECT_TRUE(trips.empty());
  }
}

// Two 3×3×3 grids (unit cubes) in one mesh, the second rotated and pushed
// 0.15–0.35 deep into the first, every vertex jittered by 0.01.
Eigen::Matrix3Xd pushed_together(const TetMesh& mesh, int split, SplitMix64& rng) {
  Eigen::Matrix3Xd x = mesh.vertices;
  const Vec3 center(0.5, 0.5, 0.5);
  const Eigen::Matrix3d R = test::random_rotation(rng, 0.5);
  Vec3 dir(1.0, rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3));
  const Vec3 shift = center + rng.uniform(0.65, 0.85) * dir.normalized();
  for (Eigen::Index i = split; i < x.cols(); ++i)
    x.col(i) = R * (mesh.vertices.col(i) - Vec3(3.0, 0, 0) - center) + shift;
  jitter(x, rng, 0.01);
  return x;
}

// Compares pen.contacts(x) with the brute-force reference; counts the
// contacts by primitive size.
void expect_matches_brute_force(const SelfCollisionPenalty& pen, const TetMesh& mesh,
                                const Eigen::Matrix3Xd& x, std::array<int, 4>& by_count) {
  const auto got = pen.contacts(x);
  const auto want = brute_force(mesh, x);
  ASSERT_FALSE(want.empty());
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    const SelfContact& c = got[i];
    const Reference& r = want[i].second;
    SCOPED_TRACE("vertex " + std::to_string(c.point));
    EXPECT_EQ(c.point, want[i].first);
    EXPECT_EQ(primitive_vertices(c), r.verts);
    EXPECT_NEAR(c.distance_squared, r.d, 1e-12 + 1e-9 * r.d);
    EXPECT_LE((closest_point(c, x) - r.q).norm(), 1e-9);
    ++by_count[c.count];
  }
}

TEST(SelfCollision, TwoBodiesMatchBruteForce) {
  MeshBuilder b;
  b.add_grid({3, 3, 3}, Vec3::Zero(), 1.0 / 3);
  const int split = static_cast<int>(b.build()->vertices.cols());
  b.add_grid({3, 3, 3}, Vec3(3.0, 0, 0), 1.0 / 3);  // apart at rest
  const auto mesh = b.build();
  const SelfCollisionPenalty pen(mesh, 1e4);
  SplitMix64 rng(7);
  std::array<int, 4> by_count{0, 0, 0, 0};
  for (int trial = 0; trial < 8; ++trial) {
    SCOPED_TRACE("trial " + std::to_string(trial));
    expect_matches_brute_force(pen, *mesh, pushed_together(*mesh, split, rng), by_count);
  }
  EXPECT_GT(by_count[3], 0);  // the configurations reach triangle interiors
  EXPECT_GT(by_count[2], 0);  // and edges
}

TEST(SelfCollision, RegionCasesMatchBruteForce) {
  for (int count : {3, 2, 1}) {
    const ProbeCase c = region_case(count);
    std::array<int, 4> by_count{0, 0, 0, 0};
    expect_matches_brute_force(SelfCollisionPenalty(c.mesh, 1e4), *c.mesh, c.x, by_count);
    EXPECT_EQ(by_count[count], 1);
  }
}

TEST(SelfCollision, DeepVertexFindsItsClosestPrimitiveBeyondTheFirstSearchBox) {
  // A probe tip 0.47 deep in a 6×6×6 grid of cube edge 1/6: the closest
  // surface (the face y = 0) lies beyond the first search radius (the
  // longest tetrahedron edge, 0.29), while the probe's own base triangle,
  // 0.9 away but wide and tilted, has a box that reaches the tip: the first
  // candidate found is not the closest one.
  MeshBuilder b;
  b.add_grid({6, 6, 6}, Vec3::Zero(), 1.0 / 6);
  const Vec3 tip(0.52, 0.47, 0.51);
  const int p = b.add_probe(tip, tip + 0.9 * Vec3(1, 1, 1).normalized(), 1.5);
  const auto mesh = b.build();
  // Jittered by 1e-4: the grid vertices the probe engulfs would otherwise
  // have exactly tied closest primitives, which the reference (other
  // rounding) may break the other way.
  Eigen::Matrix3Xd x = mesh->vertices;
  SplitMix64 rng(17);
  jitter(x, rng, 1e-4);
  const SelfCollisionPenalty pen(mesh, 1e4);
  std::array<int, 4> by_count{0, 0, 0, 0};
  expect_matches_brute_force(pen, *mesh, x, by_count);
  bool found = false;
  for (const SelfContact& c : pen.contacts(x))
    if (c.point == p) {
      found = true;
      EXPECT_NEAR(std::sqrt(c.distance_squared), 0.47, 3e-4);
    }
  EXPECT_TRUE(found);
}

TEST(SelfCollision, GradientAndHessianMatchFiniteDifferencesInEachRegion) {
  for (int count : {3, 2, 1}) {
    SCOPED_TRACE("primitive of " + std::to_string(count) + " vertices");
    const ProbeCase c = region_case(count);
    const SelfCollisionPenalty pen(c.mesh, 1e4);
    const auto contacts = pen.contacts(c.x);
    ASSERT_EQ(contacts.size(), 1u);
    EXPECT_EQ(contacts[0].point, c.tip);
    EXPECT_EQ(contacts[0].count, count);
    expect_derivatives_match(pen, c.x);
  }
}

TEST(SelfCollision, ProjectedHessianIsPositiveSemidefinite) {
  // The triangle and edge contacts have indefinite Hessians; the vertex
  // contact's f″ ∇d∇dᵀ + f′ 2[[I, −I], [−I, I]] is PSD and must be kept.
  for (int count : {3, 2, 1}) {
    SCOPED_TRACE("primitive of " + std::to_string(count) + " vertices");
    const ProbeCase c = region_case(count);
    const SelfCollisionPenalty pen(c.mesh, 1e4);
    const Eigen::MatrixXd H = dense_hessian(pen, c.x, false);
    const Eigen::MatrixXd P = dense_hessian(pen, c.x, true);
    const double scale = H.cwiseAbs().maxCoeff();
    const Eigen::VectorXd lh = test::symmetric_eigenvalues(H);
    const Eigen::VectorXd lp = test::symmetric_eigenvalues(P);
    EXPECT_GE(lp.minCoeff(), -1e-12 * scale);
    if (count == 1) {
      EXPECT_GE(lh.minCoeff(), -1e-12 * scale);
      EXPECT_LE((P - H).cwiseAbs().maxCoeff(), 1e-12 * scale);
    } else {
      EXPECT_LT(lh.minCoeff(), -1e-6 * scale);
      // Only the negative part is removed: P − H is PSD.
      const Eigen::MatrixXd D = P - H;
      EXPECT_GE(test::symmetric_eigenvalues(D).minCoeff(), -1e-12 * scale);
    }
  }
}

TEST(SelfCollision, EnergyIsCubicInDepth) {
  // The probe tip at depth δ below the notch's floor z = 1 (no jitter): the
  // contact is the floor triangle, d = δ², Φ = k δ² √(δ² + ε) → k δ³ for
  // δ ≫ √ε = 3e-8.
  MeshBuilder b;
  add_notched_cube(b);
  const int tip = b.add_probe({1.25, 1.6, 0.9}, {1.4, 1.5, 1.6}, 0.03);
  const auto mesh = b.build();
  const double k = 1e4;
  const SelfCollisionPenalty pen(mesh, k);
  Eigen::Matrix3Xd x = mesh->vertices;
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  const int n = 9;
  for (int i = 0; i < n; ++i) {
    const double depth = std::pow(10.0, -4.0 + 2.0 * i / (n - 1));  // 1e-4 … 1e-2
    x(2, tip) = 1.0 - depth;
    const double phi = pen.energy(x);
    EXPECT_NEAR(phi, k * depth * depth * depth, 1e-6 * k * depth * depth * depth);
    const double lx = std::log(depth), ly = std::log(phi);
    sx += lx;
    sy += ly;
    sxx += lx * lx;
    sxy += lx * ly;
  }
  const double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  EXPECT_NEAR(slope, 3.0, 0.05);
}

TEST(SelfCollision, IncidentTrianglesAreNeverChosen) {
  // The top-centre vertex of a 2×2×2 grid pushed down through the body to
  // height 0.5: its own surface triangles are at distance 0, the closest
  // non-incident ones are on the floor, 0.5 below.
  MeshBuilder b;
  b.add_grid({2, 2, 2}, Vec3::Zero(), 1.0);
  const auto mesh = b.build();
  int p = -1;
  for (int i = 0; i < static_cast<int>(mesh->vertices.cols()); ++i)
    if ((mesh->vertices.col(i) - Vec3(1, 1, 2)).norm() < 1e-12) p = i;
  ASSERT_GE(p, 0);
  Eigen::Matrix3Xd x = mesh->vertices;
  x.col(p) = Vec3(1.2, 0.9, 0.5);
  const SelfCollisionPenalty pen(mesh, 1e4);
  const auto contacts = pen.contacts(x);
  bool found = false;
  for (const SelfContact& c : contacts) {
    const auto v = primitive_vertices(c);
    EXPECT_EQ(std::count(v.begin(), v.end(), c.point), 0) << "vertex " << c.point;
    EXPECT_GT(c.distance_squared, 0.0);
    if (c.point == p) {
      found = true;
      EXPECT_EQ(c.count, 3);
      EXPECT_NEAR(c.distance_squared, 0.25, 1e-12);
    }
  }
  EXPECT_TRUE(found);
}

TEST(SelfCollision, NonFinitePositionsGiveNaNNotZero) {
  const ProbeCase c = region_case(3);
  const SelfCollisionPenalty pen(c.mesh, 1e4);
  Eigen::Matrix3Xd x = c.x;
  x(1, 0) = std::nan("");
  EXPECT_TRUE(std::isnan(pen.energy(x)));
  EXPECT_TRUE(gradient(pen, x).array().isNaN().all());
  EXPECT_THROW(pen.energy(x.leftCols(3)), std::invalid_argument);
}

TEST(SelfCollision, RepeatedEvaluationsAreBitIdentical) {
  MeshBuilder b;
  b.add_grid({3, 3, 3}, Vec3::Zero(), 1.0 / 3);
  const int split = static_cast<int>(b.build()->vertices.cols());
  b.add_grid({3, 3, 3}, Vec3(3.0, 0, 0), 1.0 / 3);
  const auto mesh = b.build();
  SplitMix64 rng(3);
  const Eigen::Matrix3Xd x = pushed_together(*mesh, split, rng);
  const SelfCollisionPenalty a(mesh, 1e4), c(mesh, 1e4);
  ASSERT_FALSE(a.contacts(x).empty());
  EXPECT_EQ(a.energy(x), c.energy(x));
  EXPECT_EQ(a.energy(x), a.energy(x));
  EXPECT_EQ(gradient(a, x), gradient(c, x));
  std::vector<Eigen::Triplet<double>> ta, tc;
  a.add_hessian(x, ta, true);
  c.add_hessian(x, tc, true);
  ASSERT_EQ(ta.size(), tc.size());
  for (std::size_t i = 0; i < ta.size(); ++i) {
    EXPECT_EQ(ta[i].row(), tc[i].row());
    EXPECT_EQ(ta[i].col(), tc[i].col());
    EXPECT_EQ(ta[i].value(), tc[i].value());
  }
}

}  // namespace
}  // namespace tibench
