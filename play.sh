#!/usr/bin/env bash
# Launches Parlour: builds the optimised client first if needed (cargo's progress shows while it
# builds; the first build takes about 20 minutes on a 2-core machine, later starts a few
# seconds), then runs it. Extra arguments go to the client, e.g. ./play.sh --game konane
set -euo pipefail
cd "$(dirname "$0")"
source scripts/setup.sh
if [[ "${1:-}" == "--web" ]]; then
  # The browser build: compiled once (about 17 minutes on 2 cores, then minutes), served with
  # the game server on loopback; open the printed address in a browser.
  shift
  scripts/web.sh web/dist
  echo "parlour: open the address below in a browser (Ctrl-C stops the server)" >&2
  exec cargo run --release -q -p parlour-server -- --listen "${1:-127.0.0.1:8080}" --web web/dist
fi
if [[ ! -x "$CARGO_TARGET_DIR/release/parlour" ]]; then
  echo "parlour: building the game for the first time — about 20 minutes on a 2-core machine;" >&2
  echo "parlour: later starts take seconds. Cargo shows its progress below." >&2
fi
exec cargo run --release -p parlour -- "$@"
