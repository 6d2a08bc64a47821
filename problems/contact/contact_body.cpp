#include "problems/contact/contact_body.hpp"

#include <cmath>

#include "core/random.hpp"
#include "meshes/mesh_source.hpp"
#include "problems/contact/obstacle_contact.hpp"
#include "problems/contact/self_collision.hpp"
#include "problems/dissipation/dissipative_problem.hpp"
#include "problems/dissipation/solid_damping.hpp"
#include "problems/fem/elastic_body.hpp"
#include "problems/fem/elastic_split.hpp"

namespace tibench {
namespace {

std::vector<ParamSpec> body_params() {
  std::vector<std::string> geometries = mesh_geometries();
  geometries.push_back("file");
  return {
      choice_param("geometry", "ball", geometries,
                   "body shape, meshed by gmsh (centred at x0, y0, z0), or file: mesh_file"),
      path_param("mesh_file", "gmsh .msh v4 file of linear tetrahedra (geometry=file)"),
      real_param("radius", 0.5, "ball radius [m]", Range::positive()),
      real_param("lx", 1.0, "box/bar edge along x [m]", Range::positive()),
      real_param("ly", 1.0, "box/bar edge along y [m]", Range::positive()),
      real_param("lz", 1.0, "box/bar edge along z [m]", Range::positive()),
      real_param("major_radius", 0.5, "torus major radius [m] (axis z)", Range::positive()),
      real_param("minor_radius", 0.2, "torus minor radius [m]", Range::positive()),
      // Relative to the body, so the tetrahedron count it implies is what
      // meshes/mesh_spec.cpp caps, before gmsh runs.
      real_param("mesh_size", 0.15, "target tetrahedron edge length [m] (gmsh)", Range::positive()),
      choice_param("material", "stable-neo-hookean", material_model_ids(), "energy density"),
      real_param("E", 1e5, "Young's modulus [Pa]", Range::positive()),
      real_param("nu", 0.3, "Poisson ratio", Range::open(-1, 0.5)),
      real_param("rho", 1000.0, "density [kg/m^3]", Range::positive()),
      real_param("g", 9.81, "gravitational acceleration along -y [m/s^2]", Range::nonnegative()),
      real_param("x0", 0.0, "x of the body's centre (generated) or offset (file) [m]",
                 Range::any("every initial state is valid")),
      real_param("y0", 1.0, "y (height) of the body's centre or offset [m]",
                 Range::any("every initial state is valid")),
      real_param("z0", 0.0, "z of the body's centre or offset [m]",
                 Range::any("every initial state is valid")),
      real_param("vx", 0.0, "initial velocity x [m/s]", Range::any("every initial state is valid")),
      real_param("vy", 0.0, "initial velocity y [m/s]", Range::any("every initial state is valid")),
      real_param("vz", 0.0, "initial velocity z [m/s]", Range::any("every initial state is valid")),
      real_param("wx", 0.0, "initial angular velocity about x through the centre of mass [rad/s]",
                 Range::any("every initial state is valid")),
      real_param("wy", 0.0, "initial angular velocity about y through the centre of mass [rad/s]",
                 Range::any("every initial state is valid")),
      real_param("wz", 0.0, "initial angular velocity about z through the centre of mass [rad/s]",
                 Range::any("every initial state is valid")),
      choice_param("initial_shape", "rest", {"rest", "stretched", "random", "point"},
                   "initial positions: rest shape, stretched along x, random in the bounding box, "
                   "or all at the centre (Gast & Schroeder 2014 Figs. 3, 8, 9)"),
      real_param("stretch", 2.0, "initial_shape=stretched: factor along x", Range::positive()),
      integer_param("seed", 1, "initial_shape=random: seed (SplitMix64; every long is a seed)",
                    Range::nonnegative()),
      choice_param("damping", "none", solid_damping_ids(), "dissipation model"),
      real_param("alpha", 0.0, "Rayleigh mass coefficient [1/s]", Range::nonnegative()),
      real_param("beta", 0.0, "Rayleigh stiffness coefficient [s]", Range::nonnegative()),
      real_param("psi", 0.0, "strain-rate shear damping [Pa s]", Range::nonnegative()),
      real_param("phi", 0.0, "strain-rate bulk damping [Pa s]", Range::nonnegative()),
      bool_param("self_collision", false,
                 "penalty self-collisions (Gast & Schroeder 2014 Sec. 5.3)"),
      real_param("k_self", 1e9, "self-collision penalty stiffness k of k d sqrt(d + eps) [J/m^3]",
                 Range::positive()),
      bool_param("body_contact", false,
                 "report vertices inside another part's tetrahedra to the QP corrector (bodies "
                 "against bodies, Loeschner et al. 2020 Sec. 4.2); no energy"),
  };
}

std::shared_ptr<const TetMesh> body_mesh(const ParamSet& p) {
  const std::string& geometry = p.choice("geometry");
  if (geometry == "file") {
    if (p.path("mesh_file").empty())
      throw InputError("geometry=file needs mesh_file=<path of a gmsh .msh v4 file>");
    return mesh_from_file(p.path("mesh_file"));
  }
  if (!p.path("mesh_file").empty())
    throw InputError("mesh_file='" + p.path("mesh_file") +
                     "' is read only with geometry=file (got "
                     "geometry=" +
                     geometry + ")");
  MeshSpec spec{geometry, 0, 0, 0, p.real("mesh_size")};
  if (geometry == "ball") spec.a = p.real("radius");
  if (geometry == "box" || geometry == "bar")
    spec.a = p.real("lx"), spec.b = p.real("ly"), spec.c = p.real("lz");
  if (geometry == "torus") spec.a = p.real("major_radius"), spec.b = p.real("minor_radius");
  return generated_mesh(spec);
}

SolidMesh placed_mesh(const TetMesh& tet, const Vector3& offset) {
  SolidMesh m;
  m.rest = tet.vertices.colwise() + offset;
  m.nodes_per_element = 4;
  for (const auto& t : tet.tets) m.elements.insert(m.elements.end(), t.begin(), t.end());
  m.fixed.assign(static_cast<std::size_t>(tet.vertex_count()), false);
  return m;
}

class ContactBody final : public DissipativeProblem, private ProjectiveForm, private MeshContacts {
 public:
  ContactBody(std::string id, ParamSet p, std::shared_ptr<const TetMesh> tet,
              std::shared_ptr<const MeshGeometry> geo, std::vector<Obstacle> obstacles);

