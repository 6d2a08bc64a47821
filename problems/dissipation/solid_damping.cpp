#include "problems/dissipation/solid_damping.hpp"

#include "problems/fem/strain_rate_damping.hpp"

namespace tibench {

std::vector<std::string> solid_damping_ids() {
  return {"none", "rayleigh", "rayleigh-projection", "rayleigh-velocity-gradient", "strain-rate"};
}

std::vector<std::unique_ptr<DissipationModel>> solid_damping_models(
    const SolidDamping& d, const std::shared_ptr<ElasticBody>& body, const Vec& mass,
    const Vec& q0) {
  std::vector<std::unique_ptr<DissipationModel>> models;
  if (d.model == "none") return models;
  if (d.alpha > 0)
    models.push_back(
        std::make_unique<LocalQuadraticDissipation>(mass_proportional_forms(mass, d.alpha)));
  if (d.model == "strain-rate") {
    models.push_back(std::make_unique<StrainRateDamping>(body->shared_geometry(), d.psi, d.phi));
    return models;
  }
  if (d.beta > 0) {
    const MomentumCorrection correction =
        d.model == "rayleigh-projection"          ? MomentumCorrection::projection
        : d.model == "rayleigh-velocity-gradient" ? MomentumCorrection::velocity_gradient
                                                  : MomentumCorrection::none;
    const double beta = d.beta;
    auto update = [body, beta, correction](const Vec& q, std::vector<LocalForm>& forms) {
      body->update_stiffness_forms(q, beta, correction, true, forms);
    };
    models.push_back(std::make_unique<LocalQuadraticDissipation>(
        body->stiffness_forms(q0, beta, correction, true), update));
  }
  return models;
}

}  // namespace tibench
