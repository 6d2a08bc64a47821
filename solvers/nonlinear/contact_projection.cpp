#include "solvers/nonlinear/contact_projection.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/QR>
#include <array>
#include <bit>
#include <cmath>
#include <limits>

namespace tibench {
namespace {

// The contact multipliers μ ≥ 0 of a vertex's k touching pairs (normals
// n_b) for the unconstrained gradient g: the nonnegative least-squares fit
// g ≈ Σ μ_b n_b, i.e. the KKT conditions of the vertex's contact (the rest
// g − Σ μ_b n_b is orthogonal to the normals with μ_b > 0 and pushes into
// none of the others). By enumeration of the supports S (k is tiny; at most
// three independent normals in 3-D): among the supports whose normals are
// independent (same 1e-8 threshold as the Gram–Schmidt of the tangent
// projector) and whose least-squares μ_S is ≥ 0, the one with the smallest
// residual, a larger one on ties. Pairs outside it get μ = −1 (inactive).
// For one pair, or mutually orthogonal unit normals, this is μ_b = ∇E'·n_b
// whenever that is ≥ 0; the caller keeps that formula there.
constexpr int kMaxEnumeratedPairs = 8;

void contact_multipliers(const std::array<Vector3, kMaxEnumeratedPairs>& n, int k, const Vector3& g,
                         std::array<double, kMaxEnumeratedPairs>& mu) {
  using Normals = Eigen::Matrix<double, 3, Eigen::Dynamic, 0, 3, 3>;
  mu.fill(-1.0);
  double best = g.norm();  // the empty support
  int best_size = 0;
  for (unsigned mask = 1; mask < (1u << k); ++mask) {
    const int size = std::popcount(mask);
    if (size > 3) continue;
    Normals N(3, size);
    for (int b = 0, j = 0; b < k; ++b)
      if (mask & (1u << b)) N.col(j++) = n[static_cast<std::size_t>(b)];
    Eigen::ColPivHouseholderQR<Normals> qr(N);
    qr.setThreshold(1e-8);
    if (qr.rank() < size) continue;
    const Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 3, 1> m = qr.solve(g);
    if (!(m.minCoeff() >= 0)) continue;
    const double residual = (g - N * m).norm();
    if (residual < best || (residual == best && size > best_size)) {
      best = residual;
      best_size = size;
      mu.fill(-1.0);
      for (int b = 0, j = 0; b < k; ++b)
        if (mask & (1u << b)) mu[static_cast<std::size_t>(b)] = m[j++];
    }
  }
}

}  // namespace

ContactProjection::ContactProjection(const ObstacleContact& contact, Index dofs)
    : contact_(contact),
      vertices_(contact.vertex_dofs().size()),
      vertex_of_dof_(static_cast<std::size_t>(dofs), -1),
      is_contact_dof_(static_cast<std::size_t>(dofs), false) {
  for (const Index d : contact.vertex_dofs())
    for (int i = 0; i < 3; ++i) is_contact_dof_[static_cast<std::size_t>(d + i)] = true;
}

double ContactProjection::touch_tolerance(const Vector3& x) const {
  // Projection leaves φ at the rounding level of the position.
  return 1e-12 * (1.0 + x.cwiseAbs().maxCoeff());
}

void ContactProjection::project(const Vec& anchor, Vec& y) const {
  const double t = contact_.time();
  const auto& obstacles = contact_.obstacles();
  for (std::size_t k = 0; k < vertices_.size(); ++k) {
    const Index d = contact_.vertex_dofs()[k];
    Vector3 xp = anchor.segment<3>(d) + y.segment<3>(d);
    bool changed = false;
    // Several obstacles can hold one vertex (a corner): project in turn
    // until none is violated (alternating projections converge slowly in a
    // sharp wedge, hence the generous cap).
    for (int sweep = 0; sweep < 100; ++sweep) {
      bool violated = false;
      for (std::size_t b = 0; b < obstacles.size(); ++b) {
        bool active = false;
        for (const auto& a : vertices_[k].active)
          active = active || a.obstacle == static_cast<int>(b);
        const double phi = obstacles[b].phi(xp, t);
        if (!(phi < 0) && !(active && phi > touch_tolerance(xp))) continue;
        xp -= phi * obstacles[b].evaluate(xp, t).grad;
        violated = violated || phi < 0;
        changed = true;
      }
      if (!violated) break;
    }
    if (changed) y.segment<3>(d) = xp - anchor.segment<3>(d);
  }
}

void ContactProjection::clear_active_set() {
  if (active_pairs_ > 0) ++version_;
  signature_.clear();
  for (auto& v : vertices_) {
    v.active.clear();
    v.J.setIdentity();
    v.N.setZero();
  }
  std::fill(vertex_of_dof_.begin(), vertex_of_dof_.end(), -1);
  active_pairs_ = 0;
}

void ContactProjection::update_active_set(const Vec& anchor, const Vec& y, const Vec& g) {
  const std::vector<long> previous = signature_;
  const long version = version_;
  clear_active_set();
  const double t = contact_.time();
  const auto& obstacles = contact_.obstacles();
  for (std::size_t k = 0; k < vertices_.size(); ++k) {
    const Index d = contact_.vertex_dofs()[k];
    const Vector3 xp = anchor.segment<3>(d) + y.segment<3>(d), gp = g.segment<3>(d);
    Vertex& v = vertices_[k];
    for (std::size_t b = 0; b < obstacles.size(); ++b) {
      if (obstacles[b].phi(xp, t) > touch_tolerance(xp)) continue;
      const LevelSetValue ls = obstacles[b].evaluate(xp, t);
      v.active.push_back({static_cast<int>(b), ls.grad, ls.hess, gp.dot(ls.grad)});
    }
    // λ = ∇E'·∇φ is the multiplier of a single touching pair, and of pairs
    // with orthogonal normals. Touching pairs with non-orthogonal normals (a
    // vertex in a wedge that is not 90°) need the multipliers of
    // ∇E' = Σ μ ∇φ instead: with n_1·n_2 = c, λ_1 = μ_1 + c μ_2, so λ keeps a
    // pair that must separate (c > 0) or drops one that must hold (c < 0,
    // after which no step decreases E: the line search fails), and its
    // values, the normal forces (friction) and curvature weights, are off.
    // (Checked against Ipopt in tests/integrators/test_constraint_solver.cpp.)
    bool orthogonal = true;
    for (std::size_t i = 0; i < v.active.size(); ++i)
      for (std::size_t j = 0; j < i; ++j)
        orthogonal = orthogonal && std::abs(v.active[i].normal.dot(v.active[j].normal)) <= 1e-14;
    const int touching = static_cast<int>(v.active.size());
    if (!orthogonal && touching <= kMaxEnumeratedPairs) {
      std::array<Vector3, kMaxEnumeratedPairs> normals;
      std::array<double, kMaxEnumeratedPairs> mu;
      for (int i = 0; i < touching; ++i)
        normals[static_cast<std::size_t>(i)] = v.active[static_cast<std::size_t>(i)].normal;
      contact_multipliers(normals, touching, gp, mu);
      for (int i = 0; i < touching; ++i)
        v.active[static_cast<std::size_t>(i)].lambda = mu[static_cast<std::size_t>(i)];
    }
    // λ < 0: the gradient pulls it away, free to separate.
    std::erase_if(v.active, [](const ActivePair& a) { return a.lambda < 0; });
    if (v.active.empty()) continue;
    // Orthonormal basis of the active normals (Gram–Schmidt; a normal in the
    // span of earlier ones adds nothing).
    for (const auto& a : v.active) {
      Vector3 n = a.normal - v.N * a.normal;
      if (n.norm() > 1e-8) {
        n.normalize();
        v.N += n * n.transpose();
      }
    }
    v.J = Matrix3::Identity() - v.N;
    active_pairs_ += static_cast<int>(v.active.size());
    for (const auto& a : v.active)
      signature_.push_back(static_cast<long>(k) * static_cast<long>(obstacles.size()) + a.obstacle);
    for (int i = 0; i < 3; ++i)
      vertex_of_dof_[static_cast<std::size_t>(d + i)] = static_cast<int>(k);
  }
  version_ = signature_ == previous ? version : version + 1;
}

void ContactProjection::project_gradient(Vec& g) const {
  for (std::size_t k = 0; k < vertices_.size(); ++k)
    if (!vertices_[k].active.empty()) {
      const Index d = contact_.vertex_dofs()[k];
      g.segment<3>(d) = vertices_[k].J * g.segment<3>(d);
    }
}

void ContactProjection::zero_diagonal_blocks(Triplets& out) const {
  for (Index d : contact_.vertex_dofs())
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 3; ++i) out.emplace_back(d + i, d + j, 0.0);
}

