#!/usr/bin/env bash
# Renders Parlour's pictures with the client itself, under Xvfb with software Vulkan:
#   docs/gallery/      the README's pictures: the title screen, the new-game chooser, each game
#                      mid-play, the rules window, a walkthrough step, a result card, and online
#                      play (the "Play online" window; a game joined by its invite code) (1280×800)
#   assets/cards/      the new-game chooser's picture of each game (320×200, `--show card`)
#
#   scripts/gallery.sh [cards|docs]      (default: both)
#
# Builds the debug client first. Each picture takes 20–60 s here (software rendering).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/parlour-target}"
source scripts/positions.sh
what=${1:-both}
cargo build -p parlour -p parlour-server -p parlour-engine --quiet
client="$CARGO_TARGET_DIR/debug/parlour"
icd=$(ls /usr/share/vulkan/icd.d/lvp_icd*.json 2>/dev/null | head -n1 || true)
data=$(mktemp -d)
server_pid=""
trap 'rm -rf "$data"; [[ -z $server_pid ]] || kill "$server_pid"' EXIT

# shoot OUT.png FRAMES [client arguments…]
shoot() {
  local out=$1 frames=$2; shift 2
  PARLOUR_DATA_DIR="$data" VK_ICD_FILENAMES="$icd" WGPU_BACKEND=vulkan timeout 400 \
    xvfb-run -a -s "-screen 0 1280x800x24" "$client" "$@" --screenshot "$out" --frames "$frames" \
    >"$data/last.log" 2>&1 || { tail -n 30 "$data/last.log"; exit 1; }
  made+=("$out")
  echo "$out"
}
made=()

if [[ $what == cards || $what == both ]]; then
  mkdir -p assets/cards
  for g in "${GAME_ORDER[@]}"; do
    eval "args=(${POSITIONS[$g]})"
    shoot "assets/cards/$g.png" 120 "${args[@]}" --show card --window 320x200
  done
fi

if [[ $what == docs || $what == both ]]; then
  mkdir -p docs/gallery
  shoot docs/gallery/title.png 100 --show title
  shoot docs/gallery/chooser.png 100 --game konane --show newgame
  for g in "${GAME_ORDER[@]}"; do
    eval "args=(${POSITIONS[$g]})"
    shoot "docs/gallery/$g.png" 90 "${args[@]}"
  done
  shoot docs/gallery/rules.png 90 --game konane --show rules
  shoot docs/gallery/walkthrough.png 120 --game soldiers --options "variant=board3" --show walk
  # A whole recorded game (the title screen's Kōnane): the result card over the final position.
  shoot docs/gallery/result.png 200 --show result --game konane --moves "xa8 xa7 c8-a8 b6-b8 d7-b7 c5-c7 e6-c6 c7-a7 \
f7-d7 b4-b6 a8-c8 d8-b8 a6-a8 f8-d8 a4-a6 h8-f8 g6-g8 h6-h8 e4-e6 g5-e5 d5-f5 g3-g5 a2-a4 g5-e5 d3-d5 \
e5-c5 e6-g6 e3-g3 b3-d3 h4-h6 h3-f3 e1-e3 f3-f5 g1-g3 d3-f3 c1-e1 f1-d1 g3-e3 c2-e2 a1-c1 d1-b1 f2-d2 \
g8-e8 c5-c3 e8-c8 h6-f6 f5-f7 b8-d8 h1-h3 b6-d6 d7-d5"
  # Online: a server on loopback, a game created by the engine (which plays the first moves),
  # joined by the client with its invite code; then the "Play online" window, which lists it.
  "$CARGO_TARGET_DIR/debug/parlour-server" --listen 127.0.0.1:0 --database "sqlite://$data/server.sqlite3" \
    >"$data/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 100); do grep -q '^listening on' "$data/server.log" && break; sleep 0.1; done
  server=$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' "$data/server.log")
  code=$(printf 'online new conhex side=first\nplay F6\n' \
    | "$CARGO_TARGET_DIR/debug/parlour-engine" connect --server "$server" | sed -n '1s/^= \([^ ]*\) .*/\1/p')
  shoot docs/gallery/online.png 150 --server "$server" --join "$code"
  shoot docs/gallery/online-window.png 100 --show online
fi
# Every picture must hold a real image (not blank, not too dark to read).
python3 scripts/png-not-blank.py "${made[@]}"
