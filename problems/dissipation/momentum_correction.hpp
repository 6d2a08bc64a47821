// Momentum-conserving corrections of dissipation functions (Brown et al.
// 2018 §6). A dissipation function conserves linear and angular momentum iff
// R(x, v + v^r) = R(x, v) for every rigid velocity v^r_i = t + ω × x_i
// (§6.1); any R is made so by evaluating it on the nonrigid part of v:
// R̄(x, v) = R(x, v^nr).
//
// General method (§6.2, Eqs. 64–66): with C = [I₃  −[x_i]×] stacked over the
// nodes, v^r = P^r v, P^r = C (CᵀC)⁻¹ Cᵀ, and P^nr = I − P^r. If the nodes
// are not in general position (CᵀC singular) the projection is onto the
// span of the independent columns, as the paper prescribes (pseudo-inverse).
//
// Velocity-gradient form for volumetric elements (§6.3, Eq. 67):
// Ḟ^nr = D F = ½ (Ḟ + F^{-T} Ḟᵀ F), a linear map of Ḟ for fixed F, which
// vanishes on rigid rates Ḟ = W F (W skew) and on translations (Ḟ = 0).
#pragma once

#include <Eigen/Dense>

namespace tibench {

// P^nr for the nodes x (3 × n), acting on v stacked node-major (3n).
Eigen::MatrixXd nonrigid_projector(const Eigen::Matrix3Xd& x);

// G(F) with vec(Ḟ^nr) = G vec(Ḟ) (column-major vec); F must be invertible.
Eigen::Matrix<double, 9, 9> nonrigid_rate_operator(const Eigen::Matrix3d& F);

}  // namespace tibench
