#!/usr/bin/env bash
# tools/php-builds/phpt.sh: rustjson's php-tests/ on ANOTHER PHP (debug, ZTS, 8.4, 8.5), with that
# PHP's own stock behaviour as the oracle wherever it differs from the 8.2 freeze.
#
# php-tests/*.phpt were frozen from stock PHP 8.2.36. Some expectations legitimately differ on
# other PHP versions (TypeError wording, jsonSerialize call counts 8.2 vs 8.3+, memory_limit
# behaviour before 8.2.36's fallible smart_str, ...). The tests are not edited or weakened:
#
#   phpt.sh prepare   1. run every test against STOCK PHP (no extension, -d rustjson_test.stock=1;
#                        rustjson-specific tests skip there, json_validate() is the PHP's own on 8.3+)
#                     2. a test that stock passes keeps its frozen --EXPECT--;
#                        a test that stock fails gets stock's actual output as its --EXPECT--
#                        ("rebased"; the frozen-vs-stock difference is printed, for review);
#                        a stock run that leaks, asserts or crashes is an error (no oracle);
#                        skipped tests (rustjson-specific) keep their frozen expectations
#   phpt.sh run [--jit]  run the prepared copy with rustjson loaded (optionally with opcache's
#                        tracing JIT; with PHPT_OPCACHE=1 and no --jit: opcache on, JIT off)
#                        tracing JIT); every test must PASS (a skip is a failure)
#
# So with rustjson loaded each test's output must equal the output of the SAME PHP without it.
# On a debug PHP a leak ("=== Total N memory leaks detected ===" on stderr, which run-tests.php
# merges into the output) or a failed assertion makes the test FAIL.
#
# Environment: PHP (php binary), RUSTJSON_SO (extension), RUN_TESTS (that PHP's run-tests.php),
# PHPT_TIMEOUT (seconds per test, default 300: debug builds and qemu are slow),
#              PHPT_OPCACHE (1: "run" without --jit loads opcache, JIT off),
#              WORK (work directory, created), RJ_REPO (repository; default: this checkout)
# Closing line: "phpt: N passed, M failed" / "phpt+jit: ..." (prepare: "phpt-stock: ...").
set -euo pipefail
RJ_REPO=${RJ_REPO:-$(cd "$(dirname "$0")/../.." && pwd)}
: "${PHP:?}" "${RUN_TESTS:?}" "${WORK:?}"
ACTION=${1:-}
JIT=0
[ "${2:-}" = --jit ] && JIT=1

LEAK_RE='memory leaks detected|Assertion .* failed|zend_mm_heap corrupted|Segmentation fault|Termsig=|AddressSanitizer'

# run_tests DIR RESULTFILE LOG php-args...: run-tests.php on DIR (a copy; it writes next to the tests)
run_tests() {
    local dir=$1 res=$2 log=$3; shift 3
    local rc=0 jobs=${PHPT_JOBS:-$(nproc 2>/dev/null || echo 1)} jobs_args=()
    # Workers in parallel (PHPT_JOBS, default the CPU count): the tests share no files.
    [ "$jobs" -gt 1 ] && jobs_args=(-j"$jobs")
    TEST_PHP_EXECUTABLE="$PHP" NO_INTERACTION=1 \
        "$PHP" -n "$RUN_TESTS" -q --offline --no-color --no-progress --show-diff "${jobs_args[@]}" \
        --set-timeout "${PHPT_TIMEOUT:-300}" "$@" -W "$res" "$dir" > "$log" 2>&1 || rc=$?
    if [ ! -s "$res" ]; then
        echo "phpt: run-tests.php wrote no results (exit $rc); log $log:" >&2
        tail -n 40 "$log" >&2
        return 1
    fi
}

# status_of RESULTFILE STATUS: basenames of the tests with that status
status_of() { awk -F'\t' -v s="$2" '$1 == s { n = split($2, p, "/"); print p[n] }' "$1" | sort; }

# rebase PHPT OUT: replace the --EXPECT--/--EXPECTF--/--EXPECTREGEX-- section with OUT's content
rebase() {
    local phpt=$1 out=$2 tmp
    tmp=$(mktemp "$phpt.XXXXXX")
    awk -v out="$out" '
        /^--EXPECT(F|REGEX)?--$/ { print "--EXPECT--"; while ((getline l < out) > 0) print l; skip = 1; next }
        skip && /^--[A-Z_]+--$/ { skip = 0 }
        !skip { print }' "$phpt" > "$tmp"
    mv "$tmp" "$phpt"
}

