#!/usr/bin/env bash
# The offline query data (.sqlx/, committed): the queries that sqlx::query! and friends check
# at compile time, described by a database. Builds read .sqlx/ (SQLX_OFFLINE, set in
# .cargo/config.toml) and need no database; after adding or changing a query, run this.
#   scripts/sqlx-prepare.sh           rewrite .sqlx/
#   scripts/sqlx-prepare.sh --check   fail when .sqlx/ is not what the queries need (test.sh)
# It uses a scratch database (QUARRY_SQLX_DB, default quarry_sqlx) on the Postgres server of
# QUARRY_DATABASE_URL (by default the dev services'), with the migrations applied.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$QUARRY_ROOT"

check=()
case "${1:-}" in
  --check) check=(--check) ;;
  "") ;;
  *) die "usage: scripts/sqlx-prepare.sh [--check]" ;;
esac

command -v sqlx >/dev/null 2>&1 || die "sqlx-cli not found (scripts/deps.sh installs it)"
if [ -z "${QUARRY_DATABASE_URL:-}" ]; then
  # shellcheck disable=SC1090
  source <("$QUARRY_ROOT/scripts/services.sh" env dev) || die "no QUARRY_DATABASE_URL and the dev services are not started"
fi
db="${QUARRY_SQLX_DB:-quarry_sqlx}"
[[ "$db" =~ ^[a-z_][a-z0-9_]*$ ]] || die "QUARRY_SQLX_DB: not a plain database name: $db"
database_url="${QUARRY_DATABASE_URL%/*}/$db"
psql -X -q -v ON_ERROR_STOP=1 "$QUARRY_DATABASE_URL" \
  -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
sqlx migrate run --source migrations --database-url "$database_url" >/dev/null
# --all-targets: the queries of tests (the domain's #[sqlx::test]s) are checked as well.
DATABASE_URL="$database_url" cargo sqlx prepare --workspace "${check[@]}" -- --all-targets
