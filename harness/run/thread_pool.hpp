// The matrix runner's thread pool: cells (or references) computed on worker
// threads, their results consumed in completion order on the calling thread,
// which alone touches files and stdout.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "problems/fem/element_loop.hpp"

namespace tibench {

// Runs task(i) for i < n on `jobs` threads; done(i) and tick() run on the
// calling thread (the only one that touches files and stdout). Stops
// handing out tasks once *cancel is set or anything threw; returns when
// every started task has finished and every thread is joined. The first
// exception (from a task, done or tick) is rethrown only then, so it never
// leaves the pool while a thread is joinable, and done() has been called
// for every task that finished (the caller keeps those cells).
template <class Task, class Done, class Tick>
void run_pool(std::size_t n, int jobs, const std::atomic<bool>* cancel, Task task, Done done,
              Tick tick) {
  if (n == 0) return;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex mu;
  std::condition_variable cv;
  std::deque<std::size_t> finished;
  const int threads =
      static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(std::max(1, jobs)), n));
  std::atomic<int> running{threads};
  auto fail = [&](std::exception_ptr e) {
    std::lock_guard<std::mutex> lock(mu);
    if (!error) error = e;
    failed.store(true);
  };
  auto worker = [&] {
    // Several cells at once already fill the cores: their element loops run
    // serially (problems/fem/element_loop.hpp; results do not depend on it).
    const ElementThreadsScope element_threads(threads > 1 ? 1 : 0);
    for (;;) {
      if ((cancel && cancel->load()) || failed.load()) break;
      const std::size_t i = next.fetch_add(1);
      if (i >= n) break;
      try {
        task(i);
      } catch (...) {
        fail(std::current_exception());
        break;
      }
      {
        std::lock_guard<std::mutex> lock(mu);
        finished.push_back(i);
      }
      cv.notify_one();
    }
    {
      std::lock_guard<std::mutex> lock(mu);
      running.fetch_sub(1);
    }
    cv.notify_one();
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  for (;;) {
    std::deque<std::size_t> batch;
    bool all_stopped = false;
    {
      std::unique_lock<std::mutex> lock(mu);
      cv.wait_for(lock, std::chrono::milliseconds(200),
                  [&] { return !finished.empty() || running.load() == 0; });
      batch.swap(finished);
      all_stopped = running.load() == 0;
    }
    try {
      for (std::size_t i : batch) done(i);
      if (!failed.load()) tick();
    } catch (...) {
      fail(std::current_exception());
    }
    if (all_stopped) {
      std::lock_guard<std::mutex> lock(mu);
      if (finished.empty()) break;
    }
  }
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace tibench
