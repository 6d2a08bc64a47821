// The values-only Hessian path (Problem::hessian_values, the objective's and
// the assembler's refill) against the triplets it replaces, bit for bit:
//   - every registry problem that offers values: equal to hessian()'s
//     triplet values at two states, with and without the PSD projection,
//     and refused for a wrong count;
//   - the IncrementalPotential's values and rounding estimates against its
//     hessian() after another state's assembly;
//   - TripletAssembler::refill against assemble();
//   - under constraint contact, a new active set's values and appended
//     positions against hessian() at that set, and their refill;
//   - whole runs of every registry integrator on those problems (FPUT
//     springs, whose Hessian changes every iteration) with the values path
//     and with it hidden, and of the implicit ones on a ball dropped on the
//     ground under constraint contact (the values transformed by the active
//     set).
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "core/parameters.hpp"
#include "integrators/engines/incremental_potential.hpp"
#include "integrators/methods/registry.hpp"
#include "problem_cases.hpp"
#include "problems/contact/obstacle_contact.hpp"
#include "problems/registry.hpp"
#include "same_bits.hpp"
#include "solvers/linear/sparse_assembly.hpp"

namespace tibench {
namespace {

std::vector<double> triplet_values(const Triplets& t, std::size_t first = 0) {
  std::vector<double> v;
  for (std::size_t k = first; k < t.size(); ++k) v.push_back(t[k].value());
  return v;
}

bool offers_values(const Problem& p) {
  Triplets t;
  p.hessian(p.initial_state().q, t, false);
  std::vector<double> v(t.size());
  return p.hessian_values(p.initial_state().q, false, v.data(), v.size());
}

Vec perturbed(const Vec& q, double amount) {
  Vec out = q;
  for (Index i = 0; i < out.size(); ++i)
    out[i] += amount * (1.0 + 0.37 * static_cast<double>(i % 7));
  return out;
}

TEST(HessianValues, EqualTheTripletValuesOnEveryProblemThatOffersThem) {
  int offering = 0;
  for (const auto& c : test::problem_cases()) {
    const auto p = c.make();
    if (!offers_values(*p)) continue;
    ++offering;
    const Vec q0 = p->initial_state().q;
    for (const Vec& q : {q0, perturbed(q0, 0.05)})
      for (bool psd : {false, true}) {
        Triplets t;
        p->hessian(q, t, psd);
        std::vector<double> v(t.size(), -1.0);
        ASSERT_TRUE(p->hessian_values(q, psd, v.data(), v.size())) << c.label;
        EXPECT_TRUE(test::same_bits(v.data(), triplet_values(t).data(), v.size())) << c.label;
        std::vector<double> short_buffer(t.size() - 1, 7.0);
        EXPECT_FALSE(p->hessian_values(q, psd, short_buffer.data(), short_buffer.size()))
            << c.label << ": a count other than hessian()'s is refused";
        EXPECT_EQ(short_buffer.front(), 7.0) << c.label << ": nothing written when refused";
      }
  }
  EXPECT_GT(offering, 0) << "no registry problem offers hessian_values";
}

TEST(HessianValues, ObjectiveValuesAndEstimatesEqualItsTriplets) {
  for (const auto& c : test::problem_cases()) {
    const auto p = c.make();
    if (!offers_values(*p) || p->dissipation()) continue;
    const State s = p->initial_state();
    const double tau = 0.05;
    // (Under constraint contact the active set is empty here: the
    // transformed values are compared in whole runs below.)
    IncrementalPotential by_values(*p), by_triplets(*p);
    for (IncrementalPotential* phi : {&by_values, &by_triplets})
      phi->set_stage(s.q, tau * s.v, tau, tau, 0.0);
    const Vec y1 = tau * s.v, y2 = perturbed(y1, 0.03);
    std::vector<double> values;
    EXPECT_FALSE(by_values.hessian_values(y1, false, values))
        << c.label << ": no positions before the first hessian()";
    Triplets t;
    by_values.hessian(y1, false, t);
    ASSERT_TRUE(by_values.hessian_values(y2, false, values)) << c.label;
    t.clear();
    by_triplets.hessian(y2, false, t);
    ASSERT_EQ(values.size(), t.size()) << c.label;
    EXPECT_TRUE(test::same_bits(values.data(), triplet_values(t).data(), t.size())) << c.label;
    for (const Vec& y : {y1, y2}) {
      Vec g;
      by_values.gradient(y, g);
      by_triplets.gradient(y, g);
      const auto a = by_values.residual_noise_bounds(y), b = by_triplets.residual_noise_bounds(y);
      EXPECT_EQ(a.lower, b.lower) << c.label;
      const double noise = by_triplets.residual_noise(y),
                   tighter = by_triplets.residual_noise_upper(y);
      EXPECT_EQ(by_values.residual_noise(y), noise) << c.label;
      EXPECT_EQ(by_values.residual_noise_upper(y), tighter) << c.label;
      // The bounds bracket the noise (a large Hessian's values path bounds
      // it from above by its largest entry, not by its row sums).
      EXPECT_LE(b.lower, noise) << c.label;
      EXPECT_LE(noise, tighter) << c.label;
      EXPECT_LE(tighter, a.upper) << c.label;
      EXPECT_LE(tighter, b.upper) << c.label;
    }
  }
}

TEST(HessianValues, AssemblerRefillEqualsAssembly) {
  for (const auto& c : test::problem_cases()) {
    const auto p = c.make();
    if (!offers_values(*p)) continue;
    const Index n = p->dofs();
    const Vec q0 = p->initial_state().q, q1 = perturbed(q0, 0.05);
    Triplets t;
    p->hessian(q0, t, false);
    TripletAssembler refilled, assembled;
    SparseMatrix A, B;
    refilled.assemble(t, n, A);
    t.clear();
    p->hessian(q1, t, false);
    assembled.assemble(t, n, B);
    const std::vector<double> wrong(t.size() + 1, 1.0);
    EXPECT_FALSE(refilled.refill(wrong, A)) << c.label;
    ASSERT_TRUE(refilled.refill(triplet_values(t), A)) << c.label;
    ASSERT_EQ(A.nonZeros(), B.nonZeros()) << c.label;
    EXPECT_TRUE(test::same_bits(A.valuePtr(), B.valuePtr(), static_cast<std::size_t>(A.nonZeros())))
        << c.label;
  }
}

// Under constraint contact a new active set keeps the values path: the
// values of hessian() at the new set (the transforms of other triplets
// appended), and the positions of the appended ones; the assembler refills
// the previous set's matrix with them into the matrix of those triplets.
TEST(HessianValues, ANewContactActiveSetIsRefilledAsItsTripletsAssemble) {
  const auto ball = make_problem("sphere-hard-drop", {"mesh_size=0.35"});
  const State s = ball->initial_state();
  const double tau = 1.0 / 24;
  IncrementalPotential by_values(*ball), by_triplets(*ball);
  // Pushed 0.32 m into the ground, then 0.11 m: vertices projected onto it,
  // the active set relabelled from the gradient, as a Newton iteration does.
  const auto relabel = [&](IncrementalPotential& phi, double depth) {
    Vec y = (depth / 0.317) * tau * s.v;
    phi.project(y);
    Vec g;
    phi.gradient(y, g);
    phi.update_active_set(y, g);
    return y;
  };
  for (IncrementalPotential* phi : {&by_values, &by_triplets})
    phi->set_stage(s.q, tau * s.v, tau, tau, 0.0);
  const Vec deep = relabel(by_values, 0.317);
  relabel(by_triplets, 0.317);
  Triplets before;
  by_values.hessian(deep, false, before);
  const int active_before = by_values.active_constraints();
  const long version_before = by_values.active_set_version();
  const Vec shallow = relabel(by_values, 0.11);
  relabel(by_triplets, 0.11);
  ASSERT_NE(by_values.active_set_version(), version_before);
  ASSERT_GT(by_values.active_constraints(), 0);
  ASSERT_NE(by_values.active_constraints(), active_before);

  std::vector<double> values;
  ASSERT_TRUE(by_values.hessian_values(shallow, false, values));
  std::size_t first = 0;
  std::vector<Index> rows, cols;
  ASSERT_TRUE(by_values.appended_positions(first, rows, cols));
  Triplets t;
  by_triplets.hessian(shallow, false, t);
  ASSERT_EQ(values.size(), t.size());
  ASSERT_EQ(first + rows.size(), t.size());
  ASSERT_LE(first, before.size());
  for (std::size_t k = 0; k < t.size(); ++k) {
    const Index row = k < first ? before[k].row() : rows[k - first];
    const Index col = k < first ? before[k].col() : cols[k - first];
    ASSERT_EQ(row, t[k].row()) << "triplet " << k << " of " << t.size() << ", first " << first;
    ASSERT_EQ(col, t[k].col()) << "triplet " << k;
  }
  EXPECT_TRUE(test::same_bits(values.data(), triplet_values(t).data(), t.size()));

  const Index n = ball->dofs();
  TripletAssembler refilled, assembled;
  SparseMatrix A, B;
  refilled.assemble(before, n, A);
  ASSERT_TRUE(refilled.refill_moved(values, first, rows, cols, A));
  assembled.assemble(t, n, B);
  ASSERT_EQ(A.nonZeros(), B.nonZeros());
  EXPECT_TRUE(test::same_bits(A.valuePtr(), B.valuePtr(), static_cast<std::size_t>(A.nonZeros())));
  EXPECT_EQ(refilled.pattern_builds(), 1);
}

// A problem as the wrapped one (its contact, external force, step hook
// and feasibility bound included), with or without its values path,
// counting the Hessian calls. Both runs go through the same forwarding,
// so what it leaves out affects them alike.
class Forwarding final : public Problem {
 public:
  Forwarding(const Problem& p, bool values)
      : Problem(p.params(), p.dim(), p.mass()), p_(p), values_(values) {}
  std::string_view id() const override { return p_.id(); }
  double potential(const Vec& q) const override { return p_.potential(q); }
  void gradient(const Vec& q, Vec& g) const override { p_.gradient(q, g); }
  void hessian(const Vec& q, Triplets& out, bool project_psd) const override {
    ++hessians;
    p_.hessian(q, out, project_psd);
  }
  bool hessian_values(const Vec& q, bool project_psd, double* v, std::size_t count) const override {
    if (!values_) return false;
    ++value_calls;
    return p_.hessian_values(q, project_psd, v, count);
  }
  bool hessian_is_constant() const override { return p_.hessian_is_constant(); }
  double max_feasible_step(const Vec& q, const Vec& dq) const override {
    return p_.max_feasible_step(q, dq);
  }
  bool has_feasibility_limit() const override { return p_.has_feasibility_limit(); }
  bool hessian_pattern_is_fixed() const override { return p_.hessian_pattern_is_fixed(); }
  const ObstacleContact* contact() const override { return p_.contact(); }
  const ExternalForce* external_force() const override { return p_.external_force(); }
  void begin_step(const State& s) const override { p_.begin_step(s); }
  State initial_state() const override { return p_.initial_state(); }
  mutable int hessians = 0, value_calls = 0;

