# shellcheck shell=bash
# Temporal dev server: dynamic config, start, readiness, stop — sourced by scripts/services.sh (uses its paths, ports and helpers).

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
