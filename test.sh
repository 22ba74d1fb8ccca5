#!/usr/bin/env bash
# Runs Parlour's whole test suite on a fresh machine: installs what is missing, checks
# formatting and lints, runs every crate's tests (rules, AI, engine, headless client), talks to
# the engine over its protocol, and renders a screenshot of every game under Xvfb with
# software Vulkan, checking none is blank.
set -euo pipefail
cd "$(dirname "$0")"
export PARLOUR_HEADLESS_TOOLS=1
source scripts/setup.sh
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
step() { printf '\n==> %s\n' "$*"; }

step "format"
cargo fmt --all --check

step "lints (every crate, the client too)"
cargo clippy --workspace --all-targets --quiet -- -D warnings

step "import circles (scripts/check-circles.py)"
python3 scripts/check-circles.py

step "file and function sizes (scripts/check-sizes.py)"
python3 scripts/check-sizes.py

step "a throw-away PostgreSQL for the server's tests"
source scripts/postgres.sh

step "the browser build (scripts/web.sh: about 17 minutes the first time on 2 cores, then minutes)"
web_start=$(date +%s)
scripts/web.sh "$CARGO_TARGET_DIR/web-dist"
echo "web build: $(($(date +%s) - web_start)) s"
# The browser test (crates/server/tests/browser.rs) drives headless Chromium over this build.
export PARLOUR_WEB_DIST="$CARGO_TARGET_DIR/web-dist" PARLOUR_WEB_SHOTS="$CARGO_TARGET_DIR/web-screenshots"
command -v chromium >/dev/null 2>&1 || {
  sudo=""; [[ $(id -u) != 0 ]] && sudo="sudo"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
}

step "tests"
cargo test --workspace --quiet 2>&1 | tee "$CARGO_TARGET_DIR/test-output.txt"

step "engine smoke test over the protocol"
engine="$CARGO_TARGET_DIR/debug/parlour-engine"
reply=$(printf 'name\ngame konane size=6x6\nlegal\nplay xc4\nstatus\nplay zz9\nquit\n' | "$engine")
echo "$reply"
grep -q '^= parlour-engine$' <<<"$reply"
grep -q '^= ongoing white$' <<<"$reply"
grep -q '^? ' <<<"$reply"

step "an online game through the server, from the command line"
server_log="$CARGO_TARGET_DIR/server-smoke.log"
server_db=$(mktemp -d)
"$CARGO_TARGET_DIR/debug/parlour-server" --listen 127.0.0.1:0 --database "sqlite://$server_db/games.sqlite3" >"$server_log" 2>&1 &
server_pid=$!
for _ in $(seq 50); do grep -q '^listening on' "$server_log" && break; sleep 0.1; done
server_url=$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' "$server_log")
code=$(printf 'online new konane size=6x6\nplay xa6\n' | "$engine" connect --server "$server_url" | sed -n '1s/^= \([^ ]*\) black$/\1/p')
reply=$(printf 'online join %s\nwait\nhistory\n' "$code" | "$engine" connect --server "$server_url")
kill "$server_pid"; rm -rf "$server_db"
echo "$reply"
grep -q '^= white$' <<<"$reply"
grep -q '^= xa6$' <<<"$reply"

step "screenshots of every game (Xvfb, software Vulkan)"
client="$CARGO_TARGET_DIR/debug/parlour"
shots="$CARGO_TARGET_DIR/screenshots"
mkdir -p "$shots"
rm -f "$shots"/*.png
icd=$(ls /usr/share/vulkan/icd.d/lvp_icd*.json 2>/dev/null | head -n1 || true)
# Each game mid-play: the moves are played (and animated) before the picture is taken.
shoot() {
  local name=$1; shift
  VK_ICD_FILENAMES="$icd" WGPU_BACKEND=vulkan timeout 400 \
    xvfb-run -a -s "-screen 0 1280x800x24" "$client" "$@" --screenshot "$shots/$name.png" \
    >"$shots/$name.log" 2>&1 || { tail -n 40 "$shots/$name.log"; exit 1; }
}
source scripts/positions.sh
for g in "${GAME_ORDER[@]}"; do
  eval "args=(${POSITIONS[$g]})"
  shoot "$g" "${args[@]}"
done
python3 scripts/png-not-blank.py "$shots"/*.png

step "all passed"
# One closing line in the plain form CI reads: the totals of every cargo test binary.
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } }
     END { printf "tests: %d passed, %d failed\n", p, f }' "$CARGO_TARGET_DIR/test-output.txt"
