// The damping models offered by the volumetric FEM problems (beam,
// tet-rayleigh), built from the reusable pieces in problems/dissipation/
// and problems/fem/:
//
//   none
//   rayleigh                    D = α M + β K(q_n)     lagged at the step start,
//                               K clamped to PSD per element (Gast & Schroeder
//                               2014 §4.2; Löschner et al. 2020 §3.1)
//   rayleigh-projection         the same with K_e → P_eᵀ K_e P_e, the element's
//                               nonrigid projection (Brown et al. 2018 §6.2)
//   rayleigh-velocity-gradient  the same with Ḟ → Ḟ^nr per quadrature point
//                               (Brown et al. §6.3, Eq. 67)
//   strain-rate                 R = Σ w (ψ‖Ė‖² + φ/2 tr²Ė), not lagged
//                               (Brown et al. §5.1.1), plus α M
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "problems/dissipation/dissipative_problem.hpp"
#include "problems/fem/elastic_body.hpp"

namespace tibench {

std::vector<std::string> solid_damping_ids();

struct SolidDamping {
  std::string model = "none";
  double alpha = 0, beta = 0, psi = 0, phi = 0;
};

// Builds the models for `body` (lagged ones evaluated at q0 first).
std::vector<std::unique_ptr<DissipationModel>> solid_damping_models(
    const SolidDamping& d, const std::shared_ptr<ElasticBody>& body, const Vec& mass,
    const Vec& q0);

}  // namespace tibench
