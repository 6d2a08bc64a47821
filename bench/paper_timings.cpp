// The papers' timing tables beside ours, in one table: Löschner et al. 2020
// Table 1 (real seconds per simulated second, i9 9900K) for the jello and
// the 96 × 96 × 1 cloth, and Dinev et al. 2018 Tables 1 and 2 (ms per frame
// of 0.033 s, machine not stated) for the bar and the cube. Each printed
// value is typed from the paper; each of ours is the median of this run's
// benchmark (the fastest of our variants of that method, named), in the
// paper's unit, with the machine it ran on. Wall times of different
// machines, meshes and scenes (the jello's mesh is not published, the
// cloth has no wind here) are shown, not compared: no ratio is printed.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "bench/ratio_table.hpp"
#include "bench/workloads.hpp"

namespace tibench::bench {
namespace {

enum class Unit { seconds_per_simulated_second, ms_per_frame };

struct PaperTiming {
  const char* source;    // paper, table
  const char* scene;     // the paper's scene, its size
  const char* workload;  // ours
  const char* method;    // our row's method (variants: the method plus a "+…" label)
  const char* label;     // the paper's integrator and solver
  double paper;          // in `unit`
  double paper_newton;   // Newton iterations per step (NaN: not printed)
  Unit unit;
};

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
constexpr const char* kLoschner = "Loschner 2020 T1";
constexpr const char* kJello = "jello (mesh not published)";
constexpr const char* kCloth = "cloth 96x96x1 hex, wind";
constexpr const char* kDinev1 = "Dinev 2018 T1";
constexpr const char* kBar = "bar 290 v, 716 tets";
constexpr const char* kCube = "cube 386 v, 996 tets";

const std::vector<PaperTiming>& paper_timings() {
  constexpr auto s = Unit::seconds_per_simulated_second;
  constexpr auto ms = Unit::ms_per_frame;
  static const std::vector<PaperTiming> rows{
      {kLoschner, kJello, "loschner-jello-5ms", "backward-euler", "BE 5 ms", 21.3, 1.00, s},
      {kLoschner, kJello, "loschner-jello-0.5ms", "backward-euler", "BE 0.5 ms", 191.4, 1.00, s},
      {kLoschner, kJello, "loschner-jello-0.05ms", "backward-euler", "BE 0.05 ms", 1907.3, 1.00, s},
      {kLoschner, kJello, "loschner-jello-5ms", "sdirk2", "SDIRK2 5 ms", 34.42, 2.00, s},
      {kLoschner, kJello, "loschner-jello-5ms", "tr-bdf2-bathe", "TR-BDF2(B) 5 ms", 40.8, 2.00, s},
      {kLoschner, kCloth, "loschner-cloth-96-5ms", "backward-euler", "BE 5 ms", 37.92, 2.51, s},
      {kLoschner, kCloth, "loschner-cloth-96-0.05ms", "backward-euler", "BE 0.05 ms", 1530.42, 1.01,
       s},
      {kLoschner, kCloth, "loschner-cloth-96-5ms", "sdirk2", "SDIRK2 5 ms", 100.32, 6.90, s},
      {kLoschner, kCloth, "loschner-cloth-96-5ms", "tr-bdf2-bathe", "TR-BDF2(B) 5 ms", 102.46, 6.59,
       s},
      {kDinev1, kBar, "dinev-bar", "backward-euler", "BE, Newton", 148, kNone, ms},
      {kDinev1, kBar, "dinev-bar", "blend-im", "blend, Newton", 231, kNone, ms},
      {kDinev1, kBar, "dinev-bar", "backward-euler+local-global", "BE, local/global 10", 3.62,
       kNone, ms},
      {kDinev1, kBar, "dinev-bar", "blend-im+local-global", "blend, l/g 10 + 1", 5.73, kNone, ms},
      {"Dinev 2018 T2", kBar, "dinev-bar", "implicit-midpoint+local-global", "IM, l/g 10", 3.79,
       kNone, ms},
      {kDinev1, kCube, "dinev-cube", "backward-euler", "BE, Newton", 277, kNone, ms},
      {kDinev1, kCube, "dinev-cube", "blend-im", "blend, Newton", 505, kNone, ms},
      {kDinev1, kCube, "dinev-cube", "backward-euler+local-global", "BE, local/global 10", 5.84,
       kNone, ms},
      {kDinev1, kCube, "dinev-cube", "blend-im+local-global", "blend, l/g 10 + 1", 8.41, kNone, ms},
      {"Dinev 2018 T2", kCube, "dinev-cube", "implicit-midpoint+local-global", "IM, l/g 10", 6.03,
       kNone, ms},
  };
  return rows;
}

const char* paper_machine(const PaperTiming& row) {
  return row.unit == Unit::seconds_per_simulated_second ? "i9 9900K" : "not stated";
}

// "model name" of /proc/cpuinfo and the hardware threads.
std::string this_machine() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line, model = "unknown CPU";
  while (std::getline(cpuinfo, line))
    if (line.rfind("model name", 0) == 0) {
      model = line.substr(line.find(':') + 2);
      break;
    }
  return model + ", " + std::to_string(std::thread::hardware_concurrency()) + " threads";
}

std::string fixed(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", x);
  return text;
}

// Our fastest variant of the row's method on its workload: the registry's
// default solver or CHOLMOD (other labels are other methods, e.g.
// backward-euler+local-global is not backward-euler).
const std::pair<const std::string, Median>* fastest_ours(
    const std::map<std::string, Median>& medians, const PaperTiming& row) {
  const std::pair<const std::string, Median>* best = nullptr;
  const std::string prefix = std::string(row.workload) + "/" + row.method;
  for (const auto& entry : medians) {
    const std::string& name = entry.first;
    if (name.rfind(prefix, 0) != 0 || name.size() < 8 ||
        name.compare(name.size() - 8, 8, "/tibench") != 0)
      continue;
    const std::string variant = name.substr(prefix.size(), name.size() - 8 - prefix.size());
    if (!variant.empty() && variant != "+cholmod") continue;
    if (!best || entry.second.seconds_per_step < best->second.seconds_per_step) best = &entry;
  }
  return best;
}

}  // namespace

