# shellcheck shell=bash
# SMTP sink (scripts/smtp_sink.py): start, readiness, stop — sourced by scripts/services.sh (uses its paths, ports and helpers).

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
