#!/usr/bin/env bash
# Times the review's analysis of a typical game of every game at the default budget (800 ms a
# position, one search thread), as a player meets it: the release engine plays one whole game of
# the Casual level against itself (seeded, a random two-ply opening), then `parlour-engine
# analyse` goes over it, and this prints the game's length, when the first line (the first
# ply's mark) came and the whole time. The analysis's budget is time, so run it on a quiet
# machine. A game takes 10 s to 3 min (the Sixteen Soldiers' games run to 140–220 plies).
#
#   scripts/measure-analysis.sh [--seed N] [--ms N] ["game [options]" …]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
seed=1
ms=800
specs=()
while (($#)); do
  case $1 in
    --seed) seed=$2; shift ;;
    --ms) ms=$2; shift ;;
    *) specs+=("$1") ;;
  esac
  shift
done
((${#specs[@]})) || specs=("kansho" "konane size=8x8" "conhex" "qyshinsu" "soldiers variant=board3" "soldiers variant=monk")
cargo build --release -q -p parlour-engine
engine="$CARGO_TARGET_DIR/release/parlour-engine"
echo "| game | plies | first line after (s) | whole game (s) | seconds a ply |"
echo "|---|---|---|---|---|"
for spec in "${specs[@]}"; do
  read -r -a words <<<"$spec"
  game=${words[0]}
  options=("${words[@]:1}")
  moves=$("$engine" match --game "$game" "${options[@]}" --a level=casual --b level=casual --games 1 \
    --opening 2 --seed "$seed" --moves | sed -n '3p' | xargs)
  [[ -n $moves ]] || { echo "measure-analysis: no game of $spec" >&2; exit 1; }
  plies=$(wc -w <<<"$moves")
  start=$(date +%s.%N)
  first=""
  lines=0
  while IFS= read -r line; do
    [[ -z $first ]] && first=$(date +%s.%N)
    lines=$((lines + 1))
  done < <("$engine" analyse --game "$game" --options "${options[*]}" --moves "$moves" --ms "$ms")
  end=$(date +%s.%N)
  ((lines == plies)) || { echo "measure-analysis: $spec: $lines lines for $plies plies" >&2; exit 1; }
  awk -v s="$spec" -v p="$plies" -v a="$start" -v f="$first" -v e="$end" \
    'BEGIN { printf "| %s | %d | %.1f | %.1f | %.2f |\n", s, p, f - a, e - a, (e - a) / p }'
done
