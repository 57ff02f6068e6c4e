#!/usr/bin/env bash
# shellcheck disable=SC2317  # functions run from traps and from run_step
# `make test` (and CI): the whole test suite against freshly started test services.
#   deps -> services (test profile) -> web: codegen:check, lint, typecheck, unit tests, build
#   -> cargo fmt --check, clippy -D warnings -> cargo build -> GraphQL schema check -> cargo nextest (or cargo test)
#   -> quarry-worker + quarry-api on a free port -> web e2e (headless Chromium) -> sqlx offline data check
# Every step runs even when an earlier one failed (unless it needs what failed);
# the exit status is non-zero when any step failed. Services, api and worker are
# stopped on exit, also on failure or Ctrl-C.
set -uo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$QUARRY_ROOT" || exit 1

export CI="${CI:-}"
STEP_NAMES=()
STEP_RESULTS=()
STEP_TIMES=()
FAILED=0
STEP_NO=0
T0=$SECONDS

banner() {
  STEP_NO=$((STEP_NO + 1))
  printf '\n%s======== [%d] %s ========%s\n' "$C_CYAN" "$STEP_NO" "$*" "$C_OFF"
}

record() {
  STEP_NAMES+=("$1")
  STEP_RESULTS+=("$2")
  STEP_TIMES+=("$3")
  if [ "$2" = FAIL ]; then FAILED=1; fi
}

# run_step NAME CMD...: runs CMD with a banner; records PASS or FAIL; returns CMD's status.
run_step() {
  local name="$1" start=$SECONDS rc=0
  shift
  banner "$name"
  "$@" || rc=$?
  if [ "$rc" -eq 0 ]; then
    record "$name" PASS $((SECONDS - start))
    printf '%s[pass]%s %s (%ds)\n' "$C_GREEN" "$C_OFF" "$name" $((SECONDS - start))
  else
    record "$name" FAIL $((SECONDS - start))
    printf '%s[FAIL]%s %s (exit %d, %ds)\n' "$C_RED" "$C_OFF" "$name" "$rc" $((SECONDS - start))
  fi
  return "$rc"
}

skip_step() {
  banner "$1"
  echo "skipped: $2"
  record "$1" "SKIP" 0
}

summary() {
  local i
  printf '\n%s======== summary ========%s\n' "$C_CYAN" "$C_OFF"
  for i in "${!STEP_NAMES[@]}"; do
    printf '  %-4s %-52s %5ss\n' "${STEP_RESULTS[$i]}" "${STEP_NAMES[$i]}" "${STEP_TIMES[$i]}"
  done
  printf '  total %ds\n' $((SECONDS - T0))
  if [ "$FAILED" = 0 ]; then
    printf '%smake test: all steps passed%s\n' "$C_GREEN" "$C_OFF"
  else
    printf '%smake test: FAILED%s\n' "$C_RED" "$C_OFF"
  fi
}

APP_STARTED=0
SERVICES_ATTEMPTED=0
STATE=""
finished=0
finish() {
  local rc=$?
  [ "$finished" = 1 ] && return
  finished=1
  [ "$rc" -ne 0 ] && FAILED=1
  if [ "$APP_STARTED" = 1 ]; then
    stop_pidfile "$STATE/run/api.pid" quarry-api 15
    stop_pidfile "$STATE/run/worker.pid" quarry-worker 30
  fi
  if [ "$SERVICES_ATTEMPTED" = 1 ]; then
    if [ "$FAILED" = 1 ] && [ -z "${CI:-}" ] && [ -n "${STATE:-}" ]; then
      # Keep the logs of a failed local run; the next run removes them.
      QUARRY_KEEP_STATE=1 "$QUARRY_ROOT/scripts/services.sh" stop test || true
      echo "logs of this run: $STATE/logs"
    else
      "$QUARRY_ROOT/scripts/services.sh" stop test || true
    fi
  fi
  summary
  if [ "$FAILED" = 1 ]; then exit 1; fi
  exit 0
}
trap finish EXIT
trap 'echo "interrupted" >&2; FAILED=1; exit 130' INT TERM

