#!/usr/bin/env bash
# tools/php-builds/leg.sh FLAVOUR: build rustjson against another PHP and run our tests there.
#
#   debug      PHP 8.2.32 debug NTS built from source      (tools/php-builds/debug-php.sh)
#   zts-debug  PHP 8.2.32 debug ZTS built from source      (tools/php-builds/debug-php.sh)
#   php84      PHP 8.4 from Debian trixie, in a chroot     (tools/php-builds/debian-root.sh)
#   php85      PHP 8.5 from Debian experimental, in a chroot
#   docker-profile  PHP 8.2.32 release NTS built from source with the official Docker php images'
#              CFLAGS/LDFLAGS and configure flags (tools/php-builds/docker-php.sh); its phpt stage
#              runs with opcache on (no JIT), the phpt+jit stage as everywhere else
#
# The PHPs are cached under ${RUSTJSON_CACHE:-/var/cache/rustjson}/php-builds/FLAVOUR (made on first
# use; reused in seconds afterwards). rustjson is built with CARGO_TARGET_DIR=$RUSTJSON_CACHE/target-FLAVOUR
# (release profile; on the debug flavours also with Rust debug assertions and overflow checks).
#
# Stages (each prints its own "<name>: N passed, M failed" line):
#   php             make or reuse the PHP
#   build           cargo build against it; the .so must load without any output
#   frameless       json_encode()/json_validate() calls compile to plain calls (DO_ICALL), not to 8.4+'s
#                   FRAMELESS_ICALL_n, which would bypass rustjson's handler swap
#   leak-selfcheck  (debug flavours) a known leak (zend_test's zend_leak_bytes()) must be caught by
#                   both the phpt route and the stderr check used for the differential runs
#   phpt-stock      php-tests/ against this PHP's stock json_encode: the oracle (tools/php-builds/phpt.sh)
#   phpt, phpt+jit  php-tests/ with rustjson, without and with opcache's tracing JIT
#   official        PHP 8.2's ext/json/tests, stock vs rustjson test by test (tools/official-suite.sh)
#   fuzz            tools/fuzz/run.php (json_encode differential, random cases), when it exists
#   validate        tools/validate_diff.php (json_validate differential, in process)
#   decode          tools/decode/php_diff.php (json_decode differential, stock vs rustjson.decode=1, in
#                   process; DECODE_COUNT random cases, default 20000), tools/decode/sweep.php --quick and
#                   tools/decode/runs_diff.php (numbers and lists past a stage-1 chunk, 500 each)
#   threads         (zts-debug) tools/zts-threads/run.sh: PHP's embed SAPI (libphp.so) runs requests in 8
#                   threads at once, stock vs rustjson in each thread plus per-thread isolation checks
#                   (json_last_error, serialize_precision, rustjson.enabled); also with opcache, the
#                   tracing JIT, rustjson.enabled=0 at startup, and a leak self-check
# On a debug PHP any "memory leaks detected", failed assertion or crash fails the stage.
#
# Closing line: "FLAVOUR: N passed, M failed" (stages), with per-suite counts; exit 1 on any failure.
# Environment: RUSTJSON_CACHE, CARGO (default cargo), FUZZ_COUNT (default 20000), FUZZ_SEED,
#              VALIDATE_COUNT (default 50000), DECODE_COUNT (default 20000), FUZZ_SWEEPS (comma list of tools/fuzz sweeps to add; default none)
set -euo pipefail
. "$(dirname "$0")/lib.sh"
HERE=$RJ_REPO/tools/php-builds

FLAVOUR=${1:-}
case "$FLAVOUR" in
    debug | zts-debug) KIND=debug ;;
    php84 | php85) KIND=root ;;
    docker-profile) KIND=release ;;
    *) die "usage: $0 debug|zts-debug|php84|php85|docker-profile" ;;
