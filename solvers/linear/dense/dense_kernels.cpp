#include "solvers/linear/dense/dense_kernels.hpp"

namespace tibench::dense {

// One per build of dense_kernels_variant.cpp (solvers/CMakeLists.txt).
const Kernels& baseline_kernels();
#ifdef TIBENCH_DENSE_AVX2
const Kernels& avx2_kernels();
#endif
#ifdef TIBENCH_DENSE_AVX512
const Kernels& avx512_kernels();
#endif

const Kernels& kernels() {
  static const Kernels& chosen = [&]() -> const Kernels& {
#if defined(__x86_64__)
    __builtin_cpu_init();
#endif
#ifdef TIBENCH_DENSE_AVX512
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("fma"))
      return avx512_kernels();
#endif
#ifdef TIBENCH_DENSE_AVX2
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return avx2_kernels();
#endif
    return baseline_kernels();
  }();
  return chosen;
}

}  // namespace tibench::dense
