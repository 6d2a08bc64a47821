#!/usr/bin/env bash
# Instruction counts per step of fixed workloads of our engines, under
# callgrind (stable on a noisy machine, unlike wall time): the measurement for
# any performance regression gate. Writes results/bench/callgrind.txt.
#
# usage: scripts/bench-callgrind.sh BENCH_BINARY [WORKLOAD/METHOD ...]
set -euo pipefail
bin=$1; shift
cases=("$@")
# Default cases: explicit RK4 beside its peers on every workload (the
# stable form of the 1.1x target), and implicit methods of ours.
if [ ${#cases[@]} -eq 0 ]; then
  for w in oscillator chain-1000 chain-1000-fput chain-100000 chain-100000-fput beam; do
    for impl in tibench eigen-loop odeint-eigen odeint-vector; do cases+=("$w/rk4/$impl"); done
  done
  cases+=(oscillator/rk4/odeint-array)
  for w in chain-1000 chain-1000-fput chain-100000; do
    for m in backward-euler trapezoidal sdirk2 tr-bdf2 ros34pw2 bdf2; do cases+=("$w/$m/tibench"); done
  done
fi
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
    ir=$(awk '/^totals:/ {print $2}' "$f")
    awk -v c="$c" -v ir="$ir" -v s="$steps" 'BEGIN { printf "%-32s %14s %8s %14.0f\n", c, ir, s, ir / s }'
  done
} | tee "$out.tmp"
mv "$out.tmp" "$out"
rm -rf "$tmp"
