#!/usr/bin/env bash
# Differential proof of rustjson_core::validate::validate against the PHP on
# PATH (json_decode($s, true, $depth, $flags) + json_last_error(): the same
# scanner and parser as json_validate). See tools/validate_diff.php.
#
#   tools/validate_diff.sh [COUNT=1000000] [SEED=1] [JOBS=1]
#
# JOBS > 1 runs that many PHP processes in parallel, each with its own seed
# (SEED, SEED+1, ...) and COUNT/JOBS cases.
# Prints "N compared, D differences" and exits non-zero on any difference.
set -euo pipefail
COUNT=${1:-1000000}
SEED=${2:-1}
JOBS=${3:-1}
root=$(cd "$(dirname "$0")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/tmp/tgt-validate}
cargo build --quiet --release --manifest-path "$root/Cargo.toml" -p rustjson-core --example validate_cli
cli=$CARGO_TARGET_DIR/release/examples/validate_cli
corpora=${CORPORA:-$root/../shared/corpora}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s.%N)
pids=()
for ((j = 0; j < JOBS; j++)); do
    n=$((COUNT / JOBS + (j < COUNT % JOBS ? 1 : 0)))
    php -n -d memory_limit=2G "$root/tools/validate_diff.php" --cli "$cli" --count "$n" \
        --seed $((SEED + j)) --corpora "$corpora" >"$tmp/out.$j" 2>"$tmp/err.$j" &
    pids+=($!)
done
rc=0
for ((j = 0; j < JOBS; j++)); do
    wait "${pids[$j]}" || rc=1
done
end=$(date +%s.%N)
total=0
diffs=0
for ((j = 0; j < JOBS; j++)); do
    grep -v ' compared, ' "$tmp/out.$j" || true
    tail -c 300 "$tmp/err.$j" | tr '\r' '\n' | grep -v '^[0-9]* / ' | grep . >&2 || true
    line=$(grep ' compared, ' "$tmp/out.$j" || echo "0 compared, 1 differences")
    total=$((total + $(echo "$line" | awk '{print $1}')))
    diffs=$((diffs + $(echo "$line" | awk '{print $3}')))
done
php_version=$(php -n -r 'echo PHP_VERSION;')
printf 'PHP %s, seed %s, %s job(s): %.1f s\n' "$php_version" "$SEED" "$JOBS" "$(echo "$end - $start" | bc)"
echo "$total compared, $diffs differences"
if [ "$diffs" -ne 0 ] || [ "$rc" -ne 0 ]; then exit 1; fi
