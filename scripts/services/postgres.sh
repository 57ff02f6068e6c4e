# shellcheck shell=bash
# Postgres: data dir, start, readiness, bootstrap, stop — sourced by scripts/services.sh (uses its paths, ports and helpers).
#
# Two clusters: Quarry's metadata database (PGBASE=<state>/postgres, PG_PORT) and a separate
# one used only as a POSTGRES data source by tests and development (<state>/postgres-source,
# SOURCE_PG_PORT). The metadata server can never be a data source (network policy), so the
# source cluster must be another server. The functions below act on the cluster the globals
# name; `on_source_pg CMD…` runs CMD with them pointing at the source cluster.
PG_NAME=postgres

on_source_pg() {
  local saved_base="$PGBASE" saved_port="$PG_PORT" rc=0
  PGBASE="$STATE/postgres-source" PG_PORT="$SOURCE_PG_PORT" PG_NAME=postgres-source
  pg_paths
  "$@" || rc=$?
  PGBASE="$saved_base" PG_PORT="$saved_port" PG_NAME=postgres
  pg_paths
  return "$rc"
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
    if [ "$PG_NAME" != postgres ]; then target="$target-$PG_NAME"; fi
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
    fail_service "$PG_NAME" "$PGLOG" "port $PG_PORT on 127.0.0.1 is already in use by another process"
  fi
  if [ ! -f "$PGDATA/PG_VERSION" ]; then
    as_pg mkdir -p "$PGDATA" || fail_service "$PG_NAME" "$PGLOG" "cannot create $PGDATA as user postgres"
    as_pg "$bin/initdb" -D "$PGDATA" -U postgres -E UTF8 --no-locale \
      --auth-local=trust --auth-host=scram-sha-256 >"$LOGS/$PG_NAME-initdb.log" 2>&1 \
      || fail_service "$PG_NAME" "$LOGS/$PG_NAME-initdb.log" "initdb failed"
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
    || fail_service "$PG_NAME" "$PGLOG" "did not start within 60s"
  ln -sfn "$PGLOG" "$LOGS/$PG_NAME.log"
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

# Waits for the started cluster, creates the quarry role and database, records the pid.
pg_up() {
  wait_service "$PG_NAME" 60 "$PGLOG" pg_ready
  pg_bootstrap
  head -n1 "$PGDATA/postmaster.pid" >"$RUN/$PG_NAME.pid" 2>/dev/null || true
}

pg_stop() {
  local bin
  bin="$(pg_bindir)"
  if [ -n "$bin" ] && [ -f "$PGDATA/PG_VERSION" ] && pg_running; then
    as_pg "$bin/pg_ctl" -D "$PGDATA" -m fast -w -t 60 stop >/dev/null 2>&1 || true
  fi
  rm -f "$RUN/$PG_NAME.pid"
}
