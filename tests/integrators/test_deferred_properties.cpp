// DeferredProperties: a registry entry's costly properties are computed on
// the first read, once (also when threads read at once), then checked; a
// failed check is rethrown to every later reader; a copy completes on its
// own. And the registry: every entry completes and agrees with its
// declaration, and an entry whose declaration disagrees fails on its first
// computed(), naming the method.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "integrators/methods/families.hpp"
#include "integrators/methods/registry.hpp"
#include "integrators/methods/tableaux/multistep.hpp"

namespace tibench {
namespace {

TEST(DeferredProperties, WorkRunsOnceOnFirstReadThenTheCheck) {
  DeferredProperties d;
  d.so_far().order = 2;
  int runs = 0, checks = 0;
  d.defer([&](MethodProperties& p) {
    ++runs;
    p.a_stable = true;
  });
  EXPECT_TRUE(d.has_pending());
  EXPECT_EQ(runs, 0);
  const auto check = [&](const MethodProperties& p) {
    ++checks;
    EXPECT_EQ(p.order, 2);
  };
  EXPECT_TRUE(d.complete(check).a_stable.value_or(false));
  EXPECT_TRUE(d.complete(check).a_stable.value_or(false));
  EXPECT_EQ(runs, 1);
  EXPECT_EQ(checks, 1);
  EXPECT_FALSE(d.has_pending());
}

TEST(DeferredProperties, AFailedCheckIsRethrownToEveryReader) {
  DeferredProperties d;
  int runs = 0;
  d.defer([&](MethodProperties&) { ++runs; });
  const auto refuse = [](const MethodProperties&) { throw RegistryError("disagrees"); };
  EXPECT_THROW(d.complete(refuse), RegistryError);
  EXPECT_THROW(d.complete([](const MethodProperties&) {}), RegistryError);
  EXPECT_EQ(runs, 1);
}

TEST(DeferredProperties, ACopyCompletesOnItsOwn) {
  DeferredProperties a;
  std::atomic<int> runs{0};
  a.defer([&](MethodProperties& p) {
    ++runs;
    p.order = 4;
  });
  DeferredProperties b = a;
  EXPECT_EQ(a.complete([](const MethodProperties&) {}).order, 4);
  EXPECT_TRUE(b.has_pending());
  EXPECT_EQ(b.complete([](const MethodProperties&) {}).order, 4);
  EXPECT_EQ(runs.load(), 2);
}

TEST(DeferredProperties, ThreadsReadingAtOnceRunTheWorkOnce) {
  DeferredProperties d;
  std::atomic<int> runs{0};
  d.defer([&](MethodProperties& p) {
    ++runs;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    p.order = 3;
  });
  std::atomic<int> sum{0};
  std::vector<std::thread> readers;
  for (int k = 0; k < 4; ++k)
    readers.emplace_back([&] { sum += d.complete([](const MethodProperties&) {}).order; });
  for (auto& t : readers) t.join();
  EXPECT_EQ(runs.load(), 1);
  EXPECT_EQ(sum.load(), 12);
}

TEST(DeferredRegistryAnalysis, EveryEntryCompletesAndAgreesWithItsDeclaration) {
  for (const IntegratorInfo& info : integrator_registry()) {
    EXPECT_NO_THROW((void)info.computed()) << info.id;
    EXPECT_FALSE(info.properties.has_pending()) << info.id;
  }
}

TEST(DeferredRegistryAnalysis, AWrongDeclarationFailsOnTheFirstReadNamingTheMethod) {
  // A copy of a deferred entry (BDF2: order from the linear analysis) whose
  // declaration is changed before its analysis runs.
  IntegratorInfo entry = bdf2_entry(tableaux::bdf2);
  ASSERT_TRUE(entry.properties.has_pending());
  entry.declared.order = 3;
  try {
    (void)entry.computed();
    FAIL() << "a declared order 3 was accepted";
  } catch (const RegistryError& e) {
    EXPECT_NE(std::string(e.what()).find("'bdf2'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("order"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tibench