// J H J of one entry of H that touches an active vertex, emitted as
// emit(row, col, value), in the order transform_hessian appends them.
template <class Emit>
void ContactProjection::expand(Index row, Index col, double value, const Emit& emit) const {
  const int p = vertex_of_dof_[static_cast<std::size_t>(row)];
  const int q = vertex_of_dof_[static_cast<std::size_t>(col)];
  const auto& dofs = contact_.vertex_dofs();
  if (p >= 0 && q < 0) {
    const Index base = dofs[static_cast<std::size_t>(p)];
    const auto a = static_cast<int>(row - base);
    const Matrix3& J = vertices_[static_cast<std::size_t>(p)].J;
    for (int i = 0; i < 3; ++i) emit(base + i, col, J(i, a) * value);
  } else if (p < 0) {
    const Index base = dofs[static_cast<std::size_t>(q)];
    const auto b = static_cast<int>(col - base);
    const Matrix3& J = vertices_[static_cast<std::size_t>(q)].J;
    for (int j = 0; j < 3; ++j) emit(row, base + j, value * J(b, j));
  } else {
    const Index rb = dofs[static_cast<std::size_t>(p)], cb = dofs[static_cast<std::size_t>(q)];
    const auto a = static_cast<int>(row - rb), b = static_cast<int>(col - cb);
    const Matrix3& Jp = vertices_[static_cast<std::size_t>(p)].J;
    const Matrix3& Jq = vertices_[static_cast<std::size_t>(q)].J;
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 3; ++i) emit(rb + i, cb + j, Jp(i, a) * value * Jq(b, j));
  }
}

