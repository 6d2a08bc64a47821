// A hyperelastic solid discretized by finite elements (MeshGeometry +
// Material): elastic energy U(q) = Σ_e Σ_qp w Ψ(F), its gradient and its
// sparse Hessian (per-element PSD projection on request), element tangent
// stiffnesses for Rayleigh damping, and the momentum-conserving corrections
// of that damping (Brown et al. 2018 §6).
//
// Corotated materials hold one rotation per element, from the polar
// decomposition of the volume-averaged F; it is refreshed by
// update_rotations (called at the start of every step, Löschner et al. 2020
// §5.2: "an approximation that fixes the rotation at the beginning of the
// time step") and is the rest-state identity until then.
#pragma once

#include <memory>
#include <vector>

#include "problems/dissipation/local_quadratic.hpp"
#include "problems/fem/material.hpp"
#include "problems/fem/solid_mesh.hpp"

namespace tibench {

enum class MomentumCorrection {
  none,               // Rayleigh damping as is (does not conserve angular momentum)
  projection,         // R(x, P^nr v) per element (Brown et al. §6.2)
  velocity_gradient,  // R(F, Ḟ^nr) per quadrature point (Brown et al. §6.3)
};

class ElasticBody {
 public:
  ElasticBody(std::shared_ptr<const MeshGeometry> geometry, Material material);

  const MeshGeometry& geometry() const { return *geo_; }
  std::shared_ptr<const MeshGeometry> shared_geometry() const { return geo_; }
  const Material& material() const { return material_; }

  void update_rotations(const Vec& q);
  // The rotation corotated materials hold for element e (identity for the
  // others).
  const Mat3& lagged_rotation(Index e) const { return rotation(e); }

  // As-rigid-as-possible: fixed-corotated with λ = 0, Ψ = μ‖F − R‖², one
  // projective constraint per quadrature point (F onto SO(3), weight
  // 2μ w|det J|). add_arap_laplacian appends its L = Σ w G_qpᵀ G_qp on the
  // free dofs (requires is_arap()).
  bool is_arap() const;
  void add_arap_laplacian(Triplets& out) const;

  double energy(const Vec& q) const;
  void add_gradient(const Vec& q, Vec& g) const;
  void add_hessian(const Vec& q, Triplets& out, bool project_psd) const;
  // The values add_hessian appends, in its order, written from `values` on;
  // returns how many (hessian_value_count()).
  std::size_t write_hessian_values(const Vec& q, bool project_psd, double* values) const;
  std::size_t hessian_value_count() const;

  // ∂²U_e/∂x_e² over all 3·npe local dofs of element e (fixed nodes
  // included), with the requested correction: Pᵀ K_e P (projection) or
  // Σ w Bᵀ Gᵀ (∂P/∂F) G B with G the rate operator of Eq. 67.
  void element_stiffness(Index e, const Vec& q, MomentumCorrection correction,
                         ElementMatrix& K) const;

  // Local forms β K_e(q) on the free dofs of each element (clamped to PSD if
  // requested), for lagged Rayleigh damping; `update` refreshes the matrices
  // of forms built by `stiffness_forms` in place.
  std::vector<LocalForm> stiffness_forms(const Vec& q, double beta, MomentumCorrection correction,
                                         bool clamp) const;
  void update_stiffness_forms(const Vec& q, double beta, MomentumCorrection correction, bool clamp,
                              std::vector<LocalForm>& forms) const;

 private:
  const Mat3& rotation(Index e) const { return rotations_[static_cast<std::size_t>(e)]; }
  void block_forces(const Vec& q, const PointBlock& b, double* node_forces) const;
  void fill_lane_rotations(const PointBlock& b, const double (&F)[9][kStressLanes],
                           double (&R)[9][kStressLanes]) const;

  void build_assembly_maps();

  std::shared_ptr<const MeshGeometry> geo_;
  Material material_;
  std::vector<Mat3> rotations_;
  // Where element e's Hessian values start in write_hessian_values' output
  // (elements + 1 entries), so that every element writes its own range.
  std::vector<std::size_t> value_offsets_;
  // The (element, node) pairs of each free node, in element order: a CSR
  // whose row r is free node spatial_free_nodes()[r] and whose entry j is
  // the pair's slot p · nodes_per_element + a, p the element's position in
  // spatial_elements(). The force kernel writes each element's nodal forces
  // to its own range, in the order of the point blocks (so that threads on
  // different blocks do not share cache lines), and the gradient sums each
  // node's entries in element order: the additions of a serial scatter loop
  // over elements, in its order, run per node on several threads.
  std::vector<std::size_t> incidence_start_;
  std::vector<std::size_t> incidence_entry_;
};

}  // namespace tibench