# ---------------------------------------------------------------- deps + services
run_step "deps (scripts/deps.sh)" "$QUARRY_ROOT/scripts/deps.sh" || exit 1
SERVICES_ATTEMPTED=1
run_step "services (test profile)" "$QUARRY_ROOT/scripts/services.sh" start test || exit 1
# shellcheck disable=SC1090
source <("$QUARRY_ROOT/scripts/services.sh" env test)
STATE="$QUARRY_STATE_DIR"

export_test_environment "$STATE"
unset QUARRY_STATE_DIR   # keep services.sh on its own test pointer
echo "test environment:"
env | grep -E '^QUARRY_' | sort | sed 's/^/  /'

# ---------------------------------------------------------------- web
# vitest now and then starts a worker process that never runs its file (no CPU, waiting on
# epoll; seen once in ~10 runs here, cause not found). A run normally takes about two
# minutes: give it ten, and run it once more if it stalled rather than failed.
web_unit_tests() {
  local rc=0
  (cd web && CI=true timeout --kill-after=10 600 npm test) || rc=$?
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
    echo "vitest stalled (no result after 10 minutes); running it once more" >&2
    rc=0
    (cd web && CI=true timeout --kill-after=10 600 npm test) || rc=$?
  fi
  return "$rc"
}

WEB_OK=0
if [ -f web/package.json ]; then
  has_script() { (cd web && node -e 'process.exit(require("./package.json").scripts?.[process.argv[1]] ? 0 : 1)' "$1"); }
  if has_script codegen:check; then
    run_step "web: npm run codegen:check" bash -c 'cd web && npm run codegen:check'
  fi
  if has_script lint; then
    run_step "web: npm run lint" bash -c 'cd web && npm run lint'
  fi
  if has_script typecheck; then
    run_step "web: npm run typecheck" bash -c 'cd web && npm run typecheck'
  fi
  if has_script test; then
    run_step "web: npm test" web_unit_tests
  else
    skip_step "web: npm test" "no test script in web/package.json"
  fi
  run_step "web: npm run build" bash -c 'cd web && npm run build' && WEB_OK=1
else
  skip_step "web" "web/package.json not found"
fi

# ---------------------------------------------------------------- rust
# Formatting (rustfmt.toml) and every clippy warning fail the suite.
run_step "cargo fmt --check" cargo fmt --all -- --check
run_step "cargo clippy --workspace --all-targets -D warnings" cargo clippy --workspace --all-targets -- -D warnings
CARGO_OK=0
run_step "cargo build --workspace --all-targets" cargo build --workspace --all-targets && CARGO_OK=1
BIN="$CARGO_TARGET_DIR/debug"

if [ "$CARGO_OK" = 1 ] && [ -f web/schema.graphql ] && [ -x "$BIN/quarry-api" ]; then
  schema_check() {
    local out
    out="$(mktemp)"
    # (timeout: a binary without --print-schema would start serving instead)
    timeout 60 "$BIN/quarry-api" --print-schema >"$out" || { rm -f "$out"; return 1; }
    if ! diff -u web/schema.graphql "$out"; then
      echo "web/schema.graphql differs from 'quarry-api --print-schema' (above)." >&2
      echo "Regenerate it: quarry-api --print-schema > web/schema.graphql && (cd web && npm run codegen)" >&2
      rm -f "$out"
      return 1
    fi
    rm -f "$out"
    echo "web/schema.graphql matches quarry-api --print-schema"
  }
  run_step "GraphQL schema: web/schema.graphql is current" schema_check
fi

if [ "$CARGO_OK" = 1 ]; then
  if cargo nextest --version >/dev/null 2>&1; then
    run_step "cargo nextest run --workspace" \
      cargo nextest run --workspace --no-fail-fast --no-tests=warn
  else
    echo "cargo-nextest not found (cargo install cargo-nextest --locked); using cargo test"
    run_step "cargo test --workspace" cargo test --workspace --no-fail-fast
  fi
else
  skip_step "cargo tests" "cargo build failed"
fi

