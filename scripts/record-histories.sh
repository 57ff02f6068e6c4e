#!/usr/bin/env bash
# Re-records the workflow histories that workflows/tests/replay.rs replays
# (workflows/tests/histories/): runs the api tests that start every workflow on a real
# worker, then keeps for each workflow type the fewest closed runs (four at most) that between
# them take every step the tests took, and replays them once.
#
#   scripts/services.sh start test && scripts/record-histories.sh
#
# With QUARRY_TEMPORAL_URL already exported (and QUARRY_STATE_DIR, QUARRY_TEST_* as
# `scripts/services.sh env test` prints them), it uses those services instead. Only runs on
# task queues under QUARRY_TASK_QUEUE_PREFIX (default quarry-test) are kept: on services shared
# with other test runs, give this one a prefix of its own.
#
# Re-record when a workflow changed on purpose in a way its old runs cannot replay, and no run
# of the old code can still be in flight (or the change is behind a patch marker). A replay
# test failing after an unintended change is the point: fix the change, not the fixtures.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$QUARRY_ROOT"

if [ -z "${QUARRY_TEMPORAL_URL:-}" ]; then
  # shellcheck disable=SC1090
  source <("$QUARRY_ROOT/scripts/services.sh" env test) || die "start the test services first: scripts/services.sh start test"
fi
export_test_environment "${QUARRY_STATE_DIR:?QUARRY_STATE_DIR is not set}"

since="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
info "building (the api tests start the quarry-worker binary)"
cargo build --workspace --all-targets
info "running the api tests that start workflows"
# Every cargo here is --workspace, as the build above: one package alone resolves the
# workspace's features otherwise and builds much of it again.
# Asking (engine and language-model paths, stops), generation, CSV imports, deploys, project
# removal, org removal, dashboard refreshes, spreadsheet exports, data syncs, worker calls (connection tests, tables, previews). A failed test still leaves the
# histories of what ran.
cargo nextest run --workspace --no-fail-fast \
  -E 'binary_id(quarry-api::api) & (test(/^asking::/) | test(/^llm::/) | test(/^csv_import::/) | test(/^modeling::/) | test(/^projects::/) | test(/^organisations::deleting/) | test(/^dashboards::a_tile_that_fails/) | test(/^dashboards::a_worker_killed/) | test(/^spreadsheets::a_spreadsheet_pages/) | test(/^data_sync::/))' ||
  warn "some api tests failed; recording the runs that closed"
info "recording histories started since $since"
QUARRY_RECORD_SINCE="$since" cargo nextest run --workspace -E 'binary_id(quarry-workflows::replay)' --run-ignored only
info "replaying them"
cargo nextest run --workspace -E 'binary_id(quarry-workflows::replay)'
git status --short workflows/tests/histories
