#!/usr/bin/env bash
# Runs the libFuzzer targets of fuzz/ (make test-fuzz; docs/reliability.md),
# each for FUZZ_SECONDS (default 60), and prints executions and crashes per
# target. Exit code 1 when any target found a crash, leak, hang or sanitizer
# report (the reproducer is left in BUILD/fuzz-work/artifacts/).
#
# usage: scripts/run-fuzz.sh BUILD_DIR     (BUILD_DIR: the `fuzz` preset's, build/fuzz)
#
# Corpora grow in BUILD/fuzz-work/corpus/<target> across runs; the seeds are
# regenerated every run: the shipped matrices and method files,
# fuzz/corpus/cli (one argument
# per line), and the HDF5 file of a tiny run written by this build's
# make_h5_seed (so that the --resume check, which wants the same build,
# passes and read_runs is reached).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: scripts/run-fuzz.sh BUILD_DIR}
seconds=${FUZZ_SECONDS:-60}
case "$seconds" in ''|*[!0-9]*) echo "run-fuzz: FUZZ_SECONDS='$seconds' (accepted: whole seconds)" >&2; exit 2;; esac
work=$build/fuzz-work
rm -rf "$work/seeds"
mkdir -p "$work/seeds/matrix" "$work/seeds/cli" "$work/seeds/h5" "$work/seeds/method_file" \
    "$work/artifacts"
cp harness/matrices/*.toml harness/matrices/long/*.toml "$work/seeds/matrix/"
cp integrators/methods/examples/*.toml "$work/seeds/method_file/"
cp fuzz/corpus/cli/* "$work/seeds/cli/"
"$build/fuzz/make_h5_seed" "$work/seeds/h5/tiny-run.h5"

# Leaks inside the uninstrumented HDF5 library are suppressed by name only.
export LSAN_OPTIONS="suppressions=$PWD/tests/sanitize/lsan.supp:print_suppressions=0"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
status=0
summary=""
for target in matrix cli h5 method_file; do
  mkdir -p "$work/corpus/$target"
  log=$work/$target.log
  echo "fuzz_$target: ${seconds} s" >&2
  set +e
  # -close_fd_mask=3: the targets print usage errors and `tibench info`
  # tables; libFuzzer and sanitizer reports still go to the original stderr.
  "$build/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 \
      -close_fd_mask=3 -print_final_stats=1 -artifact_prefix="$work/artifacts/$target-" \
      "$work/corpus/$target" "$work/seeds/$target" >"$log" 2>&1
  rc=$?
  set -e
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  if [ "$rc" -ne 0 ]; then
    status=1
    grep -E "^==[0-9]+==ERROR|SUMMARY|runtime error|uncaught|deadly signal|Test unit written" "$log" | head -n 8 >&2 || true
  fi
  verdict=clean
  [ "$rc" -ne 0 ] && verdict="FAILED (exit $rc, reproducer in $work/artifacts/)"
  summary+=$(printf '%-12s %10s executions  %s' "fuzz_$target" "${execs:-?}" "$verdict")$'\n'
done
echo "---- fuzz summary (${seconds} s per target; logs and artifacts in $work) ----"
printf '%s' "$summary"
exit "$status"
