// The velocity-level contact QP of Löschner, Longva, Jeske, Kugelstadt and
// Bender 2020 §4, Eq. (20), and its KKT system, Eq. (19):
//
//     min ½ vᵀ C v − cᵀ v   s.t.   G v ≥ r,
//     C v − Gᵀ λ − c = 0,   0 ≤ G v − r ⊥ λ ≥ 0,
//
// C symmetric positive definite (n × n), G (m × n) one row per contact. The
// paper prints r = 0; r ≠ 0 carries a moving obstacle's velocity and the
// gap a vertex may close within the step (integrators/engines/qp_corrector.hpp).
//
// Scaling (§4.1, Eq. 21): rows of G normalized by E_ii = (max_j |G_ij|)⁻¹
// and the Jacobi substitution v = P^{1/2} v̂ with P = diag(C)⁻¹. The scaled
// problem has Ĉ = P^{1/2} C P^{1/2} (unit diagonal), ĉ = P^{1/2} c,
// Ĝ = E G P^{1/2}, r̂ = E r; its solution maps back by v = P^{1/2} v̂ and
// λ = E λ̂ (then Gᵀλ = P^{-1/2} Ĝᵀ λ̂ and the KKT residuals correspond).
#pragma once

#include <string>

#include "problems/problem.hpp"

namespace tibench {

struct ContactQp {
  SparseMatrix C;  // full symmetric storage
  Vec c;
  SparseMatrix G;  // rows: contacts
  Vec r;

  Index variables() const { return c.size(); }
  Index constraints() const { return r.size(); }
};

struct QpSolution {
  bool ok = false;
  Vec v;
  Vec lambda;  // ≥ 0, one per row of G
  int iterations = 0;
  std::string message;  // why the solver failed (empty when ok)
};

// The KKT residuals of (v, λ), each relative to the size of the data it
// balances, so that a tolerance means the same at any scale (V = max(‖G‖_∞
// ‖v‖_∞, ‖r‖_∞), Λ = max(‖λ‖_∞, max(‖C v‖_∞, ‖c‖_∞)/‖G‖_∞)):
//   stationarity     ‖C v − c − Gᵀλ‖_∞ / max(‖C v‖_∞, ‖c‖_∞, ‖Gᵀλ‖_∞)
//   primal           max_i (r − G v)_i⁺ / V
//   dual             max_i (−λ_i)⁺ / Λ
//   complementarity  max_i |λ_i (G v − r)_i| / (Λ V)
struct KktResiduals {
  double stationarity = 0, primal = 0, dual = 0, complementarity = 0;
  double max() const;
};
KktResiduals kkt_residuals(const ContactQp& qp, const Vec& v, const Vec& lambda);

// §4.1's scaled problem and the map back to the original variables.
struct ScaledQp {
  ContactQp qp;
  Vec p_sqrt;  // P^{1/2} = diag(C)^{-1/2}
  Vec e;       // E (row factors of G)
  QpSolution unscale(QpSolution scaled) const;
};
ScaledQp scale_qp(const ContactQp& qp);

}  // namespace tibench
