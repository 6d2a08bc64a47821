# tibench_part(<part> [DEPENDS <parts>...] [EXCLUDE <sources>...]
#              [PUBLIC <targets>...] [PRIVATE <targets>...])
#
# One part of tibench's layout (README, "Layout"): a static library
# tibench_<part> of every .cpp below the part's folder (collected here, so
# adding a source file needs no CMake edit), linked to the parts it may use.
#
# A part's headers are included as "<part>/...". They are reachable only by
# the targets that link the part: its include directory is a folder of the
# build tree holding a single link <part> -> the part's sources, instead of
# the project root, which would let every part include every other one.
function(tibench_part part)
  cmake_parse_arguments(P "" "" "DEPENDS;EXCLUDE;PUBLIC;PRIVATE" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
  foreach(excluded IN LISTS P_EXCLUDE)
    list(REMOVE_ITEM sources ${CMAKE_CURRENT_SOURCE_DIR}/${excluded})
  endforeach()
  add_library(tibench_${part} STATIC ${sources})
  tibench_part_include_root(tibench_${part} ${part})
  tibench_precompile(tibench_${part} ${part})
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
# executables add GoogleTest. Parsing them was about a third of the
# compiler's time; precompiled, the release build's compiler time fell from
# 2790 s to 2000 s on 2 cores (docs/building.md).
option(TIBENCH_PCH "Precompile the standard, Eigen and GoogleTest headers" ON)
set(TIBENCH_PCH_STD <algorithm> <array> <cmath> <cstdio> <functional> <limits> <map> <memory>
    <optional> <stdexcept> <string> <string_view> <vector>)
set(TIBENCH_PCH_EIGEN <Eigen/Core> <Eigen/SparseCore> <Eigen/Eigenvalues> <Eigen/Geometry>
    <Eigen/LU>)

# tibench_precompile(<target> <part> [GTEST])
function(tibench_precompile target part)
  if(NOT TIBENCH_PCH)
    return()
  endif()
  set(headers ${TIBENCH_PCH_STD})
  if(NOT part MATCHES "^(core|fileio)$")
    list(APPEND headers ${TIBENCH_PCH_EIGEN})
  endif()
  if("GTEST" IN_LIST ARGN)
    list(APPEND headers <gtest/gtest.h>)
  endif()
  target_precompile_headers(${target} PRIVATE ${headers})
endfunction()
