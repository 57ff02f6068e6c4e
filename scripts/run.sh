#!/usr/bin/env bash
# shellcheck disable=SC2317  # cleanup runs from traps
# `make run`: installs what is missing, starts the dev services, builds web and the
# release binaries, starts quarry-worker and quarry-api, and waits for /readyz.
# Ctrl-C stops the api, the worker and the services.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$QUARRY_ROOT"

export QUARRY_PORT="${QUARRY_PORT:-3000}"
STATE="${QUARRY_STATE_DIR:-$HOME/.local/share/quarry/dev}"
RUN="$STATE/run"
LOGS="$STATE/logs"

mkdir -p "$RUN" "$LOGS"
if pid_alive "$RUN/run.pid" run.sh; then
  die "make run is already running (pid $(cat "$RUN/run.pid")); stop it with Ctrl-C or kill $(cat "$RUN/run.pid")"
fi
echo $$ >"$RUN/run.pid"

stop_app() {
  stop_pidfile "$RUN/api.pid" quarry-api 15
  stop_pidfile "$RUN/worker.pid" quarry-worker 30
}

cleaned=0
cleanup() {
  [ "$cleaned" = 1 ] && return 0
  cleaned=1
  echo >&2
  info "stopping Quarry"
  stop_app
  "$QUARRY_ROOT/scripts/services.sh" stop dev || true
  rm -f "$RUN/run.pid"
}
trap 'cleanup; exit 130' INT
trap 'cleanup; exit 143' TERM
trap cleanup EXIT

info "checking dependencies"
"$QUARRY_ROOT/scripts/deps.sh"

# A previous run killed hard may have left the api or the worker behind.
stop_app
if tcp_open "$QUARRY_PORT"; then
  die "port $QUARRY_PORT is already in use; stop what runs there or set QUARRY_PORT"
fi

info "starting services (dev)"
"$QUARRY_ROOT/scripts/services.sh" start dev

# ---------------------------------------------------------------- web
web_dist_fresh() {
  local stamp="web/dist/index.html"
  [ -f "$stamp" ] || return 1
  local newer
  newer="$(find web/src web/public web/index.html web/package.json web/package-lock.json \
    web/vite.config.ts web/tsconfig*.json web/schema.graphql \
    -newer "$stamp" -print -quit 2>/dev/null || true)"
  [ -z "$newer" ]
}
if [ -f web/package.json ]; then
  if web_dist_fresh; then
    info "web: dist is up to date"
  else
    info "web: npm run build"
    (cd web && npm run build)
  fi
else
  warn "web/package.json not found; the api will serve no front end"
fi

# ---------------------------------------------------------------- rust
# QUARRY_RUN_PROFILE=debug builds faster and runs slower.
case "${QUARRY_RUN_PROFILE:-release}" in
  release)
    info "cargo build --release (target dir $CARGO_TARGET_DIR)"
    cargo build --release -p quarry-api -p quarry-worker
    BIN="$CARGO_TARGET_DIR/release"
    ;;
  debug)
    info "cargo build (debug; target dir $CARGO_TARGET_DIR)"
    cargo build -p quarry-api -p quarry-worker
    BIN="$CARGO_TARGET_DIR/debug"
    ;;
  *) die "QUARRY_RUN_PROFILE must be release or debug" ;;
esac

