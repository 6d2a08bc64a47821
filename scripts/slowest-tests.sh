#!/usr/bin/env bash
# Prints the N slowest tests (default 10) of a ctest JUnit file
# (ctest --output-junit FILE), slowest first, with their wall times.
#   scripts/slowest-tests.sh build/release/ctest-junit.xml [N]
set -euo pipefail
file=${1:?usage: slowest-tests.sh CTEST_JUNIT_XML [N]}
n=${2:-10}
[ -r "$file" ] || { echo "slowest-tests: cannot read '$file' (expected ctest --output-junit output)" >&2; exit 2; }
echo "---- the $n slowest tests (s) ----"
grep -o '<testcase name="[^"]*"[^>]* time="[0-9.e+-]*"' "$file" |
  sed -E 's/<testcase name="([^"]*)".* time="([0-9.e+-]*)"/\2 \1/' |
  sort -k1,1 -g -r | head -n "$n" | awk '{printf "%8.2f  %s\n", $1, $2}'
