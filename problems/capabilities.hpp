// What a Problem may have beyond its potential, each behind its own
// interface: a problem without the capability returns null from the
// matching Problem accessor (dissipation(), external_force(),
// projective_form(), mesh_contacts()), so callers ask once and engines
// that do not need a capability never see its functions.
//
//   Dissipation     R(q, v) ≥ 0, force −∇_v R (Brown et al. 2018 §3.1, Eq. 3)
//   ExternalForce   f_ext(t)
//   ProjectiveForm  P as a sum of projective constraints (Bouaziz et al. 2014 §4)
//   MeshContacts    vertex–tetrahedron contacts between parts of a mesh
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <array>
#include <vector>

namespace tibench {

using Vec = Eigen::VectorXd;
using Index = Eigen::Index;
using Triplets = std::vector<Eigen::Triplet<double>>;

struct SplitDissipation;  // problems/dissipation/dissipation_model.hpp

// A Rayleigh-type dissipation function R(q, v) ≥ 0 and its derivatives.
// The triplet positions never depend on q or v.
class Dissipation {
 public:
  virtual ~Dissipation() = default;
  // Whether R depends on q within a step. Engines that fold R into an
  // incremental potential need it q-independent (or lagged at the step
  // start by the problem's begin_step).
  virtual bool depends_on_q() const = 0;
  virtual double value(const Vec& q, const Vec& v) const = 0;
  // g = ∇_v R (resized).
  virtual void gradient_v(const Vec& q, const Vec& v, Vec& g) const = 0;
  // Appends ∇²_vv R.
  virtual void hessian_vv(const Vec& q, const Vec& v, Triplets& out) const = 0;
  // g = ∇_q R (resized; zero unless depends_on_q()). Schemes that minimize
  // τ R(x, (x − x_a)/τ) over x need it (Brown et al. 2018 §5).
  virtual void gradient_q(const Vec& q, const Vec& v, Vec& g) const;
  // Appends ∂(∇_v R)/∂q (row: v-index, column: q-index); none unless depends_on_q().
  virtual void mixed_hessian(const Vec& q, const Vec& v, Triplets& out) const;
  // R in the pieces ADMM has local steps for (local quadratic forms,
  // possibly raised to a power; strain-rate damping), appended to out;
  // false if any part of R is of another kind.
  virtual bool split(SplitDissipation& /*out*/) const { return false; }
};

// An external force f_ext(t), independent of q and v.
class ExternalForce {
 public:
  virtual ~ExternalForce() = default;
  // f = f_ext(t) (resized).
  virtual void at(double t, Vec& f) const = 0;
  // df = ∂f_ext/∂t (Rosenbrock methods need it); default: central
  // difference of at() with step 1e-6 · max(1, |t|).
  virtual void rate(double t, Vec& df) const;
};

// A potential that is exactly a sum of projective constraints plus a
// linear term (Bouaziz et al. 2014 §4; Dinev et al. 2018 Eq. 26),
//   P(q) = Σ_c w_c/2 ‖G_c q + z_c − Π_c(G_c q + z_c)‖² − f·q + const,
// Π_c the closest-point projection onto the constraint's manifold (a sphere
// for springs, SO(3) for as-rigid-as-possible tetrahedra), so that
// ∇P(q) = Σ_c w_c G_cᵀ (G_c q + z_c − Π_c) − f: the problem's gradient
// carries out the local step. A problem offers the form only for parameter
// values where it is exact.
class ProjectiveForm {
 public:
  virtual ~ProjectiveForm() = default;
  // Appends the constant L = Σ_c w_c G_cᵀ G_c (per dof) of the global step.
  virtual void add_laplacian(Triplets& out) const = 0;
};

// A surface vertex inside a tetrahedron of another part of a body's mesh
// (another body, for meshes made of several), and the surface point of that
// part closest to it: Σ_k weights[k] x_{dofs[k]} over `count` vertices (a
// triangle, edge or vertex). `normal` is the unit direction from the vertex
// to that point: the way out of the other part.
struct MeshContact {
  Index point_dof = 0;
  std::array<Index, 3> dofs{0, 0, 0};
  std::array<double, 3> weights{0, 0, 0};
  int count = 0;
  Eigen::Vector3d normal = Eigen::Vector3d::Zero();
};

// Contacts between the parts of a body's mesh, for contact enforced outside
// the potential (the QP corrector, integrators/engines/qp_corrector.hpp).
class MeshContacts {
 public:
  virtual ~MeshContacts() = default;
  virtual std::vector<MeshContact> find(const Vec& q) const = 0;
};

}  // namespace tibench
