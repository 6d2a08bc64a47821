# Compiling through ccache when it is installed (scripts/setup-deps.sh core
# installs it): a unit whose preprocessed source and flags were compiled
# before, in this clone or another, comes from the cache in the home
# directory (~/.cache/ccache) instead of the compiler. CI checks out a clean
# clone on the same machine, so its builds reuse the last run's objects.
#
# base_dir and no hashing of the working directory make the cache
# independent of where the clone lives; the sloppiness settings are the
# ones ccache requires for precompiled headers (ccache manual, "Precompiled
# headers"; GCC also needs -fpch-preprocess). The precompiled headers are
# 60–150 MB each (about 2.5 GB per build tree before compression), so the
# cache may grow to 16 GB instead of ccache's default 5. TIBENCH_CCACHE=OFF
# compiles without it (e.g. to time the compiler).
option(TIBENCH_CCACHE "Compile through ccache when it is installed" ON)
find_program(TIBENCH_CCACHE_PROGRAM ccache)
if(TIBENCH_CCACHE AND TIBENCH_CCACHE_PROGRAM)
  set(_tibench_ccache ${CMAKE_COMMAND} -E env
      "CCACHE_BASEDIR=${PROJECT_SOURCE_DIR}" CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE=16G
      "CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime"
      ${TIBENCH_CCACHE_PROGRAM})
  set(CMAKE_C_COMPILER_LAUNCHER ${_tibench_ccache})
  set(CMAKE_CXX_COMPILER_LAUNCHER ${_tibench_ccache})
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    add_compile_options(-fpch-preprocess)
  endif()
  message(STATUS "Compiling through ccache (${TIBENCH_CCACHE_PROGRAM}; TIBENCH_CCACHE=OFF to disable)")
endif()
