// The vectorized finite-element force kernel: Material::stress_lanes in a
// block of kStressLanes points gives every point the bits of stress() alone,
// stress() agrees with the models' formulas written with Eigen, and
// ElasticBody::add_gradient (blocks of points, ElasticBody::block_forces)
// equals the pointwise definition Σ_e Σ_qp w Bᵀ vec P(x G) bit for bit on
// hexahedra and tetrahedra (a partial last block included), on one thread
// and on two, for every material model.
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cstring>

#include "core/random.hpp"
#include "fem_fixtures.hpp"
#include "problems/fem/assembly.hpp"
#include "problems/fem/elastic_body.hpp"
#include "problems/fem/element_loop.hpp"
#include "same_bits.hpp"

namespace tibench {
namespace {

// Deformation gradients near I, far from it, inverted and nearly singular.
Mat3 random_deformation(SplitMix64& rng, int kind) {
  Mat3 A;
  for (int k = 0; k < 9; ++k) A(k) = rng.uniform(-1, 1);
  switch (kind % 4) {
    case 0: return Mat3::Identity() + 0.1 * A;
    case 1: return 3.0 * A;
    case 2: {
      Mat3 F = Mat3::Identity() + 0.2 * A;
      F.col(0) *= -1.0;
      return F;
    }
    default: {
      Mat3 F = Mat3::Identity() + 0.3 * A;
      F.col(2) = F.col(0) + 1e-9 * F.col(1);
      return F;
    }
  }
}

// The models' stresses as material.hpp writes them, with Eigen.
Mat3 reference_stress(const Material& m, const Mat3& F, const Mat3& R) {
  const double mu = m.lame().mu, lambda = m.lame().lambda;
  const Mat3 I = Mat3::Identity();
  switch (m.model()) {
    case MaterialModel::stable_neo_hookean: {
      const double mu_s = 4.0 / 3.0 * mu, lambda_s = lambda + 5.0 / 6.0 * mu;
      const double a = 1.0 + 3.0 * mu_s / (4.0 * lambda_s), Ic = F.squaredNorm();
      return mu_s * (1.0 - 1.0 / (Ic + 1.0)) * F + lambda_s * (F.determinant() - a) * cofactor(F);
    }
    case MaterialModel::corotated_linear: {
      const Mat3 G = R.transpose() * F, eps = 0.5 * (G + G.transpose()) - I;
      return R * (2.0 * mu * eps + lambda * eps.trace() * I);
    }
    case MaterialModel::st_venant_kirchhoff: {
      const Mat3 E = 0.5 * (F.transpose() * F - I);
      return F * (2.0 * mu * E + lambda * E.trace() * I);
    }
    case MaterialModel::fixed_corotated:
      return 2.0 * mu * (F - rotation_of(F)) + lambda * (F.determinant() - 1.0) * cofactor(F);
  }
  return Mat3::Zero();
}

TEST(StressLanes, EveryLaneHasTheBitsOfThePointAloneAndTheModelsFormula) {
  SplitMix64 rng(77);
  for (const std::string& id : material_model_ids()) {
    const Material m(material_model(id), test::kLame);
    for (int trial = 0; trial < 25; ++trial) {
      Mat3 F[kStressLanes], R[kStressLanes];
      double f[9][kStressLanes], r[9][kStressLanes], p[9][kStressLanes];
      for (int l = 0; l < kStressLanes; ++l) {
        F[l] = random_deformation(rng, trial + l);
        R[l] = m.lane_rotation() == Material::LaneRotation::polar ? rotation_of(F[l])
                                                                  : test::random_rotation(rng);
        for (int k = 0; k < 9; ++k) {
          f[k][l] = F[l](k);
          r[k][l] = R[l](k);
        }
      }
      m.stress_lanes<kStressLanes>(f, r, p);
      for (int l = 0; l < kStressLanes; ++l) {
        Mat3 P;
        for (int k = 0; k < 9; ++k) P(k) = p[k][l];
        const Mat3 alone = m.stress(F[l], R[l]);
        EXPECT_TRUE(test::same_bits(P, alone)) << id << " lane " << l << "\n" << P - alone;
        const Mat3 ref = reference_stress(m, F[l], R[l]);
        const double scale = m.lame().lambda * (1.0 + F[l].squaredNorm());
        EXPECT_LT((alone - ref).cwiseAbs().maxCoeff(), 1e-13 * scale) << id << "\n" << alone - ref;
      }
    }
  }
}

// g0 + Σ_e Σ_qp w Bᵀ vec P(F) point by point, as add_gradient defines it:
// the forces added to g0 element by element (as scatter() adds).
Vec pointwise_gradient(const MeshGeometry& geo, const ElasticBody& body, const Vec& q,
                       const Vec& g0) {
  Vec g = g0;
  for (Index e = 0; e < geo.elements(); ++e) {
    ElementPositions x;
    geo.gather(q, e, x);
    ElementVector v = ElementVector::Zero(3 * geo.nodes_per_element());
    for (int qp = 0; qp < geo.quadrature_points(); ++qp) {
      const ShapeGradients& G = geo.gradients(e, qp);
      const Mat3 P = body.material().stress(deformation_gradient(x, G), body.lagged_rotation(e));
      accumulate_bt(G, P, geo.weight(e, qp), v);
    }
    scatter(geo, e, v, g);
  }
  return g;
}

void expect_blocks_equal_pointwise(SolidMesh mesh, const char* name) {
  SplitMix64 rng(3);
  for (std::size_t n = 0; n < mesh.fixed.size(); n += 7) mesh.fixed[n] = true;
  const auto geo = std::make_shared<const MeshGeometry>(std::move(mesh));
  ASSERT_GE(static_cast<Index>(geo->point_blocks().size()), kMinParallelElements);
  for (const std::string& id : material_model_ids()) {
    ElasticBody body(geo, Material(material_model(id), test::kLame));
    Vec q = geo->rest_q();
    for (Index i = 0; i < q.size(); ++i) q[i] += 0.05 * rng.uniform(-1, 1);
    body.update_rotations(q);
    // add_gradient adds to what g holds: zero, and other terms.
    Vec g0 = Vec::Zero(q.size());
    for (const bool zero : {true, false}) {
      if (!zero)
        for (Index i = 0; i < q.size(); ++i) g0[i] = rng.uniform(-1, 1);
      const Vec expected = pointwise_gradient(*geo, body, q, g0);
      for (int threads : {1, 2}) {
        ElementThreadsScope scope(threads);
        Vec g = g0;
        body.add_gradient(q, g);
        EXPECT_EQ(std::memcmp(g.data(), expected.data(), sizeof(double) * q.size()), 0)
            << name << " " << id << " threads " << threads << " g0 zero " << zero << ": max diff "
            << (g - expected).cwiseAbs().maxCoeff();
      }
    }
  }
}

TEST(FemForceKernel, HexahedraEqualThePointwiseDefinitionBitForBit) {
  expect_blocks_equal_pointwise(hex_grid(4, 4, 5, {0.2, 0.2, 0.5}), "hexahedra");
}

TEST(FemForceKernel, TetrahedraEqualThePointwiseDefinitionBitForBit) {
  const SolidMesh tets = test::kuhn_tetrahedra(6, 5, 3);
  ASSERT_EQ(tets.element_count() % kStressLanes, 4);  // a partial last block
  expect_blocks_equal_pointwise(tets, "tetrahedra");
}

}  // namespace
}  // namespace tibench
