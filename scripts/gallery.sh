#!/usr/bin/env bash
# Renders Parlour's pictures with the client itself, under Xvfb with software Vulkan:
#   docs/gallery/      the README's pictures: the title screen, the new-game chooser, each game
#                      mid-play, the rules window, a walkthrough step, a result card, and online
#                      play (the "Play online" window; a game joined by its invite code), and the
#                      review of a game of each (1280×800)
#   assets/cards/      the new-game chooser's picture of each game (320×200, `--show card`)
#
#   scripts/gallery.sh [cards|docs|review]      (default: both cards and docs; review: only the
#                                               review pictures of docs/gallery/)
#
# Builds the debug client first. Each picture takes 20–60 s here (software rendering); a review
# picture minutes on a busy machine (SHOT_TIMEOUT=SECONDS, default 400, raises the limit).
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
  PARLOUR_DATA_DIR="$data" VK_ICD_FILENAMES="$icd" WGPU_BACKEND=vulkan timeout "${SHOT_TIMEOUT:-400}" \
    xvfb-run -a -s "-screen 0 1280x800x24" "$client" "$@" --screenshot "$out" --frames "$frames" \
    >"$data/last.log" 2>&1 || { tail -n 30 "$data/last.log"; exit 1; }
  made+=("$out")
  echo "$out"
}
made=()

# The review of a recorded game of each (Casual against itself; Kōnane 6×6 stopped at a move where the
# computer preferred another): the analysis runs before the picture is taken (about 1 s a move).
reviews() {
  shoot docs/gallery/review-konane.png 300 --show review --game konane --options size=6x6 --moves "xa6 xb6 a4-a6 c5-a5 c4-a4 b2-b4 d3-b3 a3-c3 c2-c4 d6-b6 d5-d3 f6-d6 f5-d5 f4-d4"
  shoot docs/gallery/lesson-konane.png 300 --show lesson --game konane --options size=6x6 --moves "xa6 xb6 a4-a6 c5-a5 c4-a4 b2-b4 d3-b3 a3-c3 c2-c4 d6-b6 d5-d3 f6-d6 f5-d5 f4-d4"
  shoot docs/gallery/review-kansho.png 300 --show review --game kansho --moves "6,3 4,4 5,2 3,3 2,5 5,0 3,1 7,0 5,2 3,3 6,3 4,-1 6,-2 8,-3 9,-5 7,-4 5,-3 6,-5 4,-4 3,-2 2,0 9,-7 7,-7 1,2 2,-3 5,-6 9,-5 9,-5 1,4 -2,4 -3,3 8,-6 5,-8 2,-5 2,-7 0,-2 4,5 -4,5 -1,2 -1,5+-2,6+0,4+0,5 3,-10+2,-9"
  shoot docs/gallery/review-conhex.png 300 --show review --game conhex --moves "B9 swap B7 I2 B8 I10 J7 I8 I7 J6 J8 H7 H9 G9 H10 F9 F10 D9 C10 E10 H5 D10 H6 D5 D7 D6 E8 F8 F7 G6 F5 C8 C7 E6 F6"
  shoot docs/gallery/review-qyshinsu.png 300 --show review --game qyshinsu --moves "o@1 o@12 4@11 5@7 1@2 4@3 x@11 x@3 3@11 3@8 4@5 4@9 x@5 x@9 x@1 x@12 x@11 x@8 o@5 1@6 x@5 x@6 2@5 o@3 1@4 x@3 x@4 1@3 o@4 o@6 5@8 x@3 x@4 x@6 x@5 o@3 3@4 3@1 x@4 x@7 3@12 x@3 x@2 2@3 o@5 5@6 2@11 4@9 x@5 x@6 x@11 x@9 4@5 2@9 o@7 5@6 4@11 x@3 x@5 x@9 x@11 4@3 1@11 2@10 x@8 x@3 x@11 x@10 o@8 4@9 4@5 x@9 x@5 2@9 x@7 x@6 2@11 x@9 5@7 4@2 2@10"
  shoot docs/gallery/review-soldiers.png 300 --show review --game soldiers --options variant=board3 --moves "b1-a1 c5-e5 d3-e3 e5-e6 b4-a4 e6-e5 d2-d3 e5-e4 b9-a9 e4-e2 c4-c5 e2-e3 d7-e7 e3-e4 c5-c4 e4-e5 d6-e6 e5-e4 a4-a5 e4-e5 b8-b9 e5-e4 c2-d2 e4-e3 d1-e1 e3-e4 c6-c5 e4-e5 e1-e2 e5-e4 d3-e3 e4-e5 d2-d3 e5-d5 c7-c6 d5-e5 d4-d5 e5-e4 d3-d4 e4-e5 d4-e4"
}

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
  reviews
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
if [[ $what == review ]]; then
  mkdir -p docs/gallery
  reviews
fi
# Every picture must hold a real image (not blank, not too dark to read).
python3 scripts/png-not-blank.py "${made[@]}"
