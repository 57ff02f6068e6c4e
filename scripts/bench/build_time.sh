#!/usr/bin/env bash
# Build time of the workspace at two commits, measured the same way in one run:
#   cold: `cargo build --workspace --all-targets` into an empty target directory
#         (dependencies from the local registry, nothing compiled yet);
#   warm: the same command again after a one-line change in `domain` (a new public const),
#         with the list of Quarry crates that had to be compiled again.
# Each commit is built in its own throw-away worktree and target directory under $TMPDIR.
#   scripts/bench/build_time.sh [BEFORE [AFTER]]
# BEFORE defaults to b523034 (the commit before the engineering-health work: typed
# persistence, the service layer, workflows without domain); AFTER to HEAD.
# Needs ~15 GB free per commit (removed after each). Prints seconds and after/before ratios.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$QUARRY_ROOT"

before="${1:-b523034}"
after="${2:-HEAD}"
scratch="${TMPDIR:-/tmp}/quarry-build-bench"
rm -rf "$scratch"
git worktree prune
mkdir -p "$scratch"
declare -A cold warm rebuilt

measure() { # name rev
  local name="$1" rev="$2" tree="$scratch/$1" start
  git worktree add --detach -q "$tree" "$rev"
  export CARGO_TARGET_DIR="$scratch/$name-target"
  (
    cd "$tree"
    start=$(date +%s.%N)
    cargo build -q --workspace --all-targets 2>"$scratch/$name-cold.log"
    echo "$(date +%s.%N) - $start" | bc >"$scratch/$name-cold.secs"
    printf '\n/// Build-time benchmark: a one-line change in domain.\npub const BUILD_BENCH_MARK: u32 = 1;\n' >>domain/src/lib.rs
    start=$(date +%s.%N)
    cargo build --workspace --all-targets 2>"$scratch/$name-warm.log"
    echo "$(date +%s.%N) - $start" | bc >"$scratch/$name-warm.secs"
  )
  cold[$name]=$(cat "$scratch/$name-cold.secs")
  warm[$name]=$(cat "$scratch/$name-warm.secs")
  rebuilt[$name]=$(grep -o 'Compiling quarry-[a-z-]*' "$scratch/$name-warm.log" | sed 's/Compiling //' | sort | tr '\n' ' ')
  git worktree remove --force "$tree"
  rm -rf "$CARGO_TARGET_DIR"
}

echo "before: $(git log -1 --format='%h %s' "$before" | cut -c1-90)"
echo "after:  $(git log -1 --format='%h %s' "$after" | cut -c1-90)"
measure before "$before"
measure after "$after"
ratio() { echo "scale=2; $1 / $2" | bc; }
printf '\n%-34s %10s %10s %8s\n' "" before after ratio
printf '%-34s %9.0fs %9.0fs %8s\n' "cold build (all targets)" "${cold[before]}" "${cold[after]}" "$(ratio "${cold[after]}" "${cold[before]}")"
printf '%-34s %9.0fs %9.0fs %8s\n' "warm rebuild, one line in domain" "${warm[before]}" "${warm[after]}" "$(ratio "${warm[after]}" "${warm[before]}")"
echo "recompiled before: ${rebuilt[before]}"
echo "recompiled after:  ${rebuilt[after]}"
