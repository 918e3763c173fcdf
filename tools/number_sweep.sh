#!/usr/bin/env bash
# Differential proof of rustjson_core::number::write_double_shortest against
# the PHP on PATH: generate N doubles (deterministic, see
# core/examples/double_sweep.rs), let PHP json_encode each one with and
# without JSON_PRESERVE_ZERO_FRACTION, compare line by line with Rust.
#
#   tools/number_sweep.sh [N=1000000] [SEED=20250101]
#
# Prints "N compared, D differences" and exits non-zero on any difference.
# Streaming: only the raw doubles (8 bytes each) are stored, in a temp dir.
set -euo pipefail
N=${1:-1000000}
SEED=${2:-20250101}
root=$(cd "$(dirname "$0")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/tmp/tgt-number}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Build output (warnings of other modules included) only shown on failure.
# The test-opt profile (Cargo.toml): make test's core tests share its build.
if ! cargo build --quiet --profile test-opt --manifest-path "$root/Cargo.toml" -p rustjson-core \
    --example double_sweep 2>"$tmp/build.log"; then
    cat "$tmp/build.log" >&2
    exit 2
fi
sweep=$CARGO_TARGET_DIR/test-opt/examples/double_sweep
start=$(date +%s.%N)
"$sweep" gen "$N" "$SEED" "$tmp/doubles.bin"
php -n -d serialize_precision=-1 "$root/tools/number_sweep.php" "$tmp/doubles.bin" \
    | "$sweep" compare "$tmp/doubles.bin" && rc=0 || rc=$?
end=$(date +%s.%N)
php_version=$(php -n -r 'echo PHP_VERSION;')
awk -v v="$php_version" -v s="$SEED" -v a="$start" -v b="$end" 'BEGIN { printf "PHP %s, seed %s: %.1f s\n", v, s, b - a }'
exit "$rc"
