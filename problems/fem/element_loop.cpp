#include "problems/fem/element_loop.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/errors.hpp"

namespace tibench {

std::optional<int> element_threads_from_environment() {
  const char* env = std::getenv(kElementThreadsVariable);
  if (env == nullptr) return std::nullopt;
  const std::string text(env);
  constexpr int kMax = 1024;
  int k = 0;
  bool digits = !text.empty() && text.size() <= 4;
  for (const char ch : text) {
    digits = digits && ch >= '0' && ch <= '9';
    if (digits) k = 10 * k + (ch - '0');
  }
  if (!digits || k < 1 || k > kMax)
    throw InputError(std::string(kElementThreadsVariable) + "='" + text +
                     "' is not a thread count (accepted: an integer 1 ... " + std::to_string(kMax) +
                     "; unset: every hardware thread)");
  return k;
}
namespace {

thread_local int budget = 0;  // 0: the default
std::atomic<long> parallel_loops{0};

// The default budget: TIBENCH_ELEMENT_THREADS when set, otherwise every
// hardware thread.
int default_threads() {
  static const int n = [] {
    if (const std::optional<int> k = element_threads_from_environment()) return *k;
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  }();
  return n;
}

// One loop of a job: chunks taken from either end of the range, and a
// count of the chunks finished, which the next phase waits for. The caller
// takes chunks from the front and the helpers from the back, so that on two
// threads each works through one contiguous part of every phase; callers
// whose loops follow a spatial order (MeshGeometry::spatial_elements) then
// read back mostly what the same core wrote in the phase before.
struct Phase {
  Index n = 0, chunk_size = 1, chunks = 0;
  void (*chunk)(const void*, Index, Index) = nullptr;
  const void* context = nullptr;
  // Chunks taken from the front (low 32 bits) and from the back (high).
  std::atomic<std::uint64_t> taken{0};
  std::atomic<Index> finished{0};

  void set(const ElementPhase& phase, int threads) {
    n = phase.n;
    // About eight chunks per thread: a late helper costs at most one chunk.
    chunk_size = std::max<Index>(8, n / (8 * threads));
    chunks = (n + chunk_size - 1) / chunk_size;
    chunk = phase.chunk;
    context = phase.context;
  }

  // The next chunk from the front or the back; −1 when none is left.
  Index take(bool from_front) {
    std::uint64_t seen = taken.load(std::memory_order_relaxed);
    for (;;) {
      const auto front = static_cast<Index>(seen & 0xffffffffu);
      const auto back = static_cast<Index>(seen >> 32);
      if (front + back >= chunks) return -1;
      const std::uint64_t next = from_front ? seen + 1 : seen + (std::uint64_t{1} << 32);
      if (taken.compare_exchange_weak(seen, next, std::memory_order_relaxed))
        return from_front ? front : chunks - 1 - back;
    }
  }

  void work(bool from_front) {
    for (Index c = take(from_front); c >= 0; c = take(from_front)) {
      const Index begin = c * chunk_size;
      chunk(context, begin, std::min(n, begin + chunk_size));
      finished.fetch_add(1, std::memory_order_release);
    }
  }

  // Every chunk is taken once work() returns; the ones still running are
  // inside a thread that joined, so this waits only for running chunks.
  void wait_finished() const {
    while (finished.load(std::memory_order_acquire) != chunks) std::this_thread::yield();
  }
};

struct Job {
  static constexpr int kMaxPhases = 2;
  Phase phases[kMaxPhases];
  int phase_count = 0;
  int helpers_wanted = 0, helpers_joined = 0;  // guarded by the pool's mutex
  std::atomic<int> active{0};                  // helpers inside work()

  void work(bool from_front) {
    for (int i = 0; i < phase_count; ++i) {
      phases[i].work(from_front);
      if (i + 1 < phase_count) phases[i].wait_finished();
    }
  }
};

// default_threads() − 1 helper threads, started on first use, serving one
// job at a time (a second caller meanwhile runs its loop alone).
class HelperPool {
 public:
  static HelperPool& instance() {
    static HelperPool pool(default_threads() - 1);
    return pool;
  }

  // Runs the job with whichever helpers join; false if another job is
  // running (the caller then runs it alone).
  bool run(Job& job) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (current_ != nullptr || threads_.empty()) return false;
      current_ = &job;
      ++generation_;
    }
    wake_.notify_all();
    job.work(true);
    {
      std::lock_guard<std::mutex> lock(mu_);
      current_ = nullptr;  // no helper joins from now on
    }
    // Only helpers that joined are waited for, and they are inside a chunk.
    while (job.active.load(std::memory_order_acquire) != 0) std::this_thread::yield();
    return true;
  }

  ~HelperPool() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
  }

  HelperPool(const HelperPool&) = delete;
  HelperPool& operator=(const HelperPool&) = delete;

 private:
  explicit HelperPool(int helpers) {
    for (int i = 0; i < helpers; ++i) threads_.emplace_back([this] { serve(); });
  }

  void serve() {
    std::uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      wake_.wait(lock, [&] { return stop_ || (current_ != nullptr && generation_ != seen); });
      if (stop_) return;
      seen = generation_;
      Job* job = current_;
      if (job->helpers_joined >= job->helpers_wanted) continue;
      ++job->helpers_joined;
      job->active.fetch_add(1, std::memory_order_relaxed);
      lock.unlock();
      job->work(false);
      // The job may be gone once active is back to 0: nothing touches it after.
      job->active.fetch_sub(1, std::memory_order_release);
      lock.lock();
    }
  }

  std::mutex mu_;
  std::condition_variable wake_;
  Job* current_ = nullptr;
  std::uint64_t generation_ = 0;
  bool stop_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace

int element_threads() { return budget > 0 ? budget : default_threads(); }

void set_element_threads(int n) { budget = n > 0 ? n : 0; }

long parallel_element_loops() { return parallel_loops.load(std::memory_order_relaxed); }

void run_element_phases(const ElementPhase* phases, int count, int threads) {
  if (count < 1 || count > Job::kMaxPhases)
    throw std::invalid_argument("run_element_phases: " + std::to_string(count) +
                                " phases (accepted: 1 or 2)");
  parallel_loops.fetch_add(1, std::memory_order_relaxed);
  Job job;
  job.phase_count = count;
  for (int i = 0; i < job.phase_count; ++i) job.phases[i].set(phases[i], threads);
  job.helpers_wanted = threads - 1;
  if (HelperPool::instance().run(job)) return;
  for (int i = 0; i < job.phase_count; ++i) phases[i].chunk(phases[i].context, 0, phases[i].n);
}

}  // namespace tibench
