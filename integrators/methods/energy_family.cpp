// Registry entries for the energy-controlled integrators: the decoupled
// α-methods of You, Zheng & Li (a1, decoupled-sdirk2, a-search) and the
// energy-tracking blend of Dinev, Liu & Kavan (blend-im).
//
// Their α is state dependent when it is searched, so the step is not a
// linear map even on the oscillator; order and stability are then computed
// from the linear analysis of the fixed-α base map (A-1 for a-search,
// implicit midpoint for blend-im) and labelled as such. The observed order
// of the searched methods is measured by the order tests.
#include "integrators/analysis/linear_analysis.hpp"
#include "integrators/engines/decoupled.hpp"
#include "integrators/engines/energy_blending.hpp"
#include "integrators/methods/families.hpp"
#include "integrators/methods/tableaux/dirk.hpp"

namespace tibench {

namespace {

// The linear analysis of `base`, recorded under one label for order and
// stability.
void linear_properties_of(IntegratorInfo& info, const StepperMaker& base,
                          const std::string& label) {
  apply_linear_analysis(info, base, label, label);
}

std::vector<ParamSpec> with_newton(std::vector<ParamSpec> specs) {
  for (auto& s : StageSolverOptions::param_specs()) specs.push_back(s);
  return specs;
}

ParamSpec correction_param() {
  return choice_param("correction", "conservative", {"conservative", "full"},
                      "forces in the explicit momentum correction: conservative only (You et al. "
                      "Sec. 4.5) or full, dissipation included (the variant they call unstable)");
}

}  // namespace

IntegratorInfo decoupled_entry(const tableaux::DecoupledRecord& record) {
  IntegratorInfo info = entry_from(record.method, "decoupled");
  info.citation += "; base method: " + std::string(record.base->citation);
  const ButcherTableau phi = ButcherTableau::from_record(*record.base);
  if (info.stages != 2 * phi.stages())
    throw RegistryError("integrator '" + info.id + "': stages must be twice the base method's");
  info.param_specs = with_newton(
      {real_param("alpha", 1.0, "momentum interpolation: 1 = decoupled symplectic (Xi_1)",
                  Range::any("alpha outside [0, 1] extrapolates the two momenta, a valid "
                             "(if possibly unstable) map that the claims scan")),
       correction_param()});
  info.make = [phi](const Problem& p, double h, const ParamSet& params) {
    return std::make_unique<DecoupledStepper>(p, phi, h, StageSolverOptions::from_params(params),
                                              params.real("alpha"), std::nullopt,
                                              params.choice("correction") == "full");
  };
  linear_properties_of(info, stepper_maker(info, integrator_params(info)), "linear analysis");
  // The declaration is checked when the deferred analysis runs.
  return info;
}

IntegratorInfo a_search_entry(const tableaux::MethodRecord& record) {
  IntegratorInfo info = entry_from(record, "decoupled");
  const AlphaSearchOptions d;
  info.param_specs = with_newton({
      real_param("alpha_min", d.alpha_min, "lower clip of alpha (Sec. 4.4: 0; ablation 0.9)",
                 Range::any("a clip of alpha, itself any real; needs alpha_min <= alpha_max")),
      real_param("alpha_max", d.alpha_max, "upper clip of alpha (Sec. 4.4: 1.1; ablation 2.0)",
                 Range::any("a clip of alpha, itself any real; needs alpha_min <= alpha_max")),
      bool_param("sparse", d.sparse,
                 "search only when H(1) stayed on one side of the target for 3 steps (Sec. 5.6)"),
      choice_param(
          "root", "closest-feasible", {"closest-feasible", "closest-to-one"},
          "root of H(alpha) = target: closer to 1, but when it must be clipped the clipped "
          "root with the smaller energy error (default), or always the root closer to 1"),
      choice_param("target", "conserve", {"conserve", "decay"},
                   "energy target: conserve E_0 (minus losses) or decay towards ground_energy"),
      real_param("energy_scale", d.target.scale, "c in E_0 = c H_0 (Sec. 5 scenes: 0.95)",
                 Range::positive()),
      real_param("ground_energy", d.target.ground, "E_g of the decay target [J]",
                 Range::any("an energy level; the zero of a potential is arbitrary")),
      real_param("tau", d.target.tau, "decay time scale of the target [s]", Range::positive()),
      real_param("decay_start", d.target.start, "time t_0 after which the decay starts [s]",
                 Range::nonnegative()),
      correction_param(),
  });
  const ButcherTableau be = ButcherTableau::from_record(tableaux::backward_euler);
  info.make = [be](const Problem& p, double h, const ParamSet& params) {
    AlphaSearchOptions o;
    o.alpha_min = params.real("alpha_min");
    o.alpha_max = params.real("alpha_max");
    o.sparse = params.boolean("sparse");
    o.literal_root = params.choice("root") == "closest-to-one";
    o.target.decay = params.choice("target") == "decay";
    o.target.scale = params.real("energy_scale");
    o.target.ground = params.real("ground_energy");
    o.target.tau = params.real("tau");
    o.target.start = params.real("decay_start");
    if (o.alpha_min > o.alpha_max)
      throw InputError("a-search: alpha_min " + format_real(o.alpha_min) + " exceeds alpha_max " +
                       format_real(o.alpha_max));
    return std::make_unique<DecoupledStepper>(p, be, h, StageSolverOptions::from_params(params),
                                              1.0, o, params.choice("correction") == "full");
  };
  linear_properties_of(
      info,
      [be](const Problem& p, double h) {
        return std::make_unique<DecoupledStepper>(p, be, h, StageSolverOptions{}, 1.0,
                                                  std::nullopt);
      },
      "linear analysis of the alpha = 1 map (A-1); the search makes the step nonlinear");
  // The declaration is checked when the deferred analysis runs.
  return info;
}

IntegratorInfo blend_entry(const tableaux::MethodRecord& record) {
  IntegratorInfo info = entry_from(record, "energy-blending");
  const BlendOptions d;
  info.param_specs = with_newton({
      real_param("epsilon", d.epsilon, "bisection stops when |e(alpha)| < epsilon H_total (Eq. 24)",
                 Range::open(0, 1)),
      choice_param("start", "implicit-midpoint", {"implicit-midpoint", "symplectic-euler"},
                   "start method (Fig. 6 compares explicit symplectic Euler, velocity first)"),
      real_param("damping_k", d.damping_k,
                 "momentum-preserving damping coefficient k (Eqs. 32-36; Eq. 33 needs k <= 1)",
                 Range::closed(0, 1)),
      real_param("ether_drag", d.ether_drag, "ether drag coefficient k of Eq. (31) [kg/s]",
                 Range::nonnegative()),
      integer_param("stabilization_iterations", d.stabilization_iterations,
                    "solver=local-global: local/global iterations of the backward-Euler "
                    "stabilization, started from the implicit-midpoint result (Dinev et al. "
                    "Sec. 4.2 use 1; the implicit-midpoint solve takes max_iterations)",
                    Range::closed(1, 1e6)),
  });
  info.make = [d](const Problem& p, double h, const ParamSet& params) {
    BlendOptions o;
    o.epsilon = params.real("epsilon");
    o.symplectic_euler_start = params.choice("start") == "symplectic-euler";
    o.damping_k = params.real("damping_k");
    o.ether_drag = params.real("ether_drag");
    o.stabilization_iterations = static_cast<int>(params.integer("stabilization_iterations"));
    const StageSolverOptions newton = StageSolverOptions::from_params(params);
    if (newton.solver != StageSolverKind::local_global &&
        o.stabilization_iterations != d.stabilization_iterations)
      throw InputError(
          "stabilization_iterations configures solver=local-global (this run has "
          "solver=" +
          std::string(to_string(newton.solver)) + ")");
    return std::make_unique<BlendStepper>(p, h, newton, o);
  };
  const ButcherTableau im = ButcherTableau::from_record(tableaux::implicit_midpoint);
  linear_properties_of(
      info,
      [im](const Problem& p, double h) {
        return std::make_unique<RungeKuttaStepper>(p, im, h, StageSolverOptions{});
      },
      "linear analysis of the start method (implicit midpoint); blending is nonlinear");
  // The declaration is checked when the deferred analysis runs.
  return info;
}

}  // namespace tibench
