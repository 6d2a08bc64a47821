// Hyperelastic energy densities Ψ(F) per unit rest volume, with first
// Piola–Kirchhoff stress P = ∂Ψ/∂F and its derivative ∂P/∂F (9 × 9 on
// column-major vec(F)).
//
// stable-neo-hookean (Smith, de Goes, Kim 2018, "Stable Neo-Hookean Flesh
//   Simulation", ACM TOG 37(2), Eq. 14 with the origin barrier of §3.4):
//     Ψ = μ'/2 (I_C − 3) + λ'/2 (J − a)² − μ'/2 log(I_C + 1) − Ψ₀,
//     a = 1 + 3μ'/(4λ'),  μ' = 4μ/3,  λ' = λ + 5μ/6,
//   I_C = tr FᵀF, J = det F, (μ, λ) the Lamé parameters of (E, ν). The
//   reparameterization makes the linearization at F = I equal to linear
//   elasticity with (μ, λ); a makes the rest state stress free; Ψ₀ = Ψ(I) is
//   subtracted so that the rest state has zero energy (our choice: the paper
//   leaves the constant). Defined for inverted F (J ≤ 0).
// corotated-linear (Müller & Gross 2004, as in Löschner et al. 2020 §5.2):
//     Ψ = μ ‖ε‖² + λ/2 (tr ε)²,  ε = sym(RᵀF) − I,
//   with the rotation R held fixed (lagged at the step start by the body);
//   quadratic in F, so its Hessian is constant within a step. Its forces
//   omit the derivative of R, so they exert a net torque on a deformed body
//   (angular momentum is not conserved exactly); the energy is frame
//   invariant when R is recomputed for the moved configuration.
// st-venant-kirchhoff:  Ψ = μ E:E + λ/2 (tr E)²,  E = ½(FᵀF − I): a
//   polynomial of degree 4 in F, which makes third derivatives exact by
//   finite differences (used for the fully implicit Rayleigh damping of the
//   single-tetrahedron problem).
// fixed-corotated (Stomakhin, Howes, Schroeder, Teran 2012, "Energetically
//   consistent invertible elasticity", Proc. SCA 2012, pp. 25–32; the model
//   Gast & Schroeder 2014 §4.1 use for all their examples):
//     Ψ = μ ‖F − R‖²_F + λ/2 (J − 1)²,  P = 2μ (F − R) + λ (J − 1) cof F,
//   R = rotation_of(F), recomputed from F (not lagged), so Ψ, P and ∂P/∂F
//   are derivatives of one frame-invariant function. P has no dR term
//   because (F − R) : dR = tr((Σ̂ − I) Ω) = 0 (diagonal times skew). With
//   F = U Σ̂ Vᵀ (signed Σ̂ of rotation_of), dR = U Ω Vᵀ where
//     (σ̂_i + σ̂_j) Ω_ij = (UᵀdF V)_ij − (UᵀdF V)_ji,
//   i.e. ∂vec R/∂vec F = Σ_{i<j} t_ij t_ijᵀ / (σ̂_i + σ̂_j),
//   t_ij = vec(U (e_i e_jᵀ − e_j e_iᵀ) Vᵀ) (the twist modes of Smith, de
//   Goes, Kim 2019, "Analytic eigensystems for isotropic distortion
//   energies", ACM TOG 38(1)); derivation and the degenerate case
//   σ̂_i + σ̂_j → 0 in material.cpp. Linearizes at F = I to linear
//   elasticity with (μ, λ).
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

namespace tibench {

using Mat3 = Eigen::Matrix3d;
using Mat9 = Eigen::Matrix<double, 9, 9>;

// Quadrature points per block of the vectorized force kernel: 8, a
// hexahedron's 2 × 2 × 2 points or 8 one-point tetrahedra; two AVX-512, four
// AVX or eight SSE2 registers per matrix entry.
constexpr int kStressLanes = 8;

enum class MaterialModel {
  stable_neo_hookean,
  corotated_linear,
  st_venant_kirchhoff,
  fixed_corotated
};

// Parses the kebab-case id used in problem parameters.
MaterialModel material_model(const std::string& id);
std::vector<std::string> material_model_ids();

struct Lame {
  double mu = 0.0, lambda = 0.0;
  static Lame from_young_poisson(double E, double nu);
};

class Material {
 public:
  Material(MaterialModel model, Lame lame);

  MaterialModel model() const { return model_; }
  const Lame& lame() const { return lame_; }
  bool uses_rotation() const { return model_ == MaterialModel::corotated_linear; }
  // R is the lagged rotation of the element (ignored by the other models;
  // fixed-corotated computes its own rotation from F).
  double energy(const Mat3& F, const Mat3& R) const;
  Mat3 stress(const Mat3& F, const Mat3& R) const;
  Mat9 stress_derivative(const Mat3& F, const Mat3& R) const;

  // The rotation stress_lanes reads: none, the element's lagged rotation,
  // or the polar rotation rotation_of(F) of each point.
  enum class LaneRotation { none, lagged, polar };
  LaneRotation lane_rotation() const;
  // P_l = stress(F_l, ·) for the lanes l < N of 3 × 3 matrices stored by
  // entry, M[k][l] = M_l(k) (column-major k): branch-free arithmetic per
  // lane, so the lane loop vectorizes across quadrature points. R[k][l] is
  // read as lane_rotation() says (not at all for none); P must not overlap
  // F or R. stress() is the case N = 1, so a point gives the same bits in a
  // block of kStressLanes as alone. Instantiated for N = 1 and
  // N = kStressLanes.
  template <int N>
  void stress_lanes(const double (&F)[9][N], const double (&R)[9][N], double (&P)[9][N]) const;

 private:
  MaterialModel model_;
  Lame lame_;
  double mu_s_ = 0, lambda_s_ = 0, a_ = 0, psi0_ = 0;  // stable neo-Hookean constants
};

// The 9 × 9 matrix (on column-major vec) of a linear map of 3 × 3 matrices,
// from its action on the basis matrices.
template <class LinearMap>
Mat9 matrix_of(LinearMap map) {
  Mat9 D;
  for (int c = 0; c < 9; ++c) {
    Mat3 E = Mat3::Zero();
    E(c % 3, c / 3) = 1.0;
    const Mat3 image = map(E);
    D.col(c) = Eigen::Map<const Eigen::Matrix<double, 9, 1>>(image.data());
  }
  return D;
}

// The rotation of the polar decomposition F = R S, with R ∈ SO(3) also for
// inverted F (the reflection is moved to the smallest singular value, as in
// Irving, Teran, Fedkiw 2004).
Mat3 rotation_of(const Mat3& F);

// Cofactor matrix ∂J/∂F = [f1×f2, f2×f0, f0×f1] (columns f_i of F).
Mat3 cofactor(const Mat3& F);

}  // namespace tibench
