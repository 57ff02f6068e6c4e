# shellcheck shell=bash
# ClickHouse (scripts/services/clickhouse_http.py: the HTTP interface over the ClickHouse
# engine chDB ships): start, readiness, stop — sourced by scripts/services.sh (uses its
# paths, ports and helpers). The engine lives in its own virtualenv (scripts/deps.sh).

clickhouse_python() { echo "$HOME/.cache/quarry/chdb/$CHDB_VERSION/bin/python"; }

clickhouse_ready() { curl -fsS "http://127.0.0.1:$CLICKHOUSE_PORT/ping" >/dev/null 2>&1; }

clickhouse_start() {
  if pid_alive "$RUN/clickhouse.pid" clickhouse_http; then
    return 0
  fi
  if tcp_open "$CLICKHOUSE_PORT"; then
    fail_service clickhouse "$LOGS/clickhouse.log" "port $CLICKHOUSE_PORT on 127.0.0.1 is already in use by another process"
  fi
  local py
  py="$(clickhouse_python)"
  [ -x "$py" ] || die "clickhouse: the chDB engine is not installed (run scripts/deps.sh)"
  mkdir -p "$STATE/clickhouse"
  setsid nohup "$py" "$QUARRY_ROOT/scripts/services/clickhouse_http.py" \
    --host 127.0.0.1 --port "$CLICKHOUSE_PORT" --data "$STATE/clickhouse" \
    --user quarry --password quarry >>"$LOGS/clickhouse.log" 2>&1 </dev/null 9>&- &
  echo $! >"$RUN/clickhouse.pid"
}

clickhouse_stop() {
  stop_pidfile "$RUN/clickhouse.pid" clickhouse_http 10
}
