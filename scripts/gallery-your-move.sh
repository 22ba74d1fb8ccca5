#!/usr/bin/env bash
# The gallery's pictures of games by correspondence (issue 75): a server on loopback, three games
# made through the engine protocol that wait for Ada_L's move (scripts/your-move-games.py), and
# the client signed in as Ada_L showing them — the title screen's "Your move" list and the
# lobby's, at desktop size and on an upright phone:
#   docs/gallery/native-your-move-lobby.png (the title card's list beside it)
#   docs/gallery/native-phone-your-move.png (the lobby over the whole screen, 390 × 844)
#   docs/gallery/native-phone-your-move-title.png (the title screen's list, 390 × 844)
# `scripts/gallery-your-move.sh [desktop|phone]` takes only those. About three minutes a
# picture here after the debug build (software rendering), on an idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/parlour-target}"
cargo build -p parlour -p parlour-server -p parlour-engine --quiet
bin="$CARGO_TARGET_DIR/debug"
icd=$(ls /usr/share/vulkan/icd.d/lvp_icd*.json 2>/dev/null | head -n1 || true)
data=$(mktemp -d)
server_pid=""
trap 'rm -rf "$data"; [[ -z $server_pid ]] || kill "$server_pid"' EXIT
"$bin/parlour-server" --listen 127.0.0.1:0 --database "sqlite://$data/server.sqlite3" >"$data/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do grep -q '^listening on' "$data/server.log" && break; sleep 0.1; done
server=$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' "$data/server.log")
read -r name secret < <(python3 scripts/your-move-games.py "$bin/parlour-engine" "$server")
mkdir -p "$data/client"
cat >"$data/client/online-games.json" <<JSON
{"format":"parlour-online-games","version":1,"last_server":"$server","games":[],
 "accounts":[{"server":"$server","name":"$name","named":true,"secret":"$secret"}]}
JSON
shoot() {
  local out=$1 frames=$2 size=$3; shift 3
  PARLOUR_DATA_DIR="$data/client" VK_ICD_FILENAMES="$icd" WGPU_BACKEND=vulkan timeout 600 \
    xvfb-run -a -s "-screen 0 ${size}x24" "$bin/parlour" "$@" --screenshot "$out" --frames "$frames" \
    >"$data/last.log" 2>&1 || { tail -n 30 "$data/last.log"; exit 1; }
  echo "$out"
}
mkdir -p docs/gallery
which=${1:-all}
if [[ $which != phone ]]; then
  shoot docs/gallery/native-your-move-lobby.png 120 1280x800 --lobby "$server"
fi
if [[ $which != desktop ]]; then
  shoot docs/gallery/native-phone-your-move.png 120 390x844 --window 390x844 --lobby "$server"
  shoot docs/gallery/native-phone-your-move-title.png 120 390x844 --window 390x844 --show title
fi
