#include "solvers/blas_lock.hpp"

namespace tibench {

std::mutex& blas_mutex() {
  static std::mutex m;
  return m;
}

}  // namespace tibench