case "$ACTION" in
prepare)
    rm -rf "$WORK"
    mkdir -p "$WORK"
    ver=$("$PHP" -n -r 'echo PHP_VERSION, PHP_ZTS ? " ZTS" : "", PHP_DEBUG ? " debug" : "";')
    # Every run happens in the same directory, WORK/run (moved aside afterwards), so that paths in
    # the output (warnings, deprecations: "in /path/x.php on line N") are the same in all runs.
    cp -r "$RJ_REPO/php-tests" "$WORK/run"
    run_tests "$WORK/run" "$WORK/stock.W" "$WORK/stock.log" -n -d rustjson_test.stock=1
    mv "$WORK/run" "$WORK/stock"
    cp -r "$RJ_REPO/php-tests" "$WORK/tests"
    bad=0
    passed=$(status_of "$WORK/stock.W" PASSED | wc -l)
    skipped=$(status_of "$WORK/stock.W" SKIPPED | wc -l)
    rebased=()
    while IFS=$'\t' read -r st path; do
        t=$(basename "$path")
        case "$st" in
            PASSED | SKIPPED) ;;
            FAILED)
                out=$WORK/stock/${t%.phpt}.out
                if [ ! -f "$out" ]; then
                    echo "phpt: stock $ver FAILED $t without an .out file" >&2; bad=1; continue
                fi
                if grep -qE "$LEAK_RE" "$out"; then
                    echo "phpt: stock $ver itself leaks/asserts/crashes in $t (no oracle):" >&2
                    grep -E "$LEAK_RE" "$out" | head -n 5 >&2
                    bad=1; continue
                fi
                rebase "$WORK/tests/$t" "$out"
                rebased+=("$t") ;;
            *) echo "phpt: stock $ver: $st $t (no oracle)" >&2; bad=1 ;;
        esac
    done < "$WORK/stock.W"
    : > "$WORK/rebased.txt"
    for t in "${rebased[@]}"; do echo "$t" >> "$WORK/rebased.txt"; done
    if [ ${#rebased[@]} -gt 0 ]; then
        echo "phpt: stock PHP $ver differs from the 8.2 freeze in ${#rebased[@]} test(s); their oracle is this PHP's stock output:"
        for t in "${rebased[@]}"; do
            d=$WORK/stock/${t%.phpt}.diff
            n=$(grep -cE '^[0-9]+[-+]' "$d" 2>/dev/null || echo '?')
            echo "  $t ($n differing lines; frozen '-' vs stock '+', first ones:)"
            grep -E '^[0-9]+[-+]' "$d" 2>/dev/null | head -n "${PHPT_DIFF_LINES:-6}" | cut -c1-200 | sed 's/^/      /'
        done
    fi
    echo "phpt-stock: $passed passed as frozen, ${#rebased[@]} rebased, $skipped skipped (rustjson-specific), stock PHP $ver"
    exit "$bad"
    ;;
run)
    : "${RUSTJSON_SO:?}"
    [ -d "$WORK/tests" ] || { echo "phpt: run 'phpt.sh prepare' first" >&2; exit 1; }
    name=phpt
    args=(-n -d "extension=$RUSTJSON_SO")
    if [ "$JIT" = 1 ]; then
        name=phpt+jit
        # PHP 8.5 has opcache built in; before that it is a zend_extension to load.
        if [ "$("$PHP" -n -r 'echo (int) extension_loaded("Zend OPcache");')" = 0 ]; then
            args+=(-d zend_extension=opcache)
        fi
        args+=(-d opcache.enable_cli=1 -d opcache.jit=tracing -d opcache.jit_buffer_size=64M)
        if ! out=$("$PHP" "${args[@]}" -r 'echo !empty(opcache_get_status()["jit"]["on"]) ? "yes" : "no";' 2>&1) || [ "$out" != yes ]; then
            echo "$name: could not enable opcache's JIT:" >&2; printf '%s\n' "$out" >&2
            echo "$name: 0 passed, 1 failed"; exit 1
        fi
    elif [ "${PHPT_OPCACHE:-0}" = 1 ]; then
        if [ "$("$PHP" -n -r 'echo (int) extension_loaded("Zend OPcache");')" = 0 ]; then
            args+=(-d zend_extension=opcache)
        fi
        args+=(-d opcache.enable_cli=1 -d opcache.jit=0)
        if ! out=$("$PHP" "${args[@]}" -r 'echo !empty(opcache_get_status()["opcache_enabled"]) ? "yes" : "no";' 2>&1) || [ "$out" != yes ]; then
            echo "$name: could not enable opcache:" >&2; printf '%s\n' "$out" >&2
            echo "$name: 0 passed, 1 failed"; exit 1
        fi
        echo "$name: with opcache on (opcache.enable_cli=1, JIT off)"
    fi
    dir=$WORK/$name
    rm -rf "$dir" "$WORK/run"
    cp -r "$WORK/tests" "$WORK/run"
    rc=0
    run_tests "$WORK/run" "$dir.W" "$dir.log" "${args[@]}" || rc=1
    mv "$WORK/run" "$dir"
    [ "$rc" = 0 ] || { echo "$name: 0 passed, 1 failed"; exit 1; }
    passed=$(status_of "$dir.W" PASSED | wc -l)
    # Tests gated on a newer PHP (SKIPIF "PHP_VERSION_ID < N") may skip; nothing else may.
    gated=$("$RJ_REPO/tools/phpt-version-skips.sh" "$PHP" "$dir.W" "$WORK/tests")
    notpass=$(( $(awk -F'\t' '$1 != "PASSED"' "$dir.W" | wc -l) - gated ))
    if [ "$notpass" -gt 0 ] || [ "$passed" -eq 0 ]; then
        grep -v '^PASS ' "$dir.log" | sed -n '/^Running selected tests/,$p' | head -n 400 >&2 || true
        awk -F'\t' '$1 != "PASSED" { print "'"$name"': " $1 " " $2 }' "$dir.W" >&2
        leaks=$(grep -lE "$LEAK_RE" "$dir"/*.out 2>/dev/null | xargs -r -n1 basename || true)
        [ -n "$leaks" ] && echo "$name: leaks/assertions/crashes in: $(echo $leaks)" >&2
        [ -s "$WORK/rebased.txt" ] && echo "$name: (rebased on this PHP's stock output: $(echo $(cat "$WORK/rebased.txt")))" >&2
    fi
    if [ "$gated" -gt 0 ]; then
        echo "$name: $passed passed, $notpass failed ($gated skipped: need a newer PHP)"
    else
        echo "$name: $passed passed, $notpass failed"
    fi
    [ "$notpass" -eq 0 ] && [ "$passed" -gt 0 ]
    ;;
*) echo "usage: $0 prepare | run [--jit]" >&2; exit 2 ;;
esac
