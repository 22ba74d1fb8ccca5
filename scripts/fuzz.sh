#!/usr/bin/env bash
# Coverage-guided fuzzing of Parlour's doors with libFuzzer (cargo fuzz, on the nightly
# toolchain): each target runs for SECONDS (default 300) from its committed corpus, then the
# corpus is minimised in place (`cargo fuzz cmin`). A crash or timeout leaves its input under
# fuzz/artifacts/<target>/; add it to fuzz/corpus/<target>/ once fixed, so ./test.sh replays it.
#
#   scripts/fuzz.sh [SECONDS] [target …]      targets: notation options protocol save settings wire
#
# Not part of ./test.sh: ./test.sh replays the committed corpora on stable Rust.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
secs=${1:-300}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(notation options protocol save settings wire)
command -v cargo-fuzz >/dev/null || cargo +nightly install cargo-fuzz --locked
export CARGO_TARGET_DIR="${PARLOUR_FUZZ_TARGET:-$HOME/.cache/parlour-fuzz-target}"
mkdir -p "$CARGO_TARGET_DIR"
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  cargo +nightly fuzz run -O "$t" "corpus/$t" -- -max_total_time="$secs" -print_final_stats=1 \
    -rss_limit_mb=4096 -timeout=20 2>&1 | tee "$CARGO_TARGET_DIR/fuzz-$t.log" | grep -E '^(Done|#[0-9]+ +DONE)' || true
  cargo +nightly fuzz cmin -O "$t" "corpus/$t" -- -rss_limit_mb=4096 -timeout=20 >/dev/null 2>&1
  echo "$t: $(ls "corpus/$t" | wc -l) inputs after minimising"
done
