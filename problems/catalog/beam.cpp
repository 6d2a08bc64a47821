// beam — the double-clamped beam of Löschner et al. 2020 §5.3 (Figs. 2–4):
// a rectangular hyperelastic beam of 4 × 4 × 32 trilinear hexahedra
// (2 × 2 × 2 Gauss points), clamped at both end faces, swinging under
// gravity from its undeformed rest shape. No damping in the paper's study.
//
//   M v' = −∇(U_el + U_g) − ∇_v R,   U_el = Σ_e Σ_qp w Ψ(F),
//   U_g = g Σ_i m_i y_i  (gravity along −y; y is the vertical axis),
//   x ∈ [0, length] along the beam, y ∈ [0, height], z ∈ [0, width].
//
// Parameters (defaults; source):
//   rho = 1000 kg/m³, E = 1e5 Pa, nu = 0.4     Löschner et al. §5.3
//   nx × ny × nz = 32 × 4 × 4 elements          Löschner et al. Fig. 2 ("4 × 4 × 32")
//   material = stable-neo-hookean               Löschner et al. §5.2 use Stable
//     Neo-Hookean (Smith et al. 2018) and corotated linear (rotation fixed at
//     the step start); which one the beam used is not stated; both selectable
//   g = 9.81 m/s² (our value; "subjected to gravity"), transverse to the beam
//   lumped mass (ρ V_e / 8 per node), clamped end faces (x = 0 and x = length)
// Choices where the paper is silent:
//   - Dimensions 1 m × 0.125 m × 0.125 m: the 4 × 4 × 32 mesh then has cubic
//     elements (edge 31.25 mm), and the beam sags visibly but moderately: a
//     static solve gives a midpoint sag of 0.136 m (Stable Neo-Hookean),
//     0.130 m (corotated) (Euler–Bernoulli q L⁴/(384 E I) ≈ 0.2 m ignores the
//     stretching of the clamped beam); beams of the same aspect ratio but
//     larger sag far more (the sag grows ∝ length), e.g. 0.5 × 0.5 × 4 m
//     would hang metres deep.
//   - Initial state: undeformed and at rest (the beam then "swings").
//   - Mesh resolution, clamping, an initial spin about the vertical axis
//     (`spin`, rad/s) and an axial stretch rate (`stretch`, 1/s) are
//     parameters, so that small versions run in tests and the free spinning
//     and stretching beam of Brown et al. §7.1 (Figs. 6–7) is the same
//     problem with clamped = false, g = 0.
//   - Damping (`damping`, see solid_damping.hpp): none by default, as in
//     the paper's study; Rayleigh with α, β and its momentum-conserving
//     corrections, or strain-rate damping with ψ, φ.
//   - cantilever = true clamps the x = 0 face only: the bar of Dinev et al.
//     2018 Fig. 8 (claim D-R2).
//   - hinged = true (with clamped = false) pins only the edge x = 0,
//     y = height, and hinge_spin starts the body rotating about it: as a
//     10 cm cube (length = height = width = 0.1), You et al. 2025's rotating
//     cube (App. A; claim Y-V2), fixed-corotated there.
// Observables: specific_energy = (kinetic + gravitational + strain energy)
// / (ρ V) (Löschner et al.'s e_tot; ρV includes the clamped nodes, whose
// energy is constant), midpoint_deflection, the mean downward
// displacement Y − y of the nodes of the mid-length cross-section (the two
// nearest planes when nx is odd), and tip_deflection, the same for the free
// nodes of the x = length face (0 when it is clamped).
#include <cmath>

#include "problems/dissipation/solid_damping.hpp"
#include "problems/fem/elastic_body.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<std::string> beam_materials() {
  return {"stable-neo-hookean", "corotated-linear", "fixed-corotated"};
}

