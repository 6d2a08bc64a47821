#include "bench/ratio_table.hpp"

#include <cmath>
#include <vector>

#include "bench/workloads.hpp"

namespace tibench::bench {
namespace {

struct Name {
  std::string workload, method, implementation;
};

bool split(const std::string& name, Name& out) {
  const auto a = name.find('/');
  const auto b = name.find('/', a == std::string::npos ? a : a + 1);
  if (a == std::string::npos || b == std::string::npos) return false;
  out = {name.substr(0, a), name.substr(a + 1, b - a - 1), name.substr(b + 1)};
  return true;
}

double counter(const Median& m, const char* key) {
  const auto it = m.counters.find(key);
  return it == m.counters.end() ? std::nan("") : it->second;
}

}  // namespace

bool unoptimized_peer(const std::string& implementation) {
  return implementation.rfind("sundials", 0) == 0;
}

void CollectingReporter::ReportRuns(const std::vector<Run>& runs) {
  for (const auto& run : runs) {
    if (run.error_occurred) continue;
    const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
    const bool single = run.run_type == Run::RT_Iteration && run.repetitions <= 1;
    if (!median && !single) continue;
    Median m;
    for (const auto& [key, c] : run.counters) m.counters[key] = c.value;
    const double rate = counter(m, "steps_per_s");
    m.seconds_per_step = rate > 0 ? 1.0 / rate : std::nan("");
    medians_[run.run_name.function_name] = m;
  }
  ConsoleReporter::ReportRuns(runs);
}

void print_ratio_table(const std::map<std::string, Median>& medians, std::FILE* out) {
  std::fprintf(out,
               "\n==== tibench bench: ratio table (ours / peer, time per step, medians) ====\n"
               "ratio < 1: tibench is faster. err: max-norm error of (q, v) at t_end vs RK4 at "
               "h/64 (implicit methods).\n"
               "[unoptimized] = a peer library built without optimization by Debian (SUNDIALS).\n\n");
  std::fprintf(out, "%-18s %-18s %-24s %11s %11s %7s %10s %10s %6s %6s\n", "workload", "method",
               "peer", "ours us/st", "peer us/st", "ratio", "err ours", "err peer", "nwt/st",
               "sol/st");
  for (const auto& [name, peer] : medians) {
    Name n;
    if (!split(name, n) || n.implementation == "tibench") continue;
    const auto ours_it = medians.find(n.workload + "/" + n.method + "/tibench");
    if (ours_it == medians.end()) continue;
    const Median& ours = ours_it->second;
    const std::string label =
        n.implementation + (unoptimized_peer(n.implementation) ? " [unoptimized]" : "");
    std::fprintf(out, "%-18s %-18s %-24s %11.3f %11.3f %7.3f %10.2e %10.2e %6.2f %6.2f\n",
                 n.workload.c_str(), n.method.c_str(), label.c_str(),
                 1e6 * ours.seconds_per_step, 1e6 * peer.seconds_per_step,
                 ours.seconds_per_step / peer.seconds_per_step, counter(ours, "err_tend"),
                 counter(peer, "err_tend"), counter(peer, "newton_per_step"),
                 counter(peer, "solves_per_step"));
  }
  std::fprintf(out,
               "\nours alone (time per step, work per step; wall: wall seconds per simulated "
               "second):\n");
  std::fprintf(out, "%-18s %-24s %11s %8s %9s %9s %8s %8s %8s %10s\n", "workload", "method",
               "us/step", "wall", "rhs/st", "ns/rhs", "nwt/st", "nwt/stg", "sol/st", "err");
  for (const auto& [name, m] : medians) {
    Name n;
    if (!split(name, n) || n.implementation != "tibench") continue;
    const Workload& w = workload(n.workload);
    const double h = n.method == "rk4" ? w.h_explicit : w.h_implicit;
    std::fprintf(out, "%-18s %-24s %11.3f %8.3f %9.2f %9.1f %8.2f %8.2f %8.2f %10.2e\n",
                 n.workload.c_str(), n.method.c_str(), 1e6 * m.seconds_per_step,
                 m.seconds_per_step / h, counter(m, "rhs_per_step"), counter(m, "ns_per_rhs"),
                 counter(m, "newton_per_step"), counter(m, "newton_per_stage"),
                 counter(m, "solves_per_step"), counter(m, "err_tend"));
  }
}

}  // namespace tibench::bench