  std::string_view id() const override { return id_; }
  double potential(const Vec& q) const override;
  void gradient(const Vec& q, Vec& g) const override;
  void hessian(const Vec& q, Triplets& out, bool project_psd) const override;
  bool hessian_pattern_is_fixed() const override { return !self_; }
  bool has_feasibility_limit() const override { return contact_->kind() == ContactKind::ipc; }
  double max_feasible_step(const Vec& q, const Vec& dq) const override {
    return contact_->max_feasible_step(q, dq);
  }
  bool is_smooth() const override {
    return DissipativeProblem::is_smooth() && !contact_->has_energy() && !self_;
  }
  // ARAP elasticity and gravity, with contact outside the stage solve (none,
  // post-process) and neither self-collisions nor damping.
  const ProjectiveForm* projective_form() const override {
    const ContactKind k = contact_->kind();
    const bool exact = body_->is_arap() && !self_ && !dissipation() &&
                       (k == ContactKind::none || k == ContactKind::post_process);
    return exact ? this : nullptr;
  }
  void add_laplacian(Triplets& out) const override { body_->add_arap_laplacian(out); }
  // Elasticity and gravity, for any material, with any damping model
  // (ADMM's dissipative and viscous blocks), without
  // self-collision and with contact none, post-process, or constraint
  // against static obstacles (the solver then enforces it: ADMM's contact
  // blocks).
  const ElementSplit* element_split() const override { return split_.get(); }
  const ObstacleContact* contact() const override { return contact_.get(); }
  const MeshContacts* mesh_contacts() const override { return detector_ ? this : nullptr; }
  std::vector<MeshContact> find(const Vec& q) const override;
  void set_initial_velocity(Vec v) { v0_ = std::move(v); }
  std::vector<std::array<int, 3>> surface_triangles() const override { return tet_->surface; }
  std::vector<std::pair<std::string, std::string>> provenance() const override {
    return {{"mesh", tet_->description},
            {"mesh_vertices", std::to_string(tet_->vertex_count())},
            {"mesh_tets", std::to_string(tet_->tet_count())},
            {"mesh_surface_triangles", std::to_string(tet_->surface_triangle_count())},
            {"contact_vertices", std::to_string(contact_->vertex_dofs().size())},
            {"obstacles", obstacle_text()}};
  }
  void begin_step(const State& s) const override {
    body_->update_rotations(s.q);
    DissipativeProblem::begin_step(s);
  }
  State initial_state() const override { return {q0_, v0_, 0.0}; }
  State sample_state(std::uint64_t seed) const override;
  std::vector<std::string> observable_names() const override {
    return {"com_x", "com_y", "com_z", "com_vx", "com_vy", "com_vz", "inverted_elements"};
  }
  void observables(const State& s, std::vector<double>& out) const override;

