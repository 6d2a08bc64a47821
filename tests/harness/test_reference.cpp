// The reference layer: fine-step RK4 against exact solutions (its
// self-convergence difference must bound its true error), the Boost.Odeint
// dopri5 cross-check on every registry problem, the refusal of errors the
// reference cannot resolve, the cache keys and the HDF5 cache.
//
// Step sizes come from one rule per problem, h_ref = 0.05 min(1/ω_max, T)
// with ω_max² the Gershgorin bound of M⁻¹∇²P at the initial state and T the
// problem's time_scale() (which sees stiffness the initial state does not,
// e.g. a barrier not yet in contact), so new problems are covered without
// hand-tuned numbers.
#include <gtest/gtest.h>

#include "test_names.hpp"

#include <cmath>
#include <filesystem>

#include "harness/io/reference_cache.hpp"
#include "harness/run/run_cell.hpp"
#include "problems/registry.hpp"
#include "reference/hash.hpp"
#include "reference/reference.hpp"
#include "reference/state_error.hpp"
#include "selected_suite.hpp"

namespace tibench {
namespace {

double omega_max(const Problem& p) {
  Triplets t;
  p.hessian(p.initial_state().q, t, false);
  Vec row_sum = Vec::Zero(p.dofs());
  for (const auto& e : t) row_sum[e.row()] += std::abs(e.value());
  double w2 = 0;
  for (Index i = 0; i < p.dofs(); ++i) w2 = std::max(w2, row_sum[i] / p.mass()[i]);
  return std::sqrt(std::max(w2, 1e-12));
}

// At most `fine_steps` fine steps, and no longer than 20 of the problem's
// time scales: a dissipative problem decays to round-off over long
// horizons, where relative state errors no longer mean anything.
ReferenceRequest rk4_request(const Problem& p, long fine_steps) {
  ReferenceRequest r;
  r.method = "rk4";
  r.h_ref = 0.05 * std::min(1.0 / omega_max(p), p.time_scale());
  r.t_end = std::min(static_cast<double>(fine_steps) * r.h_ref, 20.0 * p.time_scale());
  r.outputs = 4;
  return r;
}

std::vector<std::string> problems_where(bool (*pred)(const Problem&)) {
  std::vector<std::string> out;
  for (const auto& info : problem_registry())
    if (pred(*info.make(problem_params(info)))) out.push_back(info.id);
  return out;
}

class ExactProblem : public ::testing::TestWithParam<std::string> {};

TEST_P(ExactProblem, SelfConvergenceDifferenceBoundsTheTrueErrorOfRk4) {
  const auto p = make_problem(GetParam());
  const Reference ref = compute_reference(*p, rk4_request(*p, 400));
  ASSERT_TRUE(ref.ok) << ref.message;
  ASSERT_EQ(ref.states.size(), 4u);
  for (std::size_t j = 0; j < ref.states.size(); ++j) {
    const double truth = state_error(p->mass(), ref.states[j], p->exact(ref.times[j])).total;
    // RK4 at h and h/2: e_h ≈ 16/15 d in the asymptotic range; 2 d allows a
    // non-asymptotic or lower-order (kinked) case, 1e-14 the rounding.
    EXPECT_LE(truth, 2.0 * ref.self_convergence[j] + 1e-14)
        << "t=" << ref.times[j] << " d=" << ref.self_convergence[j];
    // d vanishes only where RK4 is exact (free fall: a quadratic
    // trajectory), and then the true error is round-off.
    EXPECT_TRUE(ref.self_convergence[j] > 0.0 || truth <= 1e-14)
        << "t=" << ref.times[j] << " truth=" << truth;
  }
  std::printf("%-16s rk4 h_ref=%.3e: max self-convergence %.3e, dopri5 agreement %.3e\n",
              GetParam().c_str(), ref.h_ref, ref.max_self_convergence(), ref.max_cross_check());
}

TIBENCH_INSTANTIATE_SELECTED(Registry, ExactProblem,
                             ::testing::ValuesIn(problems_where([](const Problem& p) {
                               return p.has_exact();
                             })),
                             test::id_name);

class EveryProblemReference : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryProblemReference, FineRk4AgreesWithDopri5) {
  const auto p = make_problem(GetParam());
  const Reference ref = compute_reference(*p, rk4_request(*p, 2000));
  std::printf("%-16s %s\n", GetParam().c_str(), ref.summary().c_str());
  // Smooth problems must give a reference; nonsmooth ones (barriers, whose
  // kinks RK4 and dopri5 resolve differently) may be refused — but a
  // reference that is accepted must satisfy its own cross-check.
  if (p->is_smooth()) {
    EXPECT_TRUE(ref.ok) << ref.summary();
  }
  if (!ref.ok) {
    EXPECT_FALSE(ref.message.empty());
    return;
  }
  ASSERT_EQ(ref.cross_check.size(), 4u);
  for (std::size_t j = 0; j < ref.cross_check.size(); ++j)
    EXPECT_LE(ref.cross_check[j], 2.0 * ref.self_convergence[j] + 1e-8) << "t=" << ref.times[j];
}

// Every problem a fine RK4 reference can serve (not those whose contact
// model RK4 cannot enforce: resolved_method refuses them, tested below).
bool rk4_reference_applies(const Problem& p) {
  ReferenceRequest r;
  r.method = "rk4";
  r.h_ref = r.t_end = 1.0;
  try {
    (void)resolved_method(p, r);
    return true;
  } catch (const InputError&) {
    return false;
  }
}

TIBENCH_INSTANTIATE_SELECTED(Registry, EveryProblemReference,
                             ::testing::ValuesIn(problems_where(rk4_reference_applies)),
                             test::id_name);

TEST(Reference, OutputTimesAndFineStepsLandOnEachOther) {
  EXPECT_EQ(output_times(10.0, 4), (std::vector<double>{2.5, 5.0, 7.5, 10.0}));
  ReferenceRequest r;
  r.t_end = 10.0;
  r.outputs = 4;
  r.h_ref = 0.3;  // 2.5 / 0.3 = 8.33 → 9 steps per output
  EXPECT_EQ(reference_steps(r), 36);
  r.h_ref = 0.25;
  EXPECT_EQ(reference_steps(r), 40);
}

TEST(Reference, BadRequestsAreInputErrors) {
  const auto pend = make_problem("pendulum");
  ReferenceRequest r;
  r.t_end = 1.0;
  r.h_ref = 1e-3;
  r.method = "exact";
  EXPECT_THROW((void)resolved_method(*pend, r), InputError);
  r.method = "euler";
  EXPECT_THROW((void)resolved_method(*pend, r), InputError);
  r.method = "rk4";
  r.h_ref = 0.0;
  EXPECT_THROW((void)resolved_method(*pend, r), InputError);
  r.method = "auto";
  r.h_ref = 1e-3;
  EXPECT_EQ(resolved_method(*pend, r), "rk4");
  EXPECT_EQ(resolved_method(*make_problem("oscillator"), r), "exact");
  // Bodies against obstacles: no automatic reference; RK4 cannot enforce
  // contact constraints or post-processing.
  const auto ball = make_problem("ball-drop", {"mesh_size=0.35"});
  EXPECT_EQ(resolved_method(*ball, r), "none");
  r.method = "rk4";
  EXPECT_THROW((void)resolved_method(*ball, r), InputError);
  EXPECT_EQ(resolved_method(*make_problem("ball-drop", {"mesh_size=0.35", "contact=penalty"}), r),
            "rk4");
}

TEST(Reference, KeyChangesWithEveryInputItDependsOn) {
  const auto p = make_problem("pendulum", {"theta0=1.2"});
  ReferenceRequest r;
  r.t_end = 2.0;
  r.outputs = 2;
  r.h_ref = 1e-3;
  const std::string base = reference_key_text(*p, r);
  EXPECT_EQ(base, reference_key_text(*make_problem("pendulum", {"theta0=1.2"}), r));
  EXPECT_NE(base, reference_key_text(*make_problem("pendulum", {"theta0=1.3"}), r));
  auto changed = r;
  changed.outputs = 4;
  EXPECT_NE(base, reference_key_text(*p, changed));
  changed = r;
  changed.t_end = 2.5;
  EXPECT_NE(base, reference_key_text(*p, changed));
  changed = r;
  changed.h_ref = 5e-4;
  EXPECT_NE(base, reference_key_text(*p, changed));
  changed = r;
  changed.h_ref = 1e-3 * (1 + 1e-14);  // the same fine step: the same reference
  EXPECT_EQ(base, reference_key_text(*p, changed));
  EXPECT_EQ(hash_hex(base).size(), 16u);
}

TEST(Reference, ErrorsBelowTheResolutionAreRefusedNotReported) {
  // rk4 at h = 0.01 measured against an rk4 reference at h_ref = 0.02: the
  // cell is more accurate than the reference can tell.
  CellSpec c;
  c.problem = "pendulum";
  c.integrator = "rk4";
  c.h = 0.01;
  c.t_end = 2.0;
  c.outputs = 2;
  c.reference_method = "rk4";
  c.h_ref = 0.02;
  RunRecord r = run_cell(c);
  EXPECT_EQ(r.status, RunStatus::ok);
  EXPECT_TRUE(std::isnan(r.metrics["err_final"]));
  EXPECT_TRUE(std::isnan(r.metrics["err_max"]));
  EXPECT_EQ(to_string(r.reference_check).rfind("fail: error", 0), 0u)
      << to_string(r.reference_check);

  // The same cell against a fine reference is resolved, and err_final is the
  // M-weighted error against the reference's final state.
  c.h_ref = 1e-4;
  r = run_cell(c);
  ASSERT_EQ(r.reference_check.outcome, ReferenceOutcome::pass) << to_string(r.reference_check);
  const auto p = make_problem("pendulum");
  const Reference ref = compute_reference(*p, reference_request(c));
  State s;
  s.q = Eigen::Map<const Vec>(r.final_q.data(), 1);
  s.v = Eigen::Map<const Vec>(r.final_v.data(), 1);
  EXPECT_EQ(r.metrics["err_final"], state_error(p->mass(), s, ref.states.back()).total);
  EXPECT_GE(r.metrics["err_max"], r.metrics["err_final"]);
  ASSERT_EQ(r.err_out.size(), 2u);
  EXPECT_EQ(r.t_out, (std::vector<double>{1.0, 2.0}));
}

TEST(ReferenceCache, StoresAndReusesOnlyOnAnExactKeyMatch) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("tibench-refcache-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const ReferenceCache cache(dir.string());
  const auto p = make_problem("pendulum");
  ReferenceRequest r;
  r.t_end = 1.0;
  r.outputs = 2;
  r.h_ref = 1e-3;
  const Reference ref = compute_reference(*p, r);
  EXPECT_FALSE(cache.lookup(ref.key_text));
  cache.store(ref);
  const auto hit = cache.lookup(ref.key_text);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->key, ref.key);
  EXPECT_EQ(hit->self_convergence, ref.self_convergence);
  EXPECT_EQ(hit->cross_check, ref.cross_check);
  ASSERT_EQ(hit->states.size(), ref.states.size());
  for (std::size_t j = 0; j < ref.states.size(); ++j) {
    EXPECT_EQ(hit->states[j].q, ref.states[j].q);
    EXPECT_EQ(hit->states[j].v, ref.states[j].v);
  }
  auto other = r;
  other.outputs = 1;
  EXPECT_FALSE(cache.lookup(reference_key_text(*p, other)));

