#!/bin/bash
# The shipped puzzle set (assets/puzzles/<game>.txt), generated again: the runs of
# docs/puzzles.md, each with its progress bar on standard error, in a scratch folder, then
# checked and appended to the shipped files. A long computation (about 80 minutes on one core
# of the machine they were made on); not part of the test command.
#
#   scripts/generate-puzzles.sh [DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-/tmp/parlour-puzzles}
mkdir -p "$dir"
target=${CARGO_TARGET_DIR:-$HOME/.cache/parlour-target}
cargo build --release -p parlour-engine
pe="$target/release/parlour-engine"
run() {
  local name=$1 game=$2
  shift 2
  nice -n 19 "$pe" puzzles generate --game "$game" "$@" --out "$dir/$name.txt"
  "$pe" puzzles check "$dir/$name.txt"
}
run konane-6x6 konane --options "size=6x6" --count 110 --seed 1
run konane-4x6 konane --options "size=4x6" --count 25 --seed 2
run konane-6x4 konane --options "size=6x4" --count 25 --seed 3
for b in board1 board2 board3 board4; do
  run "soldiers-$b" soldiers --options "variant=$b" --count 35 --seed 4 --win-plies 7 --slack 4
done
run soldiers-monk soldiers --options "variant=monk" --count 20 --seed 5 --win-plies 7 --slack 4
run qyshinsu qyshinsu --count 160 --seed 6
run conhex conhex --count 160 --seed 7 --last 10 --win-plies 3
run kansho kansho --count 160 --seed 8 --win-plies 3 --last 4 --minutes 33
run kansho-varied kansho --count 160 --seed 9 --win-plies 3 --last 4 --branch 8 --per-game 4 --minutes 24
for g in konane soldiers qyshinsu conhex kansho; do
  head -1 "assets/puzzles/$g.txt" > "$dir/$g.shipped"
  cat "$dir/$g"*.txt >> "$dir/$g.shipped"
  "$pe" puzzles check "$dir/$g.shipped"
done
echo "The sets are in $dir/<game>.shipped; copy them over assets/puzzles/<game>.txt."
