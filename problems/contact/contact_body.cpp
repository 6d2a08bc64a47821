#include "problems/contact/contact_body.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <tuple>

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

std::vector<ParamSpec> gravity_params() {
  return {
      real_param("g", 9.81, "gravitational acceleration along -y [m/s^2]", Range::nonnegative())};
}

// The placement of the one body of a registry scene.
std::vector<ParamSpec> placement_params() {
  const auto any = [] { return Range::any("every initial state is valid"); };
  return {
      real_param("x0", 0.0, "x of the body's centre (generated) or offset (file) [m]", any()),
      real_param("y0", 1.0, "y (height) of the body's centre or offset [m]", any()),
      real_param("z0", 0.0, "z of the body's centre or offset [m]", any()),
      real_param("vx", 0.0, "initial velocity x [m/s]", any()),
      real_param("vy", 0.0, "initial velocity y [m/s]", any()),
      real_param("vz", 0.0, "initial velocity z [m/s]", any()),
      real_param("wx", 0.0, "initial angular velocity about x through the centre of mass [rad/s]",
                 any()),
      real_param("wy", 0.0, "initial angular velocity about y through the centre of mass [rad/s]",
                 any()),
      real_param("wz", 0.0, "initial angular velocity about z through the centre of mass [rad/s]",
                 any()),
  };
}