  // An entry under the right file name but for another key text (a hash
  // collision, or a stale format) is not reused.
  Reference impostor = ref;
  impostor.key_text += "\nsomething else";
  cache.store(impostor);  // stored under ref.key's file name
  EXPECT_FALSE(cache.lookup(ref.key_text));
  EXPECT_FALSE(ReferenceCache("").lookup(ref.key_text));
  std::filesystem::remove_all(dir);
}

TEST(Reference, NoneMeasuresNoErrorAndCachesNothing) {
  CellSpec c;
  c.problem = "pendulum";
  c.integrator = "backward-euler";
  c.h = 0.1;
  c.t_end = 1.0;
  c.reference_method = "none";
  const RunRecord r = run_cell(c);
  EXPECT_EQ(r.status, RunStatus::ok);
  EXPECT_EQ(r.reference_method, "none");
  EXPECT_EQ(r.reference_check.outcome, ReferenceOutcome::none) << to_string(r.reference_check);
  for (const char* key : {"err_final", "err_q_final", "err_v_final", "err_max"})
    EXPECT_TRUE(std::isnan(r.metrics[key])) << key;
  EXPECT_FALSE(std::isnan(r.metrics["energy_drift_max"]));
  const auto dir = std::filesystem::temp_directory_path() / "tibench_none_cache";
  std::filesystem::remove_all(dir);
  const ReferenceCache cache(dir.string());
  const auto p = make_problem("pendulum");
  cache.store(compute_reference(*p, reference_request(c)));
  EXPECT_FALSE(std::filesystem::exists(dir)) << "a 'none' reference was cached";
}

}  // namespace
}  // namespace tibench

