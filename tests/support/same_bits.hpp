// Bitwise equality, for the tests that a computation is deterministic or
// that two paths through the code give the very same numbers (not merely
// close ones): +0 and -0 differ, a NaN equals the same NaN.
#pragma once

#include <cstddef>
#include <cstring>
#include <vector>

#include <Eigen/Core>

namespace tibench::test {

inline bool same_bits(const double* a, const double* b, std::size_t count) {
  return count == 0 || std::memcmp(a, b, count * sizeof(double)) == 0;
}

inline bool same_bits(double a, double b) { return same_bits(&a, &b, 1); }

inline bool same_bits(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return a.size() == b.size() && same_bits(a.data(), b.data(), static_cast<std::size_t>(a.size()));
}

inline bool same_bits(const Eigen::Matrix3d& a, const Eigen::Matrix3d& b) {
  return same_bits(a.data(), b.data(), 9);
}

inline bool same_bits(const std::vector<Eigen::VectorXd>& a,
                      const std::vector<Eigen::VectorXd>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!same_bits(a[i], b[i])) return false;
  return true;
}

}  // namespace tibench::test
