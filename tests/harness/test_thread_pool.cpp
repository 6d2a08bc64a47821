// The matrix runner's pool (harness/run/thread_pool.hpp): an exception from a
// task or from the consumer on the calling thread is rethrown only after
// every worker is joined (no std::terminate), and every task that finished
// before it was consumed, so completed cells are kept.
#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <stdexcept>
#include <thread>

#include "harness/run/thread_pool.hpp"

namespace tibench {
namespace {

TEST(ThreadPool, TaskExceptionIsRethrownAfterTheWorkersStop) {
  for (int jobs : {1, 2, 4}) {
    std::set<std::size_t> consumed;
    std::atomic<int> started{0};
    // The other tasks take a millisecond each, so that all 2000 would take
    // far longer than noticing the failure, even on a loaded machine.
    auto task = [&](std::size_t i) {
      ++started;
      if (i == 5) throw std::runtime_error("task 5 failed");
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    };
    auto done = [&](std::size_t i) { consumed.insert(i); };
    EXPECT_THROW(run_pool(2000, jobs, nullptr, task, done, [] {}), std::runtime_error) << jobs;
    EXPECT_EQ(consumed.count(5), 0u);
    EXPECT_LT(started.load(), 2000) << "the pool kept handing out tasks after a failure";
    // Every task that finished was consumed (nothing started is lost).
    EXPECT_EQ(static_cast<int>(consumed.size()), started.load() - 1) << jobs;
  }
}

TEST(ThreadPool, ConsumerExceptionStopsThePoolAndIsRethrown) {
  for (int jobs : {1, 2, 4}) {
    std::atomic<int> started{0};
    int consumed = 0;
    auto task = [&](std::size_t) {
      ++started;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    };
    auto done = [&](std::size_t) {
      if (++consumed == 3) throw std::runtime_error("cannot write the checkpoint");
    };
    EXPECT_THROW(run_pool(2000, jobs, nullptr, task, done, [] {}), std::runtime_error) << jobs;
    EXPECT_LT(started.load(), 2000);
  }
}

TEST(ThreadPool, TickExceptionIsRethrown) {
  EXPECT_THROW(run_pool(
                   10, 2, nullptr, [](std::size_t) {}, [](std::size_t) {},
                   [] { throw std::runtime_error("tick"); }),
               std::runtime_error);
}

TEST(ThreadPool, WithoutErrorsEveryTaskIsConsumedOnce) {
  std::multiset<std::size_t> consumed;
  run_pool(
      1000, 3, nullptr, [](std::size_t) {}, [&](std::size_t i) { consumed.insert(i); }, [] {});
  ASSERT_EQ(consumed.size(), 1000u);
  for (std::size_t i = 0; i < 1000; ++i) EXPECT_EQ(consumed.count(i), 1u);
}

}  // namespace
}  // namespace tibench