namespace tibench {
namespace {

TEST(Reference, ACrossCheckThatCannotEndIsCutOffAndTheReferenceRefused) {
  // Damping force ∝ sgn v (p = 0): the oscillator sticks where |k x| is
  // below the damping force, and dopri5's steps collapse there.
  const auto p = make_problem("damped-oscillator", {"p=0"});
  ReferenceRequest r;
  r.method = "rk4";
  r.t_end = 10.0;
  r.outputs = 4;
  r.h_ref = 1e-3;
  const Reference ref = compute_reference(*p, r);
  EXPECT_FALSE(ref.ok);
  EXPECT_NE(ref.message.find("dopri5 needed more than 1000000 force evaluations"),
            std::string::npos)
      << ref.message;
}

TEST(Reference, AFailedReferenceLeavesTheErrorsUnmeasuredAndSaysWhy) {
  // RK4 at h_ref ω = 10 is unstable (its stability interval on the imaginary
  // axis ends at 2√2): the fine run blows up and the reference must say so.
  CellSpec c;
  c.problem = "oscillator";
  c.problem_params = {"k=1e4"};
  c.integrator = "backward-euler";
  c.h = 0.01;
  c.t_end = 20.0;  // 200 fine steps, each amplifying by |R(10i)| ≈ 400: overflow
  c.reference_method = "rk4";
  c.h_ref = 0.1;
  const RunRecord r = run_cell(c);
  EXPECT_EQ(r.status, RunStatus::ok);
  EXPECT_EQ(to_string(r.reference_check)
                .rfind("fail: the reference failed: fine RK4 reference diverged", 0),
            0u)
      << to_string(r.reference_check);
  for (const char* key : {"err_final", "err_q_final", "err_v_final", "err_max"})
    EXPECT_TRUE(std::isnan(r.metrics[key])) << key;
  EXPECT_FALSE(std::isnan(r.metrics["energy_drift_max"])) << "needs no reference";
}

}  // namespace
}  // namespace tibench
