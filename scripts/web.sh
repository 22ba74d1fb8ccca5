#!/usr/bin/env bash
# Builds Parlour for the browser into web/dist (or $1): the client compiled for
# wasm32-unknown-unknown with Debian's rustc-web (the standard library built from rust-web-src),
# bound to JavaScript by wasm-bindgen (the version Cargo.lock pins, installed once into
# ~/.cache/parlour-tools), with the search worker (crates/worker, web/worker.js) beside it and
# brotli and gzip copies of the files for the server to send. Installs what is missing first.
#
# wasm-opt (Debian's binaryen 108) then shrinks the client (-Oz) and speeds up the search worker
# (-O3), on wasm-bindgen's output as wasm-bindgen advises. Binaryen 108 predates the externref
# table wasm-bindgen adds for modules built with reference types (its output fails to start:
# "WebAssembly.Table.set(): Argument 1 is invalid for table"), and running it before
# wasm-bindgen rewrites the function-pointer descriptors wasm-bindgen reads ("failed to find `0`
# in function table"). So the web build leaves out the one wasm feature behind that table
# (-Ctarget-feature=-reference-types, for the standard library too): every browser that runs
# WebGL2 runs the result.
# The first build takes about 30 minutes on 2 cores; later ones a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-web/dist}

need=(rustc-web cargo-web rust-web-src rust-web-llvm lld-22 brotli binaryen)
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
# rustup's cargo and rustc shadow Debian's on PATH: call Debian's by path. Flags from the caller's
# environment would take the place of the target's flags (cargo's precedence) and bring back the
# reference-types table that wasm-opt cannot read: they are left out, with a word.
if [[ -n ${RUSTFLAGS:-}${CARGO_ENCODED_RUSTFLAGS:-} ]]; then
  echo "parlour web: leaving out RUSTFLAGS/CARGO_ENCODED_RUSTFLAGS from the environment (the web build sets its own)" >&2
fi
env -u RUSTFLAGS -u CARGO_ENCODED_RUSTFLAGS RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$web_target" \
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Ctarget-feature=-reference-types" \
  /usr/bin/cargo build --profile web --target wasm32-unknown-unknown \
  -Zbuild-std=std,panic_abort -p parlour --bin parlour -p parlour-worker --lib
echo "parlour web: compiled in $(($(date +%s) - start)) s" >&2

mkdir -p "$out" "$web_target/wasm-opt"
# Each module through wasm-bindgen, then wasm-opt once per bound module (kept under its checksum,
# so an unchanged build skips the minutes -Oz takes).
bind() { # name, wasm-opt level
  local raw="$web_target/wasm32-unknown-unknown/web/$1.wasm" bound="$web_target/wasm-opt/$1-bound"
  "$tools/bin/wasm-bindgen" --target web --no-typescript --remove-name-section \
    --out-dir "$bound" --out-name "$1" "$raw"
  local opt="$web_target/wasm-opt/$1-$(sha256sum "$bound/$1_bg.wasm" | cut -c1-16).wasm"
  if [[ ! -f $opt ]]; then
    local t=$(date +%s)
    rm -f "$web_target/wasm-opt/$1"-*.wasm
    wasm-opt "$2" --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
      --enable-nontrapping-float-to-int --enable-multivalue "$bound/$1_bg.wasm" -o "$opt.part"
    mv "$opt.part" "$opt"
    echo "parlour web: wasm-opt $2 on $1 in $(($(date +%s) - t)) s" >&2
  fi
  cp "$opt" "$out/$1_bg.wasm"
  cp "$bound/$1.js" "$out/$1.js"
}
bind parlour -Oz
bind parlour_worker -O3
cp web/index.html web/worker.js web/sw.js web/manifest.webmanifest web/icon-*.png "$out/"
rm -rf "$out/assets"; cp -r assets "$out/assets"
# Compressed copies beside the files: the server sends brotli's to browsers that take it (over
# HTTPS, as behind a TLS proxy), gzip's to the others.
files=("$out/parlour_bg.wasm" "$out/parlour.js" "$out/parlour_worker_bg.wasm" "$out/parlour_worker.js" "$out/worker.js")
gzip -9 -k -f "${files[@]}"
brotli -q 11 -k -f "${files[@]}"
size() { stat -c %s "$1" | awk '{ printf "%.2f MB", $1 / 1e6 }'; }
echo "parlour web: $out ready: parlour_bg.wasm $(size "$out/parlour_bg.wasm"), $(size "$out/parlour_bg.wasm.gz")" \
  "gzipped, $(size "$out/parlour_bg.wasm.br") brotli; parlour_worker_bg.wasm $(size "$out/parlour_worker_bg.wasm")," \
  "$(size "$out/parlour_worker_bg.wasm.gz") gzipped, $(size "$out/parlour_worker_bg.wasm.br") brotli" >&2
