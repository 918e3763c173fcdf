#!/usr/bin/env bash
# tools/phpt-version-skips.sh PHP RESULTS DIR: how many SKIPPED tests of a run-tests.php results file
# (-W: "<STATUS>\t<path>" lines) are version-gated for this PHP, i.e. their --SKIPIF-- section says
# "PHP_VERSION_ID < N" and PHP's PHP_VERSION_ID is below N (e.g. the 8.4-only property-hook tests on
# 8.2). The test files are looked up by basename in DIR. Every other skip stays a failure for the
# callers (tools/run-phpt.sh, tools/php-builds/phpt.sh) when rustjson is loaded.
set -euo pipefail
PHP=$1 RES=$2 DIR=$3
vid=$("$PHP" -n -r 'echo PHP_VERSION_ID;')
n=0
while IFS=$'\t' read -r st path; do
    [ "$st" = SKIPPED ] || continue
    f=$DIR/$(basename "$path")
    [ -f "$f" ] || continue
    need=$(sed -n '/^--SKIPIF--$/,/^--[A-Z_]*--$/p' "$f" | grep -oE 'PHP_VERSION_ID < [0-9]+' | grep -oE '[0-9]+$' | head -n 1 || true)
    if [ -n "$need" ] && [ "$vid" -lt "$need" ]; then n=$((n + 1)); fi
done < "$RES"
echo "$n"
