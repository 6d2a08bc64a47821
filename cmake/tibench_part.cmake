# tibench_part(<part> [DEPENDS <parts>...] [EXCLUDE <sources>...]
#              [PUBLIC <targets>...] [PRIVATE <targets>...] [PCH <headers>...]
#              [UNITY_BATCH <n>])
#
# One part of tibench's layout (README, "Layout"): a static library
# tibench_<part> of every .cpp below the part's folder (collected here, so
# adding a source file needs no CMake edit), linked to the parts it may use.
#
# A part's headers are included as "<part>/...". They are reachable only by
# the targets that link the part: its include directory is a folder of the
# build tree holding a single link <part> -> the part's sources, instead of
# the project root, which would let every part include every other one.
# PCH: headers most of the part's units include, precompiled with the
# common ones (tibench_precompile) for the part and its tests.
function(tibench_part part)
  cmake_parse_arguments(P "" "UNITY_BATCH" "DEPENDS;EXCLUDE;PUBLIC;PRIVATE;PCH" ${ARGN})
  set_property(GLOBAL PROPERTY TIBENCH_PCH_${part} ${P_PCH})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
  foreach(excluded IN LISTS P_EXCLUDE)
    list(REMOVE_ITEM sources ${CMAKE_CURRENT_SOURCE_DIR}/${excluded})
  endforeach()
  add_library(tibench_${part} STATIC ${sources})
  tibench_part_include_root(tibench_${part} ${part})
  tibench_precompile(tibench_${part} ${part})
  tibench_unity(tibench_${part} ${P_UNITY_BATCH})
  list(TRANSFORM P_DEPENDS PREPEND tibench_)
  target_link_libraries(tibench_${part} PUBLIC ${P_DEPENDS} ${P_PUBLIC}
                        PRIVATE ${P_PRIVATE} tibench_warnings)
endfunction()

# Gives `target` the include root of `part` (PUBLIC: targets that link it
# see the part too).
function(tibench_part_include_root target part)
  set(root ${CMAKE_BINARY_DIR}/include-roots/${part})
  if(NOT EXISTS ${root}/${part})
    file(MAKE_DIRECTORY ${root})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${part} ${root}/${part} SYMBOLIC)
  endif()
  target_include_directories(${target} PUBLIC ${root})
endfunction()

# Precompiled headers (option TIBENCH_PCH, on by default): the standard
# headers every part includes and, above core and fileio, Eigen's; test
# executables add GoogleTest; a part adds the headers most of its units
# include (tibench_part's PCH). Parsing them was about a third of the
# compiler's time; precompiled, the release build's compiler time fell from
# 2790 s to 2000 s on 2 cores (docs/building.md).
option(TIBENCH_PCH "Precompile the standard, Eigen and GoogleTest headers" ON)
set(TIBENCH_PCH_STD <algorithm> <array> <cmath> <cstdio> <functional> <limits> <map> <memory>
    <optional> <sstream> <stdexcept> <string> <string_view> <tuple> <unordered_map> <variant>
    <vector>)
set(TIBENCH_PCH_EIGEN <Eigen/Core> <Eigen/SparseCore> <Eigen/Eigenvalues> <Eigen/Geometry>
    <Eigen/LU>)
set(TIBENCH_PCH_GTEST <gtest/gtest.h> <iostream> <mutex> <set>)

# tibench_precompile(<target> <part> [GTEST]): the common headers and the
# part's own (tibench_part's PCH), or, for a test executable, GoogleTest's.
function(tibench_precompile target part)
  if(NOT TIBENCH_PCH)
    return()
  endif()
  set(headers ${TIBENCH_PCH_STD})
  if(NOT part MATCHES "^(core|fileio)$")
    list(APPEND headers ${TIBENCH_PCH_EIGEN})
  endif()
  # Not the part's own headers for its tests: with them, the nine test
  # headers took 23 s longer to precompile and saved 8 s in the test units
  # (fresh build, 2 cores, docs/building.md).
  if("GTEST" IN_LIST ARGN)
    list(APPEND headers ${TIBENCH_PCH_GTEST})
  else()
    get_property(part_headers GLOBAL PROPERTY TIBENCH_PCH_${part})
    list(APPEND headers ${part_headers})
  endif()
  target_precompile_headers(${target} PRIVATE ${headers})
