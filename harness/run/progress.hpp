// Progress of a long run on stderr: cells done / total, elapsed time and an
// ETA (elapsed / done × remaining). A redrawn bar when stderr is a terminal;
// otherwise one line per completed cell, at most one every `interval`
// seconds, and always the last one (logs and CI stay readable).
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace tibench {

class Progress {
 public:
  Progress(std::string what, std::size_t total, bool enabled, double interval_s = 2.0);
  void advance(const std::string& last_item, const std::string& status);
  void finish();
  double elapsed() const;

 private:
  void draw(bool force);
  std::string what_;
  std::size_t total_, done_ = 0;
  bool enabled_, tty_;
  double interval_;
  std::string last_;
  std::chrono::steady_clock::time_point start_, last_draw_;
  bool drawn_ = false;
};

// "1h02m", "3m05s", "12.3s".
std::string format_duration(double seconds);

}  // namespace tibench
