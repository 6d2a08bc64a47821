// Helpers of the meshes/ tests: scratch directories, volumes, the closed-
// solid check and the one-line error check.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <Eigen/Geometry>
#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "meshes/tet_mesh.hpp"

namespace tibench::mesh_checks {

namespace fs = std::filesystem;

// A scratch directory removed at the end of the test.
struct ScratchDir {
  fs::path path;
  explicit ScratchDir(const std::string& name)
      : path(fs::temp_directory_path() /
             ("tibench-meshes-" + name + "-" + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string file(const std::string& name, const std::string& text) const {
    const std::string p = (path / name).string();
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }
};

inline std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

inline double tet_det(const TetMesh& m, const std::array<int, 4>& t) {
  const Eigen::Vector3d x0 = m.vertices.col(t[0]);
  return (m.vertices.col(t[1]) - x0)
      .dot((m.vertices.col(t[2]) - x0).cross(m.vertices.col(t[3]) - x0));
}

inline double tet_volume(const TetMesh& m) {
  double v = 0.0;
  for (const auto& t : m.tets) v += tet_det(m, t) / 6.0;
  return v;
}

inline Eigen::Vector3d area_normal(const TetMesh& m, const std::array<int, 3>& f) {
  const Eigen::Vector3d x0 = m.vertices.col(f[0]);
  return 0.5 * (m.vertices.col(f[1]) - x0).cross(m.vertices.col(f[2]) - x0);
}

// Divergence theorem with div(x)/3 = 1: exact for a closed polyhedral surface.
inline double surface_volume(const TetMesh& m) {
  double v = 0.0;
  for (const auto& f : m.surface) {
    const Eigen::Vector3d c =
        (m.vertices.col(f[0]) + m.vertices.col(f[1]) + m.vertices.col(f[2])) / 3.0;
    v += c.dot(area_normal(m, f)) / 3.0;
  }
  return v;
}

// Every tet positive; every directed surface edge matched by its reverse
// exactly once (closed and consistently wound); wound outward.
inline void expect_valid_solid(const TetMesh& m) {
  ASSERT_GT(m.vertex_count(), 0);
  ASSERT_GT(m.tet_count(), 0);
  ASSERT_GT(m.surface_triangle_count(), 0);
  for (const auto& t : m.tets) ASSERT_GT(tet_det(m, t), 0.0);
  std::map<std::pair<int, int>, int> directed;
  for (const auto& f : m.surface) {
    for (int k = 0; k < 3; ++k) ++directed[{f[k], f[(k + 1) % 3]}];
  }
  for (const auto& [edge, n] : directed) {
    ASSERT_EQ(n, 1) << "edge " << edge.first << "-" << edge.second << " used twice one way";
    ASSERT_EQ(directed.count({edge.second, edge.first}), 1u)
        << "edge " << edge.first << "-" << edge.second << " is on one surface triangle only";
  }
  const double v = tet_volume(m);
  EXPECT_GT(surface_volume(m), 0.0);
  EXPECT_NEAR(surface_volume(m), v, 1e-10 * v);
}

inline void expect_input_error(const std::function<void()>& f,
                               const std::vector<std::string>& needles) {
  try {
    f();
    FAIL() << "no error (expected one naming '" << needles.front() << "')";
  } catch (const InputError& e) {
    const std::string msg = e.what();
    for (const auto& n : needles) EXPECT_NE(msg.find(n), std::string::npos) << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << "message must be one line: " << msg;
  }
}

inline bool bit_identical(const TetMesh& a, const TetMesh& b) {
  return a.vertices.cols() == b.vertices.cols() &&
         std::memcmp(a.vertices.data(), b.vertices.data(),
                     sizeof(double) * static_cast<std::size_t>(a.vertices.size())) == 0 &&
         a.tets == b.tets && a.surface == b.surface && a.description == b.description;
}

}  // namespace tibench::mesh_checks
