// The local step of ADMM's nonlinear blocks (solvers/projective/admm.hpp): Newton
// for argmin E_b(z) + ω/2 ‖z − t‖² over one block's local coordinates, for
// any ElementSplit (elastic blocks, viscous blocks).
#pragma once

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "problems/element_split.hpp"

namespace tibench::admm_local {

using Vector9 = Eigen::Matrix<double, 9, 1>;
using Matrix9 = Eigen::Matrix<double, 9, 9>;

constexpr int kMaxLocalIterations = 30;

// The Newton step of argmin E_b(z) + ω/2 ‖z − t‖² at z (g, H its gradient
// and Hessian, H = ∇²E_b + ωI): with ∇²E_b's negative eigenvalues clamped
// to zero where H is not positive definite (ω > 0 keeps it invertible;
// `projected` says so).
template <class Vector, class Matrix>
inline Vector local_newton_step(Matrix& H, const Vector& g, double omega, bool& projected) {
  Eigen::LLT<Matrix> llt(H);
  projected = llt.info() != Eigen::Success;
  if (projected) {
    H.diagonal().array() -= omega;
    Eigen::SelfAdjointEigenSolver<Matrix> eig(H);
    const Vector lambda = eig.eigenvalues().cwiseMax(0.0).array() + omega;
    const Matrix& V = eig.eigenvectors();
    return -(V * (V.transpose() * g).cwiseQuotient(lambda));
  }
  return -llt.solve(g);
}

// Steps (relative to max(1, ‖z‖∞)) up to which a Newton step with a
// positive definite Hessian is taken in full; beyond, or with a projected
// Hessian, an Armijo search decides.
constexpr double kTrustedStep = 0.1;

// Newton for argmin E_b(z) + ω/2 ‖z − t‖² from z (updated). It ends after a
// full step of at most 1e-6 (relative): Newton converges quadratically, so
// the error after it is of order 1e-12. Returns the iterations taken.
// Vector and Matrix: fixed-size types for the common block size (9: the
// small dense factorizations dominate the local step), else the dynamic ones.
template <class Vector, class Matrix>
int solve_block(const ElementSplit& split, Index b, double omega, const Vector& t, Vector& z) {
  LocalVector z_local, g_local;
  LocalMatrix H_local;
  const auto objective = [&](const Vector& x) {
    z_local = x;
    return split.energy(b, z_local) + 0.5 * omega * (x - t).squaredNorm();
  };
  Vector g, dz, trial;
  Matrix H;
  for (int it = 1; it <= kMaxLocalIterations; ++it) {
    z_local = z;
    split.derivatives(b, z_local, g_local, H_local);
    g = g_local;
    H = H_local;
    g.noalias() += omega * (z - t);
    H.diagonal().array() += omega;
    bool projected = false;
    dz = local_newton_step(H, g, omega, projected);
    const double scale = std::max(1.0, z.template lpNorm<Eigen::Infinity>());
    const double step = dz.template lpNorm<Eigen::Infinity>();
    const double phi = projected || step > kTrustedStep * scale ? objective(z) : 0.0;
    const double slope = g.dot(dz);
    if (!projected && step <= kTrustedStep * scale) {
      z += dz;
      if (step <= 1e-6 * scale) return it;
      continue;
    }
    if (-slope <= 1e-12 * std::abs(phi)) {
      z += dz;  // a decrease below the rounding of Φ: a search cannot judge it
      continue;
    }
    for (double alpha = 1.0;; alpha *= 0.5) {
      trial = z + alpha * dz;
      if (objective(trial) <= phi + 1e-4 * alpha * slope || alpha < 1e-8) {
        z = trial;
        break;
      }
    }
  }
  return kMaxLocalIterations;
}

// Each block size is instantiated once, in a unit of its own
// (admm_local_newton_9.cpp, admm_local_newton_dynamic.cpp): Eigen's dense
// LLT and eigensolver at -O3 took about 15 s of compilation per size in every
// unit that used them.
extern template int solve_block<Vector9, Matrix9>(const ElementSplit& split, Index b, double omega,
                                                  const Vector9& t, Vector9& z);
extern template int solve_block<LocalVector, LocalMatrix>(const ElementSplit& split, Index b,
                                                          double omega, const LocalVector& t,
                                                          LocalVector& z);

}  // namespace tibench::admm_local
