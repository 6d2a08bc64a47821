// solve_block<Vector9, Matrix9> (admm_local_newton.hpp), in a unit of its own.
#include "solvers/projective/admm_local_newton.hpp"

namespace tibench::admm_local {

template int solve_block<Vector9, Matrix9>(const ElementSplit& split, Index b, double omega,
                                           const Vector9& t, Vector9& z);

}  // namespace tibench::admm_local
