#!/usr/bin/env bash
# make test-slurm: the Slurm examples of docs/scale-out.md, run for real.
#
# Why: tibench finds its shard from the launcher's environment (harness/
# shard.cpp); the unit and CLI tests fake those variables. This script starts
# a real one-node Slurm cluster on this machine (munged, slurmctld, slurmd on
# localhost, configuration and state in a temporary directory, no cgroups, no
# systemd), submits harness/matrices/default.toml with the sbatch files of
# scripts/slurm/ (the ones docs/scale-out.md shows verbatim) as a job array
# and as one `srun -n 2` step, merges each set of shards with `tibench merge`,
# runs the matrix unsharded and compares the merged files with it cell for
# cell (scripts/compare-h5.py --merged). Exit 0 only when both merged files
# equal the unsharded run; every daemon it started is stopped and the
# temporary directory removed on any exit (--keep keeps the directory).
#
# usage: scripts/test-slurm.sh [--keep] TIBENCH   (as root; make test-slurm)
#        scripts/test-slurm.sh --check-docs       (only: the doc shows the files)
#
# The sbatch files ask for a cluster's resources (8 tasks of 4 CPUs, 16
# tasks); here they are submitted with command-line options overriding their
# #SBATCH lines to fit this machine: the array as --array=1-5:2 (3 tasks, a
# stepped range, so K = (ID - MIN) / STEP is exercised) with 1 CPU per task,
# the srun job as --ntasks=2.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DOC=docs/scale-out.md
EXAMPLES=(scripts/slurm/default-array.sbatch scripts/slurm/default-srun.sbatch)
MATRIX=harness/matrices/default.toml
PY=/usr/bin/python3
ARRAY_SPEC=1-5:2 # task ids 1, 3, 5: shards 0, 1, 2 of 3
ARRAY_N=3
SRUN_N=2
JOB_TIMEOUT=${SLURM_TEST_TIMEOUT:-3600} # seconds for all jobs together

TMP=""
KEEP=0
DAEMON_PIDS=()
DAEMON_NAMES=()

log() { printf '[%4ds] %s\n' "$SECONDS" "$*"; }
die() {
  echo "test-slurm: $*" >&2
  exit 1
}

# Runs CMD... every 0.5 s until it succeeds (0) or SECS have passed (1).
poll() {
  local end=$((SECONDS + $1))
  shift
  until "$@"; do
    ((SECONDS < end)) || return 1
    sleep 0.5
  done
}

# --- the doc shows the sbatch files verbatim ------------------------------

# Every fenced code block of $DOC, one array element each.
doc_blocks() {
  local line in=0 cur=""
  BLOCKS=()
  while IFS= read -r line; do
    if [[ $line == '```'* ]]; then
      if ((in)); then BLOCKS+=("$cur") && in=0; else in=1 && cur=""; fi
    elif ((in)); then
      cur+="$line"$'\n'
    fi
  done <"$REPO/$DOC"
}

# Each example file is one code block of the doc, and each sbatch script the
# doc shows (#!/bin/bash then #SBATCH) is one of the files.
check_docs() {
  local f text b found bad=0
  doc_blocks
  for f in "${EXAMPLES[@]}"; do
    text=$(cat "$REPO/$f" && printf x) && text=${text%x}
    found=0
    for b in "${BLOCKS[@]}"; do [ "$b" = "$text" ] && found=1; done
    ((found)) || {
      echo "test-slurm: no code block of $DOC equals $f (show the file verbatim)" >&2
      bad=1
    }
  done
  for b in "${BLOCKS[@]}"; do
    [[ $b == '#!/bin/bash'$'\n''#SBATCH'* ]] || continue
    found=0
    for f in "${EXAMPLES[@]}"; do [ "$b" = "$(cat "$REPO/$f")"$'\n' ] && found=1; done
    ((found)) || {
      echo "test-slurm: an sbatch block of $DOC is none of ${EXAMPLES[*]}:" >&2
      printf '%s' "$b" | sed 's/^/  | /' >&2
      bad=1
    }
  done
  ((bad == 0)) || exit 1
  echo "test-slurm: $DOC shows ${EXAMPLES[*]} verbatim"
}

# --- preconditions ----------------------------------------------------------

