#include "integrators/engines/qp_corrector.hpp"

#include <Eigen/SparseCholesky>
#include <algorithm>
#include <chrono>

#include "problems/contact/obstacle_contact.hpp"

namespace tibench {
namespace {

SparseMatrix assemble(const Triplets& t, Index rows, Index cols) {
  SparseMatrix m(rows, cols);
  m.setFromTriplets(t.begin(), t.end());
  return m;
}

// K (PSD-projected) and D at the predictor, as sparse matrices.
void stiffness_and_damping(const Problem& problem, const State& p, SparseMatrix& K,
                           SparseMatrix& D) {
  const Index n = problem.dofs();
  Triplets t;
  problem.set_potential_time(p.t);
  problem.hessian(p.q, t, /*project_psd=*/true);
  K = assemble(t, n, n);
  t.clear();
  if (const Dissipation* r = problem.dissipation()) r->hessian_vv(p.q, p.v, t);
  D = assemble(t, n, n);
}

// The rows with a contact force, and the normalized mean of their normals
// (what contact phases take as the collision's direction).
int active_rows(const std::vector<ContactRow>& rows, const Vec& lambda, Vector3& normal) {
  normal.setZero();
  if (lambda.size() == 0) return 0;
  const double floor = 1e-9 * lambda.cwiseAbs().maxCoeff();
  int count = 0;
  for (Index i = 0; i < lambda.size(); ++i)
    if (lambda[i] > floor) ++count, normal += rows[static_cast<std::size_t>(i)].normal;
  if (count > 0) normal.normalize();
  return count;
}

void add_obstacle_rows(const ObstacleContact& contact, const Vec& q_n, double t_n, const Vec& q_p,
                       double h, std::vector<ContactRow>& rows) {
  for (const Index d : contact.vertex_dofs())
    for (const Obstacle& o : contact.obstacles()) {
      const LevelSetValue ls = o.evaluate(q_n.segment<3>(d), t_n);
      if (ls.phi > 0 && !(o.phi(q_p.segment<3>(d), t_n + h) < 0)) continue;
      ContactRow row;
      row.dofs[0] = d;
      row.normal = ls.grad;
      row.rhs = ls.grad.dot(o.motion.velocity_at(t_n)) - std::max(ls.phi, 0.0) / h;
      rows.push_back(row);
    }
}

ContactRow mesh_row(const MeshContact& c) {
  ContactRow row;
  row.dofs[0] = c.point_dof;
  row.count = 1 + c.count;
  for (int k = 0; k < c.count; ++k) {
    const auto i = static_cast<std::size_t>(k);
    row.dofs[i + 1] = c.dofs[i];
    row.weights[i + 1] = -c.weights[i];
  }
  row.normal = c.normal;
  return row;
}

void add_mesh_rows(const MeshContacts& contacts, const Vec& q_n, const Vec& q_p,
                   std::vector<ContactRow>& rows) {
  std::vector<Index> points;
  for (const MeshContact& c : contacts.find(q_n)) {
    rows.push_back(mesh_row(c));
    points.push_back(c.point_dof);
  }
  for (const MeshContact& c : contacts.find(q_p))
    if (std::find(points.begin(), points.end(), c.point_dof) == points.end())
      rows.push_back(mesh_row(c));
}

}  // namespace

bool satisfies(const std::vector<ContactRow>& rows, const Vec& v) {
  for (const ContactRow& row : rows) {
    double g = 0.0;
    for (std::size_t k = 0; k < static_cast<std::size_t>(row.count); ++k)
      g += row.weights[k] * row.normal.dot(v.segment<3>(row.dofs[k]));
    if (!(g >= row.rhs)) return false;
  }
  return true;
}

std::vector<ContactRow> corrector_rows(const Problem& problem, const Vec& q_n, double t_n,
                                       const Vec& q_p, double h) {
  std::vector<ContactRow> rows;
  if (const ObstacleContact* contact = problem.contact())
    add_obstacle_rows(*contact, q_n, t_n, q_p, h, rows);
  if (const MeshContacts* mesh = problem.mesh_contacts()) add_mesh_rows(*mesh, q_n, q_p, rows);
  return rows;
}

ContactQp corrector_qp(const Problem& problem, const State& n, const State& p, double h,
                       QpForm form, const std::vector<ContactRow>& rows) {
  const Index dofs = problem.dofs();
  SparseMatrix K, D;
  stiffness_and_damping(problem, p, K, D);
  ContactQp qp;
  SparseMatrix M(dofs, dofs);
  M.setIdentity();
  M.diagonal() = problem.mass();
  qp.C = M + h * D + (h * h) * K;
  if (form == QpForm::incremental)
    qp.c = qp.C * p.v;
  else
    qp.c = problem.mass().cwiseProduct(p.v) + h * (K * (p.q - n.q)) + h * (D * p.v);
  Triplets g;
  qp.r.resize(static_cast<Index>(rows.size()));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const ContactRow& row = rows[i];
    for (std::size_t v = 0; v < static_cast<std::size_t>(row.count); ++v)
      for (int k = 0; k < 3; ++k)
        g.emplace_back(static_cast<Index>(i), row.dofs[v] + k, row.weights[v] * row.normal[k]);
    qp.r[static_cast<Index>(i)] = row.rhs;
  }
  qp.G = assemble(g, qp.r.size(), dofs);
  return qp;
}

