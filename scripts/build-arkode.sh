#!/usr/bin/env bash
# Builds SUNDIALS' ARKODE, with the parts the bench peer links (serial
# vector, dense and band matrices and linear solvers), from Debian's own
# source package with optimization, and prints the install prefix.
#
# Why: Debian's libsundials is -O0 code. Its debian/rules passes
# -DCMAKE_C_FLAGS=-fcommon with CMake build type "None", which replaces the
# -O2 dpkg-buildflags would have given. A peer built that way is not a peer.
#
# What: the source of the installed libsundials-dev's version
# (`apt-get source` from a deb-src twin of the machine's own apt sources,
# with a private apt state, so the system's configuration is not touched;
# `dpkg-source -x` applies Debian's patches), configured as SUNDIALS
# documents a production build: CMAKE_BUILD_TYPE=Release (-O3 -DNDEBUG),
# Debian's -fcommon kept, double precision and 64-bit indices (Debian's and
# SUNDIALS' defaults), static libraries, no MPI, no examples.
#
# Cached: ${XDG_CACHE_HOME:-~/.cache}/tibench/arkode-<version>-release; a
# second run prints the prefix and does nothing else. The prefix holds
# BUILD_INFO (version, flags), which the bench prints with the ARKODE rows.
#
# usage: scripts/build-arkode.sh     (after scripts/setup-deps.sh bench)
set -euo pipefail

version=$(dpkg-query -W -f='${source:Version}' libsundials-dev 2>/dev/null || true)
if [ -z "$version" ]; then
  echo "build-arkode: libsundials-dev is not installed (scripts/setup-deps.sh bench)" >&2
  exit 2
fi
cache=${XDG_CACHE_HOME:-$HOME/.cache}/tibench
prefix=$cache/arkode-$version-release
if [ -f "$prefix/BUILD_INFO" ]; then
  echo "$prefix"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work" "$prefix.tmp"' EXIT
mkdir -p "$work/sources" "$work/lists/partial" "$work/src"

# deb-src twins of the machine's deb entries (one-line and deb822 forms).
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
  [ -f "$f" ] && sed -n 's/^deb \(.*\)$/deb-src \1/p' "$f"
done > "$work/sources/twins.list"
for f in /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] && sed 's/^Types: *deb$/Types: deb-src/' "$f" > "$work/sources/$(basename "$f")"
done
apt_private=(-o "Dir::Etc::sourcelist=$work/sources/twins.list"
  -o "Dir::Etc::sourceparts=$work/sources" -o "Dir::State::Lists=$work/lists"
  -o "Debug::NoLocking=1")
# As root, apt would drop to its _apt user, who cannot write the private state.
[ "$(id -u)" -eq 0 ] && apt_private+=(-o "APT::Sandbox::User=root")

echo "build-arkode: fetching Debian's source of sundials $version" >&2
apt-get "${apt_private[@]}" -qq update >&2
(cd "$work/src" && apt-get "${apt_private[@]}" -qq source --download-only "sundials=$version" >&2)
dpkg-source --no-check -x "$work"/src/sundials_*.dsc "$work/src/sundials" >&2

echo "build-arkode: building ARKODE with CMAKE_BUILD_TYPE=Release into $prefix" >&2
cmake -S "$work/src/sundials" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_FLAGS=-fcommon -DCMAKE_INSTALL_PREFIX="$prefix.tmp" \
  -DBUILD_ARKODE=ON -DBUILD_CVODE=OFF -DBUILD_CVODES=OFF -DBUILD_IDA=OFF -DBUILD_IDAS=OFF \
  -DBUILD_KINSOL=OFF -DBUILD_SHARED_LIBS=OFF -DBUILD_STATIC_LIBS=ON \
  -DCMAKE_POSITION_INDEPENDENT_CODE=ON -DENABLE_MPI=OFF -DENABLE_OPENMP=OFF \
  -DBUILD_FORTRAN_MODULE_INTERFACE=OFF -DEXAMPLES_ENABLE_C=OFF -DEXAMPLES_ENABLE_CXX=OFF \
  -DSUNDIALS_PRECISION=double -DSUNDIALS_INDEX_SIZE=64 >&2
cmake --build "$work/build" -j "$(nproc)" >&2
cmake --install "$work/build" >&2
flags=$(sed -n 's/^CMAKE_C_FLAGS_RELEASE:STRING=//p' "$work/build/CMakeCache.txt")
printf 'Debian source sundials %s, CMake Release, C flags: -fcommon %s, static\n' \
  "$version" "$flags" > "$prefix.tmp/BUILD_INFO"
# The prefix is baked into the CMake package files: rename them into place.
find "$prefix.tmp" -name '*.cmake' -exec sed -i "s|$prefix.tmp|$prefix|g" {} +
mv "$prefix.tmp" "$prefix"
echo "$prefix"
