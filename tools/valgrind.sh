#!/usr/bin/env bash
# tools/valgrind.sh: our phpt suite and PHP 8.2's official ext/json suite under valgrind
# (run-tests.php -m), with rustjson loaded. Any FAIL, LEAK or memcheck error fails the run;
# the only skips allowed are the tests of the Zend allocator's own accounting (valgrind runs PHP
# with USE_ZEND_ALLOC=0, so there is no memory_limit to hit and no peak to compare: the
# memory_limit tests, encode_large_output_presize, encode_large_output_doubles_presize,
# encode_large_output_early, encode_known_utf8, encode_peak_page_edges and
# decode_invalid_utf8_memory) and tests gated
# on a newer PHP. PCRE's JIT is off (-d pcre.jit=0): its compiled matchers read 16 bytes at a
# time past the end of the subject, which memcheck reports as invalid reads in code it cannot
# name (the tests that preg_replace() a debug_zval_dump() failed so, with no rustjson frame).
# Closing line: 'valgrind: N passed, M failed'.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
PHP=${PHP:-php}
SO=${RUSTJSON_SO:-$root/modules/rustjson.so}
command -v valgrind >/dev/null || { [ "$(id -u)" = 0 ] && DEBIAN_FRONTEND=noninteractive apt-get install -y -q valgrind >/dev/null; }
src=$(bash "$root/tools/setup.sh" --src-dir)
run_tests=$src/run-tests.php
# Workers in parallel (PHPT_JOBS, default the CPU count): the tests share no files.
jobs=${PHPT_JOBS:-$(nproc 2>/dev/null || echo 1)}
jobs_args=()
[ "$jobs" -gt 1 ] && jobs_args=(-j"$jobs")
passed=0; failed=0
run() { # name dir
    local name=$1 dir=$2 res log
    res=$(mktemp); log=$(mktemp)
    (cd "$3" && TEST_PHP_EXECUTABLE=$(command -v "$PHP") NO_INTERACTION=1 \
        "$PHP" -n "$run_tests" -q --offline --no-color --no-progress "${jobs_args[@]}" -m -n -d pcre.jit=0 -d extension="$SO" \
        -W "$res" "$dir" > "$log" 2>&1) || true
    local p f s bad_skips
    p=$(awk -F'\t' '$1 == "PASSED"' "$res" | wc -l)
    s=$(awk -F'\t' '$1 == "SKIPPED"' "$res" | wc -l)
    f=$(awk -F'\t' '$1 != "PASSED" && $1 != "SKIPPED"' "$res" | wc -l)
    # Allowed: the Zend-allocator tests, and tests gated on a newer PHP (tools/phpt-version-skips.sh).
    local gated=0 mem
    mem=$(awk -F'\t' '$1 == "SKIPPED" && $2 ~ /encode_memory_limit|encode_large_output_((doubles_)?presize|early|lenient_flags|spill)|encode_small_storage|encode_known_utf8|encode_peak_page_edges|decode_invalid_utf8_memory/' "$res" | wc -l)
    if [ -d "$dir" ] && [ "$name" = ours ]; then
        gated=$("$root/tools/phpt-version-skips.sh" "$PHP" "$res" "$dir")
    fi
    bad_skips=$((s - mem - gated))
    echo "valgrind $name: $p passed, $f failed, $s skipped"
    if [ "$f" -gt 0 ] || [ "$bad_skips" -gt 0 ] || [ "$p" -eq 0 ]; then
        awk -F'\t' '$1 != "PASSED"' "$res" >&2
        grep -A30 -- '---- MEMORY\|==[0-9]*==' "$log" | head -80 >&2 || true
        failed=$((failed + 1))
    else
        passed=$((passed + 1))
    fi
    rm -f "$res" "$log"
}
run ours "$root/php-tests" "$root"
run official ext/json/tests "$src"
echo "valgrind: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
