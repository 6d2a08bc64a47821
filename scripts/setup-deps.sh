#!/usr/bin/env bash
# Installs the Debian packages tibench needs, only those that are missing.
# Idempotent: a second run installs nothing and does not touch apt.
#
# usage: scripts/setup-deps.sh [core] [figures] [python] [report] [bench] [fuzz] [format] [slurm]
#   core    compiler, CMake, Eigen, Boost (odeint), HDF5, fmt, CLI11,
#           tomlplusplus, nlohmann-json, GoogleTest, Google Benchmark,
#           Open MPI's mpirun (the sharding test runs `mpirun -n 2`; tibench
#           itself does not link MPI, it reads the rank from the environment),
#           gmsh's library (libgmsh-dev: tetrahedral meshes of the contact
#           scenes), CGAL (libcgal-dev: bounding-volume hierarchies of the
#           self-collision penalty) and Ipopt (coinor-libipopt-dev: the
#           independent constrained solver the contact tests compare with)
#   figures /usr/bin/python3 with h5py and matplotlib (scripts/plot.py)
#   python  /usr/bin/python3 with h5py, numpy and pandas for the reader
#           python/tibench (docs/python.md), and pytest for its tests (make test)
#   report  headless Chromium (chromium) and a font (fonts-dejavu-core) for the
#           test that opens the HTML report of scripts/report.py in a real browser
#           (ctest label report, docs/report.md); report.py itself needs only
#           `figures`
#   bench   `make bench` only: the benchmark peers PETSc (petsc-dev, which
#           brings Open MPI's headers) and SUNDIALS (libsundials-dev, whose
#           -O0 libraries scripts/build-arkode.sh rebuilds with optimization
#           from Debian's source package, unpacked by dpkg-dev), and
#           valgrind (callgrind instruction counts, make bench-callgrind);
#           SuiteSparse (libsuitesparse-dev: the optional linear_solver=cholmod)
#           and a serial OpenBLAS (libopenblas0-serial) as the system BLAS:
#           CHOLMOD's supernodal factorization spends its time in BLAS, and
#           with Debian's reference BLAS it is no faster than our LDL^T
#           (measured: one backward-Euler step of the 5,141-tet ball, 175 ms
#           with either; 36 ms with CHOLMOD on OpenBLAS)
#   fuzz    `make test-fuzz` only: clang and its runtime libraries
#           (libclang-rt-dev: libFuzzer and clang's ASan/UBSan runtimes)
#   format  `make format` and `make format-check` (CI): clang-format, which
#           applies the repository's .clang-format
#   slurm   `make test-slurm` only: Slurm (slurm-wlm: slurmctld, slurmd and the
#           client commands) and MUNGE (munge), for the one-node cluster of
#           scripts/test-slurm.sh; their daemons are started by that script
#           (never by this one), with their own configuration
# With no argument, installs `core`.
set -euo pipefail

declare -A GROUP
GROUP[core]="g++ make cmake ninja-build ccache pkg-config git ca-certificates \
  libeigen3-dev libboost-dev libhdf5-dev libfmt-dev libcli11-dev \
  libtomlplusplus-dev nlohmann-json3-dev libgtest-dev libgmock-dev libbenchmark-dev \
  openmpi-bin libgmsh-dev libcgal-dev coinor-libipopt-dev"
GROUP[figures]="python3 python3-h5py python3-matplotlib python3-numpy"
GROUP[python]="python3 python3-h5py python3-numpy python3-pandas python3-pytest"
GROUP[report]="chromium fonts-dejavu-core"
GROUP[bench]="valgrind petsc-dev libsundials-dev dpkg-dev libsuitesparse-dev libopenblas0-serial"
GROUP[fuzz]="clang libclang-rt-dev"
GROUP[format]="clang-format"
GROUP[slurm]="slurm-wlm munge"

groups=("$@")
[ ${#groups[@]} -eq 0 ] && groups=(core)

wanted=()
for g in "${groups[@]}"; do
  if [ -z "${GROUP[$g]+x}" ]; then
    echo "setup-deps: unknown group '$g' (accepted: ${!GROUP[*]})" >&2
    exit 2
  fi
  # shellcheck disable=SC2206
  wanted+=(${GROUP[$g]})
done

missing=()
for p in "${wanted[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup-deps: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "setup-deps: missing packages (${missing[*]}) and not root; install them or run as root" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y --no-install-recommends "${missing[@]}"
