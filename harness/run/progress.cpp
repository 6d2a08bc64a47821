#include "harness/run/progress.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>

namespace tibench {

std::string format_duration(double s) {
  char buf[32];
  if (!std::isfinite(s)) return "?";
  if (s < 60)
    std::snprintf(buf, sizeof buf, "%.1fs", s);
  else if (s < 3600)
    std::snprintf(buf, sizeof buf, "%dm%02ds", static_cast<int>(s / 60), static_cast<int>(s) % 60);
  else
    std::snprintf(buf, sizeof buf, "%dh%02dm", static_cast<int>(s / 3600),
                  static_cast<int>(s / 60) % 60);
  return buf;
}

Progress::Progress(std::string what, std::size_t total, bool enabled, double interval_s)
    : what_(std::move(what)),
      total_(total),
      enabled_(enabled && total > 0),
      tty_(::isatty(STDERR_FILENO) == 1),
      interval_(interval_s),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

double Progress::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Progress::advance(const std::string& last_item, const std::string& status) {
  ++done_;
  last_ = last_item + " " + status;
  draw(done_ == total_);
}

void Progress::draw(bool force) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (!force && !tty_ && std::chrono::duration<double>(now - last_draw_).count() < interval_)
    return;
  last_draw_ = now;
  const double t = elapsed();
  const double eta =
      done_ ? t / static_cast<double>(done_) * static_cast<double>(total_ - done_) : NAN;
  if (tty_) {
    const int width = 24;
    const int filled = static_cast<int>(width * done_ / total_);
    std::fprintf(stderr, "\r\033[K%s [%.*s%*s] %zu/%zu  elapsed %s  eta %s  %s", what_.c_str(),
                 filled, "########################", width - filled, "", done_, total_,
                 format_duration(t).c_str(), format_duration(eta).c_str(), last_.c_str());
  } else {
    std::fprintf(stderr, "%s %zu/%zu done  elapsed %s  eta %s  (last: %s)\n", what_.c_str(), done_,
                 total_, format_duration(t).c_str(), format_duration(eta).c_str(), last_.c_str());
  }
  drawn_ = true;
  std::fflush(stderr);
}

void Progress::finish() {
  if (enabled_ && tty_ && drawn_) std::fprintf(stderr, "\n");
}

}  // namespace tibench
