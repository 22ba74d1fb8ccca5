#!/usr/bin/env bash
# Builds Parlour for the browser into web/dist (or $1): the client compiled for
# wasm32-unknown-unknown with Debian's rustc-web (the standard library built from rust-web-src),
# bound to JavaScript by wasm-bindgen (the version Cargo.lock pins, installed once into
# ~/.cache/parlour-tools), with gzipped copies beside the files for the server to send. Installs
# what is missing first.
#
# No wasm-opt: Debian's binaryen (version 108) predates the externref table wasm-bindgen now
# emits, and its output fails to start in the browser ("WebAssembly.Table.set(): Argument 1 is
# invalid for table"; with --all-features, "invalid value type"). It saved 5 % of the gzipped
# size when it ran; opt-level z, fat LTO and one codegen unit already give 9.7 MB gzipped.
# The first build takes about 30 minutes on 2 cores; later ones a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-web/dist}

need=(rustc-web cargo-web rust-web-src rust-web-llvm lld-22)
missing=()
for p in "${need[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "parlour web: installing ${missing[*]}" >&2
  sudo=""; [[ $(id -u) != 0 ]] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# wasm-bindgen's command line must match the library version in Cargo.lock exactly.
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
tools="$HOME/.cache/parlour-tools"
if ! "$tools/bin/wasm-bindgen" --version 2>/dev/null | grep -qF "$version"; then
  echo "parlour web: installing wasm-bindgen-cli $version (once)" >&2
  # Not --locked: one of its locked dependencies is newer than the registry here.
  cargo install -q wasm-bindgen-cli --version "$version" --root "$tools"
fi

web_target="${PARLOUR_WEB_TARGET_DIR:-$HOME/.cache/parlour-web-target}"
start=$(date +%s)
# rustup's cargo and rustc shadow Debian's on PATH: call Debian's by path.
RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$web_target" \
  /usr/bin/cargo build --profile web --target wasm32-unknown-unknown \
  -Zbuild-std=std,panic_abort -p parlour --bin parlour
echo "parlour web: compiled in $(($(date +%s) - start)) s" >&2

mkdir -p "$out"
"$tools/bin/wasm-bindgen" --target web --no-typescript --remove-name-section \
  --out-dir "$out" --out-name parlour "$web_target/wasm32-unknown-unknown/web/parlour.wasm"
cp web/index.html "$out/index.html"
rm -rf "$out/assets"; cp -r assets "$out/assets"
gzip -9 -k -f "$out/parlour_bg.wasm" "$out/parlour.js"
raw=$(stat -c %s "$out/parlour_bg.wasm"); gz=$(stat -c %s "$out/parlour_bg.wasm.gz")
echo "parlour web: $out ready: parlour_bg.wasm $((raw / 1024 / 1024)) MB, $((gz / 1024 / 1024)) MB gzipped" >&2
