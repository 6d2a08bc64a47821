#include "ipopt_stage.hpp"

#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <IpIpoptApplication.hpp>
#include <IpTNLP.hpp>
#include <cmath>
#include <sstream>

namespace tibench::test {

Matrix dense_hessian(const Problem& p, const Vec& q) {
  Triplets t;
  p.hessian(q, t, false);
  Matrix H = Matrix::Zero(p.dofs(), p.dofs());
  for (const auto& e : t) H(e.row(), e.col()) += e.value();
  return H;
}

namespace {

// ---------------------------------------------------------------------------
// Ipopt: min Φ(y) s.t. g_{bp}(y) = φ_b(x_a,p + y_p) ≥ 0, constraint index
// p·B + b.

class StageNlp final : public Ipopt::TNLP {
 public:
  StageNlp(const Stage& stage, const std::vector<Obstacle>& obstacles)
      : s_(stage),
        obstacles_(obstacles),
        n_(static_cast<int>(stage.p.dofs())),
        vertices_(n_ / 3),
        bodies_(static_cast<int>(obstacles.size())) {}

  Vec y;   // solution
  Vec mu;  // multipliers of the pairs, ≥ 0 (Ipopt's λ is ≤ 0 for g ≥ 0)
  Ipopt::SolverReturn status = Ipopt::UNASSIGNED;

  bool get_nlp_info(Ipopt::Index& n, Ipopt::Index& m, Ipopt::Index& nnz_jac, Ipopt::Index& nnz_h,
                    IndexStyleEnum& style) override {
    n = n_;
    m = vertices_ * bodies_;
    nnz_jac = 3 * m;
    nnz_h = n_ * (n_ + 1) / 2;
    style = C_STYLE;
    return true;
  }
  bool get_bounds_info(Ipopt::Index, Ipopt::Number* x_l, Ipopt::Number* x_u, Ipopt::Index m,
                       Ipopt::Number* g_l, Ipopt::Number* g_u) override {
    for (int i = 0; i < n_; ++i) x_l[i] = -2e19, x_u[i] = 2e19;
    for (int i = 0; i < m; ++i) g_l[i] = 0.0, g_u[i] = 2e19;
    return true;
  }
  bool get_starting_point(Ipopt::Index, bool init_x, Ipopt::Number* x, bool init_z, Ipopt::Number*,
                          Ipopt::Number*, Ipopt::Index, bool init_lambda, Ipopt::Number*) override {
    if (!init_x || init_z || init_lambda) return false;
    for (int i = 0; i < n_; ++i) x[i] = 0.0;  // the anchor: feasible
    return true;
  }
  bool eval_f(Ipopt::Index, const Ipopt::Number* x, bool, Ipopt::Number& f) override {
    f = s_.value(as_vec(x));
    return std::isfinite(f);
  }
  bool eval_grad_f(Ipopt::Index, const Ipopt::Number* x, bool, Ipopt::Number* g) override {
    const Vec grad = s_.gradient(as_vec(x));
    for (int i = 0; i < n_; ++i) g[i] = grad[i];
    return true;
  }
  bool eval_g(Ipopt::Index, const Ipopt::Number* x, bool, Ipopt::Index, Ipopt::Number* g) override {
    for (int p = 0; p < vertices_; ++p)
      for (int b = 0; b < bodies_; ++b) g[p * bodies_ + b] = obstacle(b).phi(position(x, p), 0.0);
    return true;
  }
  bool eval_jac_g(Ipopt::Index, const Ipopt::Number* x, bool, Ipopt::Index, Ipopt::Index,
                  Ipopt::Index* rows, Ipopt::Index* cols, Ipopt::Number* values) override {
    int k = 0;
    for (int p = 0; p < vertices_; ++p)
      for (int b = 0; b < bodies_; ++b) {
        const Vector3 grad = values ? obstacle(b).evaluate(position(x, p), 0.0).grad : Vector3();
        for (int i = 0; i < 3; ++i, ++k) {
          if (values)
            values[k] = grad[i];
          else
            rows[k] = p * bodies_ + b, cols[k] = 3 * p + i;
        }
      }
    return true;
  }
  bool eval_h(Ipopt::Index, const Ipopt::Number* x, bool, Ipopt::Number obj_factor, Ipopt::Index,
              const Ipopt::Number* lambda, bool, Ipopt::Index, Ipopt::Index* rows,
              Ipopt::Index* cols, Ipopt::Number* values) override {
    if (!values) {
      int k = 0;
      for (int i = 0; i < n_; ++i)
        for (int j = 0; j <= i; ++j, ++k) rows[k] = i, cols[k] = j;
      return true;
    }
    Matrix H = obj_factor * s_.hessian(as_vec(x));
    for (int p = 0; p < vertices_; ++p)
      for (int b = 0; b < bodies_; ++b)
        H.block<3, 3>(3 * p, 3 * p) +=
            lambda[p * bodies_ + b] * obstacle(b).evaluate(position(x, p), 0.0).hess;
    int k = 0;
    for (int i = 0; i < n_; ++i)
      for (int j = 0; j <= i; ++j, ++k) values[k] = H(i, j);
    return true;
  }
  void finalize_solution(Ipopt::SolverReturn st, Ipopt::Index, const Ipopt::Number* x,
                         const Ipopt::Number*, const Ipopt::Number*, Ipopt::Index m,
                         const Ipopt::Number*, const Ipopt::Number* lambda, Ipopt::Number,
                         const Ipopt::IpoptData*, Ipopt::IpoptCalculatedQuantities*) override {
    status = st;
    y = as_vec(x);
    mu.resize(m);
    for (int i = 0; i < m; ++i) mu[i] = -lambda[i];
  }