// The world's parameters after gravity, before the contact model's.
std::vector<ParamSpec> shared_params() {
  return {
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

void append(std::vector<ParamSpec>& to, std::vector<ParamSpec> more) {
  for (auto& spec : more) to.push_back(std::move(spec));
}

}  // namespace

std::shared_ptr<const TetMesh> joined_scene_mesh(const std::vector<SceneBody>& bodies) {
  Index n = 0;
  for (const auto& b : bodies) n += b.mesh->vertex_count();
  Eigen::Matrix3Xd x(3, n);
  std::vector<std::array<int, 4>> tets;
  std::string description = std::to_string(bodies.size()) + " bodies:";
  Index at = 0;
  for (const auto& b : bodies) {
    x.middleCols(at, b.mesh->vertex_count()) = b.mesh->vertices.colwise() + b.position;
    for (auto t : b.mesh->tets) {
      for (int& v : t) v += static_cast<int>(at);
      tets.push_back(t);
    }
    description += " " + b.name + ": " + b.mesh->description + ";";
    at += b.mesh->vertex_count();
  }
  return std::make_shared<const TetMesh>(make_tet_mesh(std::move(x), std::move(tets), description));
}

std::vector<ParamSpec> contact_body_params() {
  std::vector<std::string> geometries = mesh_geometries();
  geometries.insert(geometries.end(), {"file", "geo"});
  return {
      choice_param("geometry", "ball", geometries,
                   "body shape, meshed by gmsh (centred at x0, y0, z0); file: mesh_file; geo: "
                   "geo_file"),
      path_param("mesh_file", "gmsh .msh v4 file of linear tetrahedra (geometry=file)"),
      path_param("geo_file", "gmsh .geo script meshed by gmsh, its own sizes (geometry=geo)"),
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
  };
}

std::vector<ParamSpec> contact_world_params() {
  std::vector<ParamSpec> specs = gravity_params();
  append(specs, shared_params());
  append(specs, contact_param_specs(ContactParams{}));
  return specs;
}

std::shared_ptr<const TetMesh> contact_body_mesh(const ParamSet& p) {
  const std::string& geometry = p.choice("geometry");
  for (const auto& [path_key, its_geometry, what] :
       {std::tuple{"mesh_file", "file", "a gmsh .msh v4 file"},
        std::tuple{"geo_file", "geo", "a gmsh .geo script"}}) {
    const std::string& path = p.path(path_key);
    if (geometry == its_geometry && path.empty())
      throw InputError(std::string("geometry=") + its_geometry + " needs " + path_key +
                       "=<path of " + what + ">");
    if (geometry != its_geometry && !path.empty())
      throw InputError(std::string(path_key) + "='" + path + "' is read only with geometry=" +
                       its_geometry + " (got geometry=" + geometry + ")");
  }
  if (geometry == "file") return mesh_from_file(p.path("mesh_file"));
  if (geometry == "geo") return mesh_from_geo_script(p.path("geo_file"));
  MeshSpec spec{geometry, 0, 0, 0, p.real("mesh_size")};
  if (geometry == "ball") spec.a = p.real("radius");
  if (geometry == "box" || geometry == "bar")
    spec.a = p.real("lx"), spec.b = p.real("ly"), spec.c = p.real("lz");
  if (geometry == "torus") spec.a = p.real("major_radius"), spec.b = p.real("minor_radius");
  return generated_mesh(spec);
}

namespace {

SolidMesh placed_mesh(const TetMesh& tet, const Vector3& offset) {
  SolidMesh m;
  m.rest = tet.vertices.colwise() + offset;
  m.nodes_per_element = 4;
  for (const auto& t : tet.tets) m.elements.insert(m.elements.end(), t.begin(), t.end());
  m.fixed.assign(static_cast<std::size_t>(tet.vertex_count()), false);
  return m;
}

// The bodies as one mesh: their topology, their placed geometry, one
// elastic energy per material, the lumped masses, and each body's vertices.
struct Assembly {
  std::shared_ptr<const TetMesh> tet;
  std::shared_ptr<const MeshGeometry> geo;
  std::vector<std::shared_ptr<ElasticBody>> elastic;  // one per material
  Vec mass;
  std::vector<Index> first_vertex;  // per body, and the total at the end
};

Material material_of(const SceneBody& b) {
  return Material(material_model(b.material), Lame::from_young_poisson(b.E, b.nu));
}

// The elements of the bodies in `members`, on every vertex of the assembly.
std::shared_ptr<const MeshGeometry> sub_geometry(const Assembly& a,
                                                 const std::vector<std::size_t>& members) {
  SolidMesh m;
  m.rest =
      Eigen::Map<const Eigen::Matrix3Xd>(a.geo->rest_q().data(), 3, a.geo->rest_q().size() / 3);
  m.nodes_per_element = 4;
  m.fixed.assign(static_cast<std::size_t>(m.rest.cols()), false);
  for (const std::size_t b : members)
    for (const auto& t : a.tet->tets)
      if (t[0] >= a.first_vertex[b] && t[0] < a.first_vertex[b + 1])
        m.elements.insert(m.elements.end(), t.begin(), t.end());
  return std::make_shared<const MeshGeometry>(std::move(m));
}

Assembly assemble(const std::vector<SceneBody>& bodies) {
  if (bodies.empty()) throw InputError("a scene needs at least one body");
  Assembly a;
  a.first_vertex.push_back(0);
  for (const auto& b : bodies)
    a.first_vertex.push_back(a.first_vertex.back() + b.mesh->vertex_count());
  // One body keeps its mesh as meshed (placed by the geometry only).
  a.tet = bodies.size() == 1 ? bodies[0].mesh : joined_scene_mesh(bodies);
  const Vector3 offset = bodies.size() == 1 ? bodies[0].position : Vector3::Zero();
  a.geo = std::make_shared<const MeshGeometry>(placed_mesh(*a.tet, offset));
  std::vector<std::vector<std::size_t>> groups;  // bodies of one material
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    auto same = [&](const std::vector<std::size_t>& g) {
      const SceneBody& o = bodies[g.front()];
      return o.material == bodies[b].material && o.E == bodies[b].E && o.nu == bodies[b].nu;
    };
    auto it = std::find_if(groups.begin(), groups.end(), same);
    if (it == groups.end())
      groups.push_back({b});
    else
      it->push_back(b);
  }
  for (const auto& g : groups)
    a.elastic.push_back(std::make_shared<ElasticBody>(
        groups.size() == 1 ? a.geo : sub_geometry(a, g), material_of(bodies[g.front()])));
  bool one_density = true;
  for (const auto& b : bodies) one_density = one_density && b.rho == bodies[0].rho;
  if (one_density) {
    a.mass = a.geo->lumped_mass(bodies[0].rho);
  } else {
    a.mass = Vec::Zero(a.geo->rest_q().size());
    for (std::size_t b = 0; b < bodies.size(); ++b)
      a.mass += sub_geometry(a, {b})->lumped_mass(bodies[b].rho);
  }
  return a;
}

class ContactBody final : public DissipativeProblem, private ProjectiveForm, private MeshContacts {
 public:
  ContactBody(std::string id, ParamSet p, std::vector<SceneBody> bodies, Assembly a,
              std::vector<Obstacle> obstacles, std::vector<std::string> observables);

  std::string_view id() const override { return id_; }
  double potential(const Vec& q) const override;
  void gradient(const Vec& q, Vec& g) const override;
  void hessian(const Vec& q, Triplets& out, bool project_psd) const override;
  bool hessian_values(const Vec& q, bool project_psd, double* values,
                      std::size_t count) const override;
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
    const bool exact = elastic_.size() == 1 && elastic_[0]->is_arap() && !self_ && !dissipation() &&
                       (k == ContactKind::none || k == ContactKind::post_process);
    return exact ? this : nullptr;
  }
  void add_laplacian(Triplets& out) const override { elastic_[0]->add_arap_laplacian(out); }
  // Elasticity and gravity, for any material, with any damping model
  // (ADMM's dissipative and viscous blocks), without
  // self-collision and with contact none, post-process, or constraint
  // against static obstacles (the solver then enforces it: ADMM's contact
  // blocks).
  const ElementSplit* element_split() const override { return split_.get(); }
  const ObstacleContact* contact() const override { return contact_.get(); }
  const MeshContacts* mesh_contacts() const override { return detector_ ? this : nullptr; }
  std::vector<MeshContact> find(const Vec& q) const override;
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
    for (const auto& e : elastic_) e->update_rotations(s.q);
    DissipativeProblem::begin_step(s);
  }
  State initial_state() const override { return {q0_, v0_, 0.0}; }
  State sample_state(std::uint64_t seed) const override;
  std::vector<std::string> observable_names() const override { return observables_; }
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
  Vec initial_velocities(const std::vector<SceneBody>& bodies) const;  // after q0_ and the masses
  void add_damping(const ParamSet& p);
  int inverted_elements(const Vec& q) const;
  // Centre of mass and its velocity of the vertices [begin, end).
  std::pair<Vector3, Vector3> centre_of_mass(const State& s, Index begin, Index end) const;
  void select_observables(const std::vector<SceneBody>& bodies, std::vector<std::string> names);

  std::string id_;
  std::shared_ptr<const TetMesh> tet_;
  std::shared_ptr<const MeshGeometry> geo_;
  std::vector<std::shared_ptr<ElasticBody>> elastic_;
  std::vector<Index> first_vertex_;
  std::unique_ptr<ObstacleContact> contact_;
  std::unique_ptr<SelfCollisionPenalty> self_;
  std::unique_ptr<SelfCollisionPenalty> detector_;  // body_contact: detection only
  std::unique_ptr<ElasticSplit> split_;             // null: no ADMM split
  double g_, edge_;
  Vec q0_, v0_;
  // What observables() records: per name, the body (−1: the whole scene)
  // and the quantity (0 … 5: com_x … com_vz, 6: inverted_elements).
  std::vector<std::string> observables_;
  std::vector<std::pair<long, int>> observable_slots_;
};