// The normal and curvature block of every active vertex, as emit(row, col,
// value).
template <class Emit>
void ContactProjection::active_blocks(const Vec& inertia, bool project_psd,
                                      const Emit& emit) const {
  for (std::size_t k = 0; k < vertices_.size(); ++k) {
    const Vertex& v = vertices_[k];
    if (v.active.empty()) continue;
    const Index d = contact_.vertex_dofs()[k];
    Matrix3 curvature = Matrix3::Zero();
    for (const auto& a : v.active) curvature -= a.lambda * (v.J * a.hess * v.J);
    if (project_psd) {
      Eigen::SelfAdjointEigenSolver<Matrix3> eig(curvature);
      curvature = eig.eigenvectors() * eig.eigenvalues().cwiseMax(0.0).asDiagonal() *
                  eig.eigenvectors().transpose();
    }
    const Matrix3 block = curvature + inertia[d] * v.N;
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 3; ++i) emit(d + i, d + j, block(i, j));
  }
}

bool ContactProjection::touches_active(Index row, Index col) const {
  return vertex_of_dof_[static_cast<std::size_t>(row)] >= 0 ||
         vertex_of_dof_[static_cast<std::size_t>(col)] >= 0;
}

void ContactProjection::transform_hessian(Triplets& t, std::size_t first, const Vec& inertia,
                                          bool project_psd) const {
  transformed_version_ = version_;
  transformed_count_ = t.size() - first;
  touched_.clear();
  // Every triplet that any active set could touch, for transform_values.
  candidates_.clear();
  for (std::size_t k = first; k < t.size(); ++k)
    if (is_contact_dof_[static_cast<std::size_t>(t[k].row())] ||
        is_contact_dof_[static_cast<std::size_t>(t[k].col())])
      candidates_.push_back({k - first, t[k].row(), t[k].col()});
  if (active_pairs_ == 0) return;
  expanded_.clear();
  const auto append = [&](Index r, Index c, double v) { expanded_.emplace_back(r, c, v); };
  for (const Touched& candidate : candidates_) {
    const std::size_t k = first + candidate.index;
    const auto& e = t[k];
    if (!touches_active(e.row(), e.col())) continue;
    expand(e.row(), e.col(), e.value(), append);
    touched_.push_back(candidate);
    // Left in place as −0.0, which adds nothing to any sum (x + −0.0 = x
    // for every x, −0.0 included): the triplets before the appended ones
    // keep the positions of the untransformed Hessian whatever the active
    // set, so the assembler refills them and looks up only the appended.
    t[k] = Eigen::Triplet<double>(e.row(), e.col(), -0.0);
  }
  t.insert(t.end(), expanded_.begin(), expanded_.end());
  active_blocks(inertia, project_psd, [&](Index r, Index c, double v) { t.emplace_back(r, c, v); });
}

// A changed active set touches other triplets: the candidates that touch
// an active vertex now, in their order, as transform_hessian would find
// them (the positions are those of its call).
bool ContactProjection::transform_values(std::vector<double>& values, std::size_t first,
                                         const Vec& inertia, bool project_psd) const {
  if (transformed_version_ < 0 || values.size() - first != transformed_count_) return false;
  if (!values_current()) {
    touched_.clear();
    if (active_pairs_ > 0)
      for (const Touched& candidate : candidates_)
        if (touches_active(candidate.row, candidate.col)) touched_.push_back(candidate);
    transformed_version_ = version_;
  }
  if (active_pairs_ == 0) return true;
  expanded_values_.clear();
  const auto append = [&](Index, Index, double v) { expanded_values_.push_back(v); };
  for (const Touched& e : touched_) {
    double& value = values[first + e.index];
    expand(e.row, e.col, value, append);
    value = -0.0;
  }
  values.insert(values.end(), expanded_values_.begin(), expanded_values_.end());
  active_blocks(inertia, project_psd, [&](Index, Index, double v) { values.push_back(v); });
  return true;
}

void ContactProjection::appended_positions(std::size_t& start, std::vector<Index>& rows,
                                           std::vector<Index>& cols) const {
  start = transformed_count_;
  rows.clear();
  cols.clear();
  if (active_pairs_ == 0) return;
  const auto append = [&](Index r, Index c, double) {
    rows.push_back(r);
    cols.push_back(c);
  };
  for (const Touched& e : touched_) expand(e.row, e.col, 0.0, append);
  const Vec none = Vec::Zero(static_cast<Index>(vertex_of_dof_.size()));
  active_blocks(none, false, append);
}

void ContactProjection::active_forces(std::vector<ContactForce>& out) const {
  out.clear();
  const double t = contact_.time();
  for (std::size_t k = 0; k < vertices_.size(); ++k)
    for (const auto& a : vertices_[k].active)
      out.push_back(
          {contact_.vertex_dofs()[k], a.normal, a.lambda,
           contact_.obstacles()[static_cast<std::size_t>(a.obstacle)].motion.velocity_at(t)});
}

}  // namespace tibench
