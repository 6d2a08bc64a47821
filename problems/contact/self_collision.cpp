// Penalty self-collisions (Gast & Schroeder 2014 §5.3); the specification is
// the header comment of self_collision.hpp. Implementation choices:
//
// Detection. Every vertex p (interior ones too: the paper tests every
// particle) is tested against the tetrahedra whose bounding box contains it,
// found in a CGAL AABB_tree over the tetrahedra's boxes, built at the current
// positions. Measured on a jittered 9×9×10 grid (4 860 tetrahedra, 1 100
// vertices), tree construction plus all vertex queries take ~2.2 ms, against
// ~12 ms for the loop over all vertices × all tetrahedra and 3–5 ms for
// CGAL's box_intersection_d (which is faster only on unjittered grids).
// p collides when it is not a vertex of the tetrahedron and all four
// barycentric coordinates λ_i = V_i / V (signed volumes, so inverted
// tetrahedra work too) exceed kInsideTolerance = 1e-12. The tolerance
// discards only points within ~1e-12 h of a face, whose round-off decides
// the sign; their penalty would be ≤ k (1e-12 h)³ anyway.
//
// Closest primitive. A second AABB_tree holds the boxes of the surface
// triangles (built only when some vertex collides). CGAL's own distance
// query cannot skip the triangles incident to p (they are at distance 0),
// so the query is a box search: all triangles whose box meets the cube
// [x_p − r, x_p + r] are candidates, the incident ones are dropped, and the
// exact point–triangle distance is computed for the rest. Every triangle
// within distance r of x_p meets that cube, so once the best candidate lies
// within r it is the closest non-incident triangle. r starts at the longest
// edge of the (lowest-index) tetrahedron containing p; with no candidate it
// doubles (up to the surface's diagonal: then p has no primitive and no
// energy), with a candidate farther than r the search repeats with r = its
// distance (which then finds it again, so at most one more round).
//
// Regions. The projection of x_p onto the triangle's plane decides: all
// three barycentric weights > 0 → triangle interior, d = (n·(x_p − a))²/|n|²;
// otherwise the closest of the three edges (as segments): parameter strictly
// inside (0, 1) → edge, d = |r × e|²/|e|², else the end vertex, d = |r|².
// Edges are evaluated with their lower vertex index first and vertices from
// their own coordinates, so an edge or vertex shared by several triangles
// gives bit-identical distances whichever triangle reaches it; exact ties
// go to the lowest triangle index. Contacts are listed in vertex order.
//
// Derivatives: self_collision_derivatives.hpp.
//
// Non-finite positions: no contacts, energy NaN, gradient NaN (so that a
// diverging Newton iterate is not mistaken for a contact-free one).
//
// Kernel: CGAL::Simple_cartesian<double>. The box searches only compare box
// coordinates (exact in floating point); every sign that decides a contact
// is computed here with the stated tolerance, so exact predicates would not
// change a result.
#include "problems/contact/self_collision.hpp"

#include "problems/contact/self_collision_derivatives.hpp"

#include <CGAL/AABB_traits.h>
#include <CGAL/AABB_tree.h>
#include <CGAL/Simple_cartesian.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

namespace tibench {
namespace {

using K = CGAL::Simple_cartesian<double>;
using Vec3 = Eigen::Vector3d;
using self_collision::clamp_to_psd;
using self_collision::distance_derivatives;
using self_collision::LocalMat;
using self_collision::LocalVec;
using self_collision::penalty;
using self_collision::Penalty;

constexpr double kInsideTolerance = 1e-12;

// ---------------------------------------------------------------------------
// Bounding-box primitives for CGAL's AABB_tree: the datum is the box itself,
// so a query only compares coordinates and the exact geometric tests stay
// here.

struct Box {
  K::Iso_cuboid_3 box;
  K::Point_3 center;
  int index;
};

struct BoxPrimitive {
  using Id = int;
  using Datum = K::Iso_cuboid_3;
  using Point = K::Point_3;
  explicit BoxPrimitive(const Box* b) : box_(b->box), center_(b->center), index_(b->index) {}
  const Datum& datum() const { return box_; }
  Id id() const { return index_; }
  const Point& reference_point() const { return center_; }

