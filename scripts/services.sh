#!/usr/bin/env bash
# Starts, stops and reports the local services Quarry needs, on loopback only:
# Postgres, Redis, the Temporal dev server, an SMTP sink and MariaDB (a MYSQL data source
# for development and the connector tests).
#
#   scripts/services.sh start|stop|status|env|clean <dev|test>
#
# dev : state in ~/.local/share/quarry/dev (kept between runs)
#       Postgres 55432, Redis 56379, Temporal 7233 (Web UI 8233), SMTP sink 2525, MariaDB 53306
# test: a fresh temporary state dir per run (removed by `stop test`)
#       Postgres 55433, Redis 56380, Temporal 57233 (Web UI 58233), SMTP sink 2526, MariaDB 53307
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
    MYSQL_PORT=53306
    ;;
  test)
    PG_PORT=55433 REDIS_PORT=56380 TEMPORAL_PORT=57233 TEMPORAL_UI_PORT=58233 SMTP_PORT=2526
    MYSQL_PORT=53307
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
  [ -f "$s/postgres/data/postmaster.pid" ] && pid_alive_file_first_line "$s/postgres/data/postmaster.pid" && return 0
  return 1
}

pid_alive_file_first_line() {
  local pid
  pid="$(head -n1 "$1" 2>/dev/null || true)"
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null
}