# ---------------------------------------------------------------- env
# The dev services' addresses, unless the caller set them.
export QUARRY_DATABASE_URL="${QUARRY_DATABASE_URL:-postgres://quarry:quarry@127.0.0.1:55432/quarry}"
export QUARRY_REDIS_URL="${QUARRY_REDIS_URL:-redis://127.0.0.1:56379}"
export QUARRY_TEMPORAL_URL="${QUARRY_TEMPORAL_URL:-http://127.0.0.1:7233}"
export QUARRY_TEMPORAL_NAMESPACE="${QUARRY_TEMPORAL_NAMESPACE:-default}"
export QUARRY_TASK_QUEUE_PREFIX="${QUARRY_TASK_QUEUE_PREFIX:-quarry}"
export QUARRY_SMTP_URL="${QUARRY_SMTP_URL:-smtp://127.0.0.1:2525}"
export QUARRY_PUBLIC_URL="${QUARRY_PUBLIC_URL:-http://localhost:$QUARRY_PORT}"
export QUARRY_WEB_DIST="${QUARRY_WEB_DIST:-$QUARRY_ROOT/web/dist}"
# The dev data sources (MariaDB 53306, the source Postgres 55431) are on loopback.
export QUARRY_SOURCE_NETWORKS="${QUARRY_SOURCE_NETWORKS:-127.0.0.1/32}"
export QUARRY_DUCKDB_SOURCE_DIR="${QUARRY_DUCKDB_SOURCE_DIR:-$STATE/duckdb-sources}"
# Prometheus metrics of the worker (the api serves its own on /metrics): docs/operations.md.
export QUARRY_WORKER_METRICS_ADDR="${QUARRY_WORKER_METRICS_ADDR:-127.0.0.1:9464}"
mkdir -p "$QUARRY_DUCKDB_SOURCE_DIR"
export RUST_LOG="${RUST_LOG:-info}"
# Release builds refuse to start without a secret key (it seals data-source passwords and
# language-model keys). This install gets its own random one, kept in the state directory
# so secrets saved in one run open in the next.
if [ -z "${QUARRY_SECRET_KEY:-}" ]; then
  if [ ! -s "$STATE/secret_key" ]; then
    (umask 077 && od -An -tx1 -N32 /dev/urandom | tr -d ' \n' >"$STATE/secret_key")
    info "generated a secret key in $STATE/secret_key"
  fi
  QUARRY_SECRET_KEY="$(cat "$STATE/secret_key")"
  export QUARRY_SECRET_KEY
fi

# ---------------------------------------------------------------- start
# The api applies the migrations in migrations/ itself when it starts.
start_bg() {
  local name="$1" bin="$2"
  shift 2
  echo "=== $(date -u +%FT%TZ) $name" >>"$LOGS/$name.log"
  setsid nohup "$bin" "$@" >>"$LOGS/$name.log" 2>&1 </dev/null &
  echo $! >"$RUN/$name.pid"
}

info "starting quarry-worker and quarry-api"
# QUARRY_RUN_WORKER_QUEUES picks the queues of this worker (default: all), e.g.
# "workflows,email" when the sql and llm pools run as separate processes (scripts/bench/scale_out.sh).
start_bg worker "$BIN/quarry-worker" ${QUARRY_RUN_WORKER_QUEUES:+--queues "$QUARRY_RUN_WORKER_QUEUES"}
start_bg api "$BIN/quarry-api"

rc=0
wait_http_ok "http://127.0.0.1:$QUARRY_PORT/readyz" 180 "$RUN/api.pid" "$RUN/worker.pid" || rc=$?
if [ "$rc" -ne 0 ]; then
  if [ "$rc" = 2 ]; then
    warn "quarry-$(basename "$DEAD_PIDFILE" .pid) exited during start-up"
  else
    warn "quarry-api did not become ready within 180s ($(curl -s --max-time 2 "http://127.0.0.1:$QUARRY_PORT/readyz" || true))"
  fi
  for n in api worker; do
    echo "--- last lines of $LOGS/$n.log ---" >&2
    tail -n 40 "$LOGS/$n.log" >&2 || true
  done
  exit 1
fi

echo
echo "Quarry is running at http://localhost:$QUARRY_PORT"
echo "  Temporal UI     http://localhost:8233"
echo "  metrics         http://localhost:$QUARRY_PORT/metrics (api), http://$QUARRY_WORKER_METRICS_ADDR/metrics (worker)"
echo "  mail (sign-up)  $STATE/mail"
echo "  logs            $LOGS (api.log, worker.log, postgres.log, redis.log, temporal.log, smtp.log)"
echo "Press Ctrl-C to stop."

while pid_alive "$RUN/api.pid" quarry-api && pid_alive "$RUN/worker.pid" quarry-worker; do
  sleep 1
done
for n in api worker; do
  if ! pid_alive "$RUN/$n.pid"; then
    warn "quarry-$n stopped; last lines of $LOGS/$n.log:"
    tail -n 40 "$LOGS/$n.log" >&2 || true
  fi
done
exit 1
