// make_tet_mesh: validation, orientation, vertex compaction and the boundary
// surface. The surface is found by sorting the 4·T oriented faces by their
// sorted vertex triple (no hash containers, so the output order depends only
// on the input); a face met once is on the boundary and keeps the winding
// it has in its (positively oriented) tetrahedron, which points outward.
#include "meshes/tet_mesh.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <string>

#include "core/errors.hpp"

namespace tibench {
namespace {

// A tetrahedron face as its tet winds it (outward) plus its sorted triple.
struct OrientedFace {
  std::array<int, 3> key;
  std::array<int, 3> face;
  int tet;
};

[[noreturn]] void fail(const std::string& description, const std::string& what) {
  throw InputError("mesh '" + description + "': " + what);
}

std::string tet_text(long index, const std::array<int, 4>& t) {
  return "tetrahedron " + std::to_string(index) + " (" + std::to_string(t[0]) + " " +
         std::to_string(t[1]) + " " + std::to_string(t[2]) + " " + std::to_string(t[3]) + ")";
}

// Checks indices and shape of tet `index`, flipping it to positive
// orientation. Degeneracy is judged relative to the longest edge so that the
// test does not depend on the mesh's units.
void check_and_orient(const Eigen::Matrix3Xd& x, long index, std::array<int, 4>& t,
                      const std::string& description) {
  const long n = x.cols();
  for (int i = 0; i < 4; ++i) {
    if (t[i] < 0 || t[i] >= n) {
      fail(description, tet_text(index, t) + " has vertex index " + std::to_string(t[i]) +
                            " out of range [0, " + std::to_string(n) + ")");
    }
    for (int j = 0; j < i; ++j) {
      if (t[i] == t[j]) fail(description, tet_text(index, t) + " repeats a vertex");
    }
  }
  const Eigen::Vector3d e1 = x.col(t[1]) - x.col(t[0]);
  const Eigen::Vector3d e2 = x.col(t[2]) - x.col(t[0]);
  const Eigen::Vector3d e3 = x.col(t[3]) - x.col(t[0]);
  const double det = e1.dot(e2.cross(e3));
  const double longest = std::max(
      {e1.norm(), e2.norm(), e3.norm(), (e2 - e1).norm(), (e3 - e1).norm(), (e3 - e2).norm()});
  if (!std::isfinite(det) || !(std::abs(det) > 1e-12 * longest * longest * longest)) {
    fail(description, tet_text(index, t) + " is degenerate (zero volume or non-finite vertex)");
  }
  if (det < 0) std::swap(t[2], t[3]);
}

// Keeps the vertices some tetrahedron uses, in their original order.
void drop_unused_vertices(Eigen::Matrix3Xd& x, std::vector<std::array<int, 4>>& tets) {
  std::vector<int> new_index(static_cast<std::size_t>(x.cols()), -1);
  for (const auto& t : tets) {
    for (int v : t) new_index[v] = 0;
  }
  int kept = 0;
  for (int& slot : new_index) {
    if (slot == 0) slot = kept++;
  }
  if (kept == x.cols()) return;
  Eigen::Matrix3Xd compact(3, kept);
  for (long i = 0; i < x.cols(); ++i) {
    if (new_index[i] >= 0) compact.col(new_index[i]) = x.col(i);
  }
  x = std::move(compact);
  for (auto& t : tets) {
    for (int& v : t) v = new_index[v];
  }
}

// The faces of a positively oriented tet (x0..x3), each wound so that
// (x1 − x0) × (x2 − x0) points away from the opposite vertex.
constexpr std::array<std::array<int, 3>, 4> k_outward_faces = {
    {{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {0, 3, 2}}};

// Rotates a triangle so that its smallest vertex comes first (same winding).
std::array<int, 3> canonical_rotation(const std::array<int, 3>& f) {
  if (f[1] < f[0] && f[1] < f[2]) return {f[1], f[2], f[0]};
  if (f[2] < f[0] && f[2] < f[1]) return {f[2], f[0], f[1]};
  return f;
}

std::vector<std::array<int, 3>> boundary_faces(const std::vector<std::array<int, 4>>& tets,
                                               const std::string& description) {
  std::vector<OrientedFace> faces;
  faces.reserve(4 * tets.size());
  for (std::size_t i = 0; i < tets.size(); ++i) {
    for (const auto& local : k_outward_faces) {
      std::array<int, 3> f = {tets[i][local[0]], tets[i][local[1]], tets[i][local[2]]};
      std::array<int, 3> key = f;
      std::sort(key.begin(), key.end());
      faces.push_back({key, canonical_rotation(f), static_cast<int>(i)});
    }
  }
  std::sort(faces.begin(), faces.end(), [](const OrientedFace& a, const OrientedFace& b) {
    return a.key != b.key ? a.key < b.key : a.tet < b.tet;
  });
  std::vector<std::array<int, 3>> surface;
  for (std::size_t i = 0; i < faces.size();) {
    std::size_t j = i + 1;
    while (j < faces.size() && faces[j].key == faces[i].key) ++j;
    if (j - i == 1) surface.push_back(faces[i].face);
    if (j - i > 2) {
      const auto& k = faces[i].key;
      fail(description, "face (" + std::to_string(k[0]) + " " + std::to_string(k[1]) + " " +
                            std::to_string(k[2]) + ") is shared by " + std::to_string(j - i) +
                            " tetrahedra (" + std::to_string(faces[i].tet) + ", " +
                            std::to_string(faces[i + 1].tet) + ", " +
                            std::to_string(faces[i + 2].tet) + (j - i > 3 ? ", ..." : "") +
                            "); at most 2 may share a face");
    }
    i = j;
  }
  return surface;
}

}  // namespace

std::vector<int> TetMesh::surface_vertices() const {
  std::vector<int> v;
  v.reserve(3 * surface.size());
  for (const auto& f : surface) v.insert(v.end(), f.begin(), f.end());
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

TetMesh make_tet_mesh(Eigen::Matrix3Xd vertices, std::vector<std::array<int, 4>> tets,
                      std::string description) {
  if (tets.empty()) fail(description, "no tetrahedra (an empty mesh)");
  for (std::size_t i = 0; i < tets.size(); ++i) {
    check_and_orient(vertices, static_cast<long>(i), tets[i], description);
  }
  drop_unused_vertices(vertices, tets);
  TetMesh mesh;
  mesh.surface = boundary_faces(tets, description);
  mesh.vertices = std::move(vertices);
  mesh.tets = std::move(tets);
  mesh.description = std::move(description);
  return mesh;
}

}  // namespace tibench
