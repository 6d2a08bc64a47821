// A tetrahedral mesh of one solid body, as the finite-element problems take
// it: vertex positions, linear tetrahedra and the boundary triangles, plus a
// provenance text saying how it was made.
//
//   vertices   3 × N, in metres; vertex i is node i of the problem
//   tets       4 vertex indices each, positively oriented:
//              det[x1 − x0, x2 − x0, x3 − x0] > 0
//   surface    the faces that belong to exactly one tetrahedron, wound
//              counter-clockwise seen from outside (outward normal
//              (x1 − x0) × (x2 − x0)); derived from `tets`, never read from
//              a file, so meshes without surface elements work
//   description  e.g. "gmsh 4.8.4 ball radius=0.5 size=0.1" or a file path
//              with the SHA-256 of its contents
//
// Nothing here knows about problems, integrators or the CLI.
#pragma once

#include <Eigen/Core>
#include <array>
#include <string>
#include <vector>

namespace tibench {

struct TetMesh {
  Eigen::Matrix3Xd vertices;
  std::vector<std::array<int, 4>> tets;
  std::vector<std::array<int, 3>> surface;
  std::string description;

  long vertex_count() const { return static_cast<long>(vertices.cols()); }
  long tet_count() const { return static_cast<long>(tets.size()); }
  long surface_triangle_count() const { return static_cast<long>(surface.size()); }
  // The vertices on the boundary (those of `surface`), sorted ascending.
  std::vector<int> surface_vertices() const;
};

// Builds a mesh from vertices and tetrahedra: reorients negatively oriented
// tetrahedra, drops vertices no tetrahedron uses (renumbering the rest in
// their original order), and derives the surface. Throws InputError (naming
// `description` and the offending element) for an index out of range, a
// repeated vertex in one tetrahedron, a tetrahedron of zero volume (relative
// to its edge lengths, below 1e-12), a face shared by more than two
// tetrahedra, or an empty mesh.
TetMesh make_tet_mesh(Eigen::Matrix3Xd vertices, std::vector<std::array<int, 4>> tets,
                      std::string description);

}  // namespace tibench
