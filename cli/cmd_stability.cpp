// tibench stability ID: the update matrix Q(ħ) of one step on m x'' = −k x
// (k = m = 1, ħ = h²) built by stepping the integrator, over a log grid of ħ:
// det, trace, spectral radius and the angle of the dominant eigenvalue, the
// numerical damping ratio and the relative period error of the principal
// pair (integrators/analysis/linear_analysis.hpp). For methods with a scalar
// stability function, R(iy) on the imaginary axis too.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "integrators/analysis/linear_analysis.hpp"
#include "integrators/methods/method_file.hpp"
#include "integrators/methods/registry.hpp"

namespace tibench::cli {

int stability(const StabilityOptions& o) {
  const IntegratorInfo& info = resolve_integrator(o.integrator);
  const ParamSet params = integrator_params(info, o.iparams);
  if (!(o.hbar_min > 0) || !(o.hbar_max > o.hbar_min))
    throw InputError("invalid hbar range --hbar-min " + format_real(o.hbar_min) + " --hbar-max " +
                     format_real(o.hbar_max) + " (expected 0 < min < max)");
  if (o.points < 2)
    throw InputError("invalid --points " + std::to_string(o.points) + " (expected >= 2)");
  std::vector<double> hbars;
  for (long k = 0; k < o.points; ++k)
    hbars.push_back(o.hbar_min *
                    std::pow(o.hbar_max / o.hbar_min, double(k) / double(o.points - 1)));
  const StepperMaker make = [&](const Problem& p, double h) { return info.make(p, h, params); };
  const auto rows = oscillator_stability(make, hbars);

  if (o.json) {
    nlohmann::ordered_json j;
    j["id"] = info.id;
    j["params"] = nlohmann::ordered_json::object();
    for (const auto& [name, text] : params.values()) j["params"][name] = text;
    j["rows"] = nlohmann::ordered_json::array();
    for (const auto& r : rows)
      j["rows"].push_back({{"hbar", r.hbar},
                           {"det", r.det},
                           {"trace", r.trace},
                           {"spectral_radius", r.spectral_radius},
                           {"angle", r.angle},
                           {"damping_ratio", r.damping_ratio},
                           {"period_error", r.period_error}});
    if (info.stability_function && o.iparams.empty()) {
      // R = P/Q, ascending coefficients: the stability region and the order
      // star are drawn from it (scripts/plot.py).
      j["stability_function"] = {{"P", info.stability_function->P.coeffs},
                                 {"Q", info.stability_function->Q.coeffs}};
      const double alpha = a_alpha_degrees(*info.stability_function);
      j["a_alpha_deg"] =
          std::isnan(alpha) ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(alpha);
    }
    if (info.tableau_properties && o.iparams.empty()) {
      j["r_imaginary"] = nlohmann::ordered_json::array();
      for (double hbar : hbars) {
        const double y = std::sqrt(hbar);
        const auto R = info.tableau_properties->R({0.0, y});
        j["r_imaginary"].push_back(
            {{"y", y}, {"re", R.real()}, {"im", R.imag()}, {"abs", std::abs(R)}});
      }
    }
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  std::printf("update matrix of %s on m x'' = -k x (k = m = 1, hbar = h^2)\n", info.id.c_str());
  std::printf("%14s %14s %14s %16s %10s %14s %14s\n", "hbar", "det", "trace", "spectral_radius",
              "angle", "damping_ratio", "period_error");
  for (const auto& r : rows)
    std::printf("%14.6e %14.6e %14.6e %16.10g %10.6f %14.6e %14.6e\n", r.hbar, r.det, r.trace,
                r.spectral_radius, r.angle, r.damping_ratio, r.period_error);
  return 0;
}

}  // namespace tibench::cli
