#include "problems/fem/material.hpp"

#include <Eigen/SVD>
#include <cmath>

#include "problems/parameters.hpp"

namespace tibench {
namespace {

Eigen::Matrix<double, 9, 1> vec(const Mat3& A) {
  return Eigen::Map<const Eigen::Matrix<double, 9, 1>>(A.data());
}

Mat3 cross_matrix(const Eigen::Vector3d& a) {
  Mat3 m;
  m << 0, -a.z(), a.y(), a.z(), 0, -a.x(), -a.y(), a.x(), 0;
  return m;
}

}  // namespace

std::vector<std::string> material_model_ids() {
  return {"stable-neo-hookean", "corotated-linear", "st-venant-kirchhoff"};
}

MaterialModel material_model(const std::string& id) {
  if (id == "stable-neo-hookean") return MaterialModel::stable_neo_hookean;
  if (id == "corotated-linear") return MaterialModel::corotated_linear;
  if (id == "st-venant-kirchhoff") return MaterialModel::st_venant_kirchhoff;
  throw InputError("unknown material '" + id +
                   "' (accepted: stable-neo-hookean, corotated-linear, st-venant-kirchhoff)");
}

Lame Lame::from_young_poisson(double E, double nu) {
  return {E / (2.0 * (1.0 + nu)), E * nu / ((1.0 + nu) * (1.0 - 2.0 * nu))};
}

Mat3 cofactor(const Mat3& F) {
  Mat3 c;
  c.col(0) = F.col(1).cross(F.col(2));
  c.col(1) = F.col(2).cross(F.col(0));
  c.col(2) = F.col(0).cross(F.col(1));
  return c;
}

Mat3 rotation_of(const Mat3& F) {
  Eigen::JacobiSVD<Mat3> svd(F, Eigen::ComputeFullU | Eigen::ComputeFullV);
  Mat3 U = svd.matrixU();
  const Mat3 V = svd.matrixV();
  if (U.determinant() * V.determinant() < 0) U.col(2) *= -1.0;  // singular values sorted
  return U * V.transpose();
}

Material::Material(MaterialModel model, Lame lame) : model_(model), lame_(lame) {
  if (model_ == MaterialModel::stable_neo_hookean) {
    mu_s_ = 4.0 / 3.0 * lame_.mu;
    lambda_s_ = lame_.lambda + 5.0 / 6.0 * lame_.mu;
    a_ = 1.0 + 3.0 * mu_s_ / (4.0 * lambda_s_);
    psi0_ = 0.5 * lambda_s_ * (1.0 - a_) * (1.0 - a_) - 0.5 * mu_s_ * std::log(4.0);
  }
}

double Material::energy(const Mat3& F, const Mat3& R) const {
  switch (model_) {
    case MaterialModel::stable_neo_hookean: {
      const double Ic = F.squaredNorm(), J = F.determinant();
      return 0.5 * mu_s_ * (Ic - 3.0) + 0.5 * lambda_s_ * (J - a_) * (J - a_) -
             0.5 * mu_s_ * std::log(Ic + 1.0) - psi0_;
    }
    case MaterialModel::corotated_linear: {
      const Mat3 G = R.transpose() * F;
      const Mat3 eps = 0.5 * (G + G.transpose()) - Mat3::Identity();
      const double tr = eps.trace();
      return lame_.mu * eps.squaredNorm() + 0.5 * lame_.lambda * tr * tr;
    }
    case MaterialModel::st_venant_kirchhoff: {
      const Mat3 E = 0.5 * (F.transpose() * F - Mat3::Identity());
      const double tr = E.trace();
      return lame_.mu * E.squaredNorm() + 0.5 * lame_.lambda * tr * tr;
    }
  }
  return 0.0;
}

Mat3 Material::stress(const Mat3& F, const Mat3& R) const {
  switch (model_) {
    case MaterialModel::stable_neo_hookean: {
      const double Ic = F.squaredNorm(), J = F.determinant();
      return mu_s_ * (1.0 - 1.0 / (Ic + 1.0)) * F + lambda_s_ * (J - a_) * cofactor(F);
    }
    case MaterialModel::corotated_linear: {
      const Mat3 G = R.transpose() * F;
      const Mat3 eps = 0.5 * (G + G.transpose()) - Mat3::Identity();
      return R * (2.0 * lame_.mu * eps + lame_.lambda * eps.trace() * Mat3::Identity());
    }
    case MaterialModel::st_venant_kirchhoff: {
      const Mat3 E = 0.5 * (F.transpose() * F - Mat3::Identity());
      return F * (2.0 * lame_.mu * E + lame_.lambda * E.trace() * Mat3::Identity());
    }
  }
  return Mat3::Zero();
}

Mat9 Material::stress_derivative(const Mat3& F, const Mat3& R) const {
  switch (model_) {
    case MaterialModel::stable_neo_hookean: {
      const double Ic = F.squaredNorm(), J = F.determinant();
      const Eigen::Matrix<double, 9, 1> f = vec(F), g = vec(cofactor(F));
      Mat9 D = mu_s_ * (1.0 - 1.0 / (Ic + 1.0)) * Mat9::Identity();
      D.noalias() += (2.0 * mu_s_ / ((Ic + 1.0) * (Ic + 1.0))) * f * f.transpose();
      D.noalias() += lambda_s_ * g * g.transpose();
      // λ'(J − a) ∂²J/∂F²: blocks (a, b) over the columns of F.
      const double s = lambda_s_ * (J - a_);
      const Mat3 c0 = cross_matrix(F.col(0)), c1 = cross_matrix(F.col(1)),
                 c2 = cross_matrix(F.col(2));
      D.block<3, 3>(0, 3) -= s * c2;
      D.block<3, 3>(0, 6) += s * c1;
      D.block<3, 3>(3, 0) += s * c2;
      D.block<3, 3>(3, 6) -= s * c0;
      D.block<3, 3>(6, 0) -= s * c1;
      D.block<3, 3>(6, 3) += s * c0;
      return D;
    }
    case MaterialModel::corotated_linear: {
      const double mu = lame_.mu, lambda = lame_.lambda;
      return matrix_of([&](const Mat3& dF) -> Mat3 {
        const Mat3 dG = R.transpose() * dF;
        return R * (mu * (dG + dG.transpose()) + lambda * dG.trace() * Mat3::Identity());
      });
    }
    case MaterialModel::st_venant_kirchhoff: {
      const double mu = lame_.mu, lambda = lame_.lambda;
      const Mat3 E = 0.5 * (F.transpose() * F - Mat3::Identity());
      const Mat3 S = 2.0 * mu * E + lambda * E.trace() * Mat3::Identity();
      return matrix_of([&](const Mat3& dF) -> Mat3 {
        const Mat3 FtdF = F.transpose() * dF;
        const Mat3 dE = 0.5 * (FtdF + FtdF.transpose());
        return dF * S + F * (2.0 * mu * dE + lambda * dE.trace() * Mat3::Identity());
      });
    }
  }
  return Mat9::Zero();
}

}  // namespace tibench
