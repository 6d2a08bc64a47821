// tet-rayleigh — one free elastic tetrahedron oscillating under Rayleigh
// damping, the "oscillating tetrahedron with Rayleigh damping" of Brown et
// al. 2018 §7.1 (Fig. 8 right), used for the first- vs second-order study
// of dissipative forces (claim B-A1) and for momentum conservation (B-AM1).
//
//   M v' = −∇U(q) − ∇_v R(q, v),   U = V Ψ(F)  (one linear element),
//   rayleigh = implicit (default):  R = ½ α vᵀMv + ½ β vᵀ K(q) v, K = ∇²U
//     (Brown et al. Eq. 46: depends on q within the step; ∇_q R from the
//     exact third derivatives of the St. Venant–Kirchhoff energy, which is a
//     quartic polynomial in q);
//   rayleigh = lagged:  D = α M + β K(q_n) clamped to PSD (Gast & Schroeder
//     2014 §4.2), optionally with a momentum-conserving correction
//     (`correction`: projection, Brown et al. §6.2; velocity-gradient, §6.3).
//
// Parameters (defaults; source): Brown et al. give no geometry, material,
// damping or initial state for this scene (§7.1); the defaults are
// tibench's substitute:
//   rho = 1000 kg/m³, E = 1e5 Pa, nu = 0.3, beta = 0.01 s, alpha = 0,
//   "one vertex pulled 20% along a normal": the right-corner tetrahedron
//   X0 = 0, X1 = s e_x, X2 = s e_y, X3 = s e_z (s = size = 0.1 m) with X3
//   displaced by pull · s along the normal of the opposite face (+z), all
//   four vertices free, at rest. Our choices: the right-corner shape, the
//   St. Venant–Kirchhoff material (for the exact ∇_q R; stable-neo-hookean
//   and corotated-linear are selectable with rayleigh = lagged).
// Invariants: linear momentum (zero); angular momentum only with a
// momentum-conserving damping model (Rayleigh damping of a deformed element
// exerts a net torque on rigid rotations, Brown et al. §6).
#include "problems/dissipation/implicit_rayleigh.hpp"
#include "problems/dissipation/solid_damping.hpp"
#include "problems/fem/elastic_body.hpp"
#include "problems/registry.hpp"

