#include "integrators/methods/tableaux/record_arrays.hpp"

#include <stdexcept>
#include <string>

namespace tibench::tableaux {

namespace {

void require_stage_count(int stages, std::string_view id) {
  if (stages < 1 || stages > kMaxStages)
    throw std::logic_error("tableau " + std::string(id) + ": invalid stage count " +
                           std::to_string(stages));
}

[[noreturn]] void outside(int stages, std::string_view id) {
  throw std::logic_error("tableau " + std::string(id) + ": coefficient outside " +
                         std::to_string(stages) + " stages");
}

}  // namespace

Eigen::MatrixXd stage_matrix(const CoefficientMatrix& a, int stages, std::string_view id) {
  require_stage_count(stages, id);
  Eigen::MatrixXd out(stages, stages);
  for (int i = 0; i < kMaxStages; ++i)
    for (int j = 0; j < kMaxStages; ++j) {
      if (i < stages && j < stages)
        out(i, j) = a[i][j];
      else if (a[i][j] != 0.0)
        outside(stages, id);
    }
  return out;
}

Eigen::VectorXd stage_vector(const CoefficientVector& v, int stages, std::string_view id) {
  require_stage_count(stages, id);
  Eigen::VectorXd out(stages);
  for (int i = 0; i < kMaxStages; ++i) {
    if (i < stages)
      out[i] = v[i];
    else if (v[i] != 0.0)
      outside(stages, id);
  }
  return out;
}

}  // namespace tibench::tableaux
