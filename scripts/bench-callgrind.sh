#!/usr/bin/env bash
# Instruction counts per step of fixed workloads, under callgrind (stable on a
# noisy machine, unlike wall time): the measurement of the performance
# regression gate. Writes results/bench/callgrind.txt.
#
# usage: scripts/bench-callgrind.sh [--check BASELINE | --update BASELINE] BENCH_BINARY [CASE ...]
#   --check   fail (exit 1) when a case's instructions per step exceed the
#             baseline's by more than 3 %, or a baseline case is missing
#   --update  write the counts as the new baseline
# A case is WORKLOAD/METHOD[/IMPLEMENTATION] (tibench_bench --instructions).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=""; baseline=""
case "${1:-}" in
  --check|--update) mode=${1#--}; baseline=${2:?"$1 needs a baseline file"}; shift 2;;
esac
bin=${1:?usage: scripts/bench-callgrind.sh [--check|--update BASELINE] BENCH_BINARY [CASE ...]}; shift
cases=("$@")
if [ "$mode" = check ] && [ ! -r "$baseline" ]; then
  echo "bench-callgrind: baseline '$baseline' is not a readable file (make it with --update)" >&2
  exit 2
fi
# Default cases: explicit RK4 beside the hand-written Eigen loop, and the
# implicit path on the linear and FPUT chains, and the chain from 10³ to 10⁶
# masses. Each case counts its stepper's steps only (construction and one
# first step, the setup, are outside callgrind's instrumentation).
if [ ${#cases[@]} -eq 0 ]; then
  for w in oscillator chain-1000 chain-100000; do
    for impl in tibench eigen-loop; do cases+=("$w/rk4/$impl"); done
  done
  for m in backward-euler trapezoidal sdirk2 tr-bdf2 ros34pw2 bdf2 newmark generalized-alpha; do
    cases+=("chain-1000/$m/tibench")
  done
  for m in backward-euler sdirk2; do cases+=("chain-1000-fput/$m/tibench"); done
  # Cost per step against N (10³ … 10⁶ masses).
  for w in chain-10000 chain-100000 chain-1000000; do cases+=("$w/backward-euler/tibench"); done
  for w in chain-10000 chain-1000000; do cases+=("$w/rk4/tibench"); done
  # The finite-element force kernel (RK4: four evaluations per step).
  cases+=("beam/rk4/tibench")
  # A 3-D body's implicit step: elements, assembly, LDLᵀ Newton.
  cases+=("ball-gate/backward-euler/tibench")
fi
# One element thread: under valgrind threads run one at a time, and the
# count would include a waiting caller's spins, which depend on scheduling.
export TIBENCH_ELEMENT_THREADS=1
# glibc's memcpy and memset switch to `rep movsb` / `rep stosb` above a size
# it derives from the CPU, and callgrind counts such an instruction once per
# byte: an 80 kB copy counts 80,000, about 10× its vector loop. Counts of
# mid-size copies would then depend on the CPU and overstate their cost, so
# the thresholds are raised past every workload's vectors (1 GiB): copies
# are counted as the vector loops glibc runs below them.
export GLIBC_TUNABLES=glibc.cpu.x86_rep_movsb_threshold=1073741824:glibc.cpu.x86_rep_stosb_threshold=1073741824
mkdir -p results/bench
out=results/bench/callgrind.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
  echo "# instructions (Ir) per step under callgrind; $(date -u +%Y-%m-%dT%H:%M:%SZ); $(git rev-parse --short HEAD); $("${CXX:-c++}" --version | head -n 1)"
  printf "%-36s %14s %8s %14s\n" case Ir steps Ir/step
  for c in "${cases[@]}"; do
    f="$tmp/cg.out"
    steps=$(valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$f" \
      "$bin" --instructions "$c" 2>/dev/null | awk '/^steps/ {print $2}')
    ir=$(awk '/^totals:/ {print $2}' "$f")
    awk -v c="$c" -v ir="$ir" -v s="$steps" 'BEGIN { printf "%-36s %14s %8s %14.0f\n", c, ir, s, ir / s }'
  done
} | tee "$tmp/counts"
mv "$tmp/counts" "$out.tmp" && mv "$out.tmp" "$out"

case "$mode" in
  update)
    cp "$out" "$baseline.tmp" && mv "$baseline.tmp" "$baseline"
    echo "bench-callgrind: baseline written to $baseline"
    ;;
  check)
    # Rows: case, baseline Ir/step, now, change; exit 1 on any rise > 3 %.
    awk -v limit=0.03 '
      FNR == NR { if ($1 !~ /^#/ && $1 != "case") base[$1] = $4; next }
      $1 !~ /^#/ && $1 != "case" {
        seen[$1] = 1
        if (!($1 in base)) { printf "%-36s %14s %14.0f   (not in the baseline)\n", $1, "-", $4; next }
        change = $4 / base[$1] - 1
        flag = change > limit ? "   REGRESSION (> 3 %)" : ""
        if (flag != "") bad = 1
        printf "%-36s %14.0f %14.0f %+8.2f %%%s\n", $1, base[$1], $4, 100 * change, flag
      }
      END {
        for (c in base) if (!(c in seen)) { printf "%-36s missing from this run\n", c; bad = 1 }
        exit bad
      }' "$baseline" "$out" || { echo "bench-callgrind: instructions per step rose more than 3 % (or a case is missing); baseline $baseline" >&2; exit 1; }
    echo "bench-callgrind: every case within 3 % of $baseline"
    ;;
esac
