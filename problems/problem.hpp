// The Problem interface: a mechanical system in generalized coordinates,
//
//     q' = v,    M v' = f(q, v, t) = f_ext(t) − ∇P(q) − ∇_v R(q, v),
//
// with a lumped diagonal mass M (vector `mass()`), potential energy P (elastic,
// gravitational, barrier terms), Rayleigh-type dissipation function R ≥ 0 and
// an external force. Positions of the free degrees of freedom are stored
// node-major: q = (x_0, y_0, z_0, x_1, ...) for `dim()` coordinates per node.
//
// Observables: kinetic energy ½ vᵀMv, potential P(q), total H = K + P, linear
// momentum Σ m_i v_i (dim components), angular momentum Σ x_i × m_i v_i about
// the origin (3 components; zero for dim = 1), plus problem-specific ones.
//
// Nothing in problems/ knows about integrators, files or the CLI.
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/parameters.hpp"
#include "problems/capabilities.hpp"

namespace tibench {

using SparseMatrix = Eigen::SparseMatrix<double>;

// v.allFinite() in one vectorized pass (Eigen's visits entry by entry):
// v_i · 0 is ±0 for a finite entry and NaN otherwise, so the sum is zero
// exactly when every entry is finite.
inline bool all_finite(const Vec& v) { return (v.array() * 0.0).sum() == 0.0; }

// to = from, through the C library's copy: at 10³ entries it takes a third
// of the instructions of Eigen's element-pair loop (callgrind), which the
// implicit steppers pay several times per stage.
inline void copy_vector(const Vec& from, Vec& to) {
  if (&from == &to) return;
  to.resize(from.size());
  std::copy(from.data(), from.data() + from.size(), to.data());
}

class ObstacleContact;  // problems/contact/obstacle_contact.hpp
class ElementSplit;     // problems/element_split.hpp

struct State {
  Vec q;
  Vec v;
  double t = 0.0;
};

class Problem {
 public:
  virtual ~Problem() = default;
  Problem(const Problem&) = delete;
  Problem& operator=(const Problem&) = delete;

  virtual std::string_view id() const = 0;
  // The resolved parameter set (defaults + overrides), for provenance.
  const ParamSet& params() const { return params_; }

  Index dofs() const { return mass_.size(); }
  int dim() const { return dim_; }
  Index nodes() const { return dofs() / dim_; }
  const Vec& mass() const { return mass_; }
  const Vec& inverse_mass() const { return inv_mass_; }

  // --- potential energy ---------------------------------------------------
  virtual double potential(const Vec& q) const = 0;
  // g = ∇P(q); g is resized by the implementation.
  virtual void gradient(const Vec& q, Vec& g) const = 0;
  // Appends the entries of ∇²P(q) to `out` (duplicates are summed). The set
  // of (row, col) positions must not depend on q: engines analyze the
  // sparsity pattern once and reuse it. With project_psd the implementation
  // returns a positive semidefinite approximation (e.g. per-element
  // eigenvalue clamping); problems whose Hessian is always PSD ignore it.
  virtual void hessian(const Vec& q, Triplets& out, bool project_psd) const = 0;
  // The values hessian(q, out, project_psd) appends, in its order, written
  // to values[0 … count): solvers that keep the assembled pattern refill it
  // from these without the positions. False, with nothing written, when the
  // problem has no such path or hessian() appends other than `count`
  // entries. Implementations must equal hessian() bit for bit
  // (tests/integrators/test_hessian_values.cpp checks every registry problem).
  virtual bool hessian_values(const Vec& /*q*/, bool /*project_psd*/, double* /*values*/,
                              std::size_t /*count*/) const {
    return false;
  }
  // Continuous collision detection for problems whose potential is finite
  // only on part of the space (barriers, elements that must not invert): the
  // largest α ∈ (0, ∞] such that every barrier distance stays above a
  // fraction of its current value along q + s dq for s ∈ [0, α] (as IPC's
  // filtered line search, Li et al. 2020 §4.3). Solvers never step further.
  virtual double max_feasible_step(const Vec& /*q*/, const Vec& /*dq*/) const {
    return std::numeric_limits<double>::infinity();
  }
  // True when the potential is finite only on part of the space and
  // max_feasible_step says where: solvers then start from a feasible point
  // and filter their steps (an extra Φ evaluation per solve, skipped otherwise).
  // When false, max_feasible_step must be ∞ everywhere (solvers skip it;
  // tests/integrators/test_problems.cpp checks every registry problem).
  virtual bool has_feasibility_limit() const { return false; }
  // True when ∇²P does not depend on q (quadratic potentials, e.g. the linear
  // spring chain): engines may then keep an assembled Hessian instead of
  // assembling it again. Default: false.
  virtual bool hessian_is_constant() const { return false; }
  // False when the (row, col) positions of ∇²P may change with q (e.g.
  // self-collision penalties couple whichever vertices collide): solvers
  // then analyze the pattern again whenever it changes. Default: true.
  virtual bool hessian_pattern_is_fixed() const { return true; }

