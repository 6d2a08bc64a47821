// solve_block<LocalVector, LocalMatrix> (admm_local_newton.hpp), in a unit of its own.
#include "solvers/projective/admm_local_newton.hpp"

namespace tibench::admm_local {

template int solve_block<LocalVector, LocalMatrix>(const ElementSplit& split, Index b, double omega,
                                                   const LocalVector& t, LocalVector& z);

}  // namespace tibench::admm_local