preflight() {
  local c
  [ "$(id -u)" -eq 0 ] || die "run as root (it starts munged, slurmctld and slurmd)"
  for c in munged mungekey munge unmunge slurmctld slurmd sbatch squeue sinfo scancel scontrol; do
    command -v "$c" >/dev/null || die "$c not found (scripts/setup-deps.sh slurm)"
  done
  [ -x "$TIBENCH" ] || die "no tibench binary at $TIBENCH (make build-tool)"
  "$PY" -c 'import h5py' 2>/dev/null || die "$PY lacks h5py (scripts/setup-deps.sh figures)"
  # A surrounding Slurm job's variables would reach the jobs and tibench.
  # shellcheck disable=SC2046
  unset $(compgen -e | grep -E '^(SLURM|SBATCH|SRUN|SALLOC|PMIX?|OMPI)_') 2>/dev/null || true
}

# Two free TCP ports on localhost (slurmctld, slurmd): never Slurm's defaults,
# so a cluster already running here is left alone.
free_ports() {
  "$PY" -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])'
}

# --- the daemons --------------------------------------------------------------

# Runs a daemon in the foreground of a background job, remembered for cleanup.
start_daemon() {
  local name=$1
  shift
  "$@" >"$TMP/log/$name.out" 2>&1 &
  DAEMON_PIDS+=($!)
  DAEMON_NAMES+=("$name")
  log "started $name (pid $!): $*"
}

alive() { [ -e "/proc/$1" ] && ! grep -q ') Z' "/proc/$1/stat" 2>/dev/null; }
gone() { ! alive "$1"; }

munge_answers() {
  munge -n -S "$TMP/munge/munge.socket" 2>/dev/null |
    unmunge -S "$TMP/munge/munge.socket" >/dev/null 2>&1
}

start_munge() {
  mkdir -p "$TMP/munge" && chmod 755 "$TMP/munge" # clients need to reach the socket
  mungekey -c -k "$TMP/munge/munge.key" -b 1024
  start_daemon munged munged -F -f --socket="$TMP/munge/munge.socket" \
    --key-file="$TMP/munge/munge.key" --pid-file="$TMP/munge/munged.pid" \
    --seed-file="$TMP/munge/munged.seed" --log-file="$TMP/log/munged.log"
  poll 10 munge_answers || die "munged does not answer on $TMP/munge/munge.socket"
}

# slurm.conf for one node, "localhost", with this machine's CPUs and memory
# (from slurmd -C); no cgroups: process-group tracking (proctrack/pgid; with
# linuxproc, a job's tibench orphaned by its cancelled batch shell escaped the
# cancellation and ran on) and no task plugin.
write_conf() {
  local ports node
  read -r -a ports <<<"$(free_ports)"
  node=$(slurmd -C | head -1 | sed 's/^NodeName=[^ ]*//')
  cat >"$SLURM_CONF" <<EOF
# Written by scripts/test-slurm.sh; removed with its directory.
ClusterName=tibench-test
SlurmctldHost=localhost
SlurmctldPort=${ports[0]}
SlurmdPort=${ports[1]}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$TMP/munge/munge.socket
StateSaveLocation=$TMP/state
SlurmdSpoolDir=$TMP/spool
SlurmctldPidFile=$TMP/run/slurmctld.pid
SlurmdPidFile=$TMP/run/slurmd.pid
SlurmctldLogFile=$TMP/log/slurmctld.log
SlurmdLogFile=$TMP/log/slurmd.log
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$TMP/log/jobcomp.log
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
MinJobAge=3600
KillWait=5
NodeName=localhost NodeAddr=127.0.0.1$node State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
  log "slurm.conf: $SLURM_CONF (ports ${ports[*]}; node localhost$node)"
}

node_idle() { [ "$(sinfo -h -n localhost -o %T 2>/dev/null)" = idle ]; }

start_slurm() {
  mkdir -p "$TMP/state" "$TMP/spool" "$TMP/run"
  start_daemon slurmctld slurmctld -D -f "$SLURM_CONF"
  start_daemon slurmd slurmd -D -N localhost -f "$SLURM_CONF"
  poll 60 node_idle || die "node localhost not idle after 60 s: $(sinfo -N 2>&1 | tail -1)"
  log "sinfo: node localhost idle"
}

# --- stop everything on any exit --------------------------------------------

# Jobs first (slurmstepd outlives slurmd), then the daemons, newest first.
no_jobs() { [ -z "$(squeue -h -o %i 2>/dev/null)" ]; }

