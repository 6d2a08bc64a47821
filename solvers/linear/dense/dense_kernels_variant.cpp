// One instruction set's build of the dense kernels (dense_kernels.hpp),
// compiled once per set with its flags and TIBENCH_DENSE_VARIANT naming it.
// Eigen's namespace is renamed per build: each build's instantiations of
// Eigen's templates are then distinct symbols, so the linker cannot merge
// an AVX-512 product into code that runs on any CPU, or the reverse (this
// unit is built without the precompiled headers, which hold Eigen under
// its own name).
#define TIBENCH_DENSE_JOIN(a, b) TIBENCH_DENSE_JOIN_(a, b)
#define TIBENCH_DENSE_JOIN_(a, b) a##b
#define Eigen TIBENCH_DENSE_JOIN(tibench_eigen_, TIBENCH_DENSE_VARIANT)
#include <Eigen/Cholesky>
#include <Eigen/Core>

#include "solvers/linear/dense/dense_kernels.hpp"

namespace tibench::dense {
namespace {

using Block = Eigen::Map<Eigen::MatrixXd, 0, Eigen::OuterStride<>>;
using ConstBlock = Eigen::Map<const Eigen::MatrixXd, 0, Eigen::OuterStride<>>;
using Vector = Eigen::Map<Eigen::VectorXd>;
using ConstVector = Eigen::Map<const Eigen::VectorXd>;

void lower_product(int m, int n, int k, const double* a, int lda, double* c, int ldc) {
  const ConstBlock A(a, m, k, Eigen::OuterStride<>(lda));
  Block C(c, m, n, Eigen::OuterStride<>(ldc));
  C.topRows(n).triangularView<Eigen::Lower>() = A.topRows(n) * A.topRows(n).transpose();
  if (m > n) C.bottomRows(m - n).noalias() = A.bottomRows(m - n) * A.topRows(n).transpose();
}

int cholesky(int n, double* a, int lda) {
  Block A(a, n, n, Eigen::OuterStride<>(lda));
  return static_cast<int>(Eigen::internal::llt_inplace<double, Eigen::Lower>::blocked(A));
}

void solve_lower_transposed_right(int m, int n, const double* l, int ldl, double* b, int ldb) {
  const ConstBlock L(l, n, n, Eigen::OuterStride<>(ldl));
  Block B(b, m, n, Eigen::OuterStride<>(ldb));
  L.transpose().triangularView<Eigen::Upper>().solveInPlace<Eigen::OnTheRight>(B);
}

void solve_lower(int n, const double* l, int ldl, double* x) {
  const ConstBlock L(l, n, n, Eigen::OuterStride<>(ldl));
  Vector X(x, n);
  L.triangularView<Eigen::Lower>().solveInPlace(X);
}

void solve_lower_transposed(int n, const double* l, int ldl, double* x) {
  const ConstBlock L(l, n, n, Eigen::OuterStride<>(ldl));
  Vector X(x, n);
  L.transpose().triangularView<Eigen::Upper>().solveInPlace(X);
}

void product(int m, int n, const double* a, int lda, const double* x, double* y) {
  Vector(y, m).noalias() = ConstBlock(a, m, n, Eigen::OuterStride<>(lda)) * ConstVector(x, n);
}

void product_transposed(int m, int n, const double* a, int lda, const double* x, double* y) {
  Vector(y, n).noalias() =
      ConstBlock(a, m, n, Eigen::OuterStride<>(lda)).transpose() * ConstVector(x, m);
}

}  // namespace

#define TIBENCH_DENSE_STRING(x) #x
#define TIBENCH_DENSE_NAME(x) TIBENCH_DENSE_STRING(x)
#define TIBENCH_DENSE_GETTER(x) TIBENCH_DENSE_GETTER_(x)
#define TIBENCH_DENSE_GETTER_(x) x##_kernels

const Kernels& TIBENCH_DENSE_GETTER(TIBENCH_DENSE_VARIANT)() {
  static const Kernels k{lower_product,
                         cholesky,
                         solve_lower_transposed_right,
                         solve_lower,
                         solve_lower_transposed,
                         product,
                         product_transposed,
                         TIBENCH_DENSE_NAME(TIBENCH_DENSE_VARIANT)};
  return k;
}

}  // namespace tibench::dense
