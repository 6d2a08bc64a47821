// MeshSpec: the geometry names, their dimensions, validation and the key
// text. Keys print reals as %.17g (like ParamSet's canonical text) so that
// two specs have the same key exactly when their values are equal;
// messages print the shortest text that reads back to the value.
#include "meshes/mesh_spec.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "core/errors.hpp"

namespace tibench {
namespace {

// Bumped whenever gmsh_mesher.cpp changes how a mesh is made, so that disk
// cache entries made the old way are not reused.
constexpr int k_mesh_recipe = 1;

std::string key_real(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

std::string short_real(double x) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::general);
  return std::string(buf, r.ptr);
}

std::string count_text(double n, const char* format) {
  char buf[48];
  std::snprintf(buf, sizeof buf, format, n);
  return buf;
}

void check_positive(double x, const std::string& what) {
  if (!(std::isfinite(x) && x > 0)) {
    throw InputError(what + " = " + short_real(x) + " is invalid; accepted: a finite number > 0");
  }
}

// The body's volume in units of size³ (ratios first, so that tiny or huge
// values neither underflow nor overflow early).
double volume_in_size_units(const MeshSpec& s) {
  const double a = s.a / s.size, b = s.b / s.size, c = s.c / s.size;
  if (s.geometry == "ball") return 4.0 / 3.0 * std::numbers::pi * a * a * a;
  if (s.geometry == "torus") return 2.0 * std::numbers::pi * std::numbers::pi * a * b * b;
  return a * b * c;
}

}  // namespace

std::vector<std::string> mesh_geometries() { return {"ball", "box", "bar", "torus"}; }

void check_mesh_spec(const MeshSpec& s) {
  const std::string& g = s.geometry;
  if (g == "ball") {
    check_positive(s.a, "ball radius (a)");
  } else if (g == "box" || g == "bar") {
    check_positive(s.a, g + " edge length along x (a)");
    check_positive(s.b, g + " edge length along y (b)");
    check_positive(s.c, g + " edge length along z (c)");
  } else if (g == "torus") {
    check_positive(s.a, "torus major radius (a)");
    check_positive(s.b, "torus minor radius (b)");
    if (!(s.b < s.a)) {
      throw InputError(
          "torus minor radius (b) = " + short_real(s.b) +
          " is invalid; accepted: a radius smaller than the major radius (a) = " + short_real(s.a));
    }
  } else {
    throw InputError("mesh geometry '" + g + "' is unknown; accepted: ball, box, bar, torus");
  }
  check_positive(s.size, "mesh size");
  const double estimate = volume_in_size_units(s) * 6.0 * std::numbers::sqrt2;
  if (!(estimate <= k_max_estimated_tets)) {
    const std::string amount =
        std::isfinite(estimate) ? "about " + count_text(estimate, "%.3g") : "too many";
    throw InputError("mesh size = " + short_real(s.size) + " would give " + amount +
                     " tetrahedra for this " + g + "; accepted: a size giving at most " +
                     count_text(k_max_estimated_tets, "%.0f"));
  }
}

std::string mesh_key_text(const MeshSpec& s) {
  check_mesh_spec(s);
  std::string dims;
  if (s.geometry == "ball") {
    dims = "radius=" + key_real(s.a);
  } else if (s.geometry == "torus") {
    dims = "major=" + key_real(s.a) + " minor=" + key_real(s.b);
  } else {
    dims = "lx=" + key_real(s.a) + " ly=" + key_real(s.b) + " lz=" + key_real(s.c);
  }
  return "gmsh " + mesher_version() + " " + s.geometry + " " + dims + " size=" + key_real(s.size) +
         " recipe=" + std::to_string(k_mesh_recipe);
}

}  // namespace tibench
