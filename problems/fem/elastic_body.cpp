#include "problems/fem/elastic_body.hpp"

#include "problems/dissipation/momentum_correction.hpp"
#include "problems/fem/assembly.hpp"
#include "problems/fem/element_loop.hpp"

namespace tibench {
namespace {

// Per-element results of the calling thread's element loops, combined after
// the loop in element order (element_loop.hpp). Kept per thread and reused,
// so that evaluations do not allocate once the sizes are reached.
struct ElementResults {
  std::vector<double> terms;        // energy: one per quadrature point
  std::vector<double> node_forces;  // nodal forces, element-major (ElasticBody::block_forces)
};

ElementResults& element_results() {
  thread_local ElementResults results;
  return results;
}

}  // namespace

ElasticBody::ElasticBody(std::shared_ptr<const MeshGeometry> geometry, Material material)
    : geo_(std::move(geometry)),
      material_(material),
      rotations_(static_cast<std::size_t>(geo_->elements()), Mat3::Identity()) {
  build_assembly_maps();
}

void ElasticBody::build_assembly_maps() {
  const MeshGeometry& g = *geo_;
  const int npe = g.nodes_per_element();
  value_offsets_.assign(static_cast<std::size_t>(g.elements()) + 1, 0);
  incidence_start_.assign(static_cast<std::size_t>(g.free_nodes()) + 1, 0);
  // Row i of the CSR is free node spatial_free_nodes()[i].
  std::vector<std::size_t> row_of(static_cast<std::size_t>(g.free_nodes()));
  for (std::size_t i = 0; i < row_of.size(); ++i)
    row_of[static_cast<std::size_t>(g.spatial_free_nodes()[i])] = i;
  for (Index e = 0; e < g.elements(); ++e) {
    std::size_t free = 0;
    for (int a = 0; a < npe; ++a) {
      const Index d = g.node_dof(g.node(e, a));
      if (d < 0) continue;
      free += 3;
      ++incidence_start_[row_of[static_cast<std::size_t>(d / 3)] + 1];
    }
    value_offsets_[static_cast<std::size_t>(e) + 1] =
        value_offsets_[static_cast<std::size_t>(e)] + free * free;
  }
  for (std::size_t k = 1; k < incidence_start_.size(); ++k)
    incidence_start_[k] += incidence_start_[k - 1];
  incidence_entry_.assign(incidence_start_.back(), 0);
  std::vector<std::size_t> next(incidence_start_.begin(), incidence_start_.end() - 1);
  for (Index e = 0; e < g.elements(); ++e)
    for (int a = 0; a < npe; ++a) {
      const Index d = g.node_dof(g.node(e, a));
      if (d >= 0)
        incidence_entry_[next[row_of[static_cast<std::size_t>(d / 3)]]++] =
            static_cast<std::size_t>(g.spatial_position(e) * npe + a);
    }
}

bool ElasticBody::is_arap() const {
  return material_.model() == MaterialModel::fixed_corotated && material_.lame().lambda == 0.0;
}

void ElasticBody::add_arap_laplacian(Triplets& out) const {
  const MeshGeometry& g = *geo_;
  const int npe = g.nodes_per_element();
  const double two_mu = 2.0 * material_.lame().mu;
  for (Index e = 0; e < g.elements(); ++e)
    for (int qp = 0; qp < g.quadrature_points(); ++qp) {
      const ShapeGradients& G = g.gradients(e, qp);
      const double w = two_mu * g.weight(e, qp);
      for (int a = 0; a < npe; ++a) {
        const Index da = g.node_dof(g.node(e, a));
        if (da < 0) continue;
        for (int b = 0; b < npe; ++b) {
          const Index db = g.node_dof(g.node(e, b));
          if (db < 0) continue;
          const double l = w * G.row(a).dot(G.row(b));
          for (int k = 0; k < 3; ++k) out.emplace_back(da + k, db + k, l);
        }
      }
    }
}

void ElasticBody::update_rotations(const Vec& q) {
  if (!material_.uses_rotation()) return;
  for_each_element(geo_->elements(), [&](Index e) {
    ElementPositions x;
    geo_->gather(q, e, x);
    Mat3 F = Mat3::Zero();
    double volume = 0.0;
    for (int qp = 0; qp < geo_->quadrature_points(); ++qp) {
      F += geo_->weight(e, qp) * deformation_gradient(x, geo_->gradients(e, qp));
      volume += geo_->weight(e, qp);
    }
    rotations_[static_cast<std::size_t>(e)] = rotation_of(F / volume);
  });
}

double ElasticBody::energy(const Vec& q) const {
  const int nq = geo_->quadrature_points();
  std::vector<double>& terms = element_results().terms;
  terms.resize(static_cast<std::size_t>(geo_->elements() * nq));
  for_each_element(geo_->elements(), [&](Index e) {
    ElementPositions x;
    geo_->gather(q, e, x);
    for (int qp = 0; qp < nq; ++qp)
      terms[static_cast<std::size_t>(e * nq + qp)] =
          geo_->weight(e, qp) *
          material_.energy(deformation_gradient(x, geo_->gradients(e, qp)), rotation(e));
  });
  double U = 0.0;
  for (const double t : terms) U += t;
  return U;
}

// The force kernel on one block of quadrature points (PointBlock), lane l
// the block's point l: F = Σ_a x_a ⊗ ∇N_a, P = stress(F), and
// t_a = (w P) ∇N_a, each a lane loop; then every element sums its points'
// t_a in point order. The arithmetic of each entry is that of
// accumulate_bt(G, stress(deformation_gradient(x, G), R), w, ·) point by
// point, so the result is the pointwise one bit for bit (tests/problems/test_fem_force_kernel.cpp).
void ElasticBody::block_forces(const Vec& q, const PointBlock& b, double* node_forces) const {
  constexpr int L = kStressLanes;
  const int npe = geo_->nodes_per_element(), nq = geo_->quadrature_points();
  const int used = b.elements * nq;
  double X[kMaxElementNodes][3][L];
  for (int k = 0; k < b.elements; ++k) {
    ElementPositions x;
    geo_->gather(q, b.element[k], x);
    for (int a = 0; a < npe; ++a)
      for (int i = 0; i < 3; ++i)
        for (int l = k * nq; l < (k + 1) * nq; ++l) X[a][i][l] = x(i, a);
  }
  for (int a = 0; a < npe; ++a)  // unused lanes: finite, and w = 0 drops them
    for (int i = 0; i < 3; ++i)
      for (int l = used; l < L; ++l) X[a][i][l] = 0.0;
  double F[9][L] = {};  // sums from +0, as deformation_gradient's
  for (int a = 0; a < npe; ++a)
    // simd: F += x_a ⊗ ∇N_a over the block's points (lane loops unrolled)
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 3; ++i)
        for (int l = 0; l < L; ++l) F[i + 3 * j][l] += X[a][i][l] * b.G[a][j][l];
  double R[9][L], P[9][L];
  fill_lane_rotations(b, F, R);
  material_.stress_lanes<L>(F, R, P);
  // t_a = (w P) ∇N_a, as accumulate_bt rounds it.
  // simd: w P over the block's points (lane loop unrolled)
  for (int k = 0; k < 9; ++k)
    for (int l = 0; l < L; ++l) P[k][l] *= b.w[l];
  double t[kMaxElementNodes][3][L];
  // simd: (w P) ∇N_a over the block's points (lane loops unrolled)
  for (int a = 0; a < npe; ++a)
    for (int i = 0; i < 3; ++i)
      for (int l = 0; l < L; ++l)
        t[a][i][l] =
            P[i][l] * b.G[a][0][l] + P[i + 3][l] * b.G[a][1][l] + P[i + 6][l] * b.G[a][2][l];
  for (int k = 0; k < b.elements; ++k) {
    double* element_forces = node_forces + 3 * (b.first_position + k) * npe;
    for (int a = 0; a < npe; ++a)
      for (int i = 0; i < 3; ++i) {
        double sum = 0.0;  // from +0, as a zeroed element vector
        for (int l = k * nq; l < (k + 1) * nq; ++l) sum += t[a][i][l];
        element_forces[3 * a + i] = sum;
      }
  }
}

