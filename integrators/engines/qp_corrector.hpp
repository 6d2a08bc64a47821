// Löschner, Longva, Jeske, Kugelstadt and Bender 2020 §4: a predictor–
// corrector contact model for any integrator. The predictor is a registry
// integrator run without contact; the corrector enforces velocity-level
// contact constraints through the convex QP of their Eq. (20),
//
//     min ½ vᵀ C v − cᵀ v   s.t.   G v ≥ r,       C = M + Δt D + Δt² K,
//
// with K = ∇²P(uᵖ) (PSD-projected per element, their §3.1), D = ∇²_v R at
// the predictor and G = G(tⁿ) fixed within the step: one row per vertex–
// obstacle pair that touches at tⁿ (φ ≤ 0) or that the predictor moves into
// the obstacle (φ(xᵖ) < 0), G_row = ∇φ(xⁿ)ᵀ on the vertex's three dofs.
//
// Right-hand side (parameter-free; the paper prints r = 0): r = ∇φ·u_b, the
// obstacle's velocity, minus max(φⁿ, 0)/Δt, the gap the vertex may close in
// the step. A vertex at or inside the surface (φⁿ ≤ 0) may not approach
// further (their Gv ≥ 0); one still above it is not stopped in mid-air; a
// penetration is not recovered (their §6: "no attempt to recover from
// penetrations").
//
// Two readings of the position update (parameter qp_form):
//   incremental  Eq. (18) with uⁿ⁺¹ − uᵖ = Δt (vⁿ⁺¹ − vᵖ): c = C vᵖ, so
//                λ = 0 gives vⁿ⁺¹ = vᵖ and uⁿ⁺¹ = uᵖ exactly, the property
//                the paper states after Eq. (18). Steps whose predictor
//                satisfies every row (none, often) keep the predictor's
//                state untouched: vᵖ is then the QP's solution with λ = 0,
//                and no QP is solved.
//   printed      Eq. (19) as printed, uⁿ⁺¹ = uⁿ + Δt vⁿ⁺¹ and
//                c = M vᵖ + Δt K (uᵖ − uⁿ) + Δt D vᵖ, solved at every step:
//                λ = 0 gives vⁿ⁺¹ = vᵖ only when uᵖ = uⁿ + Δt vᵖ (claim
//                L-C1 measures both).
//
// The QP is solved scaled as in §4.1 (qp_scaling=jacobi, the default) or as
// it is (none), by a backend of solvers/qp/qp_solver.hpp (qp_solver),
// as the paper's primal problem or through its dual (qp_formulation). A
// solution whose KKT residuals exceed kKktTolerance, or a solver failure,
// ends the run with status solver_failed.
#pragma once

#include <memory>
#include <vector>

#include "integrators/engines/stepper.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/contact/obstacle_contact.hpp"
#include "solvers/qp/qp_solver.hpp"

namespace tibench {

enum class QpForm { incremental, printed };

struct QpCorrectorOptions {
  QpBackend backend = QpBackend::ipopt;
  bool scaled = true;
  QpForm form = QpForm::incremental;
  bool dual = false;        // solve the dual in the multipliers (qp/dual_qp.cpp)
  double tolerance = 1e-8;  // Ipopt's default tol
};

inline constexpr double kKktTolerance = 1e-6;

// One constraint row: nᵀ Σ_k w_k v_{vertex k} ≥ rhs — a vertex against an
// obstacle (one vertex, w = 1), or a vertex against a point of another
// body's surface (w = 1 for the vertex, −w_i for the point's barycentric
// weights: the relative velocity).
struct ContactRow {
  std::array<Index, 4> dofs{0, 0, 0, 0};  // first dof of each vertex
  std::array<double, 4> weights{1, 0, 0, 0};
  int count = 1;
  Vector3 normal = Vector3::Zero();
  double rhs = 0.0;
};

// The rows of G(tⁿ) for the step from (qⁿ at tⁿ) whose predictor ends at qᵖ:
// vertex–obstacle pairs (header comment), then vertex–body pairs of problems
// that report mesh contacts — a vertex inside another body's tetrahedron at
// tⁿ, or one the predictor moves inside (weights and normal then from qᵖ),
// both ways between every two bodies; rhs = 0 (their relative normal
// velocity may not approach; the gap before contact is not measured).
std::vector<ContactRow> corrector_rows(const Problem& problem, const Vec& q_n, double t_n,
                                       const Vec& q_p, double h);

// Whether v satisfies every row (G v ≥ r).
bool satisfies(const std::vector<ContactRow>& rows, const Vec& v);

// The QP of the step: n = (uⁿ, vⁿ) before it, p = (uᵖ, vᵖ) its predictor.
ContactQp corrector_qp(const Problem& problem, const State& n, const State& p, double h,
                       QpForm form, const std::vector<ContactRow>& rows);

// What the corrector did over a run.
struct QpCorrectorStats {
  long qps = 0;              // QPs solved
  long iterations = 0;       // solver iterations, summed
  long rows = 0;             // constraint rows, summed
  double max_kkt = 0.0;      // largest KKT residual (original variables)
  double solve_seconds = 0;  // wall time inside the solver
};

class QpCorrectorStepper final : public Stepper {
 public:
  QpCorrectorStepper(const Problem& p, double h, std::unique_ptr<Stepper> predictor,
                     QpCorrectorOptions options);
  StepReport step(State& s) override;
  const QpCorrectorStats& stats() const { return stats_; }

 private:
  QpSolution solve(const ContactQp& qp, const Vec& start);

  const Problem& p_;
  std::unique_ptr<Stepper> predictor_;
  QpCorrectorOptions options_;
  QpCorrectorStats stats_;
};

// The parameters every integrator gains (contact, qp_solver, qp_scaling,
// qp_form, qp_tol), and the factory that wraps an integrator's own factory:
// with contact=qp-corrector it builds the predictor and the corrector
// around it, refusing problems and predictors it cannot serve (exit 2).
std::vector<ParamSpec> qp_corrector_param_specs();
StepperFactory with_qp_corrector(std::string integrator_id, StepperFactory predictor);

}  // namespace tibench