 private:
  Datum box_;
  Point center_;
  Id index_;
};

using BoxTree = CGAL::AABB_tree<CGAL::AABB_traits<K, BoxPrimitive>>;

template <std::size_t M>
Box bounding_box(const Eigen::Matrix3Xd& x, const std::array<int, M>& v, int index) {
  Vec3 lo = x.col(v[0]), hi = lo;
  for (std::size_t i = 1; i < M; ++i) {
    lo = lo.cwiseMin(x.col(v[i]));
    hi = hi.cwiseMax(x.col(v[i]));
  }
  const Vec3 c = 0.5 * (lo + hi);
  return {K::Iso_cuboid_3(lo.x(), lo.y(), lo.z(), hi.x(), hi.y(), hi.z()),
          K::Point_3(c.x(), c.y(), c.z()), index};
}

template <std::size_t M>
void build_tree(BoxTree& tree, std::vector<Box>& boxes, const Eigen::Matrix3Xd& x,
                const std::vector<std::array<int, M>>& elements) {
  boxes.clear();
  for (std::size_t e = 0; e < elements.size(); ++e)
    boxes.push_back(bounding_box(x, elements[e], static_cast<int>(e)));
  tree.rebuild(boxes.data(), boxes.data() + boxes.size());
}

// ---------------------------------------------------------------------------
// Detection.

bool strictly_inside(const Vec3& p, const std::array<int, 4>& t, const Eigen::Matrix3Xd& x) {
  const Vec3 a = x.col(t[0]), b = x.col(t[1]), c = x.col(t[2]), d = x.col(t[3]);
  const double V = (b - a).cross(c - a).dot(d - a);
  if (!(std::abs(V) > 0.0)) return false;             // a flat tetrahedron has no inside
  const double V0 = (c - p).cross(d - p).dot(b - p);  // orientation (p, b, c, d)
  const double V1 = (c - a).cross(d - a).dot(p - a);
  const double V2 = (p - a).cross(d - a).dot(b - a);
  const double V3 = (b - a).cross(c - a).dot(p - a);
  return V0 / V > kInsideTolerance && V1 / V > kInsideTolerance && V2 / V > kInsideTolerance &&
         V3 / V > kInsideTolerance;
}

double longest_edge(const std::array<int, 4>& t, const Eigen::Matrix3Xd& x) {
  double m = 0.0;
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j) m = std::max(m, (x.col(t[i]) - x.col(t[j])).squaredNorm());
  return std::sqrt(m);
}

// ---------------------------------------------------------------------------
// Closest point on a triangle, with its region.

struct Closest {
  double d = std::numeric_limits<double>::infinity();
  int count = 0;
  std::array<int, 3> vertices{-1, -1, -1};
  std::array<double, 3> weights{0, 0, 0};
};

Closest closest_on_vertex(const Vec3& p, int v, const Eigen::Matrix3Xd& x) {
  return {(p - x.col(v)).squaredNorm(), 1, {v, -1, -1}, {1.0, 0, 0}};
}

Closest closest_on_segment(const Vec3& p, int i, int j, const Eigen::Matrix3Xd& x) {
  if (i > j) std::swap(i, j);  // canonical orientation, see the file comment
  const Vec3 a = x.col(i), e = x.col(j) - a, r = p - a;
  const double E = e.squaredNorm(), t = r.dot(e);
  if (!(t > 0.0) || !(E > 0.0)) return closest_on_vertex(p, i, x);
  if (!(t < E)) return closest_on_vertex(p, j, x);
  const double u = t / E;
  return {r.cross(e).squaredNorm() / E, 2, {i, j, -1}, {1.0 - u, u, 0}};
}

Closest closest_on_triangle(const Vec3& p, const std::array<int, 3>& tri,
                            const Eigen::Matrix3Xd& x) {
  const Vec3 a = x.col(tri[0]), e1 = x.col(tri[1]) - a, e2 = x.col(tri[2]) - a, r = p - a;
  const Vec3 n = e1.cross(e2);
  const double N = n.squaredNorm();
  if (N > 0.0) {
    // Barycentric weights of the projection of p onto the plane.
    const double u = n.dot(r.cross(e2)) / N, v = n.dot(e1.cross(r)) / N, w = 1.0 - u - v;
    if (u > 0.0 && v > 0.0 && w > 0.0) {
      const double s = n.dot(r);
      return {s * s / N, 3, tri, {w, u, v}};
    }
  }
  Closest best = closest_on_segment(p, tri[0], tri[1], x);
  for (int k = 1; k < 3; ++k) {
    const Closest c = closest_on_segment(p, tri[k], tri[(k + 1) % 3], x);
    if (c.d < best.d) best = c;
  }
  return best;
}

void require_vertices(const Eigen::Matrix3Xd& x, const TetMesh& mesh, const char* what) {
  if (x.cols() != mesh.vertices.cols())
    throw std::invalid_argument(std::string("SelfCollisionPenalty: ") + what + " has " +
                                std::to_string(x.cols()) + " columns, the mesh " +
                                std::to_string(mesh.vertices.cols()) + " vertices");
}

int vertex_of(const SelfContact& c, int i) { return i == 0 ? c.point : c.primitive[i - 1]; }

}  // namespace

