// Element loops give the same bits on one thread and on several
// (problems/fem/element_loop.hpp): every registry problem, at its default
// size (the small instances have too few elements to go parallel) and with
// each declared variant, evaluated at a sample state serially and with two
// threads — potential, gradient, Hessian (plain and PSD-projected),
// dissipation and its derivatives, observables.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <vector>

#include "problems/fem/element_loop.hpp"
#include "problems/registry.hpp"
#include "test_names.hpp"

namespace tibench {
namespace {

struct Evaluation {
  std::vector<double> values;  // every number, in a fixed order

  void add(double x) { values.push_back(x); }
  void add(const Vec& v) { values.insert(values.end(), v.data(), v.data() + v.size()); }
  void add(const Triplets& t) {
    for (const auto& e : t) {
      add(static_cast<double>(e.row()));
      add(static_cast<double>(e.col()));
      add(e.value());
    }
  }
};

Evaluation evaluate(std::string_view id, const std::vector<std::string>& overrides, int threads) {
  const ElementThreadsScope scope(threads);
  const auto p = make_problem(id, overrides);
  const State s = p->sample_state(7);
  p->begin_step(s);
  Evaluation out;
  Vec g = Vec::Zero(p->dofs());
  Triplets t;
  out.add(p->potential(s.q));
  p->gradient(s.q, g);
  out.add(g);
  for (const bool project : {false, true}) {
    t.clear();
    p->hessian(s.q, t, project);
    out.add(t);
  }
  if (const Dissipation* r = p->dissipation()) {
    out.add(r->value(s.q, s.v));
    g.setZero();
    r->gradient_v(s.q, s.v, g);
    out.add(g);
    t.clear();
    r->hessian_vv(s.q, s.v, t);
    out.add(t);
    if (r->depends_on_q()) {
      g.setZero();
      r->gradient_q(s.q, s.v, g);
      out.add(g);
      t.clear();
      r->mixed_hessian(s.q, s.v, t);
      out.add(t);
    }
  }
  std::vector<double> obs;
  p->observables(s, obs);
  out.values.insert(out.values.end(), obs.begin(), obs.end());
  return out;
}

std::vector<std::string> problem_ids() {
  std::vector<std::string> ids;
  for (const auto& info : problem_registry()) ids.push_back(info.id);
  return ids;
}

// One test per problem, so that no single test carries the whole registry.
class ProblemElementThreads : public ::testing::TestWithParam<std::string> {};

TEST_P(ProblemElementThreads, GivesTheSameBitsOnOneAndTwoThreads) {
  const auto& registry = problem_registry();
  const auto info = std::find_if(registry.begin(), registry.end(),
                                 [](const ProblemInfo& p) { return p.id == GetParam(); });
  ASSERT_NE(info, registry.end());
  std::vector<std::vector<std::string>> sets{{}};
  sets.insert(sets.end(), info->variants.begin(), info->variants.end());
  for (const auto& overrides : sets) {
    const Evaluation serial = evaluate(info->id, overrides, 1);
    const Evaluation parallel = evaluate(info->id, overrides, 2);
    ASSERT_EQ(serial.values.size(), parallel.values.size()) << info->id;
    EXPECT_EQ(0, std::memcmp(serial.values.data(), parallel.values.data(),
                             serial.values.size() * sizeof(double)))
        << info->id << " with " << overrides.size() << " overrides differs between 1 and 2 threads";
  }
}

INSTANTIATE_TEST_SUITE_P(Registry, ProblemElementThreads, ::testing::ValuesIn(problem_ids()),
                         test::id_name);

// The comparisons above are only meaningful if some problem's loops run in
// parallel at its default size.
TEST(ElementThreads, SomeProblemRunsItsLoopsInParallel) {
  const long parallel_before = parallel_element_loops();
  for (const auto& info : problem_registry()) {
    evaluate(info.id, {}, 2);
    if (parallel_element_loops() > parallel_before) break;
  }
  EXPECT_GT(parallel_element_loops(), parallel_before);
}

// for_each_element_then: every first(e) runs once and has returned before
// any second(k) starts. The second loop reads the results the first loop
// writes last (its highest elements, which take longest here), so a second
// phase that started early would read zeros.
TEST(ElementThreads, SecondLoopStartsAfterTheWholeFirstLoop) {
  constexpr Index n_first = 20000, n_second = 5000;
  for (const int threads : {1, 2, 3}) {
    const ElementThreadsScope scope(threads);
    const long parallel_before = parallel_element_loops();
    std::vector<double> first_results(n_first, 0.0), second_results(n_second, 0.0);
    std::vector<std::atomic<int>> first_calls(n_first), second_calls(n_second);
    for_each_element_then(
        n_first,
        [&](Index e) {
          double x = 1.0 + static_cast<double>(e);
          for (Index i = 0; i < e / 100; ++i) x = std::sqrt(x + 1.0);
          first_results[static_cast<std::size_t>(e)] = x;
          first_calls[static_cast<std::size_t>(e)].fetch_add(1);
        },
        n_second,
        [&](Index k) {
          second_results[static_cast<std::size_t>(k)] =
              first_results[static_cast<std::size_t>(n_first - 1 - k)];
          second_calls[static_cast<std::size_t>(k)].fetch_add(1);
        });
    EXPECT_EQ(threads > 1, parallel_element_loops() > parallel_before) << threads << " threads";
    for (Index e = 0; e < n_first; ++e)
      ASSERT_EQ(1, first_calls[static_cast<std::size_t>(e)].load()) << "element " << e;
    for (Index k = 0; k < n_second; ++k) {
      ASSERT_EQ(1, second_calls[static_cast<std::size_t>(k)].load()) << "node " << k;
      ASSERT_GT(second_results[static_cast<std::size_t>(k)], 1.0)
          << "second(" << k << ") ran before first(" << n_first - 1 - k << ") on " << threads
          << " threads";
    }
  }
}

TEST(ElementThreads, ScopeSetsAndRestoresTheBudget) {
  const int before = element_threads();
  {
    const ElementThreadsScope one(1);
    EXPECT_EQ(1, element_threads());
    {
      const ElementThreadsScope three(3);
      EXPECT_EQ(3, element_threads());
    }
    EXPECT_EQ(1, element_threads());
  }
  EXPECT_EQ(before, element_threads());
}

}  // namespace
}  // namespace tibench