void print_paper_timings(const std::map<std::string, Median>& medians, std::FILE* out) {
  bool header = false;
  for (const PaperTiming& row : paper_timings()) {
    const auto* ours = fastest_ours(medians, row);
    if (!ours) continue;
    if (!header) {
      std::fprintf(out,
                   "\nthe papers' timing tables beside ours (values in the paper's unit: s/s = "
                   "real seconds per simulated second, ms/fr = ms per 0.033 s frame; ours: the "
                   "time per step over the first `steps` steps from the initial state, scaled to "
                   "the unit; nwt: Newton iterations per step; different machines, meshes and "
                   "scenes: shown, not compared). Ours ran on: %s\n",
                   this_machine().c_str());
      std::fprintf(out, "%-16s %-27s %-19s %8s %5s %-10s %-47s %9s %5s %6s %6s %s\n", "source",
                   "paper's scene", "method", "paper", "nwt", "machine", "ours (fastest variant)",
                   "ours", "nwt", "dofs", "steps", "unit");
      header = true;
    }
    const Median& m = ours->second;
    const double h = workload(row.workload).h_implicit;
    const bool per_second = row.unit == Unit::seconds_per_simulated_second;
    const double value = per_second ? m.seconds_per_step / h : 1e3 * m.seconds_per_step;
    const std::string name = ours->first.substr(0, ours->first.size() - 8);
    const std::string paper_newton = std::isnan(row.paper_newton) ? "-" : fixed(row.paper_newton);
    std::fprintf(out, "%-16s %-27s %-19s %8.4g %5s %-10s %-47s %9.4g %5.2f %6.0f %6ld %s\n",
                 row.source, row.scene, row.label, row.paper, paper_newton.c_str(),
                 paper_machine(row), name.c_str(), value, counter(m, "newton_per_step"),
                 counter(m, "dofs"), workload(row.workload).steps_implicit,
                 per_second ? "s/s" : "ms/fr");
  }
}

}  // namespace tibench::bench