std::vector<ParamSpec> beam_params() {
  return {
      choice_param("material", "stable-neo-hookean", beam_materials(),
                   "Stable Neo-Hookean (Smith et al. 2018), corotated linear with the rotation "
                   "fixed at the step start (Loeschner et al. 2020 Sec. 5.2), or fixed-corotated "
                   "(Stomakhin et al. 2012)"),
      real_param("E", 1e5, "Young's modulus [Pa] (Loeschner et al. Sec. 5.3)", Range::positive()),
      real_param("nu", 0.4, "Poisson ratio (Loeschner et al. Sec. 5.3)", Range::open(-1, 0.5)),
      real_param("rho", 1000.0, "density [kg/m^3] (Loeschner et al. Sec. 5.3)", Range::positive()),
      real_param("g", 9.81, "gravitational acceleration along -y [m/s^2]", Range::nonnegative()),
      real_param("length", 1.0, "beam length along x [m] (our choice: cubic elements)",
                 Range::positive()),
      real_param("height", 0.125, "beam height along y [m] (our choice)", Range::positive()),
      real_param("width", 0.125, "beam width along z [m] (our choice)", Range::positive()),
      // At most kMaxCells = 256 x 32 x 32 cells (~0.9M dofs) in all: the
      // sparse Hessian stays near 1 GB and its factor a few GB, far below
      // the machine. Each count up to 256 (a 96 x 1 x 96 cloth is a plate).
      integer_param("nx", 32, "elements along the length (Loeschner et al. Fig. 2)",
                    Range::closed(1, 256)),
      integer_param("ny", 4, "elements along the height (Loeschner et al. Fig. 2)",
                    Range::closed(1, 256)),
      integer_param("nz", 4, "elements along the width (Loeschner et al. Fig. 2)",
                    Range::closed(1, 256)),
      bool_param("clamped", true, "clamp both end faces (Loeschner et al. Sec. 5.3)"),
      bool_param("cantilever", false,
                 "clamp only the x = 0 face: a cantilever (Dinev et al. 2018 Fig. 8's bar); "
                 "needs clamped = true"),
      real_param("spin", 0.0, "initial angular velocity about the vertical axis [rad/s]",
                 Range::any("every initial state is valid")),
      bool_param("hinged", false,
                 "pin only the nodes of the edge x = 0, y = height (along z): a body swinging "
                 "about a fixed edge (You et al. 2025's rotating cube); needs clamped = false"),
      real_param("hinge_spin", 0.0,
                 "hinged = true: initial angular velocity about the pinned edge [rad/s]",
                 Range::any("every initial state is valid")),
      real_param("stretch", 0.0, "initial axial stretch rate [1/s]",
                 Range::any("every initial state is valid")),
      choice_param("damping", "none", solid_damping_ids(),
                   "dissipation model (none in Loeschner et al.'s beam study)"),
      real_param("alpha", 0.0, "Rayleigh mass coefficient [1/s]", Range::nonnegative()),
      real_param("beta", 0.0, "Rayleigh stiffness coefficient [s]", Range::nonnegative()),
      real_param("psi", 0.0, "strain-rate shear damping [Pa s] (Brown et al. Eq. 43)",
                 Range::nonnegative()),
      real_param("phi", 0.0, "strain-rate bulk damping [Pa s] (Brown et al. Eq. 43)",
                 Range::nonnegative()),
  };
}

constexpr long kMaxCells = 256L * 32 * 32;

std::shared_ptr<const MeshGeometry> beam_geometry(const ParamSet& p) {
  const int nx = static_cast<int>(p.integer("nx"));
  const long cells = p.integer("nx") * p.integer("ny") * p.integer("nz");
  if (cells > kMaxCells)
    throw InputError("beam: nx * ny * nz = " + std::to_string(cells) +
                     " cells is out of range (accepted: at most " + std::to_string(kMaxCells) +
                     ", about 0.9M dofs)");
  SolidMesh mesh =
      hex_grid(nx, static_cast<int>(p.integer("ny")), static_cast<int>(p.integer("nz")),
               {p.real("length"), p.real("height"), p.real("width")});
  if (p.boolean("cantilever") && !p.boolean("clamped"))
    throw InputError(
        "beam: cantilever=true clamps the x = 0 face and needs clamped=true (got "
        "clamped=false)");
  if (p.boolean("hinged") && p.boolean("clamped"))
    throw InputError("beam: hinged=true pins one edge and needs clamped=false (got clamped=true)");
  if (p.boolean("hinged")) {
    const int ny = static_cast<int>(p.integer("ny"));
    for (Index n = 0; n < mesh.rest.cols(); ++n)  // x = 0 and y = height
      if (n % (nx + 1) == 0 && (n / (nx + 1)) % (ny + 1) == ny)
        mesh.fixed[static_cast<std::size_t>(n)] = true;
  }
  const bool free_tip = p.boolean("cantilever");
  if (p.boolean("clamped"))
    for (Index n = 0; n < mesh.rest.cols(); ++n)
      if (n % (nx + 1) == 0 || (n % (nx + 1) == nx && !free_tip))
        mesh.fixed[static_cast<std::size_t>(n)] = true;
  return std::make_shared<const MeshGeometry>(std::move(mesh));
}

