#include "problems/contact/level_set.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/parameters.hpp"

namespace tibench {
namespace {

std::string vec_text(const Vector3& v) {
  std::string text = "(";
  for (int i = 0; i < 3; ++i) text.append(i ? ", " : "").append(format_real(v[i]));
  return text.append(")");
}

// The smaller positive root of a s² + 2 b s + c = 0 (∞ if none).
double first_root(double a, double b, double c) {
  const double disc = b * b - a * c;
  if (!(a > 0) || disc < 0) return std::numeric_limits<double>::infinity();
  const double r = std::sqrt(disc);
  // Both roots without cancellation: s1 s2 = c / a.
  const double q = b > 0 ? -(b + r) : -(b - r);
  double s1 = q / a, s2 = q != 0 ? c / q : s1;
  if (s1 > s2) std::swap(s1, s2);
  if (s1 >= 0) return s1;
  if (s2 >= 0) return s2;
  return std::numeric_limits<double>::infinity();
}

class HalfSpace final : public LevelSet {
 public:
  HalfSpace(const Vector3& p, const Vector3& n) : p_(p), n_(n.normalized()), given_(n) {
    if (!(n.norm() > 0)) throw std::invalid_argument("half-space: zero normal");
  }
  double phi(const Vector3& x) const override { return n_.dot(x - p_); }
  LevelSetValue evaluate(const Vector3& x) const override { return {phi(x), n_, Matrix3::Zero()}; }
  std::string describe() const override {
    return "half-space point " + vec_text(p_) + " normal " + vec_text(n_);
  }
  ShapeSpec spec() const override {
    ShapeSpec s;
    s.kind = "half-space";
    s.point = p_, s.normal = given_;
    return s;
  }
  double first_crossing(const Vector3& x, const Vector3& d, double level) const override {
    const double rate = n_.dot(d);
    if (!(rate < 0)) return std::numeric_limits<double>::infinity();
    return (phi(x) - level) / -rate;
  }

 private:
  Vector3 p_, n_, given_;
};

// φ = sign (‖x − c‖ − r): sign +1 for a solid ball, −1 for a bowl.
class Spherical final : public LevelSet {
 public:
  Spherical(const Vector3& c, double r, double sign) : c_(c), r_(r), sign_(sign) {
    if (!(r > 0)) throw std::invalid_argument("sphere: radius must be > 0");
  }
  double phi(const Vector3& x) const override { return sign_ * ((x - c_).norm() - r_); }
  LevelSetValue evaluate(const Vector3& x) const override {
    const Vector3 d = x - c_;
    const double rho = d.norm();
    LevelSetValue out;
    out.phi = sign_ * (rho - r_);
    if (!(rho > 0)) {
      // The centre is the medial axis: any direction is as near; +y by rule.
      out.grad = sign_ * Vector3::UnitY();
      return out;
    }
    const Vector3 n = d / rho;
    out.grad = sign_ * n;
    out.hess = sign_ * (Matrix3::Identity() - n * n.transpose()) / rho;
    return out;
  }
  std::string describe() const override {
    return std::string(sign_ > 0 ? "sphere" : "bowl") + " centre " + vec_text(c_) + " radius " +
           format_real(r_);
  }
  ShapeSpec spec() const override {
    ShapeSpec s;
    s.kind = sign_ > 0 ? "sphere" : "bowl";
    s.centre = c_, s.radius = r_;
    return s;
  }
  // ‖x + s d − c‖ = r + sign·level: a quadratic in s.
  double first_crossing(const Vector3& x, const Vector3& d, double level) const override {
    const double rho = r_ + sign_ * level;
    if (!(rho > 0)) return std::numeric_limits<double>::infinity();
    const Vector3 e = x - c_;
    return first_root(d.squaredNorm(), e.dot(d), e.squaredNorm() - rho * rho);
  }

 private:
  Vector3 c_;
  double r_, sign_;
};

class Box final : public LevelSet {
 public:
  Box(const Vector3& c, const Vector3& e) : c_(c), e_(e) {
    if (!(e.minCoeff() > 0)) throw std::invalid_argument("box: half-extents must be > 0");
  }
  double phi(const Vector3& x) const override {
    const Vector3 q = (x - c_).cwiseAbs() - e_;
    return q.cwiseMax(0.0).norm() + std::min(q.maxCoeff(), 0.0);
  }
  LevelSetValue evaluate(const Vector3& x) const override {
    const Vector3 d = x - c_;
    const Vector3 q = d.cwiseAbs() - e_;
    Vector3 s;
    for (int i = 0; i < 3; ++i) s[i] = d[i] < 0 ? -1.0 : 1.0;
    LevelSetValue out;
    if (q.maxCoeff() > 0) {
      const Vector3 m = q.cwiseMax(0.0);
      const double r = m.norm();
      const Vector3 u = m / r;
      out.phi = r;
      out.grad = s.cwiseProduct(u);
      // Edge and corner regions: the distance to a line or point in the
      // subspace of the positive components (zero in a face region).
      Matrix3 P = Matrix3::Zero();
      for (int i = 0; i < 3; ++i) P(i, i) = q[i] > 0 ? 1.0 : 0.0;
      const Vector3 su = s.cwiseProduct(u);
      out.hess = (P - su * su.transpose()) / r;
    } else {
      int k = 0;
      out.phi = q.maxCoeff(&k);
      out.grad = s[k] * Vector3::Unit(k);
    }
    return out;
  }
  std::string describe() const override {
    return "box centre " + vec_text(c_) + " half-extents " + vec_text(e_);
  }
  ShapeSpec spec() const override {
    ShapeSpec s;
    s.kind = "box";
    s.centre = c_, s.half_extents = e_;
    return s;
  }