# ---------------------------------------------------------------- e2e
start_app() {
  local port db_url
  port="$(free_port)"
  mkdir -p "$STATE/run" "$STATE/logs"
  # A database of its own for the browser tests; the api migrates it at start-up.
  db_url="${QUARRY_DATABASE_URL%/*}/quarry_e2e"
  psql -X -q "$QUARRY_DATABASE_URL" -c 'DROP DATABASE IF EXISTS quarry_e2e' -c 'CREATE DATABASE quarry_e2e' || return 1
  # Its Redis database too: rate-limit counters of an earlier run (sign-ups per address per
  # hour) must not refuse this run's journeys.
  redis-cli -u "$QUARRY_REDIS_URL/1" FLUSHDB >/dev/null || return 1
  export E2E_PORT="$port"
  export E2E_DATABASE_URL="$db_url"
  APP_STARTED=1
  (
    export QUARRY_PORT="$port"
    export QUARRY_PUBLIC_URL="http://127.0.0.1:$port"
    export QUARRY_DATABASE_URL="$db_url"
    export QUARRY_REDIS_URL="$QUARRY_REDIS_URL/1"
    export QUARRY_TASK_QUEUE_PREFIX=quarry-e2e
    # Every journey signs up its own people from this one address, more than the 20 an
    # address may per hour in production.
    export QUARRY_SIGNUP_LIMIT_PER_HOUR=500
    setsid nohup "$BIN/quarry-worker" >>"$STATE/logs/worker.log" 2>&1 </dev/null &
    echo $! >"$STATE/run/worker.pid"
    setsid nohup "$BIN/quarry-api" >>"$STATE/logs/api.log" 2>&1 </dev/null &
    echo $! >"$STATE/run/api.pid"
  )
  local rc=0
  wait_http_ok "http://127.0.0.1:$port/readyz" 180 "$STATE/run/api.pid" "$STATE/run/worker.pid" || rc=$?
  if [ "$rc" = 2 ]; then
    echo "quarry-$(basename "$DEAD_PIDFILE" .pid) exited during start-up" >&2
    dump_app_logs
    return 1
  elif [ "$rc" -ne 0 ]; then
    echo "quarry-api did not become ready on port $port (readyz: $(curl -s --max-time 2 "http://127.0.0.1:$port/readyz" || true))" >&2
    dump_app_logs
    return 1
  fi
  echo "quarry-api ready at http://127.0.0.1:$port (logs in $STATE/logs)"
}

dump_app_logs() {
  local n
  for n in api worker; do
    echo "--- last lines of $STATE/logs/$n.log ---" >&2
    tail -n 60 "$STATE/logs/$n.log" >&2 2>/dev/null || true
  done
}

run_e2e() {
  local shots="${QUARRY_E2E_SHOTS:-$QUARRY_ROOT/.quarry/e2e-shots}"
  rm -rf "$shots"
  mkdir -p "$shots"
  echo "screenshots go to $shots"
  (
    cd web &&
      QUARRY_E2E_URL="http://127.0.0.1:$E2E_PORT" \
      QUARRY_E2E_SHOTS="$shots" \
      QUARRY_E2E_CHROMIUM="$(command -v chromium || true)" \
      npm run e2e
  ) || { dump_app_logs; return 1; }
}

if [ "$WEB_OK" = 1 ] && [ "$CARGO_OK" = 1 ] && [ -x "$BIN/quarry-api" ] && [ -x "$BIN/quarry-worker" ]; then
  if (cd web && node -e 'process.exit(require("./package.json").scripts?.e2e ? 0 : 1)'); then
    if run_step "start quarry-worker + quarry-api (debug) for e2e" start_app; then
      run_step "web: npm run e2e" run_e2e
    else
      skip_step "web: npm run e2e" "the api did not start"
    fi
  else
    skip_step "web: npm run e2e" "no e2e script in web/package.json"
  fi
else
  skip_step "web: npm run e2e" "needs web/dist and the debug binaries quarry-api and quarry-worker"
fi

# The offline query data (.sqlx/) against the queries and the migrated schema; `cargo
# sqlx prepare --check` runs its own `cargo check` with SQLX_OFFLINE=false. It goes last: it
# touches the sources of every crate that uses sqlx, so the tests' build would start over.
if [ "$CARGO_OK" = 1 ]; then
  run_step "sqlx: .sqlx/ is current (cargo sqlx prepare --check)" "$QUARRY_ROOT/scripts/sqlx-prepare.sh" --check
else
  skip_step "sqlx: .sqlx/ is current" "cargo build failed"
fi

# finish (EXIT trap) stops everything, prints the summary and sets the exit status.
exit "$FAILED"
