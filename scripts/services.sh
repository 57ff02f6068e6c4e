#!/usr/bin/env bash
# Starts, stops and reports the local services Quarry needs, on loopback only:
# Postgres, Redis, the Temporal dev server, an SMTP sink, MariaDB (a MYSQL data source
# for development and the connector tests), a second Postgres server (a POSTGRES data
# source: Quarry's own metadata server is never allowed as one) and ClickHouse (a
# CLICK_HOUSE data source: its HTTP interface over the engine chDB ships).
#
#   scripts/services.sh start|stop|status|env|clean <dev|test>
#
# dev : state in ~/.local/share/quarry/dev (kept between runs)
#       Postgres 55432, Redis 56379, Temporal 7233 (Web UI 8233), SMTP sink 2525, MariaDB 53306,
#       source Postgres 55431, ClickHouse 58123 (user quarry, password quarry)
# test: a fresh temporary state dir per run (removed by `stop test`)
#       Postgres 55433, Redis 56380, Temporal 57233 (Web UI 58233), SMTP sink 2526, MariaDB 53307,
#       source Postgres 55434, ClickHouse 58124
#
# Every service has a pid file in <state>/run and a log in <state>/logs; mails the
# sink receives land in <state>/mail as .eml files. `env` prints the QUARRY_* exports
# for the profile. `clean` stops the profile and deletes its state.
# QUARRY_STATE_DIR overrides the state dir; QUARRY_KEEP_STATE=1 keeps the test state on stop.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

usage() {
  echo "usage: $0 start|stop|status|env|clean <dev|test>" >&2
  exit 2
}

CMD="${1:-}"
PROFILE="${2:-}"
if [ -z "$CMD" ] || [ -z "$PROFILE" ]; then usage; fi

CACHE_DIR="$HOME/.cache/quarry"
mkdir -p "$CACHE_DIR"
TEST_POINTER="$CACHE_DIR/test-state-dir"

case "$PROFILE" in
  dev)
    PG_PORT=55432 REDIS_PORT=56379 TEMPORAL_PORT=7233 TEMPORAL_UI_PORT=8233 SMTP_PORT=2525
    MYSQL_PORT=53306 SOURCE_PG_PORT=55431 CLICKHOUSE_PORT=58123
    ;;
  test)
    PG_PORT=55433 REDIS_PORT=56380 TEMPORAL_PORT=57233 TEMPORAL_UI_PORT=58233 SMTP_PORT=2526
    MYSQL_PORT=53307 SOURCE_PG_PORT=55434 CLICKHOUSE_PORT=58124
    ;;
  *) usage ;;
esac
# HTTP API and /metrics of the Temporal dev server (otherwise random ports).
TEMPORAL_HTTP_PORT=$((TEMPORAL_PORT + 10))
TEMPORAL_METRICS_PORT=$((TEMPORAL_PORT + 11))

# Serialise start/stop of one profile. (Every service is started with 9>&- so
# that no daemon inherits the lock.)
exec 9>"$CACHE_DIR/services-$PROFILE.lock"
flock 9

IS_ROOT=0
[ "$(id -u)" -eq 0 ] && IS_ROOT=1