// ---------------------------------------------------------------------------
// The hierarchies at one configuration x (the surface one built on first
// use).

namespace {

// Per-thread storage of the hierarchies, reused by every evaluation on the
// thread: rebuild() keeps the capacity, so evaluations stop allocating once
// the largest mesh seen has been reached (the trees are ~1 MB for 5 000
// tetrahedra; allocating them afresh cost ~10% in page faults).
struct Scratch {
  BoxTree tets, surface;
  std::vector<Box> boxes;
  std::vector<int> hits;
};

Scratch& thread_scratch() {
  thread_local Scratch scratch;
  return scratch;
}

}  // namespace

struct SelfCollisionPenalty::Index {
  Index(const TetMesh& mesh, const Eigen::Matrix3Xd& x)
      : mesh_(mesh),
        x_(x),
        tets_(scratch_.tets),
        surface_(scratch_.surface),
        boxes_(scratch_.boxes),
        hits_(scratch_.hits) {
    build_tree(tets_, boxes_, x_, mesh_.tets);
  }

  // The lowest-index tetrahedron that strictly contains vertex p and does
  // not have it as a vertex, or −1.
  int containing_tet(int p) {
    const Vec3 xp = x_.col(p);
    hits_.clear();
    // A degenerate box rather than a Point_3 query: box–box tests are the
    // cheaper primitive test in CGAL (~25% faster here).
    tets_.all_intersected_primitives(
        K::Iso_cuboid_3(xp.x(), xp.y(), xp.z(), xp.x(), xp.y(), xp.z()), std::back_inserter(hits_));
    int best = -1;
    for (const int t : hits_) {
      const auto& tet = mesh_.tets[t];
      if ((best < 0 || t < best) && std::find(tet.begin(), tet.end(), p) == tet.end() &&
          strictly_inside(xp, tet, x_))
        best = t;
    }
    return best;
  }

  // The closest primitive among the surface triangles not incident to p
  // (see the file comment); nullopt when there is none.
  std::optional<SelfContact> closest(int p, double r) {
    if (mesh_.surface.empty()) return std::nullopt;
    if (!surface_built_) {
      build_tree(surface_, boxes_, x_, mesh_.surface);
      const CGAL::Bbox_3 b = surface_.bbox();
      diagonal_ = std::hypot(b.xmax() - b.xmin(), b.ymax() - b.ymin(), b.zmax() - b.zmin());
      surface_built_ = true;
    }
    const Vec3 xp = x_.col(p);
    r = std::max(r, 1e-9 * diagonal_);
    // From 1e-9 of the diagonal to twice it takes 31 doublings; the bound
    // only guards against overflowing coordinates.
    for (int round = 0; round < 64 && std::isfinite(r); ++round) {
      const auto [best, tri] = best_candidate(p, xp, r);
      if (tri >= 0 && best.d <= r * r) return make_contact(p, best);
      if (tri >= 0) {
        r = std::sqrt(best.d) * (1.0 + 1e-6);
      } else if (r > 2.0 * diagonal_) {
        break;  // every surface triangle is incident to p
      } else {
        r *= 2.0;
      }
    }
    return std::nullopt;
  }

 private:
  std::pair<Closest, int> best_candidate(int p, const Vec3& xp, double r) {
    hits_.clear();
    surface_.all_intersected_primitives(
        K::Iso_cuboid_3(xp.x() - r, xp.y() - r, xp.z() - r, xp.x() + r, xp.y() + r, xp.z() + r),
        std::back_inserter(hits_));
    Closest best;
    int best_tri = -1;
    for (const int t : hits_) {
      const auto& tri = mesh_.surface[t];
      if (tri[0] == p || tri[1] == p || tri[2] == p) continue;
      const Closest c = closest_on_triangle(xp, tri, x_);
      if (best_tri < 0 || c.d < best.d || (c.d == best.d && t < best_tri)) {
        best = c;
        best_tri = t;
      }
    }
    return {best, best_tri};
  }

