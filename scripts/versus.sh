#!/usr/bin/env bash
# Today's engine against the engine of any git revision, through the protocol (docs/strength.md).
#
#   scripts/versus.sh REV --game konane size=8x8 [--playouts N] [--games N] [parlour-engine versus options…]
#
# Builds parlour-engine (release) from REV once, in its own copy of the sources under
# ~/.cache/parlour-versus (kept: a second run against the same revision starts at once), builds
# today's from this tree, and runs `parlour-engine versus` with today's as A and REV's as B.
# REV is anything git names a commit by: a hash, a tag, HEAD~3.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -lt 1 || $1 == -h || $1 == --help ]]; then
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
rev=$1
shift
sha=$(git rev-parse --verify --quiet "$rev^{commit}") || { echo "versus: no commit '$rev' in this repository" >&2; exit 2; }
source scripts/setup.sh >/dev/null
cache="${PARLOUR_VERSUS_DIR:-$HOME/.cache/parlour-versus}"
old="$cache/bin/parlour-engine-${sha:0:12}"
if [[ ! -x $old ]]; then
  src="$cache/src-${sha:0:12}"
  rm -rf "$src"
  mkdir -p "$src" "$cache/bin"
  git archive "$sha" | tar -x -C "$src"
  echo "versus: building the engine of ${sha:0:12} (release; a few minutes)" >&2
  # One target directory for every old revision: the dependencies are built once.
  (cd "$src" && CARGO_TARGET_DIR="$cache/target" cargo build --release --quiet -p parlour-engine)
  cp "$cache/target/release/parlour-engine" "$old.part"
  mv "$old.part" "$old"
  rm -rf "$src"
fi
echo "versus: building today's engine (release)" >&2
cargo build --release --quiet -p parlour-engine
today="$CARGO_TARGET_DIR/release/parlour-engine"
echo "versus: A = this tree ($(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates || echo ', with changes')), B = ${sha:0:12}" >&2
exec "$today" versus --a-engine "$today" --b-engine "$old" "$@"
