// The dense kernels of the supernodal Cholesky factorization
// (supernodal_cholesky.hpp), on column-major blocks given by pointer and
// leading dimension. They are Eigen's products and factorizations, compiled
// once per instruction set (dense_kernels_variant.cpp: AVX-512, AVX2 with
// FMA, and the baseline) and chosen once per process by the CPU's features:
// Eigen built for the baseline reaches 17 GF/s in the updates' products on
// the CI machine, against 70–80 GF/s built for AVX-512 and 72–89 GF/s for
// OpenBLAS's dgemm (docs/benchmarks.md). They do not call BLAS, so two
// threads may run them at once (Debian's serial OpenBLAS may not be called
// concurrently: solvers/blas_lock.hpp). Every kernel's result depends only
// on its operands and sizes, not on the thread that runs it.
#pragma once

namespace tibench::dense {

struct Kernels {
  // C (m × n) = A · A(0:n, :)ᵀ for A m × k (m ≥ n), only C's lower
  // triangle in its top n × n block written.
  void (*lower_product)(int m, int n, int k, const double* a, int lda, double* c, int ldc);
  // In place: the Cholesky factor L of the n × n block's lower triangle;
  // returns the column of the first non-positive pivot, or −1.
  int (*cholesky)(int n, double* a, int lda);
  // B (m × n) ← B L⁻ᵀ, L the n × n lower triangle of l.
  void (*solve_lower_transposed_right)(int m, int n, const double* l, int ldl, double* b, int ldb);
  // x (n) ← L⁻¹ x and x ← L⁻ᵀ x, L the n × n lower triangle of l.
  void (*solve_lower)(int n, const double* l, int ldl, double* x);
  void (*solve_lower_transposed)(int n, const double* l, int ldl, double* x);
  // y (m) = A x and y (n) = Aᵀ x for A m × n.
  void (*product)(int m, int n, const double* a, int lda, const double* x, double* y);
  void (*product_transposed)(int m, int n, const double* a, int lda, const double* x, double* y);
  const char* instruction_set;
};

// The kernels for this CPU (the widest instruction set it and the build
// support).
const Kernels& kernels();

}  // namespace tibench::dense