remove_state() {
  local s="$1" target link
  for link in "$s/postgres" "$s/mariadb"; do
    if [ -L "$link" ]; then
      target="$(readlink -f "$link" || true)"
      case "$target" in /var/lib/quarry/*) rm -rf "$target" ;; esac
    fi
  done
  rm -rf "$s"
}

# Postgres must reach its data dir as the postgres user. When the state dir is not
# traversable by it (e.g. under /root, mode 700), the cluster lives in /var/lib/quarry
# and <state>/postgres is a symlink to it.
prepare_pg_dir() {
  mkdir -p "$STATE"
  if [ -L "$PGBASE" ] && [ ! -e "$PGBASE" ]; then
    # The symlink's target was deleted: start again with a fresh cluster.
    rm -f "$PGBASE"
  fi
  if [ -e "$PGBASE" ]; then
    return
  fi
  if [ "$IS_ROOT" = 1 ] && ! runuser -u postgres -- test -x "$STATE" 2>/dev/null; then
    local id target
    id="$(printf '%s' "$STATE" | sha256sum | cut -c1-10)"
    target="/var/lib/quarry/$PROFILE-$id"
    mkdir -p /var/lib/quarry
    chmod 755 /var/lib/quarry
    rm -rf "$target"
    mkdir -p "$target"
    ln -s "$target" "$PGBASE"
  else
    mkdir -p "$PGBASE"
  fi
  if [ "$IS_ROOT" = 1 ]; then
    chown postgres:postgres "$(readlink -f "$PGBASE")"
  fi
  chmod 700 "$(readlink -f "$PGBASE")"
  pg_paths
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

# ------------------------------------------------------------------ postgres
pg_running() {
  [ -f "$PGDATA/PG_VERSION" ] || return 1
  as_pg "$(pg_bindir)/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1
}

pg_start() {
  local bin
  bin="$(pg_bindir)"
  [ -n "$bin" ] || die "postgres: no server binaries (run scripts/deps.sh)"
  prepare_pg_dir
  if pg_running; then
    return 0
  fi
  if tcp_open "$PG_PORT"; then
    fail_service postgres "$PGLOG" "port $PG_PORT on 127.0.0.1 is already in use by another process"
  fi
  if [ ! -f "$PGDATA/PG_VERSION" ]; then
    as_pg mkdir -p "$PGDATA" || fail_service postgres "$PGLOG" "cannot create $PGDATA as user postgres"
    as_pg "$bin/initdb" -D "$PGDATA" -U postgres -E UTF8 --no-locale \
      --auth-local=trust --auth-host=scram-sha-256 >"$LOGS/postgres-initdb.log" 2>&1 \
      || fail_service postgres "$LOGS/postgres-initdb.log" "initdb failed"
    echo "include_if_exists = 'quarry.conf'" | as_pg tee -a "$PGDATA/postgresql.conf" >/dev/null
  fi
  as_pg mkdir -p "$PGSOCK"
  {
    echo "# written by scripts/services.sh on every start"
    echo "listen_addresses = '127.0.0.1'"
    echo "port = $PG_PORT"
    echo "unix_socket_directories = '$PGSOCK'"
    echo "max_connections = 300"
    echo "log_line_prefix = '%m [%p] %q%u@%d '"
    echo "log_timezone = 'UTC'"
    echo "timezone = 'UTC'"
    if [ "$PROFILE" = test ]; then
      # Throw-away data: trade durability for speed.
      echo "fsync = off"
      echo "synchronous_commit = off"
      echo "full_page_writes = off"
    fi
  } | as_pg tee "$PGDATA/quarry.conf" >/dev/null
  # A postmaster.pid left by a killed server is handled by pg_ctl itself.
  as_pg "$bin/pg_ctl" -D "$PGDATA" -l "$PGLOG" -w -t 60 start >/dev/null 2>&1 9>&- \
    || fail_service postgres "$PGLOG" "did not start within 60s"
  ln -sfn "$PGLOG" "$LOGS/postgres.log"
}

pg_ready() {
  pg_isready -q -h 127.0.0.1 -p "$PG_PORT" -t 2
}

pg_psql() {
  as_pg psql -X -q -v ON_ERROR_STOP=1 -h "$PGSOCK" -p "$PG_PORT" -U postgres -d postgres "$@"
}

pg_bootstrap() {
  local exists
  exists="$(pg_psql -tAc "SELECT 1 FROM pg_roles WHERE rolname = 'quarry'")"
  if [ "$exists" != 1 ]; then
    pg_psql -c "CREATE ROLE quarry LOGIN SUPERUSER PASSWORD 'quarry'" >/dev/null
  fi
  exists="$(pg_psql -tAc "SELECT 1 FROM pg_database WHERE datname = 'quarry'")"
  if [ "$exists" != 1 ]; then
    pg_psql -c "CREATE DATABASE quarry OWNER quarry" >/dev/null
  fi
}

pg_stop() {
  local bin
  bin="$(pg_bindir)"
  if [ -n "$bin" ] && [ -f "$PGDATA/PG_VERSION" ] && pg_running; then
    as_pg "$bin/pg_ctl" -D "$PGDATA" -m fast -w -t 60 stop >/dev/null 2>&1 || true
  fi
  rm -f "$RUN/postgres.pid"
}

# ------------------------------------------------------------------ redis
redis_ready() {
  [ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]
}

redis_start() {
  if pid_alive "$RUN/redis.pid" redis-server; then
    return 0
  fi
  if tcp_open "$REDIS_PORT"; then
    fail_service redis "$LOGS/redis.log" "port $REDIS_PORT on 127.0.0.1 is already in use by another process"
  fi
  mkdir -p "$STATE/redis"
  local save=(--save "")
  [ "$PROFILE" = dev ] && save=(--save "300 1" --save "60 1000")
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --protected-mode yes \
    --dir "$STATE/redis" --dbfilename dump.rdb "${save[@]}" --appendonly no \
    --daemonize yes --pidfile "$RUN/redis.pid" --logfile "$LOGS/redis.log" 9>&- \
    || fail_service redis "$LOGS/redis.log" "redis-server failed to start"
}

redis_stop() {
  stop_pidfile "$RUN/redis.pid" redis-server 20
}

# ------------------------------------------------------------------ temporal
# --dynamic-config-value flags from temporal/dynamicconfig.yaml.
temporal_dynconfig_flags() {
  local file="$QUARRY_ROOT/temporal/dynamicconfig.yaml"
  [ -f "$file" ] || return 0
  python3 - "$file" <<'PY'
import json, re, sys
key = None
for raw in open(sys.argv[1], encoding="utf-8"):
    line = raw.split(" #")[0].rstrip() if not raw.lstrip().startswith("#") else ""
    if not line.strip():
        continue
    m = re.match(r"^([A-Za-z0-9_.]+):\s*$", line)
    if m:
        key = m.group(1)
        continue
    m = re.match(r"^\s+-\s+value:\s*(.+)$", line)
    if m and key:
        v = m.group(1).strip()
        if v in ("true", "false") or re.fullmatch(r"-?\d+(\.\d+)?", v):
            val = v
        elif v[:1] in "\"'":
            val = json.dumps(v[1:-1])
        else:
            val = json.dumps(v)
        print(f"--dynamic-config-value\n{key}={val}")
        key = None
        continue
    if re.match(r"^\s+constraints:", line):
        print(f"warning: {key}: constraints are ignored by start-dev", file=sys.stderr)
PY
}

temporal_real_bin() {
  local t
  t="$(temporal_bin)"
  [ -n "$t" ] || return 0
  # Skip the pyenv shim so the pid we record is the server's own.
  if [[ "$t" == */shims/* ]] && command -v pyenv >/dev/null 2>&1; then
    pyenv which temporal 2>/dev/null && return 0
  fi
  printf '%s\n' "$t"
}

temporal_ready() {
  "$TEMPORAL" operator namespace describe --namespace default \
    --address "127.0.0.1:$TEMPORAL_PORT" --command-timeout 3s >/dev/null 2>&1
}

temporal_start() {
  if pid_alive "$RUN/temporal.pid" start-dev; then
    return 0
  fi
  if tcp_open "$TEMPORAL_PORT"; then
    fail_service temporal "$LOGS/temporal.log" "port $TEMPORAL_PORT on 127.0.0.1 is already in use by another process"
  fi
  local dyn=()
  mapfile -t dyn < <(temporal_dynconfig_flags)
  mkdir -p "$STATE/temporal"
  {
    echo "=== $(date -u +%FT%TZ) temporal server start-dev (port $TEMPORAL_PORT, ui $TEMPORAL_UI_PORT)"
  } >>"$LOGS/temporal.log"
  setsid nohup "$TEMPORAL" server start-dev \
    --ip 127.0.0.1 --port "$TEMPORAL_PORT" --ui-port "$TEMPORAL_UI_PORT" \
    --http-port "$TEMPORAL_HTTP_PORT" --metrics-port "$TEMPORAL_METRICS_PORT" \
    --db-filename "$STATE/temporal/temporal.db" --namespace default \
    --ui-disable-news-fetch --log-level warn \
    "${dyn[@]}" >>"$LOGS/temporal.log" 2>&1 </dev/null 9>&- &
  echo $! >"$RUN/temporal.pid"
}

temporal_stop() {
  stop_pidfile "$RUN/temporal.pid" start-dev 30
}

# ------------------------------------------------------------------ smtp sink
smtp_ready() { tcp_open "$SMTP_PORT"; }

smtp_start() {
  if pid_alive "$RUN/smtp.pid" smtp_sink; then
    return 0
  fi
  if tcp_open "$SMTP_PORT"; then
    fail_service smtp "$LOGS/smtp.log" "port $SMTP_PORT on 127.0.0.1 is already in use by another process"
  fi
  mkdir -p "$MAIL"
  local py
  py="$(python3 -c 'import sys; print(sys.executable)')"
  setsid nohup "$py" "$QUARRY_ROOT/scripts/smtp_sink.py" \
    --host 127.0.0.1 --port "$SMTP_PORT" --dir "$MAIL" >>"$LOGS/smtp.log" 2>&1 </dev/null 9>&- &
  echo $! >"$RUN/smtp.pid"
}

smtp_stop() {
  stop_pidfile "$RUN/smtp.pid" smtp_sink 10
}

# ------------------------------------------------------------------ mariadb
# A MYSQL data source for development and the connector tests. mariadbd will not run as
# root: it runs as the mysql OS user, with its own datadir, socket and log in the state dir
# (or, when the mysql user cannot reach the state dir, in /var/lib/quarry behind a symlink,
# as for Postgres). Account quarry/quarry has every privilege.
# MY_USER runs the server; MY_ADMIN (whoever runs this script) administers it over the socket.
MY_ADMIN="$(id -un)"
MY_USER="$MY_ADMIN"
[ "$IS_ROOT" = 1 ] && MY_USER=mysql

as_my() {
  if [ "$IS_ROOT" = 1 ]; then
    runuser -u mysql -- "$@"
  else
    "$@"
  fi
}

mariadb_paths() {
  local real="$MYBASE"
  if [ -L "$MYBASE" ]; then
    real="$(readlink -f "$MYBASE")"
  fi
  MYDATA="$real/data"
  MYSOCK="$real/mysqld.sock"
  MYLOG="$real/mariadb.log"
}

prepare_mariadb_dir() {
  if [ -L "$MYBASE" ] && [ ! -e "$MYBASE" ]; then
    rm -f "$MYBASE"
  fi
  if [ ! -e "$MYBASE" ]; then
    if [ "$IS_ROOT" = 1 ] && ! runuser -u mysql -- test -x "$STATE" 2>/dev/null; then
      local id target
      id="$(printf '%s' "$STATE" | sha256sum | cut -c1-10)"
      target="/var/lib/quarry/$PROFILE-$id-mariadb"
      mkdir -p /var/lib/quarry
      chmod 755 /var/lib/quarry
      rm -rf "$target"
      mkdir -p "$target"
      ln -s "$target" "$MYBASE"
    else
      mkdir -p "$MYBASE"
    fi
  fi
  if [ "$IS_ROOT" = 1 ]; then
    chown mysql:mysql "$(readlink -f "$MYBASE")"
  fi
  chmod 750 "$(readlink -f "$MYBASE")"
  mariadb_paths
}

mariadbd_bin() {
  command -v mariadbd 2>/dev/null || { [ -x /usr/sbin/mariadbd ] && echo /usr/sbin/mariadbd; } || true
}

mariadb_ready() {
  mariadb-admin --no-defaults --protocol=socket --socket="$MYSOCK" -u "$MY_ADMIN" \
    --connect-timeout=2 ping >/dev/null 2>&1
}

mariadb_sql() {
  mariadb --no-defaults --protocol=socket --socket="$MYSOCK" -u "$MY_ADMIN" -N -B -e "$1"
}

mariadb_start() {
  local bin
  bin="$(mariadbd_bin)"
  [ -n "$bin" ] || die "mariadb: mariadbd not found (run scripts/deps.sh)"
  prepare_mariadb_dir
  if pid_alive "$RUN/mariadb.pid" mariadbd; then
    return 0
  fi
  if tcp_open "$MYSQL_PORT"; then
    fail_service mariadb "$MYLOG" "port $MYSQL_PORT on 127.0.0.1 is already in use by another process"
  fi
  if [ ! -d "$MYDATA/mysql" ]; then
    as_my mkdir -p "$MYDATA"
    # root@localhost and $MY_USER@localhost authenticate by unix socket (the OS user).
    mariadb-install-db --no-defaults --user="$MY_USER" --datadir="$MYDATA" \
      --auth-root-authentication-method=socket --skip-test-db >"$LOGS/mariadb-install.log" 2>&1 \
      || fail_service mariadb "$LOGS/mariadb-install.log" "mariadb-install-db failed"
  fi
  local extra=()
  if [ "$PROFILE" = test ]; then
    # Throw-away data: trade durability for speed.
    extra+=(--innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 --sync-binlog=0)
  fi
  setsid nohup "$bin" --no-defaults --user="$MY_USER" --datadir="$MYDATA" \
    --bind-address=127.0.0.1 --port="$MYSQL_PORT" --socket="$MYSOCK" \
    --pid-file="$MYDATA/mariadbd.pid" --log-error="$MYLOG" --skip-name-resolve --skip-log-bin \
    --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci \
    --innodb-buffer-pool-size=64M --performance-schema=OFF --max-connections=300 \
    "${extra[@]}" >>"$LOGS/mariadb-stdout.log" 2>&1 </dev/null 9>&- &
  echo $! >"$RUN/mariadb.pid"
  ln -sfn "$MYLOG" "$LOGS/mariadb.log"
}

mariadb_bootstrap() {
  mariadb_sql "CREATE USER IF NOT EXISTS 'quarry'@'%' IDENTIFIED BY 'quarry';
    CREATE USER IF NOT EXISTS 'quarry'@'localhost' IDENTIFIED BY 'quarry';
    GRANT ALL PRIVILEGES ON *.* TO 'quarry'@'%' WITH GRANT OPTION;
    GRANT ALL PRIVILEGES ON *.* TO 'quarry'@'localhost' WITH GRANT OPTION;
    CREATE DATABASE IF NOT EXISTS quarry" \
    || fail_service mariadb "$MYLOG" "could not create the quarry account"
}

mariadb_stop() {
  stop_pidfile "$RUN/mariadb.pid" mariadbd 60
}

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
  redis_start
  pg_start
  mariadb_start
  wait_service postgres 60 "$PGLOG" pg_ready
  pg_bootstrap
  head -n1 "$PGDATA/postmaster.pid" >"$RUN/postgres.pid" 2>/dev/null || true
  wait_service redis 30 "$LOGS/redis.log" redis_ready
  wait_service smtp 30 "$LOGS/smtp.log" smtp_ready "$RUN/smtp.pid" smtp_sink
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
  temporal_stop &
  redis_stop &
  mariadb_stop &
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
  ok=0; redis_ready && ok=1
  line redis "$ok" "127.0.0.1:$REDIS_PORT" "$LOGS/redis.log"
  ok=0; [ -n "$TEMPORAL" ] && temporal_ready && ok=1
  line temporal "$ok" "127.0.0.1:$TEMPORAL_PORT (UI :$TEMPORAL_UI_PORT)" "$LOGS/temporal.log"
  ok=0; pid_alive "$RUN/smtp.pid" smtp_sink && smtp_ready && ok=1
  line smtp "$ok" "127.0.0.1:$SMTP_PORT -> $MAIL" "$LOGS/smtp.log"
  ok=0; pid_alive "$RUN/mariadb.pid" mariadbd && mariadb_ready && ok=1
  line mariadb "$ok" "127.0.0.1:$MYSQL_PORT" "$LOGS/mariadb.log"
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
