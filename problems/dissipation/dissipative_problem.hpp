// A Problem whose dissipation function is a sum of DissipationModel pieces
// (problems/dissipation/): its Dissipation sums theirs and its per-step hook
// refreshes them, so that each problem only chooses its models.
#pragma once

#include <memory>
#include <vector>

#include "problems/dissipation/dissipation_model.hpp"

namespace tibench {

// R = Σ_m R_m over the models.
class DissipationSum final : public Dissipation {
 public:
  void add(std::unique_ptr<DissipationModel> model) { models_.push_back(std::move(model)); }
  bool empty() const { return models_.empty(); }
  // Smooth when every model is.
  bool is_smooth() const;
  // Lagged models refresh from the step's initial positions.
  void begin_step(const Vec& q) const;

  bool depends_on_q() const override;
  double value(const Vec& q, const Vec& v) const override;
  void gradient_v(const Vec& q, const Vec& v, Vec& g) const override;
  void hessian_vv(const Vec& q, const Vec& v, Triplets& out) const override;
  void gradient_q(const Vec& q, const Vec& v, Vec& g) const override;
  void mixed_hessian(const Vec& q, const Vec& v, Triplets& out) const override;
  bool split(SplitDissipation& out) const override;

 private:
  std::vector<std::unique_ptr<DissipationModel>> models_;
};

class DissipativeProblem : public Problem {
 public:
  const Dissipation* dissipation() const override { return sum_.empty() ? nullptr : &sum_; }
  // Smooth when every model is (problems with nonsmooth potentials add theirs).
  bool is_smooth() const override { return sum_.is_smooth(); }
  void begin_step(const State& s) const override { sum_.begin_step(s.q); }

 protected:
  using Problem::Problem;
  void add_dissipation(std::unique_ptr<DissipationModel> model) { sum_.add(std::move(model)); }

 private:
  DissipationSum sum_;
};

}  // namespace tibench
