#!/usr/bin/env bash
# Horizontal scale-out on one machine, honestly: the `sql` and `llm` pools run as separate
# `quarry-worker --queues sql,llm` processes, each in its own CPU cgroup with the same quota
# (a fraction of one core), so adding a process adds a known amount of CPU. The load
# benchmark runs with 1, then 2 such processes; the warm throughput of each and their ratio
# are printed.
#
#   QUARRY_RUN_WORKER_QUEUES=workflows,email QUARRY_RATE_LIMIT_PER_MINUTE=0 make run   (another shell)
#   scripts/bench/scale_out.sh [QUOTA_PERCENT_OF_A_CORE (40)] [ASKS (100)]
#
# Needs a writable cgroup-v1 cpu controller (/sys/fs/cgroup/cpu) or cgroup v2 with the cpu
# controller (/sys/fs/cgroup/cpu.max), as root. The extra workers get the environment of the
# running `make run` worker, so they join the same deployment.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$QUARRY_ROOT"

quota="${1:-40}"
asks="${2:-100}"
main_worker=$(pgrep -x quarry-worker | head -1) || die "no quarry-worker running: start make run first (see the header)"
bin=$(readlink -f "/proc/$main_worker/exe")
mapfile -d '' environment <"/proc/$main_worker/environ"
grep -q -- '--queues' "/proc/$main_worker/cmdline" ||
  warn "make run's worker serves every queue: start it with QUARRY_RUN_WORKER_QUEUES=workflows,email so only the workers measured here run sql and llm"

cgroup_root=""
if [ -w /sys/fs/cgroup/cpu ]; then cgroup_root=/sys/fs/cgroup/cpu; fi
[ -n "$cgroup_root" ] || die "no writable cgroup cpu controller at /sys/fs/cgroup/cpu"

started=()
start_worker() { # index
  local group="$cgroup_root/quarry-scale-$1"
  mkdir -p "$group"
  echo 100000 >"$group/cpu.cfs_period_us"
  echo $((quota * 1000)) >"$group/cpu.cfs_quota_us"
  # The child moves itself into the cgroup, then becomes the worker.
  env -i "${environment[@]}" QUARRY_WORKER_METRICS_ADDR= RUST_LOG=warn \
    bash -c 'echo $$ >"$0/cgroup.procs"; exec "$1" --queues sql,llm' "$group" "$bin" >"/tmp/quarry-scale-$1.log" 2>&1 &
  started+=($!)
}
stop_workers() {
  for pid in "${started[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${started[@]}"; do wait "$pid" 2>/dev/null || true; done
  started=()
  for group in "$cgroup_root"/quarry-scale-*; do [ -d "$group" ] && rmdir "$group" 2>/dev/null || true; done
}
trap stop_workers EXIT

declare -A throughput
for n in 1 2; do
  for i in $(seq 1 "$n"); do start_worker "$i"; done
  sleep 5
  echo "== $n worker process(es) for sql and llm, each at most ${quota}% of a core"
  out=$(node scripts/bench/ask_load.mjs --asks "$asks" --rounds 2)
  echo "$out" | grep -E "round|throughput|poll request|FINISHED" | sed 's/^/   /'
  throughput[$n]=$(echo "$out" | grep -A1 'round 2' | grep -o 'throughput [0-9.]*' | awk '{print $2}')
  stop_workers
done
echo
echo "warm throughput: 1 process ${throughput[1]} asks/s, 2 processes ${throughput[2]} asks/s, ratio $(echo "scale=2; ${throughput[2]} / ${throughput[1]}" | bc)"
