#!/usr/bin/env bash
# Launches Parlour (building it first if needed). Extra arguments go to the client,
# e.g. ./play.sh --game konane
set -euo pipefail
cd "$(dirname "$0")"
source scripts/setup.sh
exec cargo run --quiet -p parlour -- "$@"
