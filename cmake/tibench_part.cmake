# tibench_part(<part> [DEPENDS <parts>...] [EXCLUDE <sources>...]
#              [PUBLIC <targets>...] [PRIVATE <targets>...] [PCH <headers>...])
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
  cmake_parse_arguments(P "" "" "DEPENDS;EXCLUDE;PUBLIC;PRIVATE;PCH" ${ARGN})
  set_property(GLOBAL PROPERTY TIBENCH_PCH_${part} ${P_PCH})
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
