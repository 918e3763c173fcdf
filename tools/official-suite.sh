#!/usr/bin/env bash
# tools/official-suite.sh: PHP 8.2's own ext/json/tests (from the source tools/setup.sh unpacked), run
# stock (no extension), with rustjson, and with rustjson serving json_decode() too (rustjson.decode=1:
# the suite's json_decode*, bug*, pass* and fail* tests against the override), and each rustjson run
# compared with stock test by test. `make test-official` runs it on
# the host PHP with --all-stock-pass; the "official" stage of every tools/php-builds leg runs it on
# that leg's PHP.
#
# The run passes only if
#   - the extension loads,
#   - every test has the same status with and without rustjson (both rustjson runs),
#   - for every test that does not pass on stock, rustjson's actual output equals stock's (.out),
#   - no rustjson run leaks, asserts or crashes, and
#   - with --all-stock-pass: stock passes every test (76 of 76 for 8.2.32; needs the de_DE locale).
# On PHP 8.4/8.5 some of these 8.2 tests fail on stock PHP too (changed messages, deprecations); that
# is fine as long as rustjson fails them IDENTICALLY.
#
# Usage: tools/official-suite.sh [--all-stock-pass]
# Environment: PHP (default php), RUSTJSON_SO (default modules/rustjson.so), RUN_TESTS (that PHP's
#              run-tests.php; default the 8.2 source's), SRC (unpacked PHP 8.2 source; default
#              `tools/setup.sh --src-dir`, see RUSTJSON_CACHE / RUSTJSON_PHP_SRC there), WORK (work
#              directory, created; default a temporary one, removed afterwards)
# Closing line: "official: N passed, M failed (K fail identically on stock PHP x.y.z)"
#   N = tests rustjson passes, M = tests whose result differs from stock.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LEAK_RE='memory leaks detected|Assertion .* failed|zend_mm_heap corrupted|Segmentation fault|Termsig=|AddressSanitizer'
ALL_STOCK=0
case "${1:-}" in
    --all-stock-pass) ALL_STOCK=1 ;;
    "") ;;
    *) echo "usage: $0 [--all-stock-pass]" >&2; exit 2 ;;
esac

