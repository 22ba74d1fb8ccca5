#!/usr/bin/env bash
# Measures the client as a player runs it: for every game mid-play (scripts/positions.sh), under
# Xvfb with Mesa's software Vulkan, `parlour --measure` times the launch, its own CPU per frame
# idle and while the master level searches (or, with --during review, while the review's analysis
# of the moves played runs), wall time per frame and resident memory.
#
#   scripts/measure-client.sh [--dev | --profile NAME | --binary PATH] [--ai-threads N] [--during search|review] [game …]
#
# Without --dev it measures the player's build (`cargo build --release`, what ./play.sh runs);
# with --dev the unoptimised build ./test.sh uses; with --profile another cargo profile (the
# variants compared in docs/performance.md); with --binary a client built elsewhere (an older
# revision's, to compare with: run the two alternately). Reports go to
# $CARGO_TARGET_DIR/measure/<build>-<during>/<game>.txt; the "client CPU per frame" lines are printed,
# then one table of every game (idle median, worst while searching, the main thread by stage).
set -euo pipefail
cd "$(dirname "$0")/.."
export PARLOUR_HEADLESS_TOOLS=1
source scripts/setup.sh
source scripts/positions.sh
profile=release
during=search
binary=""
threads=""
extra=()
games=()
while (($#)); do
  case $1 in
    --dev) profile=debug ;;
    --profile) profile=$2; shift ;;
    --ai-threads) extra+=(--ai-threads "$2"); threads=-threads$2; shift ;;
    --during) during=$2; shift ;;
    --binary) binary=$2; shift ;;
    *) games+=("$1") ;;
  esac
  shift
done
((${#games[@]})) || games=("${GAME_ORDER[@]}")
if [[ -n $binary ]]; then
  client=$(realpath "$binary")
  profile=$(basename "$(dirname "$client")")-$(basename "$client")
elif [[ $profile == debug ]]; then
  cargo build -p parlour
  client="$CARGO_TARGET_DIR/$profile/parlour"
else
  cargo build --profile "$profile" -p parlour
  client="$CARGO_TARGET_DIR/$profile/parlour"
fi
# (Not passed for a search, the default, so that builds older than the option can be measured.)
[[ $during == search ]] || extra+=(--measure-during "$during")
out="$CARGO_TARGET_DIR/measure/$profile$threads-$during"
mkdir -p "$out"
icd=$(ls /usr/share/vulkan/icd.d/lvp_icd*.json 2>/dev/null | head -n1 || true)
# A data directory of its own, so the measurement neither reads nor writes a player's saves.
export PARLOUR_DATA_DIR
PARLOUR_DATA_DIR=$(mktemp -d)
trap 'rm -rf "$PARLOUR_DATA_DIR"' EXIT
for g in "${games[@]}"; do
  if [[ $during == review ]]; then eval "args=(${REVIEW_GAMES[$g]})"; else eval "args=(${POSITIONS[$g]})"; fi
  rm -f "$out/$g.txt"
  VK_ICD_FILENAMES="$icd" WGPU_BACKEND=vulkan timeout 1500 \
    xvfb-run -a -s "-screen 0 1280x800x24" "$client" "${args[@]}" "${extra[@]}" --measure "$out/$g.txt" \
    >"$out/$g.log" 2>&1 || { tail -n 30 "$out/$g.log"; exit 1; }
  printf '%-9s %s\n' "$g" "$(grep '^client CPU per frame' "$out/$g.txt")"
done
# One table of every game measured (Markdown, for docs/performance.md).
echo
what=$([[ $during == review ]] && echo "the review analyses" || echo "the AI searches")
echo "| game | idle median (ms) | worst while $what (ms) | main thread by stage (ms per frame) |"
echo "|---|---|---|---|"
for g in "${games[@]}"; do
  line=$(grep -m1 '^client CPU per frame (own' "$out/$g.txt")
  idle=$(sed -E 's/.*idle median ([0-9.]+) ms.*/\1/' <<<"$line")
  worst=$(sed -E "s/.*worst while $what ([0-9.]+) ms.*/\\1/" <<<"$line")
  stages=$(grep '^main thread by stage' "$out/$g.txt" | sed -E 's/^[^:]*: //' || true)
  echo "| $g | $idle | $worst | ${stages:-—} |"
done
echo "reports: $out"
