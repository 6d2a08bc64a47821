// Progress inside long cells. A cell's steps are counted by the thread that
// runs it (one relaxed atomic store per step); the thread that prints reads
// them, so a matrix whose cells each take minutes still says where it is:
//
//   running: beam/sdirk2/h=5.000000e-03 step 41000/100000 (41%), 1m05s
//
// One line per cell running longer than `after_s`, at most every
// `interval_s` seconds.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace tibench {

class CellProgress {
 public:
  CellProgress(std::size_t cells, bool enabled, double after_s = 30.0, double interval_s = 30.0);
  // Called by the worker around a cell of `total` steps.
  void start(std::size_t k, long total);
  void finish(std::size_t k);
  // The counter the cell's step loop stores its step number into.
  std::atomic<long>* steps(std::size_t k) { return &slots_[k].step; }
  // Called by the printing thread; labels[k] names cell k.
  void report(const std::vector<std::string>& labels);

 private:
  struct Slot {
    std::atomic<long> step{0};
    std::atomic<long> total{0};
    std::atomic<long long> started_ns{0};  // 0: not running
  };
  std::unique_ptr<Slot[]> slots_;
  std::size_t cells_;
  bool enabled_;
  double after_s_, interval_s_;
  std::chrono::steady_clock::time_point last_report_;
};

}  // namespace tibench