const std::vector<std::string>& default_observables() {
  static const std::vector<std::string> names{
      "com_x", "com_y", "com_z", "com_vx", "com_vy", "com_vz", "inverted_elements"};
  return names;
}

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

ContactBody::ContactBody(std::string id, ParamSet p, std::vector<SceneBody> bodies, Assembly a,
                         std::vector<Obstacle> obstacles, std::vector<std::string> observables)
    : DissipativeProblem(p, 3, std::move(a.mass)),
      id_(std::move(id)),
      tet_(std::move(a.tet)),
      geo_(std::move(a.geo)),
      elastic_(std::move(a.elastic)),
      first_vertex_(std::move(a.first_vertex)),
      g_(p.real("g")),
      edge_(shortest_edge(*tet_)) {
  for (const SceneBody& b : bodies)
    if (b.nu >= 0.5) throw InputError(id_ + ": nu must be < 0.5 (got " + format_real(b.nu) + ")");
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
  v0_ = initial_velocities(bodies);
  add_damping(p);
  const ContactKind k = contact_->kind();
  const bool static_constraints = k == ContactKind::constraint && !contact_->moving();
  SplitDissipation parts;
  const Dissipation* r = dissipation();
  if (elastic_.size() == 1 && !self_ && (!r || r->split(parts)) &&
      (k == ContactKind::none || k == ContactKind::post_process || static_constraints)) {
    Vec f = Vec::Zero(dofs());  // gravity, −g m along y
    for (Index n = 0; n < nodes(); ++n) f[3 * n + 1] = -g_ * mass()[3 * n + 1];
    split_ = std::make_unique<ElasticSplit>(elastic_[0], std::move(f));
  }
  select_observables(bodies, std::move(observables));
}