namespace tibench {
namespace {

std::vector<ParamSpec> tet_rayleigh_params() {
  return {
      real_param("E", 1e5, "Young's modulus [Pa] (tibench's choice; Brown et al. give none)",
                 Range::positive()),
      real_param("nu", 0.3, "Poisson ratio (tibench's choice; Brown et al. give none)",
                 Range::open(-1, 0.5)),
      real_param("rho", 1000.0, "density [kg/m^3] (tibench's choice; Brown et al. give none)",
                 Range::positive()),
      real_param("size", 0.1, "edge length of the right-corner tetrahedron [m] (our choice)",
                 Range::positive()),
      real_param("pull", 0.2,
                 "initial displacement of vertex 3 along +z, in units of size (-1 would put it "
                 "on the opposite face)",
                 Range::above(-1)),
      choice_param("material", "st-venant-kirchhoff", material_model_ids(),
                   "energy density (implicit Rayleigh needs st-venant-kirchhoff)"),
      choice_param("rayleigh", "implicit", {"implicit", "lagged"},
                   "implicit: R = beta/2 v'K(q)v (Brown et al. Eq. 46); lagged: K(q_n)"),
      choice_param("correction", "none", {"none", "projection", "velocity-gradient"},
                   "momentum-conserving correction (Brown et al. Sec. 6; lagged only)"),
      real_param("alpha", 0.0, "Rayleigh mass coefficient [1/s]", Range::nonnegative()),
      real_param("beta", 0.01,
                 "Rayleigh stiffness coefficient [s] (tibench's choice; Brown et al. give none)",
                 Range::nonnegative()),
  };
}

std::shared_ptr<const MeshGeometry> tet_geometry(double s) {
  SolidMesh mesh;
  mesh.nodes_per_element = 4;
  mesh.rest.resize(3, 4);
  mesh.rest << 0, s, 0, 0, 0, 0, s, 0, 0, 0, 0, s;
  mesh.elements = {0, 1, 2, 3};
  mesh.fixed.assign(4, false);
  return std::make_shared<const MeshGeometry>(std::move(mesh));
}

class TetRayleigh final : public DissipativeProblem {
 public:
  explicit TetRayleigh(ParamSet p)
      : DissipativeProblem(p, 3, tet_geometry(p.real("size"))->lumped_mass(p.real("rho"))),
        size_(p.real("size")) {
    if (p.real("nu") >= 0.5) throw InputError("tet-rayleigh: nu must be < 0.5");
    const MaterialModel model = material_model(p.choice("material"));
    body_ = std::make_shared<ElasticBody>(
        tet_geometry(size_), Material(model, Lame::from_young_poisson(p.real("E"), p.real("nu"))));
    q0_ = body_->geometry().rest_q();
    q0_[11] += p.real("pull") * size_;
    const bool implicit = p.choice("rayleigh") == "implicit";
    if (implicit) {
      if (model != MaterialModel::st_venant_kirchhoff)
        throw InputError(
            "tet-rayleigh: rayleigh=implicit needs material=st-venant-kirchhoff "
            "(got '" +
            p.choice("material") + "')");
      if (p.choice("correction") != "none")
        throw InputError("tet-rayleigh: correction='" + p.choice("correction") +
                         "' needs rayleigh=lagged");
      auto body = body_;
      auto derivatives = polynomial_stiffness_derivatives(
          [body](const Vec& q, Vec& g) {
            g.setZero(q.size());
            body->add_gradient(q, g);
          },
          [body](const Vec& q, Triplets& out) { body->add_hessian(q, out, false); }, size_);
      add_dissipation(std::make_unique<ImplicitRayleighDissipation>(
          mass(), p.real("alpha"), p.real("beta"), std::move(derivatives)));
    } else {
      const std::string& c = p.choice("correction");
      SolidDamping d{c == "none" ? "rayleigh" : "rayleigh-" + c, p.real("alpha"), p.real("beta"),
                     0.0, 0.0};
      for (auto& m : solid_damping_models(d, body_, mass(), q0_)) add_dissipation(std::move(m));
    }
  }

  static constexpr std::string_view kId = "tet-rayleigh";
  std::string_view id() const override { return kId; }
  double potential(const Vec& q) const override { return body_->energy(q); }
  void gradient(const Vec& q, Vec& g) const override {
    g.setZero(dofs());
    body_->add_gradient(q, g);
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
    body_->update_rotations(s.q);
    DissipativeProblem::begin_step(s);
  }
  State initial_state() const override { return {q0_, Vec::Zero(dofs()), 0.0}; }
  State sample_state(std::uint64_t seed) const override {
    return perturbed_initial_state(seed, 0.05 * size_, 0.3);
  }

 private:
  double size_;
  std::shared_ptr<ElasticBody> body_;
  Vec q0_;
};

}  // namespace

ProblemInfo tet_rayleigh_problem() {
  return {std::string(TetRayleigh::kId),
          "one free St. Venant-Kirchhoff tetrahedron with Rayleigh damping (Brown et al. 2018 "
          "Sec. 7.1)",
          tet_rayleigh_params,
          [](ParamSet p) -> std::unique_ptr<Problem> {
            return std::make_unique<TetRayleigh>(std::move(p));
          },
          {},
          {{"alpha=2"},
           {"rayleigh=lagged"},
           {"rayleigh=lagged", "correction=projection"},
           {"rayleigh=lagged", "correction=velocity-gradient", "material=stable-neo-hookean"},
           {"rayleigh=lagged", "material=corotated-linear", "alpha=1"}}};
}

}  // namespace tibench
