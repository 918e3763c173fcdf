#!/usr/bin/env bash
# tools/decode/long_diff.sh: the long json_decode differential. Runs tools/decode/php_diff.php
# --random-only (random generated documents and corpus subtrees, whole and mutated, under random
# assoc/depth/flags; stock vs rustjson in one process) in JOBS parallel jobs, CHUNK cases per PHP run,
# each run with its own seed, until TOTAL cases have run or the deadline passes.
#
# Usage: tools/decode/long_diff.sh [TOTAL] [JOBS]        (default 10000000 2)
# Environment: PHP (default php), RUSTJSON_SO (default modules/rustjson.so), CORPORA (default
#              ../shared/corpora), CHUNK (cases per run, default 250000), SEED0 (first seed, default
#              1000; run k uses SEED0+k), DEADLINE (epoch seconds: start no run after it), OUT (log
#              directory, default a temporary one, kept), DECODE_SKIP_KNOWN (set: php_diff.php does not
#              count the known bigint-key difference, php-tests/decode_regress_bigint_key.phpt)
# Closing line: "decode-diff-long: N cases in R runs (seeds A..B), D differences, F failed runs, S s"
# Exit 1 on any difference or any run without php_diff's closing line (crash, fatal error).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TOTAL=${1:-10000000}
JOBS=${2:-2}
PHP=${PHP:-php}
SO=${RUSTJSON_SO:-$ROOT/modules/rustjson.so}
CORPORA=${CORPORA:-$ROOT/../shared/corpora}
CHUNK=${CHUNK:-250000}
SEED0=${SEED0:-1000}
DEADLINE=${DEADLINE:-0}
OUT=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/decode-long.XXXXXX")}
mkdir -p "$OUT"
[ -f "$SO" ] || { echo "decode-diff-long: $SO not found (run: make build)" >&2; exit 1; }
runs=$(( (TOTAL + CHUNK - 1) / CHUNK ))
t0=$(date +%s)
echo "decode-diff-long: $TOTAL cases as $runs runs of $CHUNK in $JOBS jobs, logs in $OUT"

# job J runs k = J, J+JOBS, J+2*JOBS, ... < runs
job() {
    local j=$1 k
    for ((k = j; k < runs; k += JOBS)); do
        if [ "$DEADLINE" -gt 0 ] && [ "$(date +%s)" -ge "$DEADLINE" ]; then
            echo "job $j: deadline reached before run $k" >> "$OUT/deadline"
            return 0
        fi
        "$PHP" -n -d "extension=$SO" "$ROOT/tools/decode/php_diff.php" "$CHUNK" $((SEED0 + k)) "$CORPORA" --random-only \
            > "$OUT/run$k.log" 2>&1
        echo "rc $?" >> "$OUT/run$k.log"
        tail -n 3 "$OUT/run$k.log" | grep -E '^php_diff:' | sed "s/^/[run $k] /"
    done
}
pids=()
for ((j = 0; j < JOBS; j++)); do job "$j" & pids+=($!); done
for p in "${pids[@]}"; do wait "$p"; done

cases=0; diffs=0; failed=0; nruns=0; known=0
for f in "$OUT"/run*.log; do
    [ -f "$f" ] || continue
    nruns=$((nruns + 1))
    line=$(grep -E '^php_diff: [0-9]+ cases' "$f" || true)
    if [ -z "$line" ]; then
        failed=$((failed + 1))
        echo "decode-diff-long: $(basename "$f") has no closing line:" >&2
        tail -n 20 "$f" >&2
        continue
    fi
    c=$(sed -E 's/^php_diff: ([0-9]+) cases.*/\1/' <<< "$line")
    d=$(sed -E 's/.* ([0-9]+) differences.*/\1/' <<< "$line")
    k=$(grep -oE '[0-9]+ known bigint-key' <<< "$line" | grep -oE '^[0-9]+' || echo 0)
    cases=$((cases + c)); diffs=$((diffs + d)); known=$((known + k))
    if [ "$d" -gt 0 ]; then
        echo "decode-diff-long: differences in $(basename "$f"):" >&2
        grep -A2 '^DIFF' "$f" | head -n 30 >&2
    fi
done
[ -f "$OUT/deadline" ] && echo "decode-diff-long: deadline reached, $nruns of $runs runs done"
echo "decode-diff-long: $cases cases in $nruns runs (seeds $SEED0..$((SEED0 + runs - 1))), $diffs differences, $failed failed runs, $(( $(date +%s) - t0 )) s$([ "$known" -gt 0 ] && echo "; $known known bigint-key differences$([ -n "${DECODE_SKIP_KNOWN:-}" ] && echo ' (skipped: DECODE_SKIP_KNOWN)')")"
[ "$diffs" -eq 0 ] && [ "$failed" -eq 0 ] && [ "$cases" -gt 0 ]