void ContactBody::add_damping(const ParamSet& p) {
  SolidDamping damping{p.choice("damping"), p.real("alpha"), p.real("beta"), p.real("psi"),
                       p.real("phi")};
  if (damping.model == "none") return;
  // The damping models hold one material's tangent stiffness.
  if (elastic_.size() != 1)
    throw InputError(id_ + ": damping=" + damping.model +
                     " needs one material for every body (accepted: damping=none with bodies "
                     "of different materials)");
  for (auto& m : solid_damping_models(damping, elastic_[0], mass(), q0_))
    add_dissipation(std::move(m));
}

void ContactBody::select_observables(const std::vector<SceneBody>& bodies,
                                     std::vector<std::string> names) {
  const auto& scene_wide = default_observables();
  if (names.empty()) names = scene_wide;
  std::vector<std::string> accepted = scene_wide;
  for (const auto& b : bodies)
    for (int q = 0; q < 6; ++q) accepted.push_back(b.name + "." + scene_wide[q]);
  for (const std::string& name : names) {
    const auto it = std::find(accepted.begin(), accepted.end(), name);
    if (it == accepted.end()) {
      std::string list;
      for (const auto& x : accepted) list += (list.empty() ? "" : ", ") + x;
      throw InputError(id_ + ": unknown observable '" + name + "' (accepted: " + list + ")");
    }
    const long k = it - accepted.begin();
    const long n = static_cast<long>(scene_wide.size());
    observable_slots_.push_back(
        k < n ? std::pair<long, int>{-1, static_cast<int>(k)}
              : std::pair<long, int>{(k - n) / 6, static_cast<int>((k - n) % 6)});
  }
  observables_ = std::move(names);
}

// A rigid motion per body: v + ω × (x − x_cm), x_cm the body's initial
// centre of mass.
Vec ContactBody::initial_velocities(const std::vector<SceneBody>& bodies) const {
  Vec v0(dofs());
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    const Index begin = first_vertex_[b], end = first_vertex_[b + 1];
    Vector3 centre = Vector3::Zero();
    double total = 0.0;
    for (Index n = begin; n < end; ++n) {
      centre += mass()[3 * n] * q0_.segment<3>(3 * n);
      total += mass()[3 * n];
    }
    centre /= total;
    for (Index n = begin; n < end; ++n)
      v0.segment<3>(3 * n) =
          bodies[b].velocity + bodies[b].spin.cross(Vector3(q0_.segment<3>(3 * n) - centre));
  }
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
  double U = elastic_[0]->energy(q);
  for (std::size_t k = 1; k < elastic_.size(); ++k) U += elastic_[k]->energy(q);
  U = U + gravity(q) + contact_->energy(q);  // the order of the one-body sum
  if (self_) U += self_->energy(positions(q));
  return U;
}

void ContactBody::gradient(const Vec& q, Vec& g) const {
  g.setZero(dofs());
  for (const auto& e : elastic_) e->add_gradient(q, g);
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
  for (const auto& e : elastic_) e->add_hessian(q, out, project_psd);
  contact_->add_hessian(q, out, project_psd);
  if (self_) self_->add_hessian(positions(q), out, project_psd);
}

