#!/usr/bin/env bash
# The browser build's figures for docs/browser.md, in headless Chromium (SwiftShader) here: frame
# times with nothing thinking and while the Master thinks (in the search worker), and the
# browser's Master (the search worker) against the native Master at equal time a move, in
# Kōnane and ConHex, from random two-ply openings, seats alternating.
#
#   scripts/measure-web.sh [GAMES] [MS] [GAME]  (default: 10 games a game, 1000 ms a move, both
#                                               Kōnane and ConHex; GAME konane or conhex: one)
#
# Builds the web version first (scripts/web.sh), into the directory ./test.sh uses.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/parlour-target}"
dist="$CARGO_TARGET_DIR/web-dist"
scripts/web.sh "$dist"
cargo build --release -p parlour-engine
PARLOUR_NATIVE_ENGINE="$CARGO_TARGET_DIR/release/parlour-engine" PARLOUR_WEB_DIST="$dist" PARLOUR_BENCH_GAMES="${1:-10}" PARLOUR_BENCH_MS="${2:-1000}" PARLOUR_BENCH_ONLY="${3:-}" \
  cargo test -p parlour-server --test browser -- --ignored --nocapture measure_the_browser_build
