#!/usr/bin/env bash
# tools/official-suite.sh: run PHP's own ext/json/tests (from the unpacked 8.2 source,
# see tools/setup.sh) twice, once with stock PHP (-n) and once with rustjson loaded
# (-n -d extension=modules/rustjson.so), and compare the SETS of passing tests.
#
# Passes only if:
#   - the extension really loads (checked before the run),
#   - stock passes every test (76 of 76 for 8.2.32; needs the de_DE locale),
#   - rustjson passes exactly the same set.
#
# Usage: tools/official-suite.sh [--stock-only]
#   --stock-only  run only the stock pass (useful before the extension exists)
# Environment: PHP (default php), RUSTJSON_SO (default modules/rustjson.so),
#              RUSTJSON_CACHE / RUSTJSON_PHP_SRC (see tools/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

PHP=$(command -v "${PHP:-php}") || { echo "official-suite: php not found" >&2; exit 1; }
SO=${RUSTJSON_SO:-$ROOT/modules/rustjson.so}
case "$SO" in /*) ;; *) SO=$ROOT/$SO ;; esac
STOCK_ONLY=0
[ "${1:-}" = "--stock-only" ] && STOCK_ONLY=1

src=$(tools/setup.sh --src-dir)
[ -f "$src/run-tests.php" ] || { echo "official-suite: $src/run-tests.php missing" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/rustjson-official.XXXXXX")
trap 'rm -rf "$work"' EXIT

# run_suite NAME [php -d args...]: copy the tests (run-tests.php writes next to them), run, write NAME.W
run_suite() {
    local name=$1; shift
    mkdir -p "$work/$name/ext/json"
    cp -r "$src/ext/json/tests" "$work/$name/ext/json/tests"
    local rc=0
    (cd "$work/$name" && TEST_PHP_EXECUTABLE="$PHP" NO_INTERACTION=1 \
        "$PHP" -n "$src/run-tests.php" -q --offline --no-color --no-progress --show-diff \
        -n "$@" -W "$work/$name.W" ext/json/tests) > "$work/$name.log" 2>&1 || rc=$?
    [ -s "$work/$name.W" ] || {
        echo "official-suite: run-tests.php wrote no results for '$name' (exit $rc); log:" >&2
        cat "$work/$name.log" >&2
        exit 1
    }
    # "PASSED<TAB>/path/ext/json/tests/x.phpt" -> "x.phpt"
    awk -F'\t' '$1 == "PASSED" { n = split($2, p, "/"); print p[n] }' "$work/$name.W" | sort > "$work/$name.pass"
    awk -F'\t' '$1 != "PASSED" { n = split($2, p, "/"); print $1 " " p[n] }' "$work/$name.W" | sort > "$work/$name.other"
}

total=$(ls "$src"/ext/json/tests/*.phpt | wc -l)
version=$(basename "$src")
expected_total=$total
[ "$version" = "php-8.2.32" ] && expected_total=76

fail=0
run_suite stock
stock_n=$(wc -l < "$work/stock.pass")
echo "official ext/json suite ($version, $total files): stock    $stock_n/$total passed"
if [ "$stock_n" -ne "$total" ] || [ "$total" -ne "$expected_total" ]; then
    echo "official-suite: stock PHP does not pass all $expected_total tests (de_DE locale missing? run make setup):" >&2
    cat "$work/stock.other" >&2
    fail=1
fi

if [ "$STOCK_ONLY" = 1 ]; then
    [ "$fail" = 0 ] && echo "official-suite: OK (stock only)"
    exit "$fail"
fi

[ -f "$SO" ] || { echo "official-suite: $SO not found (run: make build)" >&2; exit 1; }
if ! out=$("$PHP" -n -d "extension=$SO" -r 'echo extension_loaded("rustjson") ? "yes" : "no";' 2>&1) || [ "$out" != "yes" ]; then
    echo "official-suite: rustjson does not load from $SO:" >&2
    printf '%s\n' "$out" >&2
    exit 1
fi

run_suite rustjson -d "extension=$SO" -d rustjson.enabled=1
ext_n=$(wc -l < "$work/rustjson.pass")
echo "official ext/json suite ($version, $total files): rustjson $ext_n/$total passed"

if ! cmp -s "$work/stock.pass" "$work/rustjson.pass"; then
    echo "official-suite: the sets of passing tests differ (< stock only, > rustjson only):" >&2
    diff "$work/stock.pass" "$work/rustjson.pass" >&2 || true
    echo "--- rustjson run log (failures with diffs) ---" >&2
    grep -v '^PASS ' "$work/rustjson.log" | head -n 400 >&2 || true
    fail=1
fi

if [ "$fail" = 0 ]; then
    echo "official-suite: OK (identical passing sets, $ext_n/$total)"
fi
exit "$fail"
