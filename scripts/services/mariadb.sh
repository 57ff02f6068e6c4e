# shellcheck shell=bash
# MariaDB (a MYSQL data source): data dir, start, readiness, bootstrap, stop — sourced by scripts/services.sh (uses its paths, ports and helpers).

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
