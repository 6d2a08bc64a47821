// The self-collision penalty's derivatives (self_collision_derivatives.hpp).
// Compiled with the penalty (tibench_self_collision), under CGAL's flags.
#include "problems/contact/self_collision_derivatives.hpp"

#include "problems/contact/self_collision_psd.hpp"

#include <Eigen/Geometry>
#include <cmath>

namespace tibench::self_collision {
namespace {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;

// Points of a contact are ordered (x_p, primitive vertices).

Mat3 cross_matrix(const Vec3& v) {
  Mat3 m;
  m << 0, -v.z(), v.y(), v.z(), 0, -v.x(), -v.y(), v.x(), 0;
  return m;
}

// The Jacobian of the local variables (edge vectors from point 1 = the
// primitive's first vertex, then r = x_p − that vertex) with respect to the
// contact's points.
LocalMat local_jacobian(int edges) {
  const int m = edges + 2;  // points: x_p, the primitive's 1 + edges vertices
  LocalMat J = LocalMat::Zero(3 * (edges + 1), 3 * m);
  for (int k = 0; k < edges; ++k) {
    J.block<3, 3>(3 * k, 3 * (k + 2)) = Mat3::Identity();
    J.block<3, 3>(3 * k, 3) = -Mat3::Identity();
  }
  J.block<3, 3>(3 * edges, 0) = Mat3::Identity();
  J.block<3, 3>(3 * edges, 3) = -Mat3::Identity();
  return J;
}

// d = s²/N, s = (e1 × e2)·r, N = |e1 × e2|²; local variables (e1, e2, r).
void face_derivatives(const Vec3& e1, const Vec3& e2, const Vec3& r, LocalVec& g, LocalMat& H) {
  const Vec3 n = e1.cross(e2);
  const double s = n.dot(r), N = n.squaredNorm();
  Eigen::Matrix<double, 9, 1> ds, dN;
  ds << e2.cross(r), r.cross(e1), n;
  dN << 2.0 * e2.cross(n), 2.0 * n.cross(e1), Vec3::Zero();
  Eigen::Matrix<double, 9, 9> Hs = Eigen::Matrix<double, 9, 9>::Zero();
  Hs.block<3, 3>(0, 3) = -cross_matrix(r);
  Hs.block<3, 3>(0, 6) = cross_matrix(e2);
  Hs.block<3, 3>(3, 6) = -cross_matrix(e1);
  Hs.block<3, 3>(3, 0) = Hs.block<3, 3>(0, 3).transpose();
  Hs.block<3, 3>(6, 0) = Hs.block<3, 3>(0, 6).transpose();
  Hs.block<3, 3>(6, 3) = Hs.block<3, 3>(3, 6).transpose();
  // ∇²N = 2 AᵀA + 2 Σ_k n_k ∇²n_k with A = ∂n/∂(e1, e2) = [−[e2]×, [e1]×].
  Eigen::Matrix<double, 3, 6> A;
  A << -cross_matrix(e2), cross_matrix(e1);
  Eigen::Matrix<double, 9, 9> HN = Eigen::Matrix<double, 9, 9>::Zero();
  HN.block<6, 6>(0, 0) = 2.0 * A.transpose() * A;
  HN.block<3, 3>(0, 3) -= 2.0 * cross_matrix(n);
  HN.block<3, 3>(3, 0) += 2.0 * cross_matrix(n);
  const double N2 = N * N;
  g = (2.0 * s / N) * ds - (s * s / N2) * dN;
  H = (2.0 / N) * ds * ds.transpose() + (2.0 * s / N) * Hs -
      (2.0 * s / N2) * (ds * dN.transpose() + dN * ds.transpose()) +
      (2.0 * s * s / (N2 * N)) * dN * dN.transpose() - (s * s / N2) * HN;
}

// d = r·r − t²/E, t = r·e, E = e·e; local variables (e, r).
void edge_derivatives(const Vec3& e, const Vec3& r, LocalVec& g, LocalMat& H) {
  const double E = e.squaredNorm(), t = r.dot(e), q = t / E;
  const Mat3 I = Mat3::Identity();
  g.resize(6);
  g << -2.0 * q * r + 2.0 * q * q * e, 2.0 * r - 2.0 * q * e;
  const Mat3 Hrr = 2.0 * I - (2.0 / E) * e * e.transpose();
  const Mat3 Hre = -(2.0 / E) * (e * r.transpose() + t * I) + (4.0 * q / E) * e * e.transpose();
  const Mat3 Hee = -(2.0 / E) * r * r.transpose() +
                   (4.0 * q / E) * (r * e.transpose() + e * r.transpose()) + 2.0 * q * q * I -
                   (8.0 * q * q / E) * e * e.transpose();
  H.resize(6, 6);
  H << Hee, Hre.transpose(), Hre, Hrr;
}

}  // namespace

void distance_derivatives(const SelfContact& c, const Eigen::Matrix3Xd& x, LocalVec& g,
                          LocalMat& H) {
  const Vec3 p = x.col(c.point), a = x.col(c.primitive[0]), r = p - a;
  LocalVec gl;
  LocalMat Hl;
  if (c.count == 1) {
    gl = 2.0 * r;
    Hl = 2.0 * Mat3::Identity();
  } else if (c.count == 2) {
    edge_derivatives(x.col(c.primitive[1]) - a, r, gl, Hl);
  } else {
    face_derivatives(x.col(c.primitive[1]) - a, x.col(c.primitive[2]) - a, r, gl, Hl);
  }
  const LocalMat J = local_jacobian(c.count - 1);
  g = J.transpose() * gl;
  H = J.transpose() * Hl * J;
}

Penalty penalty(double d, double k, double eps) {
  const double s = std::sqrt(d + eps);
  if (!(s > 0.0)) return {0.0, 0.0, 0.0};
  return {k * d * s, k * (s + 0.5 * d / s), k * (1.0 / s - 0.25 * d / (s * s * s))};
}

void clamp_to_psd(LocalMat& H) {
  switch (H.rows()) {
    case 6: return clamp_to_psd_fixed<6>(H);
    case 9: return clamp_to_psd_fixed<9>(H);
    default: return clamp_to_psd_fixed<12>(H);
  }
}

}  // namespace tibench::self_collision
