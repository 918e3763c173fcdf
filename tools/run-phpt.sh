#!/usr/bin/env bash
# tools/run-phpt.sh: run rustjson's own .phpt tests (php-tests/) with PHP's run-tests.php.
#
# Default mode: php -n -d extension=modules/rustjson.so. Every test requires the extension
# (php-tests/rustjson_test.inc dies otherwise), and any SKIP counts as a failure.
#
# --stock: run the same tests against STOCK PHP (no extension) with -d rustjson_test.stock=1.
#   This checks that the frozen expectations really are stock PHP's behaviour. Tests that
#   are about rustjson itself (the ini toggle, json_validate() on 8.2, ...) skip in this mode.
#
# --jit: also load opcache with the tracing JIT (opcache.enable_cli=1, opcache.jit=tracing). A handler
#   swapped too late would be missed by JIT-compiled calls; this run catches that.
#
# Usage: tools/run-phpt.sh [--stock] [--jit] [test files or directories...]   (default: php-tests)
# Prints "phpt: N passed, M failed[, K skipped]" and exits non-zero on any failure.
# Environment: PHP (default php), RUSTJSON_SO (default modules/rustjson.so), PHPT_JOBS (run-tests.php
#   workers, default the number of CPUs: the tests share no files and compare no timings)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

PHP=$(command -v "${PHP:-php}") || { echo "run-phpt: php not found" >&2; exit 1; }
SO=${RUSTJSON_SO:-$ROOT/modules/rustjson.so}
case "$SO" in /*) ;; *) SO=$ROOT/$SO ;; esac

MODE=rustjson
JIT=0
while [ $# -gt 0 ]; do
    case "$1" in
        --stock) MODE=stock; shift ;;
        --jit) JIT=1; shift ;;
        *) break ;;
    esac
done
[ $# -gt 0 ] || set -- php-tests

# run-tests.php: php8.2-dev ships it next to phpize's build files; else the unpacked source.
RUN_TESTS=""
if ext_dir=$(php-config --extension-dir 2>/dev/null) && [ -f "$ext_dir/build/run-tests.php" ]; then
    RUN_TESTS=$ext_dir/build/run-tests.php
elif src=$(tools/setup.sh --src-dir 2>/dev/null); then
    RUN_TESTS=$src/run-tests.php
else
    echo "run-phpt: run-tests.php not found (install php8.2-dev, or run: make setup)" >&2
    exit 1
fi

if [ "$MODE" = rustjson ]; then
    [ -f "$SO" ] || { echo "run-phpt: $SO not found (run: make build)" >&2; exit 1; }
    if ! out=$("$PHP" -n -d "extension=$SO" -r 'echo extension_loaded("rustjson") ? "yes" : "no";' 2>&1) || [ "$out" != "yes" ]; then
        echo "run-phpt: rustjson does not load from $SO:" >&2
        printf '%s\n' "$out" >&2
        exit 1
    fi
    PHP_ARGS=(-n -d "extension=$SO")
else
    PHP_ARGS=(-n -d rustjson_test.stock=1)
fi
if [ "$JIT" = 1 ]; then
    PHP_ARGS+=(-d zend_extension=opcache -d opcache.enable_cli=1 -d opcache.jit=tracing -d opcache.jit_buffer_size=64M)
    if ! out=$("$PHP" "${PHP_ARGS[@]}" -r 'echo !empty(opcache_get_status()["jit"]["on"]) ? "yes" : "no";' 2>&1) || [ "$out" != "yes" ]; then
        echo "run-phpt: could not enable opcache's JIT:" >&2
        printf '%s\n' "$out" >&2
        exit 1
    fi
    MODE="$MODE+jit"
fi

echo "run-phpt: mode=$MODE php=$("$PHP" -n -r 'echo PHP_VERSION;') run-tests=$RUN_TESTS"
res=$(mktemp "${TMPDIR:-/tmp}/rustjson-phpt.XXXXXX")
log=$(mktemp "${TMPDIR:-/tmp}/rustjson-phpt-log.XXXXXX")
trap 'rm -f "$res" "$log"' EXIT

jobs=${PHPT_JOBS:-$(nproc 2>/dev/null || echo 1)}
JOBS_ARGS=()
[ "$jobs" -gt 1 ] && JOBS_ARGS=(-j"$jobs")

rc=0
TEST_PHP_EXECUTABLE="$PHP" NO_INTERACTION=1 \
    "$PHP" -n "$RUN_TESTS" -q --offline --no-color --no-progress --show-diff "${JOBS_ARGS[@]}" \
    "${PHP_ARGS[@]}" -W "$res" "$@" > "$log" 2>&1 || rc=$?

# Results file lines: "<STATUS>\t<path>"; STATUS is PASSED, FAILED, SKIPPED, BORKED, LEAKED, WARNED, XFAILED ...
passed=$(awk -F'\t' '$1 == "PASSED"' "$res" | wc -l)
skipped=$(awk -F'\t' '$1 == "SKIPPED"' "$res" | wc -l)
failed=$(awk -F'\t' '$1 != "PASSED" && $1 != "SKIPPED"' "$res" | wc -l)

# Skips of tests gated on a newer PHP (SKIPIF "PHP_VERSION_ID < N") are expected; any other skip
# with rustjson loaded is a failure.
gated=$("$ROOT/tools/phpt-version-skips.sh" "$PHP" "$res" "$ROOT/php-tests")
bad=0
if [ "$failed" -gt 0 ] || [ "$passed" -eq 0 ]; then bad=1; fi
case "$MODE" in rustjson*) [ "$((skipped - gated))" -gt 0 ] && bad=1 ;; esac
if [ ! -s "$res" ] && [ "$rc" -ne 0 ]; then bad=1; fi

if [ "$bad" = 1 ]; then
    # Show what went wrong: every non-PASS line of the run, with the diffs (--show-diff).
    grep -v '^PASS ' "$log" | sed -n '/^Running selected tests/,$p' | head -n 600 >&2 || true
    awk -F'\t' '$1 != "PASSED" { print "run-phpt: " $1 " " $2 }' "$res" >&2
    case "$MODE" in rustjson*) [ "$((skipped - gated))" -gt 0 ] &&
        echo "run-phpt: skipped tests count as failures when rustjson is loaded" >&2 ;; esac
fi

# The closing line that CI reads: 'N passed, N failed' after one word with a colon.
if [ "$skipped" -gt 0 ]; then
    echo "phpt: $passed passed, $failed failed, $skipped skipped ($gated need a newer PHP)"
else
    echo "phpt: $passed passed, $failed failed"
fi
exit "$bad"
