// Registry entries for partitioned Runge–Kutta pairs.
#include <Eigen/Core>

#include "integrators/families.hpp"
#include "integrators/linear_analysis.hpp"
#include "integrators/partitioned_rk.hpp"
#include "integrators/rooted_trees.hpp"

namespace tibench {

IntegratorInfo partitioned_entry(const tableaux::PartitionedRecord& r) {
  IntegratorInfo info;
  info.id = std::string(r.id);
  info.name = std::string(r.name);
  info.citation = std::string(r.citation);
  info.family = "partitioned-rk";
  const int s = r.stages;
  const PartitionedTableau t = PartitionedTableau::from_record(r);
  info.stages = s;
  info.is_explicit = true;  // no position solve: explicit for problems without dissipation
  for (int i = 0; i < s; ++i)
    info.is_explicit = info.is_explicit && t.A(i, i) * t.A_hat(i, i) == 0.0;

  // Order: bi-coloured trees, colour 0 = positions (A, b), 1 = velocities (Â, b̂).
  constexpr int max_order = 6;
  const auto& trees = rooted_trees(max_order, 2);
  const auto phi = elementary_weights(
      trees,
      [&](const RootedTree&, const RootedTree& child) -> const Eigen::MatrixXd& {
        return child.color == 0 ? t.A : t.A_hat;
      },
      s);
  info.computed.order = order_from_conditions(trees, phi, {t.b, t.b_hat}, max_order);
  info.computed.order_source = "bi-coloured trees";

  double defect = (t.b - t.b_hat).cwiseAbs().maxCoeff();
  for (int i = 0; i < s; ++i)
    for (int j = 0; j < s; ++j)
      defect = std::max(
          defect, std::abs(t.b[i] * t.A_hat(i, j) + t.b_hat[j] * t.A(j, i) - t.b[i] * t.b_hat[j]));
  info.computed.symplectic = defect <= 1e-12;

  info.param_specs = NewtonOptions::param_specs();
  info.make = [t](const Problem& p, double h, const ParamSet& params) {
    return std::make_unique<PartitionedRKStepper>(p, t, h, NewtonOptions::from_params(params));
  };
  // Stability only: the order comes from the trees above.
  apply_linear_analysis(info, stepper_maker(info, integrator_params(info)), "");

  info.declared = r.declared;
  check_declaration(info);
  return info;
}

}  // namespace tibench