 private:
  const Problem& p_;
  bool values_;
};

TEST(HessianValues, RunsAreBitIdenticalWithAndWithoutTheValuesPath) {
  const auto fput = make_problem("spring-chain", {"N=40", "k4=100"});
  ASSERT_TRUE(offers_values(*fput));
  int refilled_runs = 0;
  for (const auto& info : integrator_registry()) {
    Forwarding with(*fput, true), without(*fput, false);
    State a = fput->initial_state(), b = a;
    try {
      const auto sa = info.stepper(with, 0.05), sb = info.stepper(without, 0.05);
      for (int k = 0; k < 10; ++k) {
        ASSERT_EQ(sa->step(a).status, sb->step(b).status) << info.id;
        if (a.q != a.q) break;  // (a diverging method: compared up to here)
      }
    } catch (const InputError&) {
      continue;  // a method that does not run on this problem
    }
    EXPECT_TRUE(test::same_bits(a.q.data(), b.q.data(), static_cast<std::size_t>(a.q.size())) &&
                test::same_bits(a.v.data(), b.v.data(), static_cast<std::size_t>(a.v.size())))
        << info.id;
    // Once the pattern is known, assemblies after the first two refill.
    if (without.hessians > 2) {
      EXPECT_GT(with.value_calls, 0) << info.id << ": " << without.hessians << " assemblies";
      ++refilled_runs;
    }
  }
  EXPECT_GT(refilled_runs, 0);
}

TEST(HessianValues, ConstraintContactRunsAreBitIdenticalWithAndWithoutTheValuesPath) {
  const auto ball = make_problem("sphere-hard-drop", {"mesh_size=0.35"});
  ASSERT_NE(ball->contact(), nullptr);
  ASSERT_EQ(ball->contact()->kind(), ContactKind::constraint);
  int compared = 0;
  for (const auto& info : integrator_registry()) {
    if (info.is_explicit) continue;
    Forwarding with(*ball, true), without(*ball, false);
    State a = ball->initial_state(), b = a;
    int contact_steps = 0;
    try {
      const auto sa = info.stepper(with, 1.0 / 24), sb = info.stepper(without, 1.0 / 24);
      for (int k = 0; k < 6; ++k) {
        const StepReport ra = sa->step(a), rb = sb->step(b);
        ASSERT_EQ(ra.status, rb.status) << info.id;
        if (ra.status != StepStatus::ok) break;
        contact_steps += ra.contacts > 0;
      }
    } catch (const InputError&) {
      continue;  // a method that does not run on this problem
    }
    EXPECT_TRUE(test::same_bits(a.q.data(), b.q.data(), static_cast<std::size_t>(a.q.size())) &&
                test::same_bits(a.v.data(), b.v.data(), static_cast<std::size_t>(a.v.size())))
        << info.id;
    if (contact_steps > 0 && with.value_calls > 0) ++compared;
  }
  EXPECT_GT(compared, 0) << "no run refilled its Hessian while in contact";
}

// A Hessian large enough for the element threads (740k entries) records
// its magnitudes in blocks without row sums: the values path then bounds
// the rounding level from above by the largest entry, a looser bound than
// the row sums' (which residual_noise_upper still computes, equal to the
// triplet path's), and a whole Newton run is bit for bit the same.
TEST(HessianValues, LargeHessianBoundsItsRoundingByItsLargestEntry) {
  const auto ball = make_problem("ball-drop", {"mesh_size=0.08", "contact=none"});
  const State s = ball->initial_state();
  const double tau = 0.005;
  IncrementalPotential by_values(*ball), by_triplets(*ball);
  for (IncrementalPotential* phi : {&by_values, &by_triplets})
    phi->set_stage(s.q, tau * s.v, tau, tau, 0.0);
  const Vec y1 = tau * s.v, y2 = perturbed(y1, 1e-3);
  Triplets t;
  by_values.hessian(y1, false, t);
  ASSERT_GT(t.size(), std::size_t{64 * 4096}) << "the test needs the blocked path";
  std::vector<double> values;
  ASSERT_TRUE(by_values.hessian_values(y2, false, values));
  t.clear();
  by_triplets.hessian(y2, false, t);
  Vec g;
  by_values.gradient(y2, g);
  by_triplets.gradient(y2, g);
  const auto a = by_values.residual_noise_bounds(y2), b = by_triplets.residual_noise_bounds(y2);
  const double noise = by_triplets.residual_noise(y2);
  EXPECT_EQ(a.lower, b.lower);
  EXPECT_EQ(by_values.residual_noise(y2), noise);
  EXPECT_EQ(by_values.residual_noise_upper(y2), b.upper);
  EXPECT_LE(b.lower, noise);
  EXPECT_LE(noise, b.upper);
  EXPECT_GT(a.upper, b.upper) << "the values path took the row sums' bound";

  Forwarding with(*ball, true), without(*ball, false);
  State p = ball->initial_state(), q = p;
  const auto& be = find_integrator("backward-euler");
  const auto sp = be.stepper(with, tau), sq = be.stepper(without, tau);
  for (int k = 0; k < 3; ++k) ASSERT_EQ(sp->step(p).status, sq->step(q).status);
  EXPECT_GT(with.value_calls, 0);
  EXPECT_TRUE(test::same_bits(p.q.data(), q.q.data(), static_cast<std::size_t>(p.q.size())) &&
              test::same_bits(p.v.data(), q.v.data(), static_cast<std::size_t>(p.v.size())));
}

}  // namespace
}  // namespace tibench