endfunction()

# Unity builds (option TIBENCH_UNITY, on by default): a part's units, and a
# test executable's, compile TIBENCH_UNITY_BATCH at a time as one unit, so
# that the templates they share (Eigen's expressions, the registries, the
# ledger's records, GoogleTest's) are instantiated and optimized once per
# batch instead of once per unit. The units that are heavy on their own
# (TIBENCH_UNITY_ALONE: 12.5 s or more in a build of single units at -j 2,
# and the heaviest of a batch that took 20 s alone) compile alone, so that
# no batch exceeds 20 s; they gain little from a batch, their time being
# their own instantiations. File-local names must differ between the
# units of a part: a batch is one unit, its anonymous namespaces one
# namespace. docs/building.md has the measurements.
option(TIBENCH_UNITY "Compile units in batches (unity build)" ON)
set(TIBENCH_UNITY_BATCH 4 CACHE STRING "Units per unity batch")
set(TIBENCH_UNITY_ALONE
  claims/dinev2018/dinev2018_cactus.cpp
  claims/dinev2018/dinev2018_optimization_forms.cpp
  claims/you2025/you2025_appendix_d.cpp
  claims/you2025/you2025_cube.cpp
  claims/you2025/you2025_linear.cpp
  cli/arguments.cpp
  harness/analysis/regress.cpp
  integrators/analysis/balanced_eigenvalues.cpp
  integrators/analysis/polynomial.cpp
  integrators/analysis/tableau_properties.cpp
  integrators/engines/energy_blending.cpp
  integrators/engines/qp_corrector.cpp
  integrators/engines/rosenbrock.cpp
  integrators/methods/method_file.cpp
  problems/catalog/bar1d.cpp
  problems/contact/contact_body.cpp
  problems/contact/obstacle_contact.cpp
  problems/dissipation/momentum_correction.cpp
  problems/fem/elastic_body.cpp
  problems/fem/element_psd.cpp
  problems/fem/strain_rate_damping.cpp
  solvers/nonlinear/contact_projection.cpp
  solvers/projective/admm.cpp
  solvers/projective/admm_local_newton_9.cpp
  solvers/projective/admm_local_newton_dynamic.cpp
  solvers/projective/admm_solver.cpp
  solvers/projective/admm_viscous.cpp
  tests/integrators/ipopt_stage.cpp
  tests/integrators/test_admm.cpp
  tests/integrators/test_admm_dissipation.cpp
  tests/integrators/test_constraint_solver.cpp
  tests/integrators/test_energy_control.cpp
  tests/integrators/test_engines.cpp
  tests/integrators/test_problem_physics.cpp
  tests/integrators/test_problems.cpp
  tests/problems/test_fem.cpp
  tests/problems/test_fem_force_kernel.cpp
  tests/solvers/test_partitioned_tridiagonal.cpp)

# tibench_unity(<target> [<batch size>]): the batch size of a part whose
# units are all of a similar, middling weight may be smaller (the claims:
# 8-11 s each, so four made 17-23 s).
function(tibench_unity target)
  if(NOT TIBENCH_UNITY)
    return()
  endif()
  set(batch ${TIBENCH_UNITY_BATCH})
  if(ARGC GREATER 1)
    set(batch ${ARGV1})
  endif()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${batch})
  get_target_property(sources ${target} SOURCES)
  foreach(source IN LISTS sources)
    file(RELATIVE_PATH relative ${PROJECT_SOURCE_DIR} ${source})
    if(relative IN_LIST TIBENCH_UNITY_ALONE)
      set_source_files_properties(${source} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
    endif()
  endforeach()
endfunction()
