// The ratio table `make bench` prints: for every benchmark of a peer, the
// tibench benchmark of the same workload and method, and
//   ratio = (our time per step) / (peer's time per step)
// from the medians over the repetitions (< 1: we are faster). Rows also show
// both errors at t_end for implicit methods (speed is compared at equal
// accuracy only when they agree) and the work counters.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>

namespace tibench::bench {

struct Median {
  double seconds_per_step = 0;
  std::map<std::string, double> counters;
};

// A console reporter that also keeps the median aggregate of every benchmark
// (or the single run when there are no repetitions).
class CollectingReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override;
  const std::map<std::string, Median>& medians() const { return medians_; }

 private:
  std::map<std::string, Median> medians_;
};

// A counter of a benchmark's median; NaN when it did not report it.
double counter(const Median& m, const char* key);

void print_ratio_table(const std::map<std::string, Median>& medians, std::FILE* out);
// The papers' timing tables (Löschner et al. 2020 Table 1, Dinev et al. 2018
// Tables 1 and 2) beside our rows of their scenes (paper_timings.cpp).
void print_paper_timings(const std::map<std::string, Median>& medians, std::FILE* out);

// Peers whose library build is not optimized (their rows are labelled).
bool unoptimized_peer(const std::string& implementation);

}  // namespace tibench::bench