QpCorrectorStepper::QpCorrectorStepper(const Problem& p, double h,
                                       std::unique_ptr<Stepper> predictor,
                                       QpCorrectorOptions options)
    : Stepper(h), p_(p), predictor_(std::move(predictor)), options_(options) {}

QpSolution QpCorrectorStepper::solve(const ContactQp& qp, const Vec& start) {
  const auto t0 = std::chrono::steady_clock::now();
  QpSolution s;
  if (qp.constraints() == 0) {
    // Nothing to enforce: the minimizer solves C v = c.
    Eigen::SimplicialLDLT<SparseMatrix> ldlt(qp.C);
    s.ok = ldlt.info() == Eigen::Success;
    if (s.ok) s.v = ldlt.solve(qp.c);
    s.lambda.resize(0);
    if (!s.ok) s.message = "C is not positive definite";
  } else {
    QpSolverOptions o{options_.tolerance, 3000, start};
    auto run = [&](const ContactQp& problem) {
      return options_.dual ? solve_qp_dual(problem, options_.backend, o)
                           : solve_qp(problem, options_.backend, o);
    };
    if (options_.scaled) {
      const ScaledQp scaled = scale_qp(qp);
      o.start = start.cwiseQuotient(scaled.p_sqrt);
      s = scaled.unscale(run(scaled.qp));
    } else {
      s = run(qp);
    }
  }
  stats_.solve_seconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ++stats_.qps;
  stats_.iterations += s.iterations;
  stats_.rows += qp.constraints();
  return s;
}

StepReport QpCorrectorStepper::step(State& s) {
  const State before = s;
  StepReport r = predictor_->step(s);
  if (r.status != StepStatus::ok) return r;
  s.t = before.t + h();
  const std::vector<ContactRow> rows = corrector_rows(p_, before.q, before.t, s.q, h());
  r.contacts = 0;
  // In the incremental form vᵖ minimizes the QP without rows (C vᵖ = c): if
  // it satisfies every row it is the solution, with λ = 0.
  if (options_.form == QpForm::incremental && satisfies(rows, s.v)) return r;
  const ContactQp qp = corrector_qp(p_, before, s, h(), options_.form, rows);
  const QpSolution sol = solve(qp, s.v);
  if (sol.ok) {
    const double kkt = kkt_residuals(qp, sol.v, sol.lambda).max();
    stats_.max_kkt = std::max(stats_.max_kkt, kkt);
    if (!(kkt <= kKktTolerance)) {
      r.status = StepStatus::solver_failed;
      r.message = std::string("QP corrector (") + to_string(options_.backend) + "): KKT residual " +
                  std::to_string(kkt) + " above " + std::to_string(kKktTolerance);
      return r;
    }
  } else {
    r.status = StepStatus::solver_failed;
    r.message = std::string("QP corrector (") + to_string(options_.backend) + "): " + sol.message;
    return r;
  }
  if (options_.form == QpForm::incremental)
    s.q += h() * (sol.v - s.v);
  else
    s.q = before.q + h() * sol.v;
  s.v = sol.v;
  r.contacts = active_rows(rows, sol.lambda, r.contact_normal);
  ++r.linear_solves;
  return r;
}