 protected:
  void on_potential_time(double t) const override { contact_->set_time(t); }

 private:
  Eigen::Map<const Eigen::Matrix3Xd> positions(const Vec& q) const {
    return {q.data(), 3, nodes()};
  }
  double gravity(const Vec& q) const;
  std::string obstacle_text() const {
    std::string s;
    for (const auto& o : contact_->obstacles())
      s += (s.empty() ? "" : "; ") + o.name + ": " + o.shape->describe();
    return s;
  }
  Vec initial_positions(const ParamSet& p) const;
  Vec initial_velocities(const ParamSet& p) const;  // after q0_ and the masses
  int inverted_elements(const Vec& q) const;

  std::string id_;
  std::shared_ptr<const TetMesh> tet_;
  std::shared_ptr<const MeshGeometry> geo_;
  std::shared_ptr<ElasticBody> body_;
  std::unique_ptr<ObstacleContact> contact_;
  std::unique_ptr<SelfCollisionPenalty> self_;
  std::unique_ptr<SelfCollisionPenalty> detector_;  // body_contact: detection only
  std::unique_ptr<ElasticSplit> split_;             // null: no ADMM split
  double g_, edge_;
  Vec q0_, v0_;
};

// The shortest rest edge: the length scale of admissible perturbations.
double shortest_edge(const TetMesh& m) {
  double e = std::numeric_limits<double>::infinity();
  for (const auto& t : m.tets)
    for (int a = 0; a < 4; ++a)
      for (int b = a + 1; b < 4; ++b)
        e = std::min(e, (m.vertices.col(t[static_cast<std::size_t>(a)]) -
                         m.vertices.col(t[static_cast<std::size_t>(b)]))
                            .norm());
  return e;
}

ContactBody::ContactBody(std::string id, ParamSet p, std::shared_ptr<const TetMesh> tet,
                         std::shared_ptr<const MeshGeometry> geo, std::vector<Obstacle> obstacles)
    : DissipativeProblem(p, 3, geo->lumped_mass(p.real("rho"))),
      id_(std::move(id)),
      tet_(std::move(tet)),
      geo_(std::move(geo)),
      body_(std::make_shared<ElasticBody>(
          geo_, Material(material_model(p.choice("material")),
                         Lame::from_young_poisson(p.real("E"), p.real("nu"))))),
      g_(p.real("g")),
      edge_(shortest_edge(*tet_)) {
  if (p.real("nu") >= 0.5) throw InputError(id_ + ": nu must be < 0.5 (got " + p.text("nu") + ")");
  std::vector<Index> contact_dofs;
  for (int v : tet_->surface_vertices()) contact_dofs.push_back(3 * static_cast<Index>(v));
  contact_ = std::make_unique<ObstacleContact>(std::move(obstacles), std::move(contact_dofs),
                                               contact_params(p));
  set_time_dependent_potential(contact_->moving() && contact_->kind() != ContactKind::none);
  if (p.boolean("self_collision"))
    self_ = std::make_unique<SelfCollisionPenalty>(tet_, p.real("k_self"));
  if (p.boolean("body_contact"))
    detector_ = std::make_unique<SelfCollisionPenalty>(tet_, p.real("k_self"));
  q0_ = initial_positions(p);
  v0_ = initial_velocities(p);
  SolidDamping damping{p.choice("damping"), p.real("alpha"), p.real("beta"), p.real("psi"),
                       p.real("phi")};
  for (auto& m : solid_damping_models(damping, body_, mass(), q0_)) add_dissipation(std::move(m));
  const ContactKind k = contact_->kind();
  const bool static_constraints = k == ContactKind::constraint && !contact_->moving();
  SplitDissipation parts;
  const Dissipation* r = dissipation();
  if (!self_ && (!r || r->split(parts)) &&
      (k == ContactKind::none || k == ContactKind::post_process || static_constraints)) {
    Vec f = Vec::Zero(dofs());  // gravity, −g m along y
    for (Index n = 0; n < nodes(); ++n) f[3 * n + 1] = -g_ * mass()[3 * n + 1];
    split_ = std::make_unique<ElasticSplit>(body_, std::move(f));
  }
}

// A rigid motion: v + ω × (x − x_cm), x_cm the initial centre of mass.
Vec ContactBody::initial_velocities(const ParamSet& p) const {
  const Vector3 v(p.real("vx"), p.real("vy"), p.real("vz"));
  const Vector3 omega(p.real("wx"), p.real("wy"), p.real("wz"));
  Vector3 centre = Vector3::Zero();
  double total = 0.0;
  for (Index n = 0; n < nodes(); ++n) {
    centre += mass()[3 * n] * q0_.segment<3>(3 * n);
    total += mass()[3 * n];
  }
  centre /= total;
  Vec v0(dofs());
  for (Index n = 0; n < nodes(); ++n)
    v0.segment<3>(3 * n) = v + omega.cross(Vector3(q0_.segment<3>(3 * n) - centre));
  return v0;
}

Vec ContactBody::initial_positions(const ParamSet& p) const {
  const Vec rest = geo_->rest_q();
  const std::string& shape = p.choice("initial_shape");
  if (shape == "rest") return rest;
  const Eigen::Matrix3Xd X = Eigen::Map<const Eigen::Matrix3Xd>(rest.data(), 3, nodes());
  const Vector3 lo = X.rowwise().minCoeff(), hi = X.rowwise().maxCoeff(), c = 0.5 * (lo + hi);
  Vec q = rest;
  SplitMix64 rng(static_cast<std::uint64_t>(p.integer("seed")));
  for (Index n = 0; n < nodes(); ++n) {
    Vector3 x = X.col(n);
    if (shape == "stretched") x.x() = c.x() + p.real("stretch") * (x.x() - c.x());
    if (shape == "point") x = c;
    if (shape == "random")
      for (int i = 0; i < 3; ++i) x[i] = rng.uniform(lo[i], hi[i]);
    q.segment<3>(3 * n) = x;
  }
  return q;
}

double ContactBody::gravity(const Vec& q) const {
  double U = 0.0;
  for (Index n = 0; n < nodes(); ++n) U += g_ * mass()[3 * n + 1] * q[3 * n + 1];
  return U;
}

double ContactBody::potential(const Vec& q) const {
  double U = body_->energy(q) + gravity(q) + contact_->energy(q);
  if (self_) U += self_->energy(positions(q));
  return U;
}

void ContactBody::gradient(const Vec& q, Vec& g) const {
  g.setZero(dofs());
  body_->add_gradient(q, g);
  for (Index n = 0; n < nodes(); ++n) g[3 * n + 1] += g_ * mass()[3 * n + 1];
  contact_->add_gradient(q, g);
  if (self_) {
    Eigen::Map<Eigen::Matrix3Xd> G(g.data(), 3, nodes());
    Eigen::Matrix3Xd Gs = Eigen::Matrix3Xd::Zero(3, nodes());
    self_->add_gradient(positions(q), Gs);
    G += Gs;
  }
}

void ContactBody::hessian(const Vec& q, Triplets& out, bool project_psd) const {
  body_->add_hessian(q, out, project_psd);
  contact_->add_hessian(q, out, project_psd);
  if (self_) self_->add_hessian(positions(q), out, project_psd);
}

State ContactBody::sample_state(std::uint64_t seed) const {
  // Small against the shortest edge (no element inverts); halved until
  // every IPC distance stays positive.
  for (double scale = 0.05;; scale *= 0.5) {
    State s = perturbed_initial_state(seed, scale * edge_, 0.3);
    if (contact_->kind() != ContactKind::ipc || contact_->summary(s.q).min_phi > 0 || scale < 1e-6)
      return s;
  }
}

std::vector<MeshContact> ContactBody::find(const Vec& q) const {
  std::vector<MeshContact> out;
  if (!detector_) return out;
  const Eigen::Matrix3Xd x = positions(q);
  for (const SelfContact& c : detector_->contacts(x)) {
    MeshContact m;
    m.point_dof = 3 * static_cast<Index>(c.point);
    m.count = c.count;
    Vector3 closest = Vector3::Zero();
    for (int k = 0; k < c.count; ++k) {
      const auto i = static_cast<std::size_t>(k);
      m.dofs[i] = 3 * static_cast<Index>(c.primitive[i]);
      m.weights[i] = c.weights[i];
      closest += c.weights[i] * x.col(c.primitive[i]);
    }
    const Vector3 out_dir = closest - x.col(c.point);
    if (!(out_dir.norm() > 0)) continue;  // on the surface: no direction out
    m.normal = out_dir.normalized();
    out.push_back(m);
  }
  return out;
}

int ContactBody::inverted_elements(const Vec& q) const {
  int count = 0;
  for (Index e = 0; e < geo_->elements(); ++e) {
    ElementPositions x;
    geo_->gather(q, e, x);
    if (deformation_gradient(x, geo_->gradients(e, 0)).determinant() <= 0.0) ++count;
  }
  return count;
}

void ContactBody::observables(const State& s, std::vector<double>& out) const {
  Vector3 x = Vector3::Zero(), v = Vector3::Zero();
  double m_total = 0.0;
  for (Index n = 0; n < nodes(); ++n) {
    const double m = mass()[3 * n];
    x += m * s.q.segment<3>(3 * n);
    v += m * s.v.segment<3>(3 * n);
    m_total += m;
  }
  x /= m_total;
  v /= m_total;
  out = {x.x(), x.y(), x.z(), v.x(), v.y(), v.z(), static_cast<double>(inverted_elements(s.q))};
}

std::vector<ParamSpec> scene_params(const ContactScene& scene) {
  std::vector<ParamSpec> specs = body_params();
  for (auto& spec : contact_param_specs(ContactParams{})) specs.push_back(spec);
  if (scene.extra_params)
    for (auto& spec : scene.extra_params()) specs.push_back(spec);
  for (const std::string& d : scene.defaults) {
    const auto eq = d.find('=');
    bool found = false;
    for (auto& spec : specs)
      if (spec.name == d.substr(0, eq)) spec.default_value = d.substr(eq + 1), found = true;
    if (!found) throw std::logic_error(scene.id + ": default for unknown parameter '" + d + "'");
  }
  return specs;
}

}  // namespace

Obstacle ground(double ground_y) {
  return {"ground", half_space(Vector3(0, ground_y, 0), Vector3::UnitY()), {}};
}

std::unique_ptr<Problem> make_contact_body(const ContactScene& scene, ParamSet p) {
  auto tet = body_mesh(p);
  if (scene.arrange) tet = scene.arrange(p, *tet);
  const Vector3 offset(p.real("x0"), p.real("y0"), p.real("z0"));
  auto geo = std::make_shared<const MeshGeometry>(placed_mesh(*tet, offset));
  std::vector<Obstacle> obstacles = scene.obstacles(p);
  const long vertices = tet->vertex_count();
  auto body = std::make_unique<ContactBody>(scene.id, p, std::move(tet), std::move(geo),
                                            std::move(obstacles));
  if (scene.initial_velocity) {
    Vec v = Vec::Zero(3 * vertices);
    scene.initial_velocity(p, vertices, v);
    body->set_initial_velocity(std::move(v));
  }
  return body;
}

std::vector<ParamSpec> contact_scene_params(const ContactScene& scene) {
  return scene_params(scene);
}

}  // namespace tibench