// R[k][l] as the material's stress_lanes reads it; identity in unused lanes.
void ElasticBody::fill_lane_rotations(const PointBlock& b, const double (&F)[9][kStressLanes],
                                      double (&R)[9][kStressLanes]) const {
  const Material::LaneRotation source = material_.lane_rotation();
  if (source == Material::LaneRotation::none) return;
  const int nq = geo_->quadrature_points();
  for (int l = 0; l < kStressLanes; ++l) {
    Mat3 r = Mat3::Identity();
    if (l < b.elements * nq) {
      if (source == Material::LaneRotation::lagged) {
        r = rotation(b.element[l / nq]);
      } else {
        Mat3 f;
        for (int k = 0; k < 9; ++k) f(k) = F[k][l];
        r = rotation_of(f);
      }
    }
    for (int k = 0; k < 9; ++k) R[k][l] = r(k);
  }
}

void ElasticBody::add_gradient(const Vec& q, Vec& g) const {
  std::vector<double>& forces = element_results().node_forces;
  forces.resize(static_cast<std::size_t>(3 * geo_->elements() * geo_->nodes_per_element()));
  const std::vector<PointBlock>& blocks = geo_->point_blocks();
  const std::vector<Index>& nodes = geo_->spatial_free_nodes();
  // A node's slots were written by the thread that ran its blocks, mostly
  // this one (both loops follow the Z-order); the sums still fetch the
  // slots about one node ahead (a slot's three doubles may straddle two
  // cache lines), and g's entries two nodes ahead: g was last written by
  // the caller, and its entries lie in gmsh's node order.
  constexpr std::size_t kAhead = 16;
  constexpr Index kNodesAhead = 2;
  const std::size_t total = incidence_entry_.size();
  const Index rows = geo_->free_nodes();
  for_each_element_then(
      static_cast<Index>(blocks.size()),
      [&](Index b) { block_forces(q, blocks[static_cast<std::size_t>(b)], forces.data()); }, rows,
      [&](Index row) {
        if (row + kNodesAhead < rows) {
          const double* next = &g[3 * nodes[static_cast<std::size_t>(row + kNodesAhead)]];
          __builtin_prefetch(next, 1);
          __builtin_prefetch(next + 2, 1);
        }
        const Index k = nodes[static_cast<std::size_t>(row)];
        // g's entries accumulate in registers, in the order of adding to g.
        double sum[3] = {g[3 * k], g[3 * k + 1], g[3 * k + 2]};
        const std::size_t end = incidence_start_[static_cast<std::size_t>(row) + 1];
        for (std::size_t j = incidence_start_[static_cast<std::size_t>(row)]; j < end; ++j) {
          if (j + kAhead < total) {
            const double* slot = &forces[3 * incidence_entry_[j + kAhead]];
            __builtin_prefetch(slot);
            __builtin_prefetch(slot + 2);
          }
          for (int i = 0; i < 3; ++i) sum[i] += forces[3 * incidence_entry_[j] + i];
        }
        for (int i = 0; i < 3; ++i) g[3 * k + i] = sum[i];
      });
}

