#!/usr/bin/env bash
# Installs what Parlour needs to build and test on a fresh Debian/Ubuntu machine, only when
# missing: the system libraries Bevy links against, and (for tests and screenshots) Xvfb with
# Mesa's software Vulkan driver. Sourced by play.sh and test.sh; safe to run again.
set -euo pipefail

need_pkgs=(pkg-config libasound2-dev libudev-dev libxkbcommon-dev libwayland-dev)
if [[ "${PARLOUR_HEADLESS_TOOLS:-0}" == 1 ]]; then
  need_pkgs+=(xvfb xauth mesa-vulkan-drivers)
fi

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for p in "${need_pkgs[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
fi

if ((${#missing[@]})); then
  echo "parlour setup: installing ${missing[*]}" >&2
  sudo=""
  if [[ $(id -u) != 0 ]]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "parlour setup: cargo is missing; install Rust 1.95 (rustup) first" >&2
  exit 1
fi

# Build products live outside the checkout so a fresh clone builds incrementally.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/parlour-target}"
mkdir -p "$CARGO_TARGET_DIR"