PHP=$(command -v "${PHP:-php}") || { echo "official: php not found" >&2; exit 1; }
SO=${RUSTJSON_SO:-$ROOT/modules/rustjson.so}
case "$SO" in /*) ;; *) SO=$ROOT/$SO ;; esac
SRC=${SRC:-$(bash "$ROOT/tools/setup.sh" --src-dir)}
# A caller's RUN_TESTS may be a path inside a Debian root that only that leg's php wrapper sees
# (tools/php-builds/leg.sh, php84/php85): only the default is checked here.
if [ -z "${RUN_TESTS:-}" ]; then
    RUN_TESTS=$SRC/run-tests.php
    [ -f "$RUN_TESTS" ] || { echo "official: $RUN_TESTS missing" >&2; exit 1; }
fi
if [ -n "${WORK:-}" ]; then
    rm -rf "$WORK"
    mkdir -p "$WORK"
else
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/rustjson-official.XXXXXX")
    trap 'rm -rf "$WORK"' EXIT
fi
ver=$("$PHP" -n -r 'echo PHP_VERSION, PHP_ZTS ? " ZTS" : "", PHP_DEBUG ? " debug" : "";')

[ -f "$SO" ] || { echo "official: $SO not found (run: make build)" >&2; exit 1; }
if ! out=$("$PHP" -n -d "extension=$SO" -r 'echo extension_loaded("rustjson") ? "yes" : "no";' 2>&1) || [ "$out" != "yes" ]; then
    echo "official: rustjson does not load from $SO:" >&2
    printf '%s\n' "$out" >&2
    echo "official: 0 passed, 1 failed"
    exit 1
fi

# run_suite NAME php-args...: copy the tests (run-tests.php writes next to them), run, results in NAME.W
run_suite() {
    local name=$1; shift
    local rc=0
    # both runs in the same directory (WORK/run, moved aside afterwards): identical paths in outputs
    rm -rf "$WORK/run"
    mkdir -p "$WORK/run"
    cp -r "$SRC/ext/json/tests" "$WORK/run/tests"
    (cd "$WORK/run" && TEST_PHP_EXECUTABLE="$PHP" NO_INTERACTION=1 \
        "$PHP" -n "$RUN_TESTS" -q --offline --no-color --no-progress --show-diff \
        -n "$@" -W "$WORK/$name.W" tests) > "$WORK/$name.log" 2>&1 || rc=$?
    mv "$WORK/run" "$WORK/$name"
    if [ ! -s "$WORK/$name.W" ]; then
        echo "official: run-tests.php wrote no results for '$name' (exit $rc); log:" >&2
        tail -n 40 "$WORK/$name.log" >&2
        echo "official: 0 passed, 1 failed"
        exit 1
    fi
    # "STATUS<TAB>/path/x.phpt" -> "x.phpt STATUS"
    awk -F'\t' '{ n = split($2, p, "/"); print p[n] " " $1 }' "$WORK/$name.W" | sort > "$WORK/$name.st"
}

run_suite stock
run_suite rustjson -d "extension=$SO" -d rustjson.enabled=1
# json_decode() served by rustjson (rustjson.decode, default On since issue #18: the plain rustjson run
# above uses it too), named explicitly: the decode tests against it
run_suite rustjson-decode -d "extension=$SO" -d rustjson.enabled=1 -d rustjson.decode=1

total=$(wc -l < "$WORK/stock.st")
stock_pass=$(awk '$2 == "PASSED"' "$WORK/stock.st" | wc -l)
ext_pass=$(awk '$2 == "PASSED"' "$WORK/rustjson.st" | wc -l)
dec_pass=$(awk '$2 == "PASSED"' "$WORK/rustjson-decode.st" | wc -l)
echo "official ext/json suite ($(basename "$SRC") tests, $total files) on PHP $ver: stock $stock_pass passed, rustjson $ext_pass passed, rustjson with rustjson.decode=1 $dec_pass passed"

stock_fail=0
if [ "$ALL_STOCK" = 1 ]; then
    expected_total=$total
    [ "$(basename "$SRC")" = php-8.2.32 ] && expected_total=76
    if [ "$stock_pass" -ne "$total" ] || [ "$total" -ne "$expected_total" ]; then
        echo "official: stock PHP does not pass all $expected_total tests (de_DE locale missing? run make setup):" >&2
        awk '$2 != "PASSED"' "$WORK/stock.st" >&2
        stock_fail=1
    fi
fi

differ=()
same_fail=0
# compare RUN: every test's status (and, where stock does not pass, its output) against stock's
compare() {
    local run=$1 t st est
    while read -r t st; do
        est=$(awk -v t="$t" '$1 == t { print $2 }' "$WORK/$run.st")
        if [ "$st" != "$est" ]; then
            differ+=("$t ($run: stock $st, $run ${est:-missing})")
        elif [ "$st" != PASSED ] && [ "$st" != SKIPPED ]; then
            if cmp -s "$WORK/stock/tests/${t%.phpt}.out" "$WORK/$run/tests/${t%.phpt}.out"; then
                [ "$run" = rustjson ] && same_fail=$((same_fail + 1))
            else
                differ+=("$t ($run: $st on both, different output)")
            fi
        fi
    done < "$WORK/stock.st"
}
compare rustjson
compare rustjson-decode
: > "$WORK/leaks"
for run in rustjson rustjson-decode; do
    if grep -lE "$LEAK_RE" "$WORK"/$run/tests/*.out >> "$WORK/leaks" 2>/dev/null; then
        echo "official: leaks/assertions/crashes with $run in: $(grep -lE "$LEAK_RE" "$WORK"/$run/tests/*.out | xargs -n1 basename | tr '\n' ' ')" >&2
    fi
done
if [ "$same_fail" -gt 0 ]; then
    echo "official: fail identically on stock and rustjson (this PHP is not 8.2): $(awk '$2 != "PASSED" && $2 != "SKIPPED" { printf "%s ", $1 }' "$WORK/stock.st")"
fi
if [ ${#differ[@]} -gt 0 ]; then
    echo "official: results differ from stock PHP $ver:" >&2
    printf '  %s\n' "${differ[@]}" >&2
    for run in rustjson rustjson-decode; do
        echo "--- $run run log (failures with diffs) ---" >&2
        grep -v '^PASS ' "$WORK/$run.log" | head -n 300 >&2 || true
    done
    for t in "${differ[@]}"; do
        run=${t#* (}; run=${run%%:*}
        t=${t%% *}
        [ -f "$WORK/stock/tests/${t%.phpt}.out" ] && [ -f "$WORK/$run/tests/${t%.phpt}.out" ] &&
            diff "$WORK/stock/tests/${t%.phpt}.out" "$WORK/$run/tests/${t%.phpt}.out" | head -n 20 >&2
    done
fi
echo "official: $ext_pass passed, ${#differ[@]} failed ($same_fail fail identically on stock PHP $ver; with rustjson.decode=1: $dec_pass passed)"
[ ${#differ[@]} -eq 0 ] && [ ! -s "$WORK/leaks" ] && [ "$stock_fail" = 0 ]
