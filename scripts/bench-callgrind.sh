#!/usr/bin/env bash
# Instruction counts per step of fixed workloads of our engines, under
# callgrind (stable on a noisy machine, unlike wall time): the measurement for
# any performance regression gate. Writes results/bench/callgrind.txt.
#
# usage: scripts/bench-callgrind.sh BENCH_BINARY [WORKLOAD/METHOD ...]
set -euo pipefail
bin=$1; shift
cases=("$@")
[ ${#cases[@]} -eq 0 ] && cases=(oscillator/rk4 oscillator/sdirk2 chain-1000/rk4 \
  chain-1000/backward-euler chain-1000/sdirk2 chain-1000-fput/sdirk2 chain-1000/ros34pw2 \
  chain-1000/bdf2)
mkdir -p results/bench
out=results/bench/callgrind.txt
tmp=$(mktemp -d)
{
  echo "# instructions (Ir) per step under callgrind; $(date -u +%Y-%m-%dT%H:%M:%SZ); $(git rev-parse --short HEAD)"
  printf "%-32s %14s %8s %14s\n" case Ir steps Ir/step
  for c in "${cases[@]}"; do
    f="$tmp/cg.out"
    steps=$(valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$f" \
      "$bin" --instructions "$c" 2>/dev/null | awk '/^steps/ {print $2}')
    ir=$(awk '/^summary:/ {print $2}' "$f")
    awk -v c="$c" -v ir="$ir" -v s="$steps" 'BEGIN { printf "%-32s %14s %8s %14.0f\n", c, ir, s, ir / s }'
  done
} | tee "$out.tmp"
mv "$out.tmp" "$out"
rm -rf "$tmp"