 private:
  Vector3 c_, e_;
};

class Union final : public LevelSet {
 public:
  explicit Union(std::vector<std::shared_ptr<const LevelSet>> m) : members_(std::move(m)) {
    if (members_.empty()) throw std::invalid_argument("union of no level sets");
  }
  double phi(const Vector3& x) const override {
    double best = members_[0]->phi(x);
    for (std::size_t k = 1; k < members_.size(); ++k) best = std::min(best, members_[k]->phi(x));
    return best;
  }
  LevelSetValue evaluate(const Vector3& x) const override {
    std::size_t best = 0;
    double phi_best = members_[0]->phi(x);
    for (std::size_t k = 1; k < members_.size(); ++k)
      if (const double p = members_[k]->phi(x); p < phi_best) best = k, phi_best = p;
    return members_[best]->evaluate(x);
  }
  double first_crossing(const Vector3& x, const Vector3& d, double level) const override {
    double s = std::numeric_limits<double>::infinity();
    for (const auto& m : members_)
      if (m->phi(x) > level) s = std::min(s, m->first_crossing(x, d, level));
    return s;
  }
  std::string describe() const override {
    std::string s = "union {";
    for (std::size_t k = 0; k < members_.size(); ++k)
      s += (k ? "; " : "") + members_[k]->describe();
    return s + "}";
  }
  ShapeSpec spec() const override {
    ShapeSpec s;
    s.kind = "union";
    for (const auto& m : members_) s.members.push_back(m->spec());
    return s;
  }

 private:
  std::vector<std::shared_ptr<const LevelSet>> members_;
};

}  // namespace

double LevelSet::first_crossing(const Vector3& x, const Vector3& d, double level) const {
  const double speed = d.norm();
  if (!(speed > 0)) return std::numeric_limits<double>::infinity();
  // Advance by the distance φ − level could at most have fallen: never past
  // the crossing; converges to it (from below) as the gap closes.
  double s = 0.0;
  for (int it = 0; it < 1000; ++it) {
    const double gap = phi(x + s * d) - level;
    if (gap <= 1e-14 * std::max(1.0, std::abs(level))) return s;
    s += gap / speed;
    if (s * speed > 1e12) return std::numeric_limits<double>::infinity();
  }
  return s;
}

std::shared_ptr<const LevelSet> half_space(const Vector3& point, const Vector3& normal) {
  return std::make_shared<HalfSpace>(point, normal);
}
std::shared_ptr<const LevelSet> sphere(const Vector3& centre, double radius) {
  return std::make_shared<Spherical>(centre, radius, 1.0);
}
std::shared_ptr<const LevelSet> bowl(const Vector3& centre, double radius) {
  return std::make_shared<Spherical>(centre, radius, -1.0);
}
std::shared_ptr<const LevelSet> box(const Vector3& centre, const Vector3& half_extents) {
  return std::make_shared<Box>(centre, half_extents);
}
std::shared_ptr<const LevelSet> level_set_union(
    std::vector<std::shared_ptr<const LevelSet>> members) {
  return std::make_shared<Union>(std::move(members));
}

const std::vector<std::string>& shape_kinds() {
  static const std::vector<std::string> kinds{"half-space", "sphere", "bowl", "box", "union"};
  return kinds;
}

std::shared_ptr<const LevelSet> make_shape(const ShapeSpec& s) {
  const auto positive = [&](double x, const char* what) {
    if (!(x > 0) || !std::isfinite(x))
      throw InputError(s.kind + ": " + what + " = " + format_real(x) +
                       " (accepted: a finite number > 0)");
  };
  if (s.kind == "half-space") {
    if (!(s.normal.norm() > 0) || !s.normal.allFinite())
      throw InputError("half-space: normal (" + format_real(s.normal.x()) + ", " +
                       format_real(s.normal.y()) + ", " + format_real(s.normal.z()) +
                       ") is not a direction (accepted: a finite nonzero vector)");
    return half_space(s.point, s.normal);
  }
  if (s.kind == "sphere" || s.kind == "bowl") {
    positive(s.radius, "radius");
    return s.kind == "sphere" ? sphere(s.centre, s.radius) : bowl(s.centre, s.radius);
  }
  if (s.kind == "box") {
    for (int i = 0; i < 3; ++i) positive(s.half_extents[i], "half_extents");
    return box(s.centre, s.half_extents);
  }
  if (s.kind == "union") {
    if (s.members.empty())
      throw InputError("union: no members (accepted: one or more shapes in 'members')");
    std::vector<std::shared_ptr<const LevelSet>> members;
    for (const ShapeSpec& m : s.members) members.push_back(make_shape(m));
    return level_set_union(std::move(members));
  }
  std::string accepted;
  for (const auto& k : shape_kinds()) accepted += (accepted.empty() ? "" : ", ") + k;
  throw InputError("unknown obstacle shape '" + s.kind + "' (accepted: " + accepted + ")");
}

bool Motion::moves() const {
  for (const auto& s : segments)
    if (s.velocity != Vector3::Zero() && s.t_stop > s.t_start) return true;
  return false;
}

Vector3 Motion::displacement(double t) const {
  Vector3 d = Vector3::Zero();
  for (const auto& s : segments)
    d += std::clamp(t - s.t_start, 0.0, std::max(0.0, s.t_stop - s.t_start)) * s.velocity;
  return d;
}

Vector3 Motion::velocity_at(double t) const {
  Vector3 v = Vector3::Zero();
  for (const auto& s : segments)
    if (t > s.t_start && t < s.t_stop) v += s.velocity;
  return v;
}

}  // namespace tibench
