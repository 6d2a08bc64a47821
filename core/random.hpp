// Portable deterministic random numbers (SplitMix64, Steele et al. 2014).
// std::uniform_real_distribution is not specified bit-for-bit across standard
// libraries, so everything random in tibench draws from this generator: the
// same seed gives the same numbers on every platform.
#pragma once

#include <cstdint>

namespace tibench {

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  double uniform(double a, double b) { return a + (b - a) * uniform(); }
  // Log-uniform in [a, b], a > 0.
  double log_uniform(double a, double b);

 private:
  std::uint64_t state_;
};

}  // namespace tibench
