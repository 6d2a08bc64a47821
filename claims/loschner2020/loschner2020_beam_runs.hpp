// The runs behind claims L-E1 and L-E2 (Löschner et al. 2020 §5.3, Figs.
// 3–4): the double-clamped beam (problem beam) swinging under gravity from
// rest, with each method of the paper that the registry has. The quantity is
// the paper's specific energy error |Δe(t)| = |e_tot(t) − e_tot(0)| (the
// beam's observable specific_energy).
//
// The beam is a coarser stand-in for the registry default (4 × 4 × 32):
// 2 × 2 × 16 hexahedra in full mode, 1 × 1 × 8 in fast mode, same size and
// material, so that 10⁵ backward-Euler steps stay within minutes.
#pragma once

#include <string>
#include <vector>

#include "claims/ledger.hpp"

namespace tibench::loschner_beam {

// The paper's methods that the registry has, with the paper's names.
struct Method {
  std::string id, label;
};
const std::vector<Method>& methods();

struct BeamRun {
  std::vector<double> t, de;   // sample times and |Δe| there [J/kg]
  double kinetic_final = 0.0;  // kinetic energy at the end [J/kg]
  double e0 = 0.0;             // e_tot(0) [J/kg]
  std::string failure;         // "" when every step succeeded
  double final_de() const { return de.empty() ? NAN : de.back(); }
};

struct RunSpec {
  std::string method;
  double h, t_end;
};

// Runs every spec (on two threads; results do not depend on it) and keeps
// them in ctx's cache under their spec; repeated specs run once.
void run_all(const ClaimContext& ctx, const std::vector<RunSpec>& specs);
// A run of run_all (runs it alone when it is not there yet).
const BeamRun& beam_run(const ClaimContext& ctx, const RunSpec& spec);

// The mesh parameters of the stand-in (plus ctx.scene_overrides).
std::vector<std::string> beam_params(const ClaimContext& ctx);
std::string beam_description(const ClaimContext& ctx);

// e_tot(0) − e_tot(x*) of the static sagged equilibrium x* [J/kg], from a
// static solve: backward Euler with h = 1e4 s, whose incremental potential
// is U(x) + ‖x − x̂‖²_M / (2h²), repeated until x stops moving.
double static_energy_gap(const ClaimContext& ctx);

}  // namespace tibench::loschner_beam
