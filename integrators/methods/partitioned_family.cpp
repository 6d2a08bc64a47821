// Registry entries for partitioned Runge–Kutta pairs.
#include <Eigen/Core>

#include "integrators/analysis/linear_analysis.hpp"
#include "integrators/analysis/rooted_trees.hpp"
#include "integrators/engines/partitioned_rk.hpp"
#include "integrators/methods/families.hpp"

namespace tibench {

IntegratorInfo partitioned_entry(const MethodIdentity& identity, const PartitionedTableau& t,
                                 const MethodDeclaration& declared) {
  IntegratorInfo info = entry_from(identity, "partitioned-rk");
  const int s = t.stages();
  info.stages = s;
  info.is_explicit = true;  // no position solve: explicit for problems without dissipation
  for (int i = 0; i < s; ++i)
    info.is_explicit = info.is_explicit && t.A(i, i) * t.A_hat(i, i) == 0.0;

  // Order: bi-coloured trees, colour 0 = positions (A, b), 1 = velocities (Â, b̂).
  constexpr int max_order = kMaxCheckedOrder;
  const auto& trees = rooted_trees(max_order, 2);
  const auto phi = elementary_weights(
      trees,
      [&](const RootedTree&, const RootedTree& child) -> const Eigen::MatrixXd& {
        return child.color == 0 ? t.A : t.A_hat;
      },
      s);
  const OrderEvidence order = order_evidence(trees, phi, {t.b, t.b_hat}, max_order, t.precision);
  info.computed_so_far().order = order.order;
  info.computed_so_far().order_residuals = order.relative_residual;
  info.computed_so_far().coefficient_precision = order.precision;
  info.computed_so_far().order_source = "bi-coloured trees";

  double defect = (t.b - t.b_hat).cwiseAbs().maxCoeff();
  for (int i = 0; i < s; ++i)
    for (int j = 0; j < s; ++j)
      defect = std::max(
          defect, std::abs(t.b[i] * t.A_hat(i, j) + t.b_hat[j] * t.A(j, i) - t.b[i] * t.b_hat[j]));
  // Exact to 1e-12, or to the rounding of coefficients entered as printed.
  info.computed_so_far().symplectic = defect <= rounding_tolerance(1e-12, s, t.precision);
  info.coefficients = {
      {"A", t.A, false}, {"A_hat", t.A_hat, false}, {"b", t.b, true}, {"b_hat", t.b_hat, true}};

  info.param_specs = StageSolverOptions::param_specs();
  info.make = [t](const Problem& p, double h, const ParamSet& params) {
    return std::make_unique<PartitionedRKStepper>(p, t, h, StageSolverOptions::from_params(params));
  };
  // Stability only: the order comes from the trees above.
  apply_linear_analysis(info, stepper_maker(info, integrator_params(info)), "");

  info.declared = declared;
  // The declaration is checked when the deferred analysis runs.
  return info;
}

IntegratorInfo partitioned_entry(const tableaux::PartitionedRecord& r) {
  return partitioned_entry({std::string(r.id), std::string(r.name), std::string(r.citation)},
                           PartitionedTableau::from_record(r), r.declared);
}

}  // namespace tibench
