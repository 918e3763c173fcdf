#!/usr/bin/env bash
# tools/zts-threads/run.sh: rustjson in a multi-threaded ZTS PHP (see README.md here).
#
#   PHP_CONFIG=/path/php-config RUSTJSON_SO=/path/rustjson.so [OUT=dir] tools/zts-threads/run.sh
#   ... tools/zts-threads/run.sh --valgrind=helgrind|drd     (a small run under valgrind; report only)
#
# PHP_CONFIG must belong to a ZTS PHP built with --enable-embed=shared (tools/php-builds/debug-php.sh
# zts-debug). Compiles main.c against its libphp.so into OUT (default /tmp/zts-threads), then runs:
#   main      THREADS threads x REQUESTS requests x ITERATIONS iterations, rustjson.enabled=1 at startup
#   off       rustjson.enabled=0 in the ini file: new threads must start with stock serving
#   opcache   scripts compiled once into opcache's shared memory and run by all threads
#   jit       the same with the tracing JIT
#   leak-selfcheck  zend_leak_bytes() in every thread: the harness must fail and name the leak
# Environment: ZTS_THREADS (8), ZTS_REQUESTS (3), ZTS_ITERATIONS (120), ZTS_SEED (20261130),
#              ZTS_TIMING (1: the timing probe of which implementation serves; 0: off).
# Closing line: "threads: N passed, M failed (runs; ...)"; exit 1 on any failure.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
: "${PHP_CONFIG:?set PHP_CONFIG to a ZTS php-config with the embed SAPI}" "${RUSTJSON_SO:?set RUSTJSON_SO}"
OUT=${OUT:-/tmp/zts-threads}
THREADS=${ZTS_THREADS:-8} REQUESTS=${ZTS_REQUESTS:-3} ITERATIONS=${ZTS_ITERATIONS:-120}
SEED=${ZTS_SEED:-20261130} TIMING=${ZTS_TIMING:-1}
VALGRIND=
case "${1:-}" in
    --valgrind=helgrind | --valgrind=drd) VALGRIND=${1#--valgrind=} ;;
    "") ;;
    *) echo "usage: $0 [--valgrind=helgrind|drd]" >&2; exit 2 ;;
esac
LEAK_RE='memory leaks detected|Assertion .* failed|zend_mm_heap corrupted|Segmentation fault|AddressSanitizer'

prefix=$("$PHP_CONFIG" --prefix)
if [ ! -f "$prefix/lib/libphp.so" ] || [ ! -f "$prefix/include/php/sapi/embed/php_embed.h" ]; then
    echo "threads: $prefix has no libphp.so / php_embed.h (PHP not built with --enable-embed=shared)"
    echo "threads: 0 passed, 1 failed"
    exit 1
fi
mkdir -p "$OUT"
BIN=$OUT/zts-threads
# shellcheck disable=SC2046  # php-config prints word lists
if ! gcc -std=gnu11 -O1 -g -Wall -Wextra -Wno-unused-parameter -pthread $("$PHP_CONFIG" --includes) \
        "$HERE/main.c" -o "$BIN" -L"$prefix/lib" -Wl,-rpath,"$prefix/lib" -lphp \
        $("$PHP_CONFIG" --ldflags) $("$PHP_CONFIG" --libs) > "$OUT/gcc.log" 2>&1; then
    cat "$OUT/gcc.log"
    echo "threads: 0 passed, 1 failed (compile)"
    exit 1
fi
cat "$OUT/gcc.log"   # warnings, if any
echo "threads: built $BIN against $prefix/lib/libphp.so ($("$("$PHP_CONFIG" --php-binary)" -n -r 'echo PHP_VERSION, PHP_ZTS ? " ZTS" : " NTS", PHP_DEBUG ? " debug" : "";'))"
common=(--so="$RUSTJSON_SO" --script="$HERE/threads.php" --seed="$SEED")

if [ -n "$VALGRIND" ]; then
    # Report only: PHP's own TSRM/startup code is not annotated for the race detectors.
    log=$OUT/$VALGRIND.log
    echo "threads: valgrind --tool=$VALGRIND, 4 threads x 1 request x 4 iterations, USE_ZEND_ALLOC=0"
    USE_ZEND_ALLOC=0 valgrind --tool="$VALGRIND" --error-limit=no --num-callers=30 --log-file="$log" \
        "$BIN" "${common[@]}" --threads=4 --requests=1 --iterations=4 --timing=0 > "$OUT/$VALGRIND.out" 2>&1
    rc=$?
    tail -n 4 "$OUT/$VALGRIND.out"
    echo "threads: exit $rc; $(grep -E 'ERROR SUMMARY' "$log" | tail -n 1 | sed 's/^==[0-9]*== //')"
    echo "threads: reports by the first frame outside Rust's core/std (full stacks in the log):"
    awk '/Possible data race|Conflicting (load|store)|Lock order|unlocked a .* lock|Probably a race/ {
             head = $0; sub(/^==[0-9]+== /, "", head); sub(/ at 0x[0-9a-f]+ size/, " size", head); want = 1; next }
         want && /(at|by) 0x/ && !/library\/(core|std)\// {
             f = $0; sub(/^==[0-9]+== +(at|by) 0x[0-9A-F]+: /, "", f); print head " @ " f; want = 0 }' "$log" |
        sort | uniq -c | sort -rn | head -n 20 | sed 's/^/threads: /'
    echo "threads: full log: $log"
    exit 0