esac
RJ_TAG=$FLAVOUR
DIR=$RJ_BUILDS/$FLAVOUR
RUN=$DIR/run
OUT=$DIR/out
LEAK_RE='memory leaks detected|Assertion .* failed|zend_mm_heap corrupted|Segmentation fault|Termsig=|AddressSanitizer'

# ----------------------------------------------------------------------------------------------
# Phase 1, in the host's mount namespace: make/reuse the PHP, then (Debian roots) re-enter this
# script in a private mount namespace where the paths the tests use are bind-mounted into the root.
if [ -z "${RJ_LEG_INNER:-}" ]; then
    T0=$(now)
    echo "==== $FLAVOUR: PHP"
    rc=0
    if [ "$KIND" = debug ]; then
        bash "$HERE/debug-php.sh" "$FLAVOUR" || rc=$?
    elif [ "$KIND" = release ]; then
        bash "$HERE/docker-php.sh" || rc=$?
    else
        bash "$HERE/debian-root.sh" "$FLAVOUR" || rc=$?
    fi
    if [ "$rc" -ne 0 ]; then
        echo "$FLAVOUR: 0 passed, 1 failed (could not make the PHP)"
        exit 1
    fi
    # RJ_LEG_PHP_ONLY=1: only make the PHP (matrix.sh makes every leg's PHP, one after the other,
    # before it runs legs side by side: the PHP builds install Debian packages, which cannot run twice at once).
    if [ -n "${RJ_LEG_PHP_ONLY:-}" ]; then
        echo "$FLAVOUR: PHP ready ($(( $(now) - T0 ))s)"
        exit 0
    fi
    export RJ_LEG_INNER=1 RJ_LEG_T0=$T0 RJ_LEG_PHP_SECS=$(( $(now) - T0 ))
    export RJ_SRC82=$(php82_src)
    mkdir -p "$RUN" "$OUT"
    # Held (fd 9, inherited across exec) for the rest of the leg: debug-php.sh / debian-root.sh of a
    # concurrent run cannot replace this PHP while it is in use.
    lock "$FLAVOUR"
    if [ "$KIND" != root ]; then
        exec bash "$0" "$FLAVOUR"
    fi
    exec unshare -m --propagation private bash "$0" "$FLAVOUR"
fi

