#!/usr/bin/env bash
# The compiler's vectorization report for the force kernels: every loop
# marked `// simd: ...` (on the line before it) in the kernel sources must be
# reported "loop vectorized" by GCC when its translation unit is compiled
# with the build's own flags (from BUILD_DIR/compile_commands.json) plus
# -fopt-info-vec-optimized. Prints the report line of every marked loop;
# exits 1 naming each marked loop the compiler did not vectorize.
#
# usage: scripts/vectorization-report.sh BUILD_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build=${1:?usage: scripts/vectorization-report.sh BUILD_DIR}
db="$build/compile_commands.json"
if [ ! -r "$db" ]; then
  echo "vectorization-report: '$db' is not readable (configure BUILD_DIR with cmake first)" >&2
  exit 2
fi
# Kernel sources with marked loops, and the translation units that compile them.
kernels=(problems/catalog/spring_chain_kernel.hpp problems/fem/material.cpp problems/fem/elastic_body.cpp)
units=(problems/catalog/spring_chain.cpp problems/fem/material.cpp problems/fem/elastic_body.cpp)

report=$(mktemp)
trap 'rm -f "$report"' EXIT
for unit in "${units[@]}"; do
  cmd=$(/usr/bin/python3 - "$db" "$root/$unit" <<'EOF'
import json, shlex, sys
# In a unity build (cmake/tibench_part.cmake) the unit is compiled as part
# of the batch that #includes it: that batch is what the build optimizes.
def compiles(entry, unit):
    if entry["file"] == unit:
        return True
    if "/Unity/unity_" not in entry["file"]:
        return False
    with open(entry["file"]) as batch:
        return any(line.strip() == '#include "%s"' % unit for line in batch)
for entry in json.load(open(sys.argv[1])):
    if compiles(entry, sys.argv[2]):
        args = entry.get("arguments") or shlex.split(entry["command"])
        out = [a for i, a in enumerate(args) if a != "-o" and (i == 0 or args[i - 1] != "-o")]
        print(entry["directory"] + "\t" + shlex.join(out + ["-o", "/dev/null", "-fopt-info-vec-optimized"]))
        break
else:
    sys.exit("vectorization-report: no compile command for " + sys.argv[2])
EOF
  )
  (cd "${cmd%%$'\t'*}" && eval "${cmd#*$'\t'}") 2>>"$report" >/dev/null
done

missing=0
for kernel in "${kernels[@]}"; do
  # The line after each marker holds the loop.
  while IFS=: read -r marker _; do
    line=$((marker + 1))
    hit=$(grep -E "(^|/)$kernel:$line:[0-9]+: optimized: loop vectorized" "$report" | sort -u | head -n 1 || true)
    if [ -n "$hit" ]; then
      echo "${hit#"$root/"}"
    else
      echo "NOT VECTORIZED: $kernel:$line: $(sed -n "${line}p" "$kernel" | sed 's/^ *//')"
      missing=$((missing + 1))
    fi
  done < <(grep -n '^ *// simd:' "$kernel")
done
if [ "$missing" -gt 0 ]; then
  echo "vectorization-report: $missing marked loop(s) not vectorized" >&2
  exit 1
fi
echo "vectorization-report: every marked loop vectorized"
