// Every method file shipped in integrators/methods/examples/ loads (its declaration
// agrees with the computed properties) and shows its computed order on the
// oscillator and the pendulum by the rule of harness/analysis/observed_order.hpp —
// what `tibench verify --integrator file:PATH` reports. Iterates the
// directory, so a new file is covered without an edit here.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "harness/analysis/observed_order.hpp"
#include "integrators/methods/method_file.hpp"
#include "test_names.hpp"
#include "test_paths.hpp"

namespace tibench {
namespace {

const std::filesystem::path kMethods =
    std::filesystem::path(test::source_dir()) / "integrators/methods/examples";

std::vector<std::string> shipped_files() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(kMethods))
    if (e.path().extension() == ".toml") out.push_back(e.path().stem().string());
  std::sort(out.begin(), out.end());
  return out;
}

class ShippedMethodFile : public ::testing::TestWithParam<std::string> {};

TEST_P(ShippedMethodFile, ShowsItsComputedOrder) {
  const std::string id = "file:" + (kMethods / (GetParam() + ".toml")).string();
  const IntegratorInfo& info = resolve_integrator(id);
  EXPECT_EQ(info.id, GetParam()) << "a shipped file is named after its id";
  for (const OrderProblem& p : order_problems()) {
    const OrderObservation o = observe_order(id, p.id, p.params);
    ASSERT_TRUE(o.fitted) << GetParam() << " on " << p.id << ": " << o.failure;
    EXPECT_NEAR(o.fit.slope, info.computed().order, kOrderTolerance)
        << GetParam() << " on " << p.id << o.trace;
  }
}

INSTANTIATE_TEST_SUITE_P(Shipped, ShippedMethodFile, ::testing::ValuesIn(shipped_files()),
                         test::id_name);

}  // namespace
}  // namespace tibench