stop_jobs() {
  local ids
  ids=$(squeue -h -o %i 2>/dev/null || true)
  [ -n "$ids" ] || return 0
  log "cancelling jobs: $(echo "$ids" | tr '\n' ' ')"
  scancel --partition=test 2>/dev/null || true
  poll 30 no_jobs || log "jobs still listed after 30 s: $(squeue -h -o %i | tr '\n' ' ')"
}

stop_daemons() {
  local k pid
  for ((k = ${#DAEMON_PIDS[@]} - 1; k >= 0; k--)); do
    pid=${DAEMON_PIDS[k]}
    alive "$pid" || continue
    kill -TERM "$pid" 2>/dev/null || true
    poll 10 gone "$pid" || kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null || true
    log "stopped ${DAEMON_NAMES[k]} (pid $pid)"
  done
}

# Any process still carrying this cluster's SLURM_CONF (a job's tibench, a
# slurmstepd) is this run's: killed by pid.
kill_leftovers() {
  local conf=$1 p pid
  for p in /proc/[0-9]*; do
    pid=${p#/proc/}
    [ "$pid" = $$ ] && continue
    if { tr '\0' '\n' <"$p/environ"; } 2>/dev/null | grep -qxF "SLURM_CONF=$conf"; then
      log "killing leftover process $pid ($({ tr '\0' ' ' <"$p/cmdline"; } 2>/dev/null | cut -c1-60))"
      kill -KILL "$pid" 2>/dev/null || true
    fi
  done
}

# A run killed with SIGKILL could not clean up: its directory is still there
# and its owner (owner.pid) is gone. Its processes are stopped and the
# directory removed, so that a new run starts from nothing.
clean_stale_runs() {
  local dir owner
  for dir in /tmp/tibench-slurm.*; do
    [ -f "$dir/owner.pid" ] || continue
    owner=$(cat "$dir/owner.pid")
    grep -qs test-slurm "/proc/$owner/cmdline" && continue
    log "previous run $dir (pid $owner) ended without cleaning up: cleaning up"
    kill_leftovers "$dir/slurm.conf"
    rm -rf "$dir"
  done
}

cleanup() {
  local rc=$? conf=${SLURM_CONF:-}
  set +e
  trap - EXIT INT TERM HUP
  [ -n "$TMP" ] || exit "$rc"
  [ -n "$conf" ] && stop_jobs
  stop_daemons
  unset SLURM_CONF
  [ -n "$conf" ] && kill_leftovers "$conf"
  if ((rc != 0)); then
    echo "test-slurm: FAILED (exit $rc); last lines of the logs:" >&2
    tail -n 15 "$TMP"/log/*.{log,out} 2>/dev/null | sed 's/^/  /' >&2
  fi
  if ((KEEP)); then log "kept $TMP"; else rm -rf "$TMP" && log "removed $TMP"; fi
  exit "$rc"
}

# --- the jobs -----------------------------------------------------------------

# A working directory as on a cluster: the repository's harness/ (matrices)
# beside the results/ and cache/ the sbatch files write.
workdir() {
  mkdir -p "$TMP/$1"
  ln -s "$REPO/harness" "$TMP/$1/harness"
  echo "$TMP/$1"
}

# sbatch FILE in DIR with extra options; prints the job id.
submit() {
  local dir=$1 file=$2
  shift 2
  sbatch --parsable --chdir="$dir" --output="$TMP/log/job-%j.out" "$@" "$REPO/$file" | cut -d';' -f1
}

# Waits until every job (array tasks included) has ended; fails unless all
# COMPLETED (exit code 0).
wait_jobs() {
  local ids=$1 start=$SECONDS states
  while :; do
    states=$(squeue -h -t all -j "$ids" -o %T)
    grep -qvE '^(COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|BOOT_FAIL|DEADLINE|PREEMPTED)$' \
      <<<"$states" || break
    ((SECONDS - start < JOB_TIMEOUT)) || die "jobs $ids still running after $JOB_TIMEOUT s"
    sleep 1
  done
  squeue -h -t all -j "$ids" -o '%i|%j|%T|%M|%S|%e|%D|%C' | sort -t'|' -k1,1V |
    while IFS='|' read -r id name state used st en nodes cpus; do
      log "  job $id $name: $state, ran $used (${st#*T} to ${en#*T}), $nodes node, $cpus CPUs"
    done
  grep -qvx COMPLETED <<<"$states" && die "a job did not complete (logs: $TMP/log/job-*.out)"
  return 0
}

# Each file's shard_index/shard_count/shard_source, checked against the
# launcher that should have set it.
check_shards() {
  local source=$1
  shift
  "$PY" - "$source" "$@" <<'EOF'
import sys, h5py
want, bad = sys.argv[1], 0
for path in sys.argv[2:]:
    a = h5py.File(path, "r").attrs
    got = a["shard_source"].decode()
    print(f"         {path.rsplit('/', 1)[-1]}: shard {a['shard_index']}/{a['shard_count']}, "
          f"source {got}")
    bad += got != want
sys.exit(1 if bad else 0)
EOF
}

compare() {
  "$PY" "$REPO/scripts/compare-h5.py" --merged "$1" "$2" | sed 's/^/         /'
}

main() {
  local array_dir srun_dir array_id srun_id t0 pid fail=0
  preflight
  clean_stale_runs
  TMP=$(mktemp -d /tmp/tibench-slurm.XXXXXX)
  echo $$ >"$TMP/owner.pid"
  mkdir -p "$TMP/log"
  export SLURM_CONF=$TMP/slurm.conf
  PATH="$(dirname "$TIBENCH"):$PATH" # the sbatch files run `tibench`
  export PATH
  log "tibench $TIBENCH; temporary directory $TMP"
  start_munge
  write_conf
  start_slurm

  array_dir=$(workdir array)
  srun_dir=$(workdir srun)
  t0=$SECONDS
  array_id=$(submit "$array_dir" "${EXAMPLES[0]}" --array="$ARRAY_SPEC" --cpus-per-task=1)
  log "sbatch --array=$ARRAY_SPEC --cpus-per-task=1 ${EXAMPLES[0]}: job $array_id"
  srun_id=$(submit "$srun_dir" "${EXAMPLES[1]}" --ntasks="$SRUN_N")
  log "sbatch --ntasks=$SRUN_N ${EXAMPLES[1]}: job $srun_id"
  wait_jobs "$array_id,$srun_id"
  log "jobs done in $((SECONDS - t0)) s"

  log "array shards (from SLURM_ARRAY_TASK_*):"
  check_shards SLURM_ARRAY_TASK_ID/MIN/MAX/STEP "$array_dir"/results/default.shard-*-of-$ARRAY_N.h5
  log "srun shards (from SLURM_PROCID):"
  check_shards SLURM_PROCID/SLURM_STEP_NUM_TASKS "$srun_dir"/results/default.*-of-$SRUN_N.h5
  [ -f "$srun_dir/results/default-all.h5" ] || die "the srun job wrote no default-all.h5"
  log "srun set merged by its job: $srun_dir/results/default-all.h5"
  t0=$SECONDS
  (cd "$array_dir" && tibench merge results/default-all.h5 results/default.shard-*-of-$ARRAY_N.h5) \
    >"$TMP/log/merge.out"
  log "array set: tibench merge results/default-all.h5 results/default.shard-*-of-$ARRAY_N.h5" \
    "($((SECONDS - t0)) s): $(cat "$TMP/log/merge.out")"

  t0=$SECONDS
  mkdir -p "$TMP/unsharded"
  (cd "$array_dir" && tibench run --matrix "$MATRIX" --jobs "$(nproc)" -q \
    -o "$TMP/unsharded/default.h5" >"$TMP/log/unsharded.out" 2>&1)
  log "unsharded run: $(grep -E '^cells:' "$TMP/log/unsharded.out" | cut -d'(' -f2 | tr -d ')'), $((SECONDS - t0)) s"

  t0=$SECONDS
  compare "$TMP/unsharded/default.h5" "$array_dir/results/default-all.h5" >"$TMP/log/cmp-array" &
  pid=$!
  compare "$TMP/unsharded/default.h5" "$srun_dir/results/default-all.h5" >"$TMP/log/cmp-srun" ||
    fail=1
  wait "$pid" || fail=1
  log "compared with the unsharded run ($((SECONDS - t0)) s): array merge, srun merge"
  cat "$TMP/log/cmp-array" "$TMP/log/cmp-srun"
  ((fail == 0)) || die "a merged file differs from the unsharded run"
  log "PASS: both merged files equal the unsharded run (total $SECONDS s)"
}

case "${1:-}" in
  --check-docs)
    check_docs
    exit 0
    ;;
  --keep)
    KEEP=1
    shift
    ;;
esac
[ $# -eq 1 ] || die "usage: scripts/test-slurm.sh [--keep] TIBENCH | --check-docs"
TIBENCH=$(realpath "$1")
check_docs
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP
main
