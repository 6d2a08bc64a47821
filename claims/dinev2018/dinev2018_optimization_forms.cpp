// Method claims of Dinev, Liu & Kavan 2018 §4 on optimization
// forms:
//   D-M1  the optimization form of implicit midpoint (Eqs. 14–19)
//   D-M2  the local/global (Projective Dynamics) global-step systems (Eqs. 28–30)
#include <cmath>

#include "claims/dinev2018/dinev2018_method_checks.hpp"
#include "claims/support.hpp"
#include "core/random.hpp"

namespace tibench::dinev2018 {

using claims::scale_of;
using claims::step_once;
using claims::stepper;

ClaimResult im_optimization_form(const ClaimContext& ctx) {
  const int samples = ctx.fast() ? 50 : 400;
  SplitMix64 rng(14);
  double grad_fd = 0, hess_fd = 0, critical = 0, eq17 = 0;
  for (int k = 0; k < samples; ++k) {
    auto p = make_problem("random-convex",
                          {"n=" + std::to_string(1 + k % 4), "seed=" + std::to_string(k + 3)});
    State s0 = p->initial_state();
    const double h = rng.log_uniform(1e-3, 0.5);
    const Vec& M = p->mass();
    const Vec y = s0.q + h * s0.v;
    auto g = [&](const Vec& x) {
      const Vec d = x - y;
      return 0.5 * d.dot(M.cwiseProduct(d)) + h * h * p->potential(0.5 * (x + s0.q));
    };
    auto grad = [&](const Vec& x) {  // Eq. (18)
      Vec gE;
      p->gradient(0.5 * (x + s0.q), gE);
      return Vec(M.cwiseProduct(x - y) + 0.5 * h * h * gE);
    };
    Vec x = s0.q;
    for (Index i = 0; i < x.size(); ++i) x[i] += rng.uniform(-0.3, 0.3);
    const Vec g18 = grad(x);
    Triplets t;
    p->hessian(0.5 * (x + s0.q), t, false);
    SparseMatrix H(p->dofs(), p->dofs());
    H.setFromTriplets(t.begin(), t.end());
    const Eigen::MatrixXd H19 =
        Eigen::MatrixXd(M.asDiagonal()) + 0.25 * h * h * Eigen::MatrixXd(H);  // Eq. (19)
    for (Index i = 0; i < p->dofs(); ++i) {
      const double d = 1e-6;
      Vec xp = x, xm = x;
      xp[i] += d;
      xm[i] -= d;
      grad_fd =
          std::max(grad_fd, std::abs((g(xp) - g(xm)) / (2 * d) - g18[i]) / (1 + std::abs(g18[i])));
      const Vec col = (grad(xp) - grad(xm)) / (2 * d);
      hess_fd = std::max(hess_fd, (col - H19.col(i)).cwiseAbs().maxCoeff() /
                                      (1 + H19.col(i).cwiseAbs().maxCoeff()));
    }
    // The registry's implicit-midpoint step is a critical point of g, with
    // v from Eq. (17).
    const State s1 = step_once(*stepper("implicit-midpoint", *p, h, {"newton_tol=1e-15"}), s0);
    const Vec g1 = grad(s1.q);
    Vec gE;
    p->gradient(0.5 * (s1.q + s0.q), gE);
    const double scale = (M.cwiseProduct(s1.q - y)).cwiseAbs().maxCoeff() +
                         0.5 * h * h * gE.cwiseAbs().maxCoeff() +
                         M.cwiseProduct(y).cwiseAbs().maxCoeff() * 1e-3;
    critical = std::max(critical, g1.cwiseAbs().maxCoeff() / scale);
    const Vec v17 = (2.0 / h) * (s1.q - s0.q) - s0.v;
    eq17 = std::max(eq17, (v17 - s1.v).cwiseAbs().maxCoeff() /
                              scale_of(s1.v.cwiseAbs().maxCoeff(), s1.q.cwiseAbs().maxCoeff() / h));
  }
  ClaimResult r;
  r.expected =
      "x_IM is a critical point of g(x) = (x-y)'M(x-y)/2 + h^2 E((x+x_n)/2); grad g and Hess g "
      "are Eqs. (18)-(19); v_IM = 2(x - x_n)/h - v_n (Eq. 17)";
  r.tolerance = "finite differences 1e-6 relative; critical point and Eq. (17) to 1e-10 relative";
  r.interpretation =
      "random convex E (random-convex problem), random h in [1e-3, 0.5]; the IM step is the "
      "registry's implicit-midpoint (newton_tol = 1e-15)";
  r.measured = {{"samples", samples},
                {"gradient_fd_max", grad_fd},
                {"hessian_fd_max", hess_fd},
                {"critical_point_max", critical},
                {"eq17_max", eq17}};
  const bool ok = grad_fd <= 1e-6 && hess_fd <= 1e-6 && critical <= 1e-10 && eq17 <= 1e-10;
  r.status = ok ? Verdict::reproduced : Verdict::refuted;
  r.summary = "gradient FD " + format_real(grad_fd) + ", Hessian FD " + format_real(hess_fd) +
              ", IM step critical to " + format_real(critical);
  return r;
}

ClaimResult projective_dynamics_systems(const ClaimContext& ctx) {
  const int samples = ctx.fast() ? 20 : 200;
  SplitMix64 rng(28);
  double be = 0, im = 0;
  for (int k = 0; k < samples; ++k) {
    const int n = 2 + k % 6, np = 3 + k % 4;
    Eigen::MatrixXd B(n, n), J(n, np);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) B(i, j) = rng.uniform(-1, 1);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < np; ++j) J(i, j) = rng.uniform(-1, 1);
    const Eigen::MatrixXd L = B * B.transpose();
    Vec M(n), y(n), xn(n), x(n), p(np);
    for (int i = 0; i < n; ++i)
      M[i] = rng.uniform(0.5, 2), y[i] = rng.uniform(-1, 1), xn[i] = rng.uniform(-1, 1),
      x[i] = rng.uniform(-1, 1);
    for (int i = 0; i < np; ++i) p[i] = rng.uniform(-1, 1);
    const double h = rng.log_uniform(1e-2, 1);
    auto g_be = [&](const Vec& z) {  // Eq. (27)
      return 0.5 * (z - y).dot(M.cwiseProduct(z - y)) + h * h * (0.5 * z.dot(L * z) - z.dot(J * p));
    };
    auto g_im = [&](const Vec& z) {  // Eq. (29)
      const Vec m = 0.5 * (z + xn);
      return 0.5 * (z - y).dot(M.cwiseProduct(z - y)) + h * h * (0.5 * m.dot(L * m) - m.dot(J * p));
    };
    // The residuals of the printed global systems, Eqs. (28) and (30).
    const Vec r28 =
        (Eigen::MatrixXd(M.asDiagonal()) + h * h * L) * x - (h * h * J * p + M.cwiseProduct(y));
    const Vec r30 = (Eigen::MatrixXd(M.asDiagonal()) + 0.25 * h * h * L) * x -
                    (M.cwiseProduct(y) + 0.5 * h * h * J * p - 0.25 * h * h * L * xn);
    for (int i = 0; i < n; ++i) {
      const double d = 1e-5;
      Vec xp = x, xm = x;
      xp[i] += d;
      xm[i] -= d;
      be =
          std::max(be, std::abs((g_be(xp) - g_be(xm)) / (2 * d) - r28[i]) / (1 + std::abs(r28[i])));
      im =
          std::max(im, std::abs((g_im(xp) - g_im(xm)) / (2 * d) - r30[i]) / (1 + std::abs(r30[i])));
    }
  }
  ClaimResult r;
  r.expected =
      "(M + h^2 L) x = h^2 J p + M y is the stationarity of Eq. (27); (M + h^2 L/4) x = M y + h^2 "
      "J p/2 - h^2 L x_n/4 (Eq. 30) that of Eq. (29)";
  r.tolerance =
      "central differences of the objectives (step 1e-5) equal the residuals to 1e-8 relative";
  r.interpretation =
      "random SPD L, random J, p, M, y, x_n, x and h; the gradient of each quadratic objective "
      "is compared with the residual of the printed linear system";
  r.measured = {{"samples", samples}, {"eq28_max", be}, {"eq30_max", im}};
  r.status = std::max(be, im) <= 1e-8 ? Verdict::reproduced : Verdict::refuted;
  r.summary = "Eq. (28) " + format_real(be) + ", Eq. (30) " + format_real(im);
  return r;
}

}  // namespace tibench::dinev2018
