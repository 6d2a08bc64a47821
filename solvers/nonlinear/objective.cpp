#include "solvers/nonlinear/objective.hpp"

#include <atomic>

namespace tibench {

std::uint64_t next_inertia_stamp() {
  static std::atomic<std::uint64_t> last{0};
  return ++last;
}

}  // namespace tibench
