// The one conversion from a record's fixed-size coefficient arrays (the
// constexpr form of integrators/methods/tableaux/*.hpp) to the Eigen matrices the
// engines run on. Entries beyond the record's stage count must be zero: a
// nonzero there is a typo that would silently change nothing, so it is
// refused, as is a stage count outside [1, kMaxStages].
#pragma once

#include <Eigen/Core>
#include <string_view>

#include "integrators/methods/tableaux/butcher_record.hpp"

namespace tibench::tableaux {

using CoefficientMatrix = double[kMaxStages][kMaxStages];
using CoefficientVector = double[kMaxStages];

// The leading stages × stages block of `a` (throws std::logic_error naming `id`).
Eigen::MatrixXd stage_matrix(const CoefficientMatrix& a, int stages, std::string_view id);
// The leading `stages` entries of `v` (throws std::logic_error naming `id`).
Eigen::VectorXd stage_vector(const CoefficientVector& v, int stages, std::string_view id);

}  // namespace tibench::tableaux