 private:
  Vec as_vec(const Ipopt::Number* x) const { return Eigen::Map<const Vec>(x, n_); }
  Vector3 position(const Ipopt::Number* x, int p) const {
    return s_.x_anchor.segment<3>(3 * p) + Eigen::Map<const Vector3>(x + 3 * p);
  }
  const Obstacle& obstacle(int b) const { return obstacles_[static_cast<std::size_t>(b)]; }

  const Stage& s_;
  const std::vector<Obstacle>& obstacles_;
  int n_, vertices_, bodies_;
};

}  // namespace

IpoptSolution solve_with_ipopt(const Stage& stage, const std::vector<Obstacle>& obstacles) {
  Ipopt::SmartPtr<StageNlp> nlp = new StageNlp(stage, obstacles);
  // No console journal; options set here only (no ipopt.opt file is read:
  // Initialize from an empty stream).
  Ipopt::SmartPtr<Ipopt::IpoptApplication> app = new Ipopt::IpoptApplication(false);
  auto opt = app->Options();
  bool set = true;
  set = set && opt->SetIntegerValue("print_level", 0);
  set = set && opt->SetStringValue("sb", "yes");  // no banner
  set = set && opt->SetStringValue("linear_solver", "mumps");
  set = set && opt->SetStringValue("hessian_approximation", "exact");
  set = set && opt->SetNumericValue("tol", 1e-12);
  set = set && opt->SetNumericValue("constr_viol_tol", 1e-12);
  set = set && opt->SetNumericValue("compl_inf_tol", 1e-12);
  set = set && opt->SetIntegerValue("acceptable_iter", 0);       // no "acceptable" exit
  set = set && opt->SetNumericValue("bound_relax_factor", 0.0);  // φ ≥ 0, not ≥ −1e-8
  set = set && opt->SetStringValue("nlp_scaling_method", "none");
  set = set && opt->SetIntegerValue("max_iter", 500);
  IpoptSolution out;
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  std::istringstream no_options;
  const Ipopt::ApplicationReturnStatus init = app->Initialize(no_options);
  const Ipopt::ApplicationReturnStatus st =
      init == Ipopt::Solve_Succeeded ? app->OptimizeTNLP(nlp) : init;
  out.output = testing::internal::GetCapturedStdout();
  out.output += testing::internal::GetCapturedStderr();
  out.ok = set && st == Ipopt::Solve_Succeeded && nlp->status == Ipopt::SUCCESS;
  out.y = nlp->y;
  out.mu = nlp->mu;
  return out;
}

Vec unconstrained_minimizer(const Stage& s) {
  Vec y = s.y_hat;
  for (int it = 0; it < 100; ++it) {
    const Vec g = s.gradient(y);
    const Vec dy = -s.hessian(y).ldlt().solve(g);
    double step = 1.0;
    const double f0 = s.value(y);
    while (step > 1e-8 && s.value(y + step * dy) > f0 + 1e-4 * step * g.dot(dy)) step *= 0.5;
    y += step * dy;
    if (dy.cwiseAbs().maxCoeff() <= 1e-15 * (1 + y.cwiseAbs().maxCoeff())) break;
  }
  return y;
}

double smallest_eigenvalue(const Matrix& symmetric) {
  return Eigen::SelfAdjointEigenSolver<Matrix>(symmetric).eigenvalues().minCoeff();
}

}  // namespace tibench::test