# Run a command as the postgres OS user when we are root (Postgres refuses root).
as_pg() {
  if [ "$IS_ROOT" = 1 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# ------------------------------------------------------------------ state dir
# Prints the state dir of the profile; with "new", creates one if needed.
resolve_state() {
  local mode="${1:-}"
  if [ -n "${QUARRY_STATE_DIR:-}" ]; then
    printf '%s' "$QUARRY_STATE_DIR"
    return
  fi
  if [ "$PROFILE" = dev ]; then
    printf '%s' "$HOME/.local/share/quarry/dev"
    return
  fi
  local dir=""
  [ -f "$TEST_POINTER" ] && dir="$(cat "$TEST_POINTER")"
  if [ "$mode" = new ]; then
    if [ -n "$dir" ] && [ -d "$dir" ] && any_running "$dir"; then
      printf '%s' "$dir"   # services of this test run are still up: reuse them
      return
    fi
    if [ -n "$dir" ] && [ -d "$dir" ]; then
      remove_state "$dir"
    fi
    dir="$(mktemp -d "${TMPDIR:-/tmp}/quarry-test.XXXXXX")"
    printf '%s\n' "$dir" >"$TEST_POINTER"
  fi
  printf '%s' "$dir"
}

set_paths() {
  STATE="$1"
  RUN="$STATE/run"
  LOGS="$STATE/logs"
  MAIL="$STATE/mail"
  PGBASE="$STATE/postgres"
  pg_paths
  MYBASE="$STATE/mariadb"
  mariadb_paths
}

# Paths the postgres user uses must not go through the symlink (see prepare_pg_dir).
pg_paths() {
  local real="$PGBASE"
  if [ -L "$PGBASE" ]; then
    real="$(readlink -f "$PGBASE")"
  fi
  PGDATA="$real/data"
  PGSOCK="$real/run"
  PGLOG="$real/postgres.log"
}

any_running() {
  local s="$1"
  pid_alive "$s/run/redis.pid" redis-server && return 0
  pid_alive "$s/run/temporal.pid" start-dev && return 0
  pid_alive "$s/run/smtp.pid" smtp_sink && return 0
  pid_alive "$s/run/mariadb.pid" mariadbd && return 0
  pid_alive "$s/run/clickhouse.pid" clickhouse_http && return 0
  [ -f "$s/postgres/data/postmaster.pid" ] && pid_alive_file_first_line "$s/postgres/data/postmaster.pid" && return 0
  [ -f "$s/postgres-source/data/postmaster.pid" ] && pid_alive_file_first_line "$s/postgres-source/data/postmaster.pid" && return 0
  return 1
}

pid_alive_file_first_line() {
  local pid
  pid="$(head -n1 "$1" 2>/dev/null || true)"
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null
}

remove_state() {
  local s="$1" target link
  for link in "$s/postgres" "$s/postgres-source" "$s/mariadb"; do
    if [ -L "$link" ]; then
      target="$(readlink -f "$link" || true)"
      case "$target" in /var/lib/quarry/*) rm -rf "$target" ;; esac
    fi
  done
  rm -rf "$s"
}

fail_service() {
  local name="$1" logfile="$2" msg="$3"
  printf '%serror:%s %s: %s\n' "$C_RED" "$C_OFF" "$name" "$msg" >&2
  if [ -f "$logfile" ]; then
    printf -- '--- last lines of %s ---\n' "$logfile" >&2
    tail -n 30 "$logfile" >&2 || true
    printf -- '--- end of %s ---\n' "$logfile" >&2
  fi
  echo "$name: see the log $logfile" >&2
  exit 1
}

# ------------------------------------------------------------------ the services
for service in postgres redis temporal smtp mariadb clickhouse; do
  # shellcheck source=/dev/null
  source "$(dirname "${BASH_SOURCE[0]}")/services/$service.sh"
done

# ------------------------------------------------------------------ env
write_env() {
  cat >"$STATE/env.sh" <<EOF
# Quarry $PROFILE services (written by scripts/services.sh)
export QUARRY_STATE_DIR='$STATE'
export QUARRY_DATABASE_URL='postgres://quarry:quarry@127.0.0.1:$PG_PORT/quarry'
export QUARRY_REDIS_URL='redis://127.0.0.1:$REDIS_PORT'
export QUARRY_TEMPORAL_URL='http://127.0.0.1:$TEMPORAL_PORT'
export QUARRY_TEMPORAL_NAMESPACE='default'
export QUARRY_SMTP_URL='smtp://127.0.0.1:$SMTP_PORT'
export QUARRY_MAIL_DIR='$MAIL'
export QUARRY_TEMPORAL_UI_URL='http://localhost:$TEMPORAL_UI_PORT'
EOF
  if [ "$PROFILE" = test ]; then
    echo "export QUARRY_TEST_MAIL_DIR='$MAIL'" >>"$STATE/env.sh"
    echo "export QUARRY_TEST_MYSQL_URL='mysql://quarry:quarry@127.0.0.1:$MYSQL_PORT/'" >>"$STATE/env.sh"
    echo "export QUARRY_TEST_CLICKHOUSE_URL='http://quarry:quarry@127.0.0.1:$CLICKHOUSE_PORT/'" >>"$STATE/env.sh"
    echo "export QUARRY_TEST_SOURCE_POSTGRES_URL='postgres://quarry:quarry@127.0.0.1:$SOURCE_PG_PORT/postgres'" >>"$STATE/env.sh"
    # Project files of test runs stay with the test services, not in the user's data dir.
    echo "export QUARRY_DATA_DIR='$STATE/data'" >>"$STATE/env.sh"
  fi
}

# ------------------------------------------------------------------ commands
wait_service() {
  local name="$1" timeout="$2" logfile="$3" check="$4" pidfile="${5:-}" pattern="${6:-}" start=$SECONDS
  until "$check"; do
    if [ -n "$pidfile" ] && ! pid_alive "$pidfile" "$pattern"; then
      fail_service "$name" "$logfile" "the process exited before it answered"
    fi
    if ((SECONDS - start >= timeout)); then
      fail_service "$name" "$logfile" "did not answer within ${timeout}s"
    fi
    sleep 0.3
  done
}

do_start() {
  set_paths "$(resolve_state new)"
  mkdir -p "$RUN" "$LOGS" "$MAIL"
  chmod 755 "$STATE"
  TEMPORAL="$(temporal_real_bin)"
  [ -n "$TEMPORAL" ] || die "temporal: CLI not found (run scripts/deps.sh)"
  command -v redis-server >/dev/null 2>&1 || die "redis: redis-server not found (run scripts/deps.sh)"

  # Slow starters first, then wait for everything.
  temporal_start
  smtp_start
  clickhouse_start
  redis_start
  pg_start
  on_source_pg pg_start
  mariadb_start
  pg_up
  on_source_pg pg_up
  wait_service redis 30 "$LOGS/redis.log" redis_ready
  wait_service smtp 30 "$LOGS/smtp.log" smtp_ready "$RUN/smtp.pid" smtp_sink
  wait_service clickhouse 60 "$LOGS/clickhouse.log" clickhouse_ready "$RUN/clickhouse.pid" clickhouse_http
  wait_service mariadb 60 "$MYLOG" mariadb_ready "$RUN/mariadb.pid" mariadbd
  mariadb_bootstrap
  wait_service temporal 120 "$LOGS/temporal.log" temporal_ready "$RUN/temporal.pid" start-dev
  write_env

  info "services ($PROFILE) up, state in $STATE"
  log "    postgres  postgres://quarry:quarry@127.0.0.1:$PG_PORT/quarry"
  log "    redis     redis://127.0.0.1:$REDIS_PORT"
  log "    temporal  127.0.0.1:$TEMPORAL_PORT  (Web UI http://localhost:$TEMPORAL_UI_PORT)"
  log "    smtp      smtp://127.0.0.1:$SMTP_PORT  (mails land in $MAIL)"
  log "    mariadb   mysql://quarry:quarry@127.0.0.1:$MYSQL_PORT/quarry"
  log "    clickhouse http://quarry:quarry@127.0.0.1:$CLICKHOUSE_PORT/  (a data source)"
  log "    source pg postgres://quarry:quarry@127.0.0.1:$SOURCE_PG_PORT/postgres  (a data source)"
  log "    logs      $LOGS"
}

do_stop() {
  local s
  s="$(resolve_state)"
  if [ -z "$s" ] || [ ! -d "$s" ]; then
    info "services ($PROFILE): nothing to stop"
    return 0
  fi
  set_paths "$s"
  # In parallel: each takes a second or three to shut down cleanly.
  smtp_stop &
  clickhouse_stop &
  temporal_stop &
  redis_stop &
  mariadb_stop &
  on_source_pg pg_stop &
  pg_stop
  wait
  if [ "$PROFILE" = test ] && [ -z "${QUARRY_STATE_DIR:-}" ]; then
    if [ "${QUARRY_KEEP_STATE:-0}" = 1 ]; then
      info "services (test) stopped; state kept in $STATE"
    else
      remove_state "$STATE"
      info "services (test) stopped; state removed"
    fi
    rm -f "$TEST_POINTER"
  else
    info "services ($PROFILE) stopped; state kept in $STATE"
  fi
}

do_status() {
  local s rc=0
  s="$(resolve_state)"
  if [ -z "$s" ] || [ ! -d "$s" ]; then
    echo "services ($PROFILE): not started"
    return 3
  fi
  set_paths "$s"
  TEMPORAL="$(temporal_real_bin)"
  echo "services ($PROFILE), state in $STATE"
  line() {
    local name="$1" ok="$2" where="$3" logfile="$4"
    if [ "$ok" = 1 ]; then
      printf '  %-9s up     %-42s log %s\n' "$name" "$where" "$logfile"
    else
      printf '  %-9s DOWN   %-42s log %s\n' "$name" "$where" "$logfile"
      rc=3
    fi
  }
  local ok
  ok=0; pg_ready && ok=1
  line postgres "$ok" "127.0.0.1:$PG_PORT" "$LOGS/postgres.log"
  ok=0; on_source_pg pg_ready && ok=1
  line pg-source "$ok" "127.0.0.1:$SOURCE_PG_PORT" "$LOGS/postgres-source.log"
  ok=0; redis_ready && ok=1
  line redis "$ok" "127.0.0.1:$REDIS_PORT" "$LOGS/redis.log"
  ok=0; [ -n "$TEMPORAL" ] && temporal_ready && ok=1
  line temporal "$ok" "127.0.0.1:$TEMPORAL_PORT (UI :$TEMPORAL_UI_PORT)" "$LOGS/temporal.log"
  ok=0; pid_alive "$RUN/smtp.pid" smtp_sink && smtp_ready && ok=1
  line smtp "$ok" "127.0.0.1:$SMTP_PORT -> $MAIL" "$LOGS/smtp.log"
  ok=0; pid_alive "$RUN/mariadb.pid" mariadbd && mariadb_ready && ok=1
  line mariadb "$ok" "127.0.0.1:$MYSQL_PORT" "$LOGS/mariadb.log"
  ok=0; pid_alive "$RUN/clickhouse.pid" clickhouse_http && clickhouse_ready && ok=1
  line clickhouse "$ok" "127.0.0.1:$CLICKHOUSE_PORT" "$LOGS/clickhouse.log"
  return "$rc"
}

do_env() {
  local s
  s="$(resolve_state)"
  if [ -z "$s" ] || [ ! -f "$s/env.sh" ]; then die "services ($PROFILE) not started"; fi
  cat "$s/env.sh"
}

do_clean() {
  do_stop
  local s
  s="$(resolve_state)"
  if [ -n "$s" ] && [ -d "$s" ]; then
    remove_state "$s"
    info "services ($PROFILE): state $s deleted"
  fi
}

case "$CMD" in
  start) do_start ;;
  stop) do_stop ;;
  status) do_status ;;
  env) do_env ;;
  clean) do_clean ;;
  *) usage ;;
esac
