// Progress inside long cells (see cell_progress.hpp).
#include "harness/run/cell_progress.hpp"

#include <cstdio>

#include "harness/run/progress.hpp"

namespace tibench {

namespace {

long long now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

CellProgress::CellProgress(std::size_t cells, bool enabled, double after_s, double interval_s)
    : slots_(new Slot[cells]),
      cells_(cells),
      enabled_(enabled),
      after_s_(after_s),
      interval_s_(interval_s),
      last_report_(std::chrono::steady_clock::now()) {}

void CellProgress::start(std::size_t k, long total) {
  slots_[k].step.store(0, std::memory_order_relaxed);
  slots_[k].total.store(total, std::memory_order_relaxed);
  slots_[k].started_ns.store(now_ns(), std::memory_order_release);
}

void CellProgress::finish(std::size_t k) {
  slots_[k].started_ns.store(0, std::memory_order_release);
}

void CellProgress::report(const std::vector<std::string>& labels) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (std::chrono::duration<double>(now - last_report_).count() < interval_s_) return;
  last_report_ = now;
  const long long t = now_ns();
  for (std::size_t k = 0; k < cells_; ++k) {
    const long long started = slots_[k].started_ns.load(std::memory_order_acquire);
    if (started == 0) continue;
    const double running = static_cast<double>(t - started) * 1e-9;
    if (running < after_s_) continue;
    const long step = slots_[k].step.load(std::memory_order_relaxed);
    const long total = slots_[k].total.load(std::memory_order_relaxed);
    std::fprintf(stderr, "running: %s step %ld/%ld (%.0f%%), %s\n", labels[k].c_str(), step, total,
                 total > 0 ? 100.0 * static_cast<double>(step) / static_cast<double>(total) : 0.0,
                 format_duration(running).c_str());
  }
  std::fflush(stderr);
}

}  // namespace tibench