  // --- contact with analytic obstacles --------------------------------------
  // The body's contact against obstacles (problems/contact/), or null.
  // Penalty and IPC contact are part of P; constraint contact is enforced by
  // the solver of every implicit stage (solvers/nonlinear/contact_projection.hpp);
  // post-process contact by the driver after every step. Engines that cannot
  // honour the selected model refuse the problem with a message.
  virtual const ObstacleContact* contact() const { return nullptr; }
  // Facts about the instance beyond its parameters, recorded with every run
  // (e.g. a mesh's source and counts), as (name, value) pairs.
  virtual std::vector<std::pair<std::string, std::string>> provenance() const { return {}; }
  // The boundary triangles of a body whose node i is mesh vertex i (for
  // viewing the body: XDMF files of its motion); empty for other problems.
  virtual std::vector<std::array<int, 3>> surface_triangles() const { return {}; }
  // Contacts between the parts of the body's mesh (problems/capabilities.hpp),
  // or null when the problem does not report them.
  virtual const MeshContacts* mesh_contacts() const { return nullptr; }

  // --- capabilities (problems/capabilities.hpp); null: the problem has none ---
  // R(q, v); the force term −∇_v R.
  virtual const Dissipation* dissipation() const { return nullptr; }
  // Whether there is an R and it depends on q within a step.
  bool dissipation_depends_on_q() const {
    const Dissipation* r = dissipation();
    return r != nullptr && r->depends_on_q();
  }
  // f_ext(t).
  virtual const ExternalForce* external_force() const { return nullptr; }
  // P as projective constraints (solver=local-global).
  virtual const ProjectiveForm* projective_form() const { return nullptr; }

  // --- ADMM split (solver=admm) ---------------------------------------------
  // P(q) = Σ_b E_b(D_b q + c_b) − f·q + const (problems/element_split.hpp),
  // or null when the potential has other terms (contact energies,
  // self-collision penalties) or the problem has dissipation that
  // Dissipation::split cannot list. (Constraint contact is not part of P: the
  // solver enforces it.) A problem returns a split only for parameter values
  // where it is exact.
  virtual const ElementSplit* element_split() const { return nullptr; }

  // --- time-dependent potentials (kinematic obstacles) ----------------------
  // P may depend on t through scripted obstacles: P(q) is then evaluated at
  // the time last set here. force(), acceleration() and total_energy() set
  // it from their t; engines set it for each stage (IncrementalPotential).
  bool potential_depends_on_time() const { return time_dependent_potential_; }
  void set_potential_time(double t) const {
    if (time_dependent_potential_) on_potential_time(t);
  }

  // --- per-step hook ---------------------------------------------------------
  // Called by every engine at the start of each step with the step's initial
  // state, before any force or Hessian evaluation of that step. Problems that
  // lag a quantity at the step start (e.g. the stiffness of Rayleigh damping,
  // the rotations of corotated elasticity) cache it here in mutable members;
  // a Problem instance therefore serves one run at a time (every run builds
  // its own instance from the registry).
  virtual void begin_step(const State& /*s*/) const {}

  // --- initial value and exact solution -----------------------------------
  virtual State initial_state() const = 0;
  virtual bool has_exact() const { return false; }
  // The exact state at time t; only called when has_exact().
  virtual State exact(double t) const;