// Self-collision pairs come and go, so only bodies without them have a
// fixed list of values.
bool ContactBody::hessian_values(const Vec& q, bool project_psd, double* values,
                                 std::size_t count) const {
  if (self_) return false;
  std::size_t expected = contact_->hessian_value_count();
  for (const auto& e : elastic_) expected += e->hessian_value_count();
  if (expected != count) return false;
  double* out = values;
  for (const auto& e : elastic_) out += e->write_hessian_values(q, project_psd, out);
  contact_->write_hessian_values(q, project_psd, out);
  return true;
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

std::pair<Vector3, Vector3> ContactBody::centre_of_mass(const State& s, Index begin,
                                                        Index end) const {
  Vector3 x = Vector3::Zero(), v = Vector3::Zero();
  double m_total = 0.0;
  for (Index n = begin; n < end; ++n) {
    const double m = mass()[3 * n];
    x += m * s.q.segment<3>(3 * n);
    v += m * s.v.segment<3>(3 * n);
    m_total += m;
  }
  return {x / m_total, v / m_total};
}

void ContactBody::observables(const State& s, std::vector<double>& out) const {
  std::vector<std::optional<std::pair<Vector3, Vector3>>> com(first_vertex_.size());
  out.clear();
  for (const auto& [body, k] : observable_slots_) {
    if (k == 6) {
      out.push_back(static_cast<double>(inverted_elements(s.q)));
      continue;
    }
    // Slot 0 is the whole scene, slot b + 1 body b.
    const auto slot = static_cast<std::size_t>(body + 1);
    if (!com[slot])
      com[slot] = body < 0 ? centre_of_mass(s, 0, nodes())
                           : centre_of_mass(s, first_vertex_[static_cast<std::size_t>(body)],
                                            first_vertex_[static_cast<std::size_t>(body) + 1]);
    out.push_back(k < 3 ? com[slot]->first[k] : com[slot]->second[k - 3]);
  }
}

std::vector<ParamSpec> scene_params(const ContactScene& scene) {
  std::vector<ParamSpec> specs = contact_body_params();
  append(specs, gravity_params());
  append(specs, placement_params());
  append(specs, shared_params());
  append(specs, contact_param_specs(ContactParams{}));
  if (scene.extra_params) append(specs, scene.extra_params());
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

std::vector<SceneBody> contact_scene_bodies(const ContactScene& scene, const ParamSet& p) {
  auto mesh = contact_body_mesh(p);
  if (scene.arrange) mesh = scene.arrange(p, *mesh);
  SceneBody body;
  body.name = "body";
  body.mesh = std::move(mesh);
  body.position = Vector3(p.real("x0"), p.real("y0"), p.real("z0"));
  body.material = p.choice("material");
  body.E = p.real("E"), body.nu = p.real("nu"), body.rho = p.real("rho");
  body.velocity = Vector3(p.real("vx"), p.real("vy"), p.real("vz"));
  body.spin = Vector3(p.real("wx"), p.real("wy"), p.real("wz"));
  if (!scene.placements) return {body};
  std::vector<SceneBody> bodies;
  for (const BodyPlacement& place : scene.placements(p)) {
    SceneBody copy = body;
    copy.name = place.name;
    copy.position = body.position + place.shift;
    copy.velocity = place.velocity, copy.spin = place.spin;
    bodies.push_back(std::move(copy));
  }
  return bodies;
}

std::unique_ptr<Problem> make_scene_problem(std::string id, ParamSet world,
                                            std::vector<SceneBody> bodies,
                                            std::vector<Obstacle> obstacles,
                                            std::vector<std::string> observables) {
  Assembly a = assemble(bodies);
  return std::make_unique<ContactBody>(std::move(id), std::move(world), std::move(bodies),
                                       std::move(a), std::move(obstacles), std::move(observables));
}

std::unique_ptr<Problem> make_contact_body(const ContactScene& scene, ParamSet p) {
  std::vector<SceneBody> bodies = contact_scene_bodies(scene, p);
  std::vector<Obstacle> obstacles = scene.obstacles(p);
  return make_scene_problem(scene.id, std::move(p), std::move(bodies), std::move(obstacles));
}

std::vector<ParamSpec> contact_scene_params(const ContactScene& scene) {
  return scene_params(scene);
}

}  // namespace tibench