# ----------------------------------------------------------------------------------------------
# Phase 2.
if [ "$KIND" = root ]; then
    ROOT=$DIR/root
    root_mounts "$ROOT" "$RJ_REPO" "$RUN" "$OUT"   # the checkout read-only
    RUN_TESTS=$(ls "$ROOT"/usr/lib/php/*/build/run-tests.php | sed -n 1p)
    RUN_TESTS=${RUN_TESTS#"$ROOT"}
else
    RUN_TESTS=$("$DIR/bin/php-config" --prefix)/lib/php/build/run-tests.php
fi
PHP=$DIR/bin/php
SO=$OUT/rustjson.so
export PHP RUN_TESTS
PHPVER=$("$PHP" -n -r 'echo PHP_VERSION, PHP_ZTS ? " ZTS" : " NTS", PHP_DEBUG ? " debug" : "";')

names=() results=() secs=() notes=()
# stage NAME CMD...: run CMD (output to the terminal and RUN/NAME.log); its last "x: N passed, M failed"
# line becomes the stage's note
stage() {
    local name=$1; shift
    local t rc=0 line
    echo
    echo "==== $FLAVOUR: $name"
    t=$(now)
    set +e
    "$@" 2>&1 | tee "$RUN/$name.log"
    rc=${PIPESTATUS[0]}
    set -e
    line=$(grep -E '^[a-z+-]+: [0-9]+ passed' "$RUN/$name.log" | tail -n 1 || true)
    names+=("$name"); secs+=($(( $(now) - t ))); notes+=("${line:-}")
    if [ "$rc" -eq 0 ]; then results+=(ok); else results+=(FAILED); fi
    return "$rc"
}

summary() {
    local i p=0 f=0
    echo
    echo "==== $FLAVOUR summary (PHP $PHPVER)"
    printf '  %-15s %-7s %5ss  %s\n' php ok "$RJ_LEG_PHP_SECS" "(make or reuse the PHP)"
    for i in "${!names[@]}"; do
        printf '  %-15s %-7s %5ss  %s\n' "${names[$i]}" "${results[$i]}" "${secs[$i]}" "${notes[$i]}"
        if [ "${results[$i]}" = ok ]; then p=$((p + 1)); else f=$((f + 1)); fi
    done
    p=$((p + 1))   # the php stage
    echo "$FLAVOUR: $p passed, $f failed (stages; PHP $PHPVER; $(( $(now) - RJ_LEG_T0 ))s)"
    [ "$f" -eq 0 ]
}

# ---- build
do_build() {
    local env=(CARGO_TARGET_DIR="$RJ_CACHE/target-$FLAVOUR" PHP="$PHP" PHP_CONFIG="$DIR/bin/php-config")
    if [ "$KIND" = debug ]; then
        # The debug legs look for leaks, assertions and overflows: Rust's debug assertions and
        # overflow checks on, and no fat LTO over one codegen unit (34 s instead of 76 s to build;
        # the release legs and the main build test the shipped profile).
        env+=(CARGO_PROFILE_RELEASE_DEBUG_ASSERTIONS=true CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=true
            CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16)
    fi
    echo "+ ${env[*]} ${CARGO:-cargo} build --release"
    (cd "$RJ_REPO" && env "${env[@]}" "${CARGO:-cargo}" build --release) || { echo "build: 0 passed, 1 failed"; return 1; }
    # copy + rename: never overwrite a .so in place that a running php may have mapped
    cp "$RJ_CACHE/target-$FLAVOUR/release/librustjson.so" "$OUT/.rustjson.so.tmp"
    mv -f "$OUT/.rustjson.so.tmp" "$SO"
    local out
    out=$("$PHP" -n -d "extension=$SO" -r 'echo extension_loaded("rustjson") ? "yes" : "no";' 2>&1) || true
    if [ "$out" != yes ]; then
        echo "build: rustjson.so does not load cleanly into PHP $PHPVER:"
        printf '%s\n' "$out"
        echo "build: 0 passed, 1 failed"
        return 1
    fi
    "$PHP" -n -d "extension=$SO" --ri rustjson | sed -n '/support/,/Thread/p'
    echo "build: 1 passed, 0 failed ($SO loads into PHP $PHPVER)"
}

# ---- frameless check: PHP 8.4 added "frameless" internal calls (FRAMELESS_ICALL_n opcodes call a
# separate C function, not the zend_function's handler). If json_encode/json_validate ever became
# frameless, rustjson's handler swap would be bypassed. Dump the opcodes of calls with every arity.
do_frameless() {
    local f=$RUN/frameless.php args=(-n -d "extension=$SO" -d opcache.enable_cli=1 -d opcache.file_update_protection=0 -d opcache.opt_debug_level=0x10000)
    if [ "$("$PHP" -n -r 'echo (int) extension_loaded("Zend OPcache");')" = 0 ]; then
        args+=(-d zend_extension=opcache)
    fi
    printf '%s\n' '<?php' '$a = json_encode(1); $b = json_encode(1, 0); $c = json_encode(1, 0, 9);' \
        '$d = json_validate("1"); $e = json_validate("1", 9); $f = json_validate("1", 9, 0);' \
        '$g = \json_encode([]); $h = in_array(1, [1]);' > "$f"
    "$PHP" "${args[@]}" "$f" > "$RUN/frameless.out" 2>&1 || true
    local calls frameless
    calls=$(grep -cE 'INIT_FCALL.*"json_(encode|validate)"' "$RUN/frameless.out" || true)
    frameless=$(grep -E 'FRAMELESS_ICALL_[0-9]+\(json_' "$RUN/frameless.out" || true)
    echo "frameless: $calls json_encode/json_validate calls compiled to INIT_FCALL + DO_ICALL (handler-based)"
    grep -m1 -E 'FRAMELESS_ICALL_[0-9]+\(' "$RUN/frameless.out" | sed 's/^/frameless: (for comparison, a frameless call on this PHP: /; s/$/)/' || true
    if [ -n "$frameless" ] || [ "$calls" -ne 7 ]; then
        echo "frameless: json_encode/json_validate are NOT all plain calls on this PHP; the handler swap would be bypassed:"
        grep -E 'json_|FRAMELESS' "$RUN/frameless.out" | head -n 20
        echo "frameless: 0 passed, 1 failed"
        return 1
    fi
    echo "frameless: 1 passed, 0 failed"
}

# check_clean NAME LOGFILE...: no leak report, failed assertion or crash message in these outputs
check_clean() {
    local name=$1; shift
    if grep -hE "$LEAK_RE" "$@" > "$RUN/$name.leaks" 2>/dev/null; then
        echo "$name: leaks/assertions/crashes reported:"
        head -n 20 "$RUN/$name.leaks"
        return 1
    fi
}

# ---- leak self-check (debug flavours): prove that a leak is caught by both routes
do_leak_selfcheck() {
    local d=$RUN/leak-selfcheck.d rc=0
    rm -rf "$d"; mkdir -p "$d/t"
    printf '%s\n' '--TEST--' 'self-check: an emalloc without efree must fail the test' '--FILE--' \
        '<?php zend_leak_bytes(16); echo "ok\n"; ?>' '--EXPECT--' 'ok' > "$d/t/leak.phpt"
    TEST_PHP_EXECUTABLE="$PHP" NO_INTERACTION=1 "$PHP" -n "$RUN_TESTS" -q --offline --no-color --no-progress \
        -n -d extension=zend_test -W "$d/W" "$d/t" > "$d/log" 2>&1 || true
    if ! grep -q "^FAILED" "$d/W" 2>/dev/null || ! grep -q 'memory leaks detected' "$d/t/leak.out" 2>/dev/null; then
        echo "leak-selfcheck: run-tests.php did NOT fail a leaking test:"; cat "$d/log"; rc=1
    else
        echo "leak-selfcheck: run-tests.php fails a leaking test: $(grep -h 'memory leaks detected' "$d/t/leak.out")"
    fi
    "$PHP" -n -d extension=zend_test -r 'zend_leak_bytes(16);' > "$d/out" 2> "$d/err" || true
    if check_clean selfcheck "$d/out" "$d/err" > /dev/null; then
        echo "leak-selfcheck: the stderr check did NOT see a leak"; rc=1
    else
        echo "leak-selfcheck: the stderr check sees it: $(grep -h 'memory leaks detected' "$d/err")"
    fi
    # and with rustjson loaded but unused, nothing is reported
    "$PHP" -n -d "extension=$SO" -r 'echo json_encode([1]), "\n";' > "$d/out2" 2> "$d/err2" || rc=1
    check_clean load "$d/out2" "$d/err2" || rc=1
    if [ "$rc" = 0 ]; then echo "leak-selfcheck: 3 passed, 0 failed"; else echo "leak-selfcheck: 0 passed, 1 failed"; fi
    return "$rc"
}

# ---- differential runs: exit status, closing line, and clean stderr
do_fuzz() {
    local seed=${FUZZ_SEED:-$(od -An -N6 -tu8 /dev/urandom | tr -d ' ')}
    local args=(--mode=random "--count=${FUZZ_COUNT:-20000}" "--seed=$seed" --no-write --quiet) rc=0
    if [ -n "${FUZZ_SWEEPS:-}" ]; then args[0]=--mode=all; args+=("--sweeps=$FUZZ_SWEEPS"); fi
    echo "+ php -n -d extension=$SO tools/fuzz/run.php ${args[*]}"
    (cd "$RUN" && "$PHP" -n -d "extension=$SO" "$RJ_REPO/tools/fuzz/run.php" "${args[@]}" > "$RUN/fuzz.out" 2> "$RUN/fuzz.err") || rc=$?
    cat "$RUN/fuzz.out"; head -c 4000 "$RUN/fuzz.err"
    if ! check_clean fuzz "$RUN/fuzz.out" "$RUN/fuzz.err" && ! stock_leaks_too "${args[@]}"; then
        rc=1
    fi
    grep -q '^fuzz: [0-9]* passed, 0 failed$' "$RUN/fuzz.out" || rc=1
    if [ "$rc" -ne 0 ] && ! grep -q '^fuzz: [0-9]* passed, [1-9]' "$RUN/fuzz.out"; then echo "fuzz: 0 passed, 1 failed"; fi
    return "$rc"
}

# leak_sites FILE: "file(line)" of every leak report in FILE, one per leak ("Last leak repeated N times" expanded)
leak_sites() {
    awk '/ :  Freeing 0x/ { site = $1; print site; next }
         /^Last leak repeated [0-9]+ time/ { for (i = 0; i < $4; i++) print site }' "$1" | sort
}
# stock_leaks_too ARGS...: after leaks in the fuzz run, run the same cases without rustjson (both sides
# stock ext/json). Passes if stock PHP alone leaks at least as much at the same places: then it is a
# stock PHP leak that rustjson reproduces (its refcounting mirrors stock's), not one of rustjson's.
stock_leaks_too() {
    local ext=$RUN/fuzz.leaksites stock=$RUN/fuzz-stock.leaksites
    echo "fuzz: leaks with rustjson loaded; the same cases with stock PHP alone (no extension):"
    (cd "$RUN" && "$PHP" -n "$RJ_REPO/tools/fuzz/run.php" "$@" > "$RUN/fuzz-stock.out" 2> "$RUN/fuzz-stock.err") || true
    leak_sites "$RUN/fuzz.err" > "$ext"
    leak_sites "$RUN/fuzz-stock.err" > "$stock"
    echo "fuzz:   with rustjson: $(wc -l < "$ext") leak(s) at $(uniq -c "$ext" | awk '{ printf "%s x%s ", $2, $1 }')"
    echo "fuzz:   stock alone:   $(wc -l < "$stock") leak(s) at $(uniq -c "$stock" | awk '{ printf "%s x%s ", $2, $1 }')"
    if grep -qE 'Assertion .* failed|zend_mm_heap corrupted|Segmentation fault|AddressSanitizer' "$RUN/fuzz.err"; then
        echo "fuzz:   ... but the rustjson run also asserted/crashed"; return 1
    fi
    # every leak of the rustjson run must have a stock counterpart (multiset inclusion)
    if [ -s "$ext" ] && [ -z "$(comm -23 "$ext" "$stock")" ]; then
        echo "fuzz:   => a stock PHP leak (stock alone leaks the same or more); not counted against rustjson"
        return 0
    fi
    echo "fuzz:   => rustjson leaks beyond stock PHP"
    return 1
}
do_validate() {
    local args=("--count=${VALIDATE_COUNT:-50000}") rc=0
    [ -n "${FUZZ_SEED:-}" ] && args+=("--seed=$FUZZ_SEED")
    "$PHP" -n -d "extension=$SO" "$RJ_REPO/tools/validate_diff.php" "${args[@]}" > "$RUN/validate.out" 2> "$RUN/validate.err" || rc=$?
    cat "$RUN/validate.out"; head -c 4000 "$RUN/validate.err"
    check_clean validate "$RUN/validate.out" "$RUN/validate.err" || rc=1
    return "$rc"
}
# ---- json_decode differential (stock vs rustjson.decode=1, in process): php_diff.php with the corpora
# (copied into RUN, which the chroot legs see) and its fresh-process runs, then sweep.php --quick
do_decode() {
    local corp=$RUN/corpora rc=0 r1=0 r2=0 n=0
    mkdir -p "$corp"
    cp -f "$RJ_REPO"/../shared/corpora/*.json "$corp/" 2> /dev/null || echo "decode: no corpora in $RJ_REPO/../shared/corpora"
    RUSTJSON_SO=$SO "$PHP" -n -d "extension=$SO" "$RJ_REPO/tools/decode/php_diff.php" "${DECODE_COUNT:-20000}" \
        "${FUZZ_SEED:-1}" "$corp" > "$RUN/decode.out" 2> "$RUN/decode.err" || r1=$?
    cat "$RUN/decode.out"; head -c 4000 "$RUN/decode.err"
    "$PHP" -n -d "extension=$SO" "$RJ_REPO/tools/decode/sweep.php" --quick > "$RUN/decode-sweep.out" 2> "$RUN/decode-sweep.err" || r2=$?
    cat "$RUN/decode-sweep.out"; head -c 4000 "$RUN/decode-sweep.err"
    # Number runs and lists past a stage-1 chunk (read from the bytes).
    local r3=0
    : > "$RUN/decode-runs.out"; : > "$RUN/decode-runs.err"
    for shape in numbers lists; do
        "$PHP" -n -d "extension=$SO" "$RJ_REPO/tools/decode/runs_diff.php" "$shape" "${FUZZ_SEED:-1}" 500 \
            >> "$RUN/decode-runs.out" 2>> "$RUN/decode-runs.err" || r3=1
    done
    cat "$RUN/decode-runs.out"; head -c 4000 "$RUN/decode-runs.err"
    check_clean decode "$RUN/decode.out" "$RUN/decode.err" "$RUN/decode-sweep.out" "$RUN/decode-sweep.err" \
        "$RUN/decode-runs.out" "$RUN/decode-runs.err" || rc=1
    [ "$r1" -eq 0 ] && grep -q '^php_diff: .* 0 differences' "$RUN/decode.out" || { rc=1; n=$((n + 1)); }
    [ "$r2" -eq 0 ] && grep -q '^sweep: .* 0 differences' "$RUN/decode-sweep.out" || { rc=1; n=$((n + 1)); }
    [ "$r3" -eq 0 ] && [ "$(grep -c '^runs_diff .* 0 differences' "$RUN/decode-runs.out")" -eq 2 ] || { rc=1; n=$((n + 1)); }
    echo "decode: $((3 - n)) passed, $n failed (php_diff, sweep --quick, runs_diff)"
    return "$rc"
}

echo
echo "==== $FLAVOUR: PHP $PHPVER ($PHP), run-tests.php $RUN_TESTS"
if ! stage build do_build; then
    summary || true
    exit 1
fi
stage frameless do_frameless || true
[ "$KIND" = debug ] && { stage leak-selfcheck do_leak_selfcheck || true; }
if stage phpt-stock env WORK="$RUN/phpt" bash "$HERE/phpt.sh" prepare; then
    # docker-profile: the plain phpt stage with opcache on (PHPT_OPCACHE=1), as a production PHP runs
    stage phpt env WORK="$RUN/phpt" RUSTJSON_SO="$SO" PHPT_OPCACHE=$([ "$KIND" = release ] && echo 1 || echo 0) \
        bash "$HERE/phpt.sh" run || true
    stage phpt+jit env WORK="$RUN/phpt" RUSTJSON_SO="$SO" bash "$HERE/phpt.sh" run --jit || true
fi
stage official env WORK="$RUN/official" RUSTJSON_SO="$SO" SRC="$RJ_SRC82" bash "$RJ_REPO/tools/official-suite.sh" || true
if [ -f "$RJ_REPO/tools/fuzz/run.php" ]; then
    stage fuzz do_fuzz || true
else
    echo "$FLAVOUR: fuzz: SKIPPED (tools/fuzz/run.php does not exist yet)"
fi
stage validate do_validate || true
stage decode do_decode || true
if [ "$FLAVOUR" = zts-debug ]; then
    stage threads env PHP_CONFIG="$DIR/bin/php-config" RUSTJSON_SO="$SO" OUT="$RUN/threads" \
        bash "$RJ_REPO/tools/zts-threads/run.sh" || true
fi
summary
