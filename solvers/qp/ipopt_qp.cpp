// The contact QP through Ipopt's TNLP interface: x = v, f = ½ vᵀCv − cᵀv,
// g = G v with r ≤ g < ∞. Ipopt's multiplier of an active lower bound
// g ≥ r is ≤ 0 (its Lagrangian is f + λᵀg), so λ = −λ_ipopt.
#include <IpIpoptApplication.hpp>
#include <IpSolveStatistics.hpp>
#include <IpTNLP.hpp>
#include <mutex>

#include "solvers/blas_lock.hpp"
#include "solvers/qp/qp_solver.hpp"

namespace tibench {
namespace {

using Ipopt::Number;
using IIndex = Ipopt::Index;

constexpr Number kInfinity = 2e19;  // Ipopt's default nlp_upper_bound_inf is 1e19

class QpNlp final : public Ipopt::TNLP {
 public:
  QpNlp(const ContactQp& qp, const Vec& start) : qp_(qp), start_(start) {
    for (Index j = 0; j < qp.C.outerSize(); ++j)
      for (SparseMatrix::InnerIterator it(qp.C, j); it; ++it)
        if (it.row() >= j) lower_.emplace_back(it.row(), j, it.value());
  }

  Vec v, lambda;
  Ipopt::SolverReturn status = Ipopt::UNASSIGNED;

  bool get_nlp_info(IIndex& n, IIndex& m, IIndex& nnz_jac, IIndex& nnz_h,
                    IndexStyleEnum& style) override {
    n = static_cast<IIndex>(qp_.variables());
    m = static_cast<IIndex>(qp_.constraints());
    nnz_jac = static_cast<IIndex>(qp_.G.nonZeros());
    nnz_h = static_cast<IIndex>(lower_.size());
    style = C_STYLE;
    return true;
  }
  bool get_bounds_info(IIndex n, Number* x_l, Number* x_u, IIndex m, Number* g_l,
                       Number* g_u) override {
    for (IIndex i = 0; i < n; ++i) x_l[i] = -kInfinity, x_u[i] = kInfinity;
    for (IIndex i = 0; i < m; ++i) g_l[i] = qp_.r[i], g_u[i] = kInfinity;
    return true;
  }
  bool get_starting_point(IIndex n, bool init_x, Number* x, bool init_z, Number*, Number*, IIndex,
                          bool init_lambda, Number*) override {
    if (!init_x || init_z || init_lambda) return false;
    for (IIndex i = 0; i < n; ++i) x[i] = start_.size() == n ? start_[i] : 0.0;
    return true;
  }
  bool eval_f(IIndex n, const Number* x, bool, Number& f) override {
    const Eigen::Map<const Vec> xv(x, n);
    f = 0.5 * xv.dot(qp_.C * xv) - qp_.c.dot(xv);
    return true;
  }
  bool eval_grad_f(IIndex n, const Number* x, bool, Number* g) override {
    const Eigen::Map<const Vec> xv(x, n);
    Eigen::Map<Vec>(g, n) = qp_.C * xv - qp_.c;
    return true;
  }
  bool eval_g(IIndex n, const Number* x, bool, IIndex m, Number* g) override {
    Eigen::Map<Vec>(g, m) = qp_.G * Eigen::Map<const Vec>(x, n);
    return true;
  }
  bool eval_jac_g(IIndex, const Number*, bool, IIndex, IIndex, IIndex* rows, IIndex* cols,
                  Number* values) override {
    IIndex k = 0;
    for (Index j = 0; j < qp_.G.outerSize(); ++j)
      for (SparseMatrix::InnerIterator it(qp_.G, j); it; ++it, ++k) {
        if (values)
          values[k] = it.value();
        else
          rows[k] = static_cast<IIndex>(it.row()), cols[k] = static_cast<IIndex>(j);
      }
    return true;
  }
  bool eval_h(IIndex, const Number*, bool, Number obj_factor, IIndex, const Number*, bool, IIndex,
              IIndex* rows, IIndex* cols, Number* values) override {
    for (std::size_t k = 0; k < lower_.size(); ++k) {
      if (values)
        values[k] = obj_factor * lower_[k].value();
      else
        rows[k] = static_cast<IIndex>(lower_[k].row()),
        cols[k] = static_cast<IIndex>(lower_[k].col());
    }
    return true;
  }
  void finalize_solution(Ipopt::SolverReturn st, IIndex n, const Number* x, const Number*,
                         const Number*, IIndex m, const Number*, const Number* l, Number,
                         const Ipopt::IpoptData*, Ipopt::IpoptCalculatedQuantities*) override {
    status = st;
    v = Eigen::Map<const Vec>(x, n);
    lambda = -Eigen::Map<const Vec>(l, m);
  }

 private:
  const ContactQp& qp_;
  const Vec& start_;
  std::vector<Eigen::Triplet<double, Index>> lower_;
};

}  // namespace

QpSolution solve_qp_ipopt(const ContactQp& qp, const QpSolverOptions& options) {
  // Declared first, released last: MUMPS instances are also created and
  // destroyed (with the application) under the lock, and Ipopt and MUMPS
  // call BLAS, which CHOLMOD on another thread may be using (blas_lock.hpp).
  std::lock_guard<std::mutex> lock(blas_mutex());
  Ipopt::SmartPtr<QpNlp> nlp = new QpNlp(qp, options.start);
  Ipopt::SmartPtr<Ipopt::IpoptApplication> app = IpoptApplicationFactory();
  app->Options()->SetIntegerValue("print_level", 0);
  app->Options()->SetStringValue("sb", "yes");
  app->Options()->SetStringValue("hessian_constant", "yes");
  app->Options()->SetStringValue("jac_c_constant", "yes");
  app->Options()->SetStringValue("jac_d_constant", "yes");
  app->Options()->SetStringValue("mu_strategy", "adaptive");
  app->Options()->SetNumericValue("tol", options.tolerance);
  app->Options()->SetIntegerValue("max_iter", options.max_iterations);
  QpSolution s;
  if (app->Initialize() != Ipopt::Solve_Succeeded) {
    s.message = "Ipopt failed to initialize";
    return s;
  }
  const Ipopt::ApplicationReturnStatus status = app->OptimizeTNLP(nlp);
  if (Ipopt::SmartPtr<Ipopt::SolveStatistics> stats = app->Statistics(); IsValid(stats))
    s.iterations = stats->IterationCount();
  s.v = nlp->v;
  s.lambda = nlp->lambda;
  s.ok = status == Ipopt::Solve_Succeeded || status == Ipopt::Solved_To_Acceptable_Level;
  if (!s.ok) s.message = "Ipopt returned status " + std::to_string(static_cast<int>(status));
  return s;
}

}  // namespace tibench