  // --- scales for tests and tools -------------------------------------------
  // The shortest physical time scale of the motion from the initial state
  // (1/ω of the fastest mode, the damping time M/c, a contact time), so that
  // tools and tests can choose step sizes relative to it. The default bounds
  // the fastest rate from the Hessian of P and the dissipation Hessian at the
  // initial state (Gershgorin); problems whose stiff behaviour is not visible
  // there (e.g. a barrier not yet in contact) override it.
  virtual double time_scale() const;
  // A random admissible state near the initial one, for property tests
  // (derivatives against finite differences, PSD projection, RK4 energy
  // behaviour). The default perturbs every q and v by 0.3 U(−1, 1); problems
  // with a restricted domain (no inverted elements, positive barrier
  // distance) or with small length scales override it. Deterministic in seed.
  virtual State sample_state(std::uint64_t seed) const;
  // False when P or R has a discontinuous derivative of some order (one-sided
  // contact potentials): convergence orders are then limited by the
  // smoothness, not by the integrator.
  virtual bool is_smooth() const { return true; }

  // --- force and observables ----------------------------------------------
  // f = f_ext(t) − ∇P(q) − ∇_v R(q, v); `scratch` avoids allocation.
  void force(const Vec& q, const Vec& v, double t, Vec& f, Vec& scratch) const;
  // a = M⁻¹ force(q, v, t), bit for bit, in fewer passes over memory (for the
  // explicit engines, whose cost on cheap problems is memory traffic).
  void acceleration(const Vec& q, const Vec& v, double t, Vec& a, Vec& scratch) const;
  // a = −M⁻¹ ∇P(q): acceleration() of a problem without dissipation and
  // external force, bit for bit, without asking which force terms it has.
  // Engines that evaluate forces many times per step on tiny systems (where
  // those virtual queries cost as much as the force) ask once and call this.
  void potential_acceleration(const Vec& q, Vec& a) const {
    if (fuses_acceleration_)
      fused_potential_acceleration(q, a);
    else
      unfused_potential_acceleration(q, a);
  }
  // The two forms of potential_acceleration, for callers that asked
  // fuses_acceleration() once: the gradient followed by the product, or the
  // problem's one pass (valid only when fuses_acceleration()).
  bool fuses_acceleration() const { return fuses_acceleration_; }
  virtual void fused_potential_acceleration(const Vec& /*q*/, Vec& /*a*/) const {}
  void unfused_potential_acceleration(const Vec& q, Vec& a) const {
    gradient(q, a);
    // −(g m⁻¹) rounds exactly like m⁻¹ (−g): negation commutes with rounding.
    // A plain loop, inline: for tiny systems a call and Eigen's dynamic-size
    // setup cost more than the arithmetic. One dof goes without the loop,
    // whose vectorized form costs more to enter than the product.
    double* x = a.data();
    const double* m_inv = inv_mass_.data();
    const auto scale = [&](Index i) { x[i] = -(x[i] * m_inv[i]); };
    if (const Index n = a.size(); n == 1)
      scale(0);
    else
      for (Index i = 0; i < n; ++i) scale(i);
  }
  double kinetic_energy(const Vec& v) const;
  double total_energy(const State& s) const {
    set_potential_time(s.t);
    return kinetic_energy(s.v) + potential(s.q);
  }
  Vec linear_momentum(const Vec& v) const;                 // dim components
  Eigen::Vector3d angular_momentum(const State& s) const;  // about the origin
  // Problem-specific observables, recorded per output sample by name.
  virtual std::vector<std::string> observable_names() const { return {}; }
  virtual void observables(const State& /*s*/, std::vector<double>& out) const { out.clear(); }

 protected:
  Problem(ParamSet params, int dim, Vec mass);
  // The initial state with every q and v perturbed by dq U(−1, 1) and
  // dv U(−1, 1) from SplitMix64(seed): the usual sample_state.
  State perturbed_initial_state(std::uint64_t seed, double dq, double dv) const;
  // Declares that P depends on time; on_potential_time(t) then receives it.
  void set_time_dependent_potential(bool on) { time_dependent_potential_ = on; }
  // Declares that fused_potential_acceleration (an override) gives
  // potential_acceleration's result in one pass.
  void set_fuses_acceleration(bool on) { fuses_acceleration_ = on; }
  virtual void on_potential_time(double /*t*/) const {}

 private:
  ParamSet params_;
  int dim_;
  Vec mass_;
  Vec inv_mass_;
  // A problem whose gradient kernel can write −M⁻¹∇P directly sets this and
  // overrides fused_potential_acceleration (one pass instead of two; the
  // same bits). A flag rather than a virtual potential_acceleration: tiny
  // problems keep their single virtual call, and engines resolve the flag
  // once (rk_fast_stages.hpp).
  bool fuses_acceleration_ = false;
  bool time_dependent_potential_ = false;
};

}  // namespace tibench
