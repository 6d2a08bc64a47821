// A Problem whose dissipation function is a sum of DissipationModel pieces
// (problems/dissipation/): it forwards the dissipation hooks and the
// per-step hook to them, so that each problem only chooses its models.
#pragma once

#include <memory>
#include <vector>

#include "problems/dissipation/dissipation_model.hpp"

namespace tibench {

class DissipativeProblem : public Problem {
 public:
  bool has_dissipation() const override { return !models_.empty(); }
  bool dissipation_depends_on_q() const override;
  // Smooth when every model is (problems with nonsmooth potentials add theirs).
  bool is_smooth() const override;
  // Lagged models refresh from the step's initial positions.
  void begin_step(const State& s) const override;

  double dissipation(const Vec& q, const Vec& v) const override;
  void dissipation_gradient(const Vec& q, const Vec& v, Vec& g) const override;
  void dissipation_hessian(const Vec& q, const Vec& v, Triplets& out) const override;
  void dissipation_gradient_q(const Vec& q, const Vec& v, Vec& g) const override;
  void dissipation_mixed_hessian(const Vec& q, const Vec& v, Triplets& out) const override;
  bool split_dissipation(SplitDissipation& out) const override;

 protected:
  using Problem::Problem;
  void add_dissipation(std::unique_ptr<DissipationModel> model);

 private:
  std::vector<std::unique_ptr<DissipationModel>> models_;
};

}  // namespace tibench
