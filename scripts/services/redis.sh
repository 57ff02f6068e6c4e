# shellcheck shell=bash
# Redis: start, readiness, stop — sourced by scripts/services.sh (uses its paths, ports and helpers).

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
