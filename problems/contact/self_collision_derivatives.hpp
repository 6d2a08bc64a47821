// The derivatives behind the self-collision penalty (self_collision.hpp):
// the squared distance d from a colliding vertex to its closest primitive,
// differentiated in local variables (edge vectors from the primitive's first
// vertex a, and r = x_p − a) and mapped to the positions by the constant
// Jacobian; the face formulas use the triple product s = (e1 × e2)·r and
// N = |e1 × e2|², d = s²/N. The penalty is Φ = f(d), f = k d √(d + ε):
// ∇Φ = f′ ∇d, ∇²Φ = f″ ∇d ∇dᵀ + f′ ∇²d. At d + ε = 0 (ε = 0 and x_p on the
// primitive) f′ = 0 and f″ ∇d∇dᵀ → 0, so both are 0.
#pragma once

#include <Eigen/Core>

#include "problems/contact/self_collision.hpp"

namespace tibench::self_collision {

// A contact involves at most 4 points (12 coordinates); fixed capacity keeps
// the local algebra off the heap.
using LocalVec = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 12, 1>;
using LocalMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 12, 12>;

// ∇d, ∇²d with respect to (x_p, primitive vertices), 3(count + 1) entries.
void distance_derivatives(const SelfContact& c, const Eigen::Matrix3Xd& x, LocalVec& g,
                          LocalMat& H);

// f(d) = k d √(d + ε) and its first two derivatives.
struct Penalty {
  double f, df, ddf;
};
Penalty penalty(double d, double k, double eps);

// H replaced by its positive semidefinite part (negative eigenvalues clamped
// to zero); H is 6 × 6, 9 × 9 or 12 × 12.
void clamp_to_psd(LocalMat& H);

}  // namespace tibench::self_collision
