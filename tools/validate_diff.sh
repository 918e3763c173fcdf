#!/usr/bin/env bash
# tools/validate_diff.sh: the json_validate differential (tools/validate_diff.php) against the core
# crate alone: rustjson_core::validate::validate, through core/examples/validate_cli.rs, against the
# PHP's json_decode($s, true, $depth, $flags) + json_last_error() (json_validate()'s scanner and
# parser). make validate-diff runs it; make test-validate runs the same cases against the extension.
#
#   tools/validate_diff.sh [COUNT=1000000] [SEED=1] [JOBS=1]
#
# JOBS > 1 runs that many PHP processes in parallel, each with its own seed (SEED, SEED+1, ...) and
# COUNT/JOBS cases. Environment: PHP (default php), CARGO (default cargo), CARGO_TARGET_DIR (default
# /tmp/tgt-validate), CORPORA (default ../shared/corpora beside the repository).
# Closing line "validate: N passed, D failed"; exits non-zero on any difference.
set -euo pipefail
COUNT=${1:-1000000}
SEED=${2:-1}
JOBS=${3:-1}
PHP=${PHP:-php}
root=$(cd "$(dirname "$0")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/tmp/tgt-validate}
"${CARGO:-cargo}" build --quiet --release --manifest-path "$root/Cargo.toml" -p rustjson-core --example validate_cli
cli=$CARGO_TARGET_DIR/release/examples/validate_cli
corpora=${CORPORA:-$root/../shared/corpora}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s.%N)
pids=()
for ((j = 0; j < JOBS; j++)); do
    n=$((COUNT / JOBS + (j < COUNT % JOBS ? 1 : 0)))
    "$PHP" -n -d memory_limit=2G "$root/tools/validate_diff.php" --cli="$cli" --count="$n" \
        --seed=$((SEED + j)) --corpora="$corpora" >"$tmp/out.$j" 2>"$tmp/err.$j" &
    pids+=($!)
done
rc=0
for ((j = 0; j < JOBS; j++)); do
    wait "${pids[$j]}" || rc=1
done
end=$(date +%s.%N)
passed=0
failed=0
for ((j = 0; j < JOBS; j++)); do
    grep -v '^validate: [0-9]* passed, ' "$tmp/out.$j" || true
    tail -c 2000 "$tmp/err.$j" >&2
    line=$(grep '^validate: [0-9]* passed, ' "$tmp/out.$j" || echo "validate: 0 passed, 1 failed")
    passed=$((passed + $(echo "$line" | awk '{print $2}')))
    failed=$((failed + $(echo "$line" | awk '{print $4}')))
done
printf 'PHP %s, seed %s, %s job(s): %.1f s\n' "$("$PHP" -n -r 'echo PHP_VERSION;')" "$SEED" "$JOBS" "$(echo "$end - $start" | bc)"
echo "validate: $passed passed, $failed failed"
if [ "$failed" -ne 0 ] || [ "$rc" -ne 0 ]; then exit 1; fi
