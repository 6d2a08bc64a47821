// Registry sweeps whose parameters cost something to enumerate (every
// problem built, the integrator registry with its linear analyses) are
// enumerated only in a test process that can run them.
//
// ctest runs every test in its own process with --gtest_filter naming that
// one test, and gtest evaluates every INSTANTIATE_TEST_SUITE_P generator at
// start-up, selected or not: a sweep's enumeration would otherwise be paid
// by all ~1,700 unit-test processes (docs/reliability.md, "Test start-up").
//
// TIBENCH_INSTANTIATE_SELECTED(prefix, suite, generator, name) is
// INSTANTIATE_TEST_SUITE_P with one difference: when the filter cannot select
// any test of prefix/suite, the suite gets no parameters. The filter is read
// conservatively: only a positive pattern without wildcards ('*', '?')
// excludes suites, those whose name is not the text before its first '.'.
// (A process whose filter selects nothing fails: tests/CMakeLists.txt makes
// "Running 0 tests" a failure, so an exclusion in error cannot pass silently.)
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace tibench::test {

// True unless every positive pattern of the gtest filter is a full test name
// of another suite. `suite` is "prefix/Suite".
inline bool filter_can_select_suite(std::string_view suite) {
  const std::string filter = GTEST_FLAG_GET(filter);
  const std::string positive = filter.substr(0, filter.find('-'));
  if (positive.empty()) return true;  // "-NEGATIVE" alone: every test is positive
  std::size_t start = 0;
  while (start <= positive.size()) {
    const std::size_t end = std::min(positive.find(':', start), positive.size());
    const std::string_view pattern = std::string_view(positive).substr(start, end - start);
    if (pattern.find_first_of("*?") != std::string_view::npos) return true;
    if (pattern.substr(0, pattern.find('.')) == suite) return true;
    start = end + 1;
  }
  return false;
}

}  // namespace tibench::test

#define TIBENCH_INSTANTIATE_SELECTED(prefix, suite, generator, ...)                               \
  INSTANTIATE_TEST_SUITE_P(prefix, suite,                                                         \
                           ::tibench::test::filter_can_select_suite(#prefix "/" #suite)           \
                               ? ::testing::internal::ParamGenerator<suite::ParamType>(generator) \
                               : ::testing::ValuesIn(std::vector<suite::ParamType>{}),            \
                           __VA_ARGS__)