std::vector<ParamSpec> qp_corrector_param_specs() {
  return {
      choice_param("contact", "none", {"none", "qp-corrector"},
                   "qp-corrector: the predictor-corrector contact of Loeschner et al. 2020 Sec. 4 "
                   "around this integrator (the problem's obstacles, with its contact=none)"),
      choice_param("qp_solver", "ipopt", qp_backend_ids(),
                   "QP solver of the corrector: ipopt (interior point) or cgal (exact)"),
      choice_param("qp_scaling", "jacobi", {"jacobi", "none"},
                   "jacobi: the scaled QP of Loeschner Sec. 4.1 (E, P = diag(C)^-1); none"),
      choice_param("qp_form", "incremental", {"incremental", "printed"},
                   "corrector position update: incremental (u = u^p + h (v - v^p), Eq. 18) or "
                   "printed (u = u^n + h v, Eq. 19)"),
      choice_param("qp_formulation", "primal", {"primal", "dual"},
                   "primal: the QP in v (Loeschner Sec. 4); dual: the QP in the multipliers, "
                   "S = G C^-1 G^T from one sparse LDL^T of C"),
      real_param("qp_tol", 1e-8, "ipopt's tol for the corrector QP (its default)",
                 Range::closed(1e-14, 1e-4)),
  };
}

namespace {

QpCorrectorOptions corrector_options(const ParamSet& params) {
  QpCorrectorOptions o;
  o.backend = qp_backend(params.choice("qp_solver"));
  o.scaled = params.choice("qp_scaling") == "jacobi";
  o.form = params.choice("qp_form") == "printed" ? QpForm::printed : QpForm::incremental;
  o.dual = params.choice("qp_formulation") == "dual";
  o.tolerance = params.real("qp_tol");
  return o;
}

void require_corrector_problem(const std::string& id, const Problem& p) {
  const ObstacleContact* c = p.contact();
  const std::string head = "integrator '" + id +
                           "' with contact=qp-corrector cannot run problem '" +
                           std::string(p.id()) + "': ";
  if (!c && !p.mesh_contacts())
    throw InputError(head + "it has no obstacles (accepted: a contact scene, see docs/contact.md)");
  if (c && c->kind() != ContactKind::none)
    throw InputError(head + "its contact=" + to_string(c->kind()) +
                     " would enforce the obstacles twice (accepted: the problem's contact=none)");
}

}  // namespace

StepperFactory with_qp_corrector(std::string integrator_id, StepperFactory predictor) {
  return [id = std::move(integrator_id), predictor = std::move(predictor)](
             const Problem& p, double h, const ParamSet& params) -> std::unique_ptr<Stepper> {
    if (params.choice("contact") != "qp-corrector") return predictor(p, h, params);
    require_corrector_problem(id, p);
    const QpCorrectorOptions options = corrector_options(params);
    std::unique_ptr<Stepper> inner = predictor(p, h, params);
    if (inner->history_size() > 0 || inner->carries_acceleration())
      throw InputError("integrator '" + id +
                       "' cannot take contact=qp-corrector: its next step depends on " +
                       (inner->history_size() > 0 ? "previous states" : "a carried acceleration") +
                       " that the corrector does not correct (accepted: one-step integrators)");
    return std::make_unique<QpCorrectorStepper>(p, h, std::move(inner), options);
  };
}

}  // namespace tibench