  static SelfContact make_contact(int p, const Closest& c) {
    SelfContact s;
    s.point = p;
    s.primitive = c.vertices;
    s.count = c.count;
    s.weights = c.weights;
    s.distance_squared = c.d;
    return s;
  }

  const TetMesh& mesh_;
  const Eigen::Matrix3Xd& x_;
  Scratch& scratch_ = thread_scratch();
  BoxTree &tets_, &surface_;
  std::vector<Box>& boxes_;
  std::vector<int>& hits_;
  double diagonal_ = 0.0;
  bool surface_built_ = false;
};

// ---------------------------------------------------------------------------

SelfCollisionPenalty::SelfCollisionPenalty(std::shared_ptr<const TetMesh> mesh, double k,
                                           double eps)
    : mesh_(std::move(mesh)), k_(k), eps_(eps) {
  if (!mesh_) throw std::invalid_argument("SelfCollisionPenalty: no mesh");
  if (!(k_ > 0.0) || !std::isfinite(k_))
    throw std::invalid_argument("SelfCollisionPenalty: stiffness k must be > 0");
  if (!(eps_ >= 0.0) || !std::isfinite(eps_))
    throw std::invalid_argument("SelfCollisionPenalty: eps must be >= 0");
}

SelfCollisionPenalty::~SelfCollisionPenalty() = default;

std::vector<SelfContact> SelfCollisionPenalty::contacts(const Eigen::Matrix3Xd& x) const {
  require_vertices(x, *mesh_, "x");
  std::vector<SelfContact> out;
  if (mesh_->tets.empty() || !x.allFinite()) return out;
  Index index(*mesh_, x);
  for (int p = 0; p < static_cast<int>(x.cols()); ++p) {
    const int t = index.containing_tet(p);
    if (t < 0) continue;
    if (auto c = index.closest(p, longest_edge(mesh_->tets[t], x))) out.push_back(*c);
  }
  return out;
}

double SelfCollisionPenalty::energy(const Eigen::Matrix3Xd& x) const {
  // Non-finite positions (a diverging step) have no contacts; the energy
  // says so instead of reading 0.
  require_vertices(x, *mesh_, "x");
  if (!x.allFinite()) return std::numeric_limits<double>::quiet_NaN();
  double e = 0.0;
  for (const SelfContact& c : contacts(x)) e += penalty(c.distance_squared, k_, eps_).f;
  return e;
}

void SelfCollisionPenalty::add_gradient(const Eigen::Matrix3Xd& x, Eigen::Matrix3Xd& g) const {
  require_vertices(x, *mesh_, "x");
  require_vertices(g, *mesh_, "g");
  if (!x.allFinite()) {
    g.setConstant(std::numeric_limits<double>::quiet_NaN());
    return;
  }
  LocalVec dd;
  LocalMat Hd;
  for (const SelfContact& c : contacts(x)) {
    distance_derivatives(c, x, dd, Hd);
    const double df = penalty(c.distance_squared, k_, eps_).df;
    for (int i = 0; i <= c.count; ++i) g.col(vertex_of(c, i)) += df * dd.segment<3>(3 * i);
  }
}

void SelfCollisionPenalty::add_hessian(const Eigen::Matrix3Xd& x,
                                       std::vector<Eigen::Triplet<double>>& out,
                                       bool project_psd) const {
  LocalVec dd;
  LocalMat Hd;
  for (const SelfContact& c : contacts(x)) {
    distance_derivatives(c, x, dd, Hd);
    const Penalty f = penalty(c.distance_squared, k_, eps_);
    LocalMat H = f.ddf * dd * dd.transpose() + f.df * Hd;
    if (project_psd) clamp_to_psd(H);
    for (int i = 0; i <= c.count; ++i)
      for (int j = 0; j <= c.count; ++j)
        for (int a = 0; a < 3; ++a)
          for (int b = 0; b < 3; ++b)
            out.emplace_back(3 * vertex_of(c, i) + a, 3 * vertex_of(c, j) + b,
                             H(3 * i + a, 3 * j + b));
  }
}

}  // namespace tibench
