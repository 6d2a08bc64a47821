// One process-wide lock for the calls that reach BLAS from tibench's
// threads (matrix cells run on `--jobs` threads). Debian's serial OpenBLAS
// (libopenblas0-serial 0.3.21, built without USE_LOCKING) shares its
// buffers between calls, so two threads inside it at once get wrong
// results: two CHOLMOD factorizations at once gave wrong solves in 10 of 20
// rounds (tests/solvers/test_symmetric_solve.cpp). CHOLMOD's supernodal
// factorization and solves, and Ipopt with MUMPS, hold it while they run;
// so does CHOLMOD's analysis, whose orderings (AMD, METIS) run at once on
// two threads made a matrix's results depend on --jobs at rounding level.
#pragma once

#include <mutex>

namespace tibench {

std::mutex& blas_mutex();

}  // namespace tibench
