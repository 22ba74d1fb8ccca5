#!/usr/bin/env bash
# Launches Parlour: builds the optimised client first if needed (cargo's progress shows while it
# builds; the first build takes about 20 minutes on a 2-core machine, later starts a few
# seconds), then runs it. Extra arguments go to the client, e.g. ./play.sh --game konane
set -euo pipefail
cd "$(dirname "$0")"
source scripts/setup.sh
if [[ ! -x "$CARGO_TARGET_DIR/release/parlour" ]]; then
  echo "parlour: building the game for the first time — about 20 minutes on a 2-core machine;" >&2
  echo "parlour: later starts take seconds. Cargo shows its progress below." >&2
fi
exec cargo run --release -p parlour -- "$@"
