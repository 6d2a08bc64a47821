#include "core/random.hpp"

#include <cmath>

namespace tibench {

double SplitMix64::log_uniform(double a, double b) {
  return std::exp(uniform(std::log(a), std::log(b)));
}

}  // namespace tibench