fi

runs=0 failed=0 checks=0 summary=()
# run NAME EXPECT(pass|fail) ARGS...: one harness run; its output is shown and kept in OUT/NAME.log
run() {
    local name=$1 expect=$2 rc ok; shift 2
    local t0=$SECONDS
    echo
    echo "---- threads/$name: ${*}"
    "$BIN" "${common[@]}" "$@" > "$OUT/$name.log" 2>&1
    rc=$?
    # per-thread lines only when something is wrong; the harness summary always
    if [ "$rc" -ne 0 ] && [ "$expect" = pass ]; then cat "$OUT/$name.log"; else grep -E '^threads: |MISMATCH' "$OUT/$name.log"; fi
    runs=$((runs + 1))
    if [ "$expect" = pass ]; then
        ok=1
        [ "$rc" -eq 0 ] || ok=0
        if grep -qE "$LEAK_RE" "$OUT/$name.log"; then ok=0; fi
        grep -qE '^threads: [0-9]+ passed, 0 failed$' "$OUT/$name.log" || ok=0
        checks=$((checks + $(sed -nE 's/^threads: ([0-9]+) passed, 0 failed$/\1/p' "$OUT/$name.log" | tail -n 1 | grep . || echo 0)))
    else
        # the self-check must fail, with the leak named on stderr and counted by the harness
        ok=0
        if [ "$rc" -ne 0 ] && grep -q 'memory leaks detected' "$OUT/$name.log" \
            && grep -qE '^threads: 0 check failures, 0 broken requests, [1-9][0-9]* leak' "$OUT/$name.log"; then ok=1; fi
        echo "threads/$name: exit $rc; $(grep -c 'memory leaks detected' "$OUT/$name.log") 'memory leaks detected' line(s) seen"
    fi
    if [ "$ok" = 1 ]; then
        echo "threads/$name: ok ($((SECONDS - t0))s)"
        summary+=("$name ok")
    else
        echo "threads/$name: FAILED (exit $rc; log $OUT/$name.log)"
        failed=$((failed + 1)); summary+=("$name FAILED")
    fi
}

run main pass --threads="$THREADS" --requests="$REQUESTS" --iterations="$ITERATIONS" --timing="$TIMING" --enabled=1
run off pass --threads="$THREADS" --requests=2 --iterations=$((ITERATIONS / 3)) --timing="$TIMING" --enabled=0
# PHP's own race: with opcache on a ZTS debug build, threads linking the same class at run time
# (zend_do_link_class) now and then leak one copy's tables, reported from Zend/zend_inheritance.c
# (seen 1 run in 4 here, with rustjson.enabled=0 as well as 1; nothing of rustjson's is involved).
# A run whose only failure is such a report is run once more; the report stays in its log.
php_inheritance_leak_only() { # LOG
    local log=$1
    grep -qE '^threads: 0 check failures, 0 broken requests, [1-9][0-9]* leak' "$log" || return 1
    grep -E '\.c\([0-9]+\) :  Freeing' "$log" | grep -qv 'Zend/zend_inheritance\.c(' && return 1
    grep -qE 'Assertion .* failed|zend_mm_heap corrupted|Segmentation fault|AddressSanitizer' "$log" && return 1
    return 0
}
for mode in opcache jit; do
    arg=1; [ "$mode" = jit ] && arg=jit
    run "$mode" pass --threads="$THREADS" --requests=2 --iterations=$((ITERATIONS / 3)) --timing="$TIMING" --opcache="$arg"
    if [ "${summary[-1]}" = "$mode FAILED" ] && php_inheritance_leak_only "$OUT/$mode.log"; then
        echo "threads/$mode: only PHP's zend_inheritance.c leak (a ZTS opcache race in class linking): run again"
        cp "$OUT/$mode.log" "$OUT/$mode.first.log"
        failed=$((failed - 1)); runs=$((runs - 1)); unset 'summary[-1]'
        run "$mode" pass --threads="$THREADS" --requests=2 --iterations=$((ITERATIONS / 3)) --timing="$TIMING" --opcache="$arg"
    fi
done
run leak-selfcheck fail --threads=2 --requests=1 --iterations=2 --timing=0 --leak-selfcheck

echo
echo "threads: $((runs - failed)) passed, $failed failed (runs: ${summary[*]}; $checks checks in $THREADS threads)"
[ "$failed" -eq 0 ]