class Beam final : public DissipativeProblem {
 public:
  Beam(ParamSet p, std::shared_ptr<const MeshGeometry> geo)
      : DissipativeProblem(p, 3, geo->lumped_mass(p.real("rho"))),
        body_(std::make_shared<ElasticBody>(
            geo, Material(material_model(p.choice("material")),
                          Lame::from_young_poisson(p.real("E"), p.real("nu"))))),
        g_(p.real("g")),
        total_mass_(p.real("rho") * geo->volume()),
        element_size_(std::min({p.real("length") / static_cast<double>(p.integer("nx")),
                                p.real("height") / static_cast<double>(p.integer("ny")),
                                p.real("width") / static_cast<double>(p.integer("nz"))})) {
    if (p.real("nu") >= 0.5) throw InputError("beam: nu must be < 0.5");
    q0_ = geo->rest_q();
    v0_ = Vec::Zero(dofs());
    const Eigen::Vector3d centre(0.5 * p.real("length"), 0.5 * p.real("height"),
                                 0.5 * p.real("width"));
    const Eigen::Vector3d omega(0.0, p.real("spin"), 0.0);
    const Eigen::Vector3d hinge_omega(0.0, 0.0, p.real("hinge_spin"));
    const Eigen::Vector3d hinge(0.0, p.real("height"), 0.0);
    for (Index n = 0; n < nodes(); ++n) {
      const Eigen::Vector3d r = q0_.segment<3>(3 * n) - centre;
      v0_.segment<3>(3 * n) = omega.cross(r) + Eigen::Vector3d(p.real("stretch") * r.x(), 0, 0);
      if (p.boolean("hinged"))
        v0_.segment<3>(3 * n) += hinge_omega.cross(Eigen::Vector3d(q0_.segment<3>(3 * n) - hinge));
    }
    // Mid-length cross-section(s) for the deflection observable.
    const long nx = p.integer("nx");
    const long plane_a = nx / 2, plane_b = (nx + 1) / 2;
    const SolidMesh& mesh = geo->mesh();
    for (Index n = 0; n < mesh.rest.cols(); ++n) {
      const long i = static_cast<long>(n % (nx + 1));
      const Index d = geo->node_dof(static_cast<int>(n));
      if ((i == plane_a || i == plane_b) && d >= 0) mid_dofs_.push_back(d + 1);
      if (i == nx && d >= 0) tip_dofs_.push_back(d + 1);
    }
    SolidDamping damping{p.choice("damping"), p.real("alpha"), p.real("beta"), p.real("psi"),
                         p.real("phi")};
    for (auto& m : solid_damping_models(damping, body_, mass(), q0_)) add_dissipation(std::move(m));
  }

  static constexpr std::string_view kId = "beam";
  std::string_view id() const override { return kId; }

  double potential(const Vec& q) const override { return body_->energy(q) + gravity(q); }
  void gradient(const Vec& q, Vec& g) const override {
    g.setZero(dofs());
    body_->add_gradient(q, g);
    for (Index n = 0; n < nodes(); ++n) g[3 * n + 1] += g_ * mass()[3 * n + 1];
  }
  void hessian(const Vec& q, Triplets& out, bool project_psd) const override {
    body_->add_hessian(q, out, project_psd);
  }
  bool hessian_values(const Vec& q, bool project_psd, double* values,
                      std::size_t count) const override {
    if (count != body_->hessian_value_count()) return false;
    body_->write_hessian_values(q, project_psd, values);
    return true;
  }
  void begin_step(const State& s) const override {
    body_->update_rotations(s.q);  // before the lagged Rayleigh stiffness uses them
    DissipativeProblem::begin_step(s);
  }

  State initial_state() const override { return {q0_, v0_, 0.0}; }
  // Perturbations small against the element size (no inverted element).
  State sample_state(std::uint64_t seed) const override {
    return perturbed_initial_state(seed, 0.05 * element_size_, 0.3);
  }

  std::vector<std::string> observable_names() const override {
    return {"specific_energy", "midpoint_deflection", "tip_deflection"};
  }
  void observables(const State& s, std::vector<double>& out) const override {
    out = {total_energy(s) / total_mass_, mean_drop(mid_dofs_, s.q), mean_drop(tip_dofs_, s.q)};
  }

 private:
  // The mean downward displacement Y − y of the given vertical dofs (0 for none).
  double mean_drop(const std::vector<Index>& dofs, const Vec& q) const {
    double drop = 0.0;
    for (Index d : dofs) drop += q0_[d] - q[d];
    return dofs.empty() ? 0.0 : drop / static_cast<double>(dofs.size());
  }
  double gravity(const Vec& q) const {
    double U = 0.0;
    for (Index n = 0; n < nodes(); ++n) U += g_ * mass()[3 * n + 1] * q[3 * n + 1];
    return U;
  }

  std::shared_ptr<ElasticBody> body_;
  double g_, total_mass_, element_size_;
  Vec q0_, v0_;
  std::vector<Index> mid_dofs_, tip_dofs_;  // vertical dofs of the mid-length and x = length faces
};

}  // namespace

ProblemInfo beam_problem() {
  return {std::string(Beam::kId),
          "double-clamped hyperelastic beam, 4x4x32 hex, gravity (Loeschner et al. 2020 Sec. 5.3)",
          beam_params,
          [](ParamSet p) -> std::unique_ptr<Problem> {
            auto geo = beam_geometry(p);
            return std::make_unique<Beam>(std::move(p), std::move(geo));
          },
          {"nx=4", "ny=2", "nz=2"},
          {{"material=corotated-linear"},
           {"damping=rayleigh", "alpha=0.1", "beta=0.01"},
           {"damping=rayleigh-projection", "beta=0.01"},
           {"damping=rayleigh-velocity-gradient", "beta=0.01", "material=corotated-linear"},
           {"damping=strain-rate", "psi=10", "phi=5", "alpha=0.1"},
           {"clamped=false", "g=0", "spin=2", "stretch=0.5"},
           {"cantilever=true"},
           {"clamped=false", "hinged=true", "hinge_spin=3", "length=0.1", "height=0.1", "width=0.1",
            "nx=2", "material=fixed-corotated", "E=5e4", "nu=0.3"}}};
}

}  // namespace tibench
