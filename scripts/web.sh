#!/usr/bin/env bash
# Builds Parlour for the browser into web/dist (or $1): the client compiled for
# wasm32-unknown-unknown with Debian's rustc-web (the standard library built from rust-web-src),
# bound to JavaScript by wasm-bindgen (the version Cargo.lock pins, installed once into
# ~/.cache/parlour-tools), with the search worker (crates/worker, web/worker.js) beside it and
# brotli and gzip copies of the files for the server to send. Installs what is missing first.
#
# wasm-opt (Debian's binaryen 108) runs on the search worker only, -O3 for speed, on rustc's
# output before wasm-bindgen. After wasm-bindgen it cannot: binaryen 108 predates the externref
# table wasm-bindgen adds, and its output fails to start ("WebAssembly.Table.set(): Argument 1 is
# invalid for table"). Before it, the client's module comes out with its function-pointer
# descriptors rewritten and wasm-bindgen refuses it ("failed to find `0` in function table");
# the worker has none. The client stays as rustc writes it (opt-level z, fat LTO, one codegen
# unit: 9.9 MB gzipped); -Oz took 1 min 50 s here and cut the raw module by a fifth.
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
# rustup's cargo and rustc shadow Debian's on PATH: call Debian's by path.
RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$web_target" \
  /usr/bin/cargo build --profile web --target wasm32-unknown-unknown \
  -Zbuild-std=std,panic_abort -p parlour --bin parlour -p parlour-worker --lib
echo "parlour web: compiled in $(($(date +%s) - start)) s" >&2

client="$web_target/wasm32-unknown-unknown/web/parlour.wasm"
# The search worker: the AI alone, loaded by web/worker.js on a thread of its own; through
# wasm-opt once per raw module (kept under its checksum, so an unchanged build skips it), told of
# the features rustc-web's wasm32 target enables.
raw_worker="$web_target/wasm32-unknown-unknown/web/parlour_worker.wasm"
worker="$web_target/wasm-opt/parlour_worker-$(sha256sum "$raw_worker" | cut -c1-16).wasm"
if [[ ! -f $worker ]]; then
  rm -rf "$web_target/wasm-opt"; mkdir -p "$web_target/wasm-opt"
  wasm-opt -O3 --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
    --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue \
    "$raw_worker" -o "$worker.part"
  mv "$worker.part" "$worker"
fi
mkdir -p "$out"
"$tools/bin/wasm-bindgen" --target web --no-typescript --remove-name-section \
  --out-dir "$out" --out-name parlour "$client"
"$tools/bin/wasm-bindgen" --target web --no-typescript --remove-name-section \
  --out-dir "$out" --out-name parlour_worker "$worker"
cp web/index.html web/worker.js "$out/"
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