void ElasticBody::element_stiffness(Index e, const Vec& q, MomentumCorrection correction,
                                    ElementMatrix& K) const {
  ElementPositions x;
  geo_->gather(q, e, x);
  const Index n = 3 * geo_->nodes_per_element();
  K.setZero(n, n);
  for (int qp = 0; qp < geo_->quadrature_points(); ++qp) {
    const ShapeGradients& G = geo_->gradients(e, qp);
    const Mat3 F = deformation_gradient(x, G);
    Mat9 D = material_.stress_derivative(F, rotation(e));
    if (correction == MomentumCorrection::velocity_gradient) {
      const Mat9 R = nonrigid_rate_operator(F);
      D = R.transpose() * D * R;
    }
    accumulate_btdb_lower(G, D, geo_->weight(e, qp), K);  // ∂P/∂F is symmetric
  }
  mirror_lower(K);
  if (correction == MomentumCorrection::projection) {
    const Eigen::MatrixXd P = nonrigid_projector(x);
    K = P.transpose() * K * P;
  }
}

// Every element's Hessian at q (clamped to PSD if asked), each element
// writing its own range of the triplets (value_offsets_, in emit()'s order)
// as write_hessian_values writes its values: the thread count cannot change
// the result, and nothing is appended serially after the element loop.
void ElasticBody::add_hessian(const Vec& q, Triplets& out, bool project_psd) const {
  const std::size_t first = out.size();
  out.resize(first + hessian_value_count());
  Eigen::Triplet<double>* triplets = out.data() + first;
  for_each_element(geo_->elements(), [&](Index e) {
    ElementMatrix K;
    element_stiffness(e, q, MomentumCorrection::none, K);
    if (project_psd) clamp_to_psd(K);
    emit_triplets(*geo_, e, K, triplets + value_offsets_[static_cast<std::size_t>(e)]);
  });
}

std::size_t ElasticBody::hessian_value_count() const { return value_offsets_.back(); }

// Each element writes its own range of `values`, so the loop needs no
// per-element slots and no serial copy after it.
std::size_t ElasticBody::write_hessian_values(const Vec& q, bool project_psd,
                                              double* values) const {
  for_each_element(geo_->elements(), [&](Index e) {
    ElementMatrix K;
    element_stiffness(e, q, MomentumCorrection::none, K);
    if (project_psd) clamp_to_psd(K);
    emit_values(*geo_, e, K, values + value_offsets_[static_cast<std::size_t>(e)]);
  });
  return hessian_value_count();
}

std::vector<LocalForm> ElasticBody::stiffness_forms(const Vec& q, double beta,
                                                    MomentumCorrection correction,
                                                    bool clamp) const {
  std::vector<LocalForm> forms;
  for (Index e = 0; e < geo_->elements(); ++e) {
    LocalForm f;
    for (int l = 0; l < 3 * geo_->nodes_per_element(); ++l)
      if (geo_->element_dof(e, l) >= 0) f.dofs.push_back(geo_->element_dof(e, l));
    f.D.setZero(static_cast<Index>(f.dofs.size()), static_cast<Index>(f.dofs.size()));
    forms.push_back(std::move(f));
  }
  update_stiffness_forms(q, beta, correction, clamp, forms);
  return forms;
}

void ElasticBody::update_stiffness_forms(const Vec& q, double beta, MomentumCorrection correction,
                                         bool clamp, std::vector<LocalForm>& forms) const {
  for_each_element(geo_->elements(), [&](Index e) {
    ElementMatrix K;
    element_stiffness(e, q, correction, K);
    if (clamp) clamp_to_psd(K);
    Eigen::MatrixXd& D = forms[static_cast<std::size_t>(e)].D;
    Index r = 0;
    for (int i = 0; i < K.rows(); ++i) {
      if (geo_->element_dof(e, i) < 0) continue;
      Index c = 0;
      for (int j = 0; j < K.cols(); ++j) {
        if (geo_->element_dof(e, j) < 0) continue;
        D(r, c++) = beta * K(i, j);
      }
      ++r;
    }
  });
}

}  // namespace tibench
