#include "bench/ratio_table.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bench/suite.hpp"
#include "bench/workloads.hpp"
#include "harness/analysis/convergence.hpp"

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

// tibench's rows: "tibench" and its variants ("tibench-supernodal").
bool is_ours(const std::string& implementation) { return implementation.rfind("tibench", 0) == 0; }

// A variant's name: "supernodal" of "tibench-supernodal".
std::string variant(const std::string& implementation) {
  return implementation.substr(std::string_view("tibench-").size());
}

}  // namespace

double counter(const Median& m, const char* key) {
  const auto it = m.counters.find(key);
  return it == m.counters.end() ? std::nan("") : it->second;
}

bool unoptimized_peer(const std::string& implementation) {
#ifdef TIBENCH_BENCH_SUNDIALS_UNOPTIMIZED
  return implementation.rfind("sundials", 0) == 0;
#else
  (void)implementation;
  return false;
#endif
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

namespace {

std::map<std::string, std::string>& settings_table() {
  static std::map<std::string, std::string> table;
  return table;
}

void print_peer_rows(const std::map<std::string, Median>& medians, std::FILE* out) {
  std::fprintf(out, "%-18s %-18s %-24s %11s %11s %7s %10s %10s %6s %6s %9s\n", "workload", "method",
               "peer", "ours us/st", "peer us/st", "ratio", "err ours", "err peer", "nwt/st",
               "sol/st", "setup us");
  for (const auto& [name, peer] : medians) {
    Name n;
    if (!split(name, n) || is_ours(n.implementation)) continue;
    const auto ours_it = medians.find(n.workload + "/" + n.method + "/tibench");
    if (ours_it == medians.end()) continue;
    const Median& ours = ours_it->second;
    const std::string label =
        n.implementation + (unoptimized_peer(n.implementation) ? " [unoptimized]" : "");
    std::fprintf(out, "%-18s %-18s %-24s %11.3f %11.3f %7.3f %10.2e %10.2e %6.2f %6.2f %9.0f\n",
                 n.workload.c_str(), n.method.c_str(), label.c_str(), 1e6 * ours.seconds_per_step,
                 1e6 * peer.seconds_per_step, ours.seconds_per_step / peer.seconds_per_step,
                 counter(ours, "err_tend"), counter(peer, "err_tend"),
                 counter(peer, "newton_per_step"), counter(peer, "solves_per_step"),
                 counter(peer, "setup_us"));
  }
}

// For each workload and method, the fastest variant of each peer library
// (e.g. petsc-nd, petsc-rcm, petsc-amd: the ordering chosen by measurement).
void print_best_variants(const std::map<std::string, Median>& medians, std::FILE* out) {
  std::map<std::string, std::pair<std::string, double>> best;  // workload/method/library
  for (const auto& [name, m] : medians) {
    Name n;
    if (!split(name, n)) continue;
    const auto dash = n.implementation.find('-');
    if (n.implementation.rfind("petsc-", 0) != 0 || dash == std::string::npos) continue;
    const std::string key = n.workload + "/" + n.method + "/petsc";
    const auto it = best.find(key);
    if (it == best.end() || m.seconds_per_step < it->second.second)
      best[key] = {n.implementation, m.seconds_per_step};
  }
  if (best.empty()) return;
  std::fprintf(out,
               "\nagainst the fastest PETSc variant (factorization ordering chosen by "
               "measurement in this run):\n");
  std::fprintf(out, "%-18s %-18s %-12s %11s %11s %7s\n", "workload", "method", "fastest",
               "ours us/st", "peer us/st", "ratio");
  for (const auto& [key, variant] : best) {
    Name n;
    split(key, n);
    const auto ours = medians.find(n.workload + "/" + n.method + "/tibench");
    if (ours == medians.end()) continue;
    std::fprintf(out, "%-18s %-18s %-12s %11.3f %11.3f %7.3f\n", n.workload.c_str(),
                 n.method.c_str(), variant.first.c_str(), 1e6 * ours->second.seconds_per_step,
                 1e6 * variant.second, ours->second.seconds_per_step / variant.second);
  }
}

// Each distinct configuration once, with the benchmarks it applies to.
void print_settings(const std::map<std::string, Median>& medians, std::FILE* out) {
  std::map<std::string, std::vector<std::string>> by_settings;
  for (const auto& [name, text] : settings_table())
    if (medians.count(name)) {
      Name n;
      split(name, n);
      by_settings[n.method + "/" + n.implementation + ": " + text].push_back(n.workload);
    }
  if (by_settings.empty()) return;
  std::fprintf(out, "\npeer settings (as run above):\n");
  for (const auto& [text, workloads] : by_settings) {
    std::string list;
    for (const auto& w : workloads) list += (list.empty() ? "" : ", ") + w;
    std::fprintf(out, "  %s  [%s]\n", text.c_str(), list.c_str());
  }
}

void print_ours(const std::map<std::string, Median>& medians, std::FILE* out) {
  std::fprintf(out,
               "\nours alone (time per step, work per step; wall: wall seconds per simulated "
               "second; setup: building the stepper, not in us/step):\n");
  std::fprintf(out, "%-18s %-24s %11s %8s %9s %9s %8s %8s %8s %10s %9s\n", "workload", "method",
               "us/step", "wall", "rhs/st", "ns/rhs", "nwt/st", "nwt/stg", "sol/st", "err",
               "setup us");
  for (const auto& [name, m] : medians) {
    Name n;
    if (!split(name, n) || !is_ours(n.implementation)) continue;
    const std::string method =
        n.method + (n.implementation == "tibench" ? "" : " [" + variant(n.implementation) + "]");
    const Workload& w = workload(n.workload);
    const double h = n.method == "rk4" ? w.h_explicit : w.h_implicit;
    std::fprintf(out, "%-18s %-24s %11.3f %8.3f %9.2f %9.1f %8.2f %8.2f %8.2f %10.2e %9.0f\n",
                 n.workload.c_str(), method.c_str(), 1e6 * m.seconds_per_step,
                 m.seconds_per_step / h, counter(m, "rhs_per_step"), counter(m, "ns_per_rhs"),
                 counter(m, "newton_per_step"), counter(m, "newton_per_stage"),
                 counter(m, "solves_per_step"), counter(m, "err_tend"), counter(m, "setup_us"));
  }
}

// RK4 against its floor (rk4_floor_microseconds) and the hand-written loop.
void print_floor(const std::map<std::string, Median>& medians, std::FILE* out) {
  bool header = false;
  for (const auto& [name, m] : medians) {
    Name n;
    if (!split(name, n) || n.implementation != "tibench" || std::isnan(counter(m, "floor_us")))
      continue;
    if (!header) {
      std::fprintf(out,
                   "\nexplicit floor: 4 kernel evaluations (ns/rhs, measured) + 30 vectors of n "
                   "doubles at the measured triad bandwidth; %% of floor = floor / ours:\n");
      std::fprintf(out, "%-18s %-8s %11s %11s %11s %10s %11s\n", "workload", "method", "ours us/st",
                   "floor us/st", "% of floor", "ours/floor", "loop us/st");
      header = true;
    }
    const double ours = 1e6 * m.seconds_per_step, floor = counter(m, "floor_us");
    const auto loop = medians.find(n.workload + "/" + n.method + "/eigen-loop");
    const double loop_us =
        loop == medians.end() ? std::nan("") : 1e6 * loop->second.seconds_per_step;
    std::fprintf(out, "%-18s %-8s %11.3f %11.3f %10.1f%% %10.2f %11.3f\n", n.workload.c_str(),
                 n.method.c_str(), ours, floor, 100 * floor / ours, ours / floor, loop_us);
  }
}

// The ball-scaling-* rows: per method, time per step, peak memory,
// factorizations per step, and per size the stage matrix's CHOLMOD factor
// (bench/ours.cpp): its operation count (GF/fac) and nonzeros in millions
// (nnz(L)), both from the analysis of the kept ordering, the time of one
// solve with it (solve ms) and the share of the factorization's work in
// its root chain, the top separator (root %). Then the least-squares
// slopes of log(time per step), log(GF/fac), log(nnz(L)) and log(solve ms)
// against log(tetrahedra) and log(dofs) (the fit of the convergence
// tables, fit_order). The GF/fac slope bounds the first from below for
// large meshes unless the factorizations per step fall with the size; the
// solve's bounds it even then, since every Newton iteration solves once
// and the iterations per step do not fall with the size. The slopes
// against tetrahedra and against dofs differ: the share of surface
// vertices, which have fewer tetrahedra each, falls as the mesh is refined
// (tetrahedra per dof 1.47 at 5k tetrahedra, 1.79 at 76k).
void print_scaling(const std::map<std::string, Median>& medians, std::FILE* out) {
  std::map<std::string, std::vector<const Median*>> by_method;
  for (const auto& [name, m] : medians) {
    Name n;
    if (split(name, n) && n.workload.rfind("ball-scaling-", 0) == 0)
      by_method[n.method].push_back(&m);
  }
  if (by_method.empty()) return;
  std::fprintf(out, "\nscaling (ball-scaling-*: time per step and peak memory against size):\n");
  std::fprintf(out, "%-28s %9s %9s %12s %9s %7s %8s %8s %9s %7s %10s %10s\n", "method", "tets",
               "dofs", "ms/step", "peak MB", "fac/st", "GF/fac", "nnz(L)M", "solve ms", "root %",
               "exp. tets", "exp. dofs");
  for (auto& [method, points] : by_method) {
    std::sort(points.begin(), points.end(), [](const Median* a, const Median* b) {
      return counter(*a, "dofs") < counter(*b, "dofs");
    });
    std::vector<double> tets, dofs, seconds, gflops, nonzeros, solves;
    for (const Median* m : points) {
      tets.push_back(counter(*m, "tets"));
      dofs.push_back(counter(*m, "dofs"));
      seconds.push_back(m->seconds_per_step);
      gflops.push_back(counter(*m, "gflop_per_factor"));
      nonzeros.push_back(counter(*m, "factor_mnz"));
      solves.push_back(counter(*m, "solve_ms"));
      std::fprintf(out, "%-28s %9.0f %9.0f %12.2f %9.0f %7.2f %8.3g %8.3g %9.3g %7.1f\n",
                   method.c_str(), tets.back(), dofs.back(), 1e3 * m->seconds_per_step,
                   counter(*m, "peak_mb"), counter(*m, "factor_per_step"), gflops.back(),
                   nonzeros.back(), solves.back(), 100 * counter(*m, "root_share"));
    }
    const auto slopes = [&](const std::string& label, const std::vector<double>& values) {
      if (!std::all_of(values.begin(), values.end(), [](double v) { return v > 0; })) return;
      std::fprintf(out, "%-28s %9s %9s %12s %9s %7s %8s %8s %9s %7s %10.3f %10.3f\n", label.c_str(),
                   "", "", "", "", "", "", "", "", "", fit_order(tets, values).slope,
                   fit_order(dofs, values).slope);
    };
    slopes(method, seconds);
    slopes(method + " (GF/fac)", gflops);
    slopes(method + " (nnz(L))", nonzeros);
    slopes(method + " (solve)", solves);
  }
}

// The stage-solve/* rows (bench/stage_solves.cpp): one Newton system of the
// ball-scaling meshes per solver, the time of one solve from the matrix
// (factorization or preconditioner included), the Krylov iterations, the
// relative residual, and the least-squares slope of log(ms per solve)
// against log(tetrahedra) per solver.
void print_stage_solves(const std::map<std::string, Median>& medians, std::FILE* out) {
  std::map<std::string, std::vector<const Median*>> by_solver;
  for (const auto& [name, m] : medians) {
    Name n;
    if (split(name, n) && n.workload == "stage-solve") by_solver[n.implementation].push_back(&m);
  }
  if (by_solver.empty()) return;
  std::fprintf(out,
               "\none Newton system of the ball-scaling meshes (stage-solve/*: M/tau^2 + "
               "Hessian at rest, from the matrix):\n");
  std::fprintf(out, "%-16s %9s %11s %6s %10s\n", "solver", "tets", "ms/solve", "its", "rel. res.");
  for (auto& [solver, points] : by_solver) {
    std::sort(points.begin(), points.end(), [](const Median* a, const Median* b) {
      return counter(*a, "tets") < counter(*b, "tets");
    });
    std::vector<double> tets, ms;
    for (const Median* m : points) {
      tets.push_back(counter(*m, "tets"));
      ms.push_back(1e3 / counter(*m, "solves_per_s"));
      std::fprintf(out, "%-16s %9.0f %11.3f %6.0f %10.1e\n", solver.c_str(), tets.back(), ms.back(),
                   counter(*m, "iterations"), counter(*m, "rel_residual"));
    }
    if (points.size() >= 2)
      std::fprintf(out, "%-16s %9s exponent against tetrahedra %.3f\n", solver.c_str(), "",
                   fit_order(tets, ms).slope);
  }
}

// The 3-D bodies against PETSc's SNES (bench/petsc_fe_peer.cpp): per row,
// ours and the peer per step and per simulated second, the work of each
// and the distance between the final states; ours twice where the row
// also ran with tibench's supernodal factorization (sn: tibench-supernodal,
// the same settings with linear_solver=supernodal).
void print_fe_rows(const std::map<std::string, Median>& medians, std::FILE* out) {
  bool header = false;
  for (const auto& [name, peer] : medians) {
    Name n;
    if (!split(name, n) || n.implementation.rfind("petsc-", 0) != 0 ||
        std::isnan(counter(peer, "diff_ours")))
      continue;
    const auto ours = medians.find(n.workload + "/" + n.method + "/tibench");
    if (ours == medians.end()) continue;
    if (!header) {
      std::fprintf(out,
                   "\n3-D bodies against PETSc SNES (s/s: wall seconds per simulated second; "
                   "sn: ours with linear_solver=supernodal; nwt: Newton iterations per step; "
                   "fac: factorizations per step; p: the peer's; psd: PSD-projected restarts "
                   "per step; diff: max |state - ours| at the end):\n");
      std::fprintf(out, "%-17s %-26s %-13s %9s %9s %9s %7s %7s %6s %6s %6s %6s %6s %9s %7s\n",
                   "workload", "method", "peer", "ours s/s", "sn s/s", "peer s/s", "ratio",
                   "sn rat", "nwt", "nwt p", "fac", "fac p", "psd", "diff", "dofs");
      header = true;
    }
    const double h = workload(n.workload).h_implicit;
    const Median& o = ours->second;
    const auto sn_it = medians.find(n.workload + "/" + n.method + "/tibench-supernodal");
    const double sn = sn_it == medians.end() ? std::nan("") : sn_it->second.seconds_per_step;
    std::fprintf(out,
                 "%-17s %-26s %-13s %9.3f %9.3f %9.3f %7.3f %7.3f %6.2f %6.2f %6.2f %6.2f %6.3f "
                 "%9.1e %7.0f\n",
                 n.workload.c_str(), n.method.c_str(), n.implementation.c_str(),
                 o.seconds_per_step / h, sn / h, peer.seconds_per_step / h,
                 o.seconds_per_step / peer.seconds_per_step, sn / peer.seconds_per_step,
                 counter(o, "newton_per_step"), counter(peer, "newton_per_step"),
                 counter(o, "factor_per_step"), counter(peer, "factor_per_step"),
                 counter(peer, "psd_per_step"), counter(peer, "diff_ours"), counter(peer, "dofs"));
  }
}

// The assembly/* rows (bench/assembly.cpp): each element loop's time on one
// and on two threads and the speed-up, (time on 1) / (time on 2).
void print_thread_speedups(const std::map<std::string, Median>& medians, std::FILE* out) {
  bool header = false;
  const std::string one = "-threads-1";
  for (const auto& [name, m1] : medians) {
    Name n;
    if (!split(name, n) || n.workload != "assembly" || n.implementation.size() <= one.size() ||
        n.implementation.compare(n.implementation.size() - one.size(), one.size(), one) != 0)
      continue;
    const std::string part = n.implementation.substr(0, n.implementation.size() - one.size());
    const auto m2 = medians.find("assembly/" + n.method + "/" + part + "-threads-2");
    if (m2 == medians.end()) continue;
    if (!header) {
      std::fprintf(out,
                   "\nelement loops on two threads (assembly/*: one evaluation at the stretched "
                   "initial state; speed-up = time on 1 / time on 2):\n");
      std::fprintf(out, "%-17s %-13s %8s %11s %11s %9s\n", "workload", "part", "dofs", "1 thr ms",
                   "2 thr ms", "speed-up");
      header = true;
    }
    const double t1 = 1e3 / counter(m1, "evals_per_s"),
                 t2 = 1e3 / counter(m2->second, "evals_per_s");
    std::fprintf(out, "%-17s %-13s %8.0f %11.3f %11.3f %9.2f\n", n.method.c_str(), part.c_str(),
                 counter(m1, "dofs"), t1, t2, t1 / t2);
  }
}

}  // namespace

void describe_peer(const std::string& benchmark, const std::string& settings) {
  settings_table()[benchmark] = settings;
}

const std::map<std::string, std::string>& peer_settings() { return settings_table(); }

void print_ratio_table(const std::map<std::string, Median>& medians, std::FILE* out) {
  std::fprintf(out,
               "\n==== tibench bench: ratio table (ours / peer, time per step, medians) ====\n"
               "ratio < 1: tibench is faster. err: max-norm error of (q, v) at t_end vs RK4 at "
               "h/64 (implicit methods).\n"
               "setup: building the integrator once per benchmark, not in the time per step.\n"
               "[unoptimized] = a peer library built without optimization (Debian's SUNDIALS; make "
               "bench builds an optimized one).\n\n");
  print_peer_rows(medians, out);
  print_best_variants(medians, out);
  print_settings(medians, out);
  print_ours(medians, out);
  print_floor(medians, out);
  print_scaling(medians, out);
  print_stage_solves(medians, out);
  print_fe_rows(medians, out);
  print_thread_speedups(medians, out);
  print_paper_timings(medians, out);
}

}  // namespace tibench::bench
