#!/usr/bin/env bash
# tools/arm64/leg.sh [STAGE...]: the aarch64 leg (`make test-arm64`). rustjson cross-built for
# aarch64-unknown-linux-gnu on this x86-64 host and run inside Debian bookworm's arm64 PHP 8.2 under
# qemu-user; every comparison is stock vs rustjson on that same arm64 PHP binary.
#
# Stages (default: all, in this order; each prints "<stage>: N passed, M failed"):
#   root      tools/arm64/root.sh: host packages, rustup target, the arm64 Debian root, php wrappers
#   build     cargo build --release --target aarch64-unknown-linux-gnu against the root's headers
#             -> modules-arm64/rustjson.so; `php --ri rustjson` under qemu must show "neon"
#   core      cargo test -p rustjson-core --release --target aarch64-unknown-linux-gnu under qemu: every
#             core test on every aarch64 level (Neon and Scalar/SWAR: the tests iterate
#             isa::available_levels() or force each level)
#   escape    core/tests/escape_php.rs (the #[ignore]d differential, as tools/escape_php_check.sh):
#             every 0-2-byte string x 9 flag sets, every 3-byte string with a C0-FF lead, 4-5-byte
#             strings, random and dense strings; the arm64 php's json_encode() vs the oracle and
#             every implementation (neon, scalar) and the dispatching entry point
#   escape-sweep  tools/arm64/escape_sweep.php: the same exhaustive strings (0-2 bytes x 9 flag sets, 3 bytes
#             with a C0-FF lead) through the extension, alone and embedded at 16-byte block boundaries
#             (the NEON block loop), stock vs rustjson json_encode() in the arm64 PHP
#   phpt-stock, phpt, phpt+jit   php-tests/ with the arm64 PHP's own stock output as the oracle
#             (tools/php-builds/phpt.sh; the freeze is from 8.2.36, this PHP is Debian's 8.2.32), then
#             with rustjson, then with rustjson + opcache's tracing JIT (arm64 DynASM)
#   official  PHP 8.2.32's ext/json/tests: stock vs rustjson (and rustjson.decode=1) test by test,
#             --all-stock-pass (tools/official-suite.sh)
#   fuzz      tools/fuzz/run.php: json_encode differential, ARM64_FUZZ_COUNT random cases (default
#             200000) plus the sweeps (--mode=all), seed FUZZ_SEED
#   validate  tools/validate_diff.php: json_validate differential, ARM64_VALIDATE_COUNT (default 100000)
#   decode    tools/decode/php_diff.php (ARM64_DECODE_COUNT, default 20000) + tools/decode/sweep.php --quick
#
# Closing line: "arm64: N passed, M failed (stages; ...)"; exit 1 on any failure.
# Everything is cached under ${RUSTJSON_CACHE:-/var/cache/rustjson}: arm64/ (root, bin/, run/ logs)
# and target-arm64/ (CARGO_TARGET_DIR).
set -euo pipefail
. "$(dirname "$0")/../php-builds/lib.sh"
RJ_TAG=arm64
T0=$(now)
DIR=$RJ_CACHE/arm64
ROOT=$DIR/root
RUN=$DIR/run
PHP=$DIR/bin/php
TRIPLE=aarch64-unknown-linux-gnu
TARGET_DIR=$RJ_CACHE/target-arm64
SO=$RJ_REPO/modules-arm64/rustjson.so
LEAK_RE='memory leaks detected|Assertion .* failed|zend_mm_heap corrupted|Segmentation fault|Termsig=|AddressSanitizer|qemu: uncaught target signal'
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64-static -L $ROOT"
export CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc
ALL=(root build core escape escape-sweep phpt-stock phpt phpt+jit official fuzz validate decode)
[ $# -gt 0 ] || set -- "${ALL[@]}"
mkdir -p "$RUN"

names=() results=() secs=() notes=()
# stage NAME CMD...: run CMD, output to the terminal and RUN/NAME.log; its last "x: N passed" line is the note
stage() {
    local name=$1; shift
    local t rc=0 line
    echo
    echo "==== arm64: $name"
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

# check_clean NAME FILE...: no leak report, failed assertion or crash in these outputs
check_clean() {
    local name=$1; shift
    if grep -hE "$LEAK_RE" "$@" > "$RUN/$name.leaks" 2>/dev/null; then
        echo "$name: leaks/assertions/crashes reported:"
        head -n 20 "$RUN/$name.leaks"
        return 1
    fi
}

do_root() {
    bash "$RJ_REPO/tools/arm64/root.sh" && echo "root: 1 passed, 0 failed" || { echo "root: 0 passed, 1 failed"; return 1; }
}

do_build() {
    local env=(PHP="$PHP" PHP_CONFIG="$DIR/bin/php-config" CARGO_TARGET_DIR="$TARGET_DIR")
    echo "+ ${env[*]} ${CARGO:-cargo} build --release --target $TRIPLE"
    (cd "$RJ_REPO" && env "${env[@]}" "${CARGO:-cargo}" build --release --target "$TRIPLE") ||
        { echo "build: 0 passed, 1 failed"; return 1; }
    mkdir -p "$(dirname "$SO")"
    # copy + rename: never overwrite a .so in place that a running php may have mapped
    cp "$TARGET_DIR/$TRIPLE/release/librustjson.so" "$SO.tmp"
    mv -f "$SO.tmp" "$SO"
    file "$SO" | sed "s#^$RJ_REPO/##"
    local out
    out=$("$PHP" -n -d "extension=$SO" --ri rustjson 2>&1) || true
    printf '%s\n' "$out"
    if ! grep -q '^String escaping => neon$' <<< "$out" || ! grep -q '^Build => aarch64-linux' <<< "$out"; then
        echo "build: rustjson.so does not load into the arm64 PHP, or does not report aarch64/neon"
        echo "build: 0 passed, 1 failed"
        return 1
    fi
    echo "build: 1 passed, 0 failed ($SO loads into the arm64 PHP under qemu)"
}

# cargo test of the core crate for aarch64 (the runner is qemu); extra arguments go to cargo test
core_test() {
    (cd "$RJ_REPO" && CARGO_TARGET_DIR="$TARGET_DIR" "${CARGO:-cargo}" test -p rustjson-core --release --target "$TRIPLE" --no-fail-fast "$@")
}

do_core() {
    local rc=0 p f
    core_test 2>&1 | tee "$RUN/core.out" || rc=$?
    [ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
    p=$(awk '/^test result:/ { s += $4 } END { print s + 0 }' "$RUN/core.out")
    f=$(awk '/^test result:/ { s += $6 } END { print s + 0 }' "$RUN/core.out")
    grep -q '^test result:' "$RUN/core.out" || rc=1
    [ "$rc" -eq 0 ] || f=$((f > 0 ? f : 1))
    echo "core: $p passed, $f failed (tests of rustjson-core on aarch64 under qemu; neon and scalar levels)"
    return "$rc"
}

do_escape() {
    local rc=0 n
    PHP="$PHP" core_test --test escape_php -- --ignored --nocapture --test-threads 1 2>&1 | tee "$RUN/escape.out" || rc=$?
    [ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
    n=$(grep -c 'compared with PHP.*0 differences' "$RUN/escape.out" || true)
    if [ "$rc" -eq 0 ]; then echo "escape: $n passed, 0 failed"; else echo "escape: $n passed, 1 failed"; fi
    return "$rc"
}

run_tests_php() { ls "$ROOT"/usr/lib/php/*/build/run-tests.php | sed -n 1p; }

do_phpt() {
    WORK="$RUN/phpt" RUN_TESTS=$(run_tests_php) PHP="$PHP" RUSTJSON_SO="$SO" RJ_REPO="$RJ_REPO" \
        PHPT_TIMEOUT="${PHPT_TIMEOUT:-1800}" \
        bash "$RJ_REPO/tools/php-builds/phpt.sh" "$@"
}

do_official() {
    WORK="$RUN/official" RUSTJSON_SO="$SO" PHP="$PHP" SRC="$(php82_src)" \
        bash "$RJ_REPO/tools/official-suite.sh" --all-stock-pass
}

do_fuzz() {
    local rc=0
    local args=(--mode=all "--count=${ARM64_FUZZ_COUNT:-200000}" "--seed=${FUZZ_SEED:-20261129}" --no-write --quiet)
    echo "+ php -n -d extension=$SO tools/fuzz/run.php ${args[*]}"
    (cd "$RUN" && "$PHP" -n -d "extension=$SO" "$RJ_REPO/tools/fuzz/run.php" "${args[@]}" > "$RUN/fuzz.out" 2> "$RUN/fuzz.err") || rc=$?
    cat "$RUN/fuzz.out"; head -c 4000 "$RUN/fuzz.err"
    check_clean fuzz "$RUN/fuzz.out" "$RUN/fuzz.err" || rc=1
    grep -q '^fuzz: [0-9]* passed, 0 failed$' "$RUN/fuzz.out" || rc=1
    if [ "$rc" -ne 0 ] && ! grep -q '^fuzz: [0-9]* passed, [1-9]' "$RUN/fuzz.out"; then echo "fuzz: 0 passed, 1 failed"; fi
    return "$rc"
}

do_validate() {
    local rc=0
    local args=("--count=${ARM64_VALIDATE_COUNT:-100000}" "--seed=${FUZZ_SEED:-20261129}" "--corpora=$RJ_REPO/../shared/corpora")
    echo "+ php -n -d extension=$SO tools/validate_diff.php ${args[*]}"
    "$PHP" -n -d "extension=$SO" "$RJ_REPO/tools/validate_diff.php" "${args[@]}" > "$RUN/validate.out" 2> "$RUN/validate.err" || rc=$?
    cat "$RUN/validate.out"; head -c 4000 "$RUN/validate.err"
    check_clean validate "$RUN/validate.out" "$RUN/validate.err" || rc=1
    return "$rc"
}

do_decode() {
    local rc=0 r1=0 r2=0 n=0
    RUSTJSON_SO=$SO RUSTJSON_PHP_BINARY=$PHP "$PHP" -n -d "extension=$SO" "$RJ_REPO/tools/decode/php_diff.php" "${ARM64_DECODE_COUNT:-20000}" \
        "${FUZZ_SEED:-1}" "$RJ_REPO/../shared/corpora" > "$RUN/decode.out" 2> "$RUN/decode.err" || r1=$?
    cat "$RUN/decode.out"; head -c 4000 "$RUN/decode.err"
    "$PHP" -n -d "extension=$SO" "$RJ_REPO/tools/decode/sweep.php" --quick > "$RUN/decode-sweep.out" 2> "$RUN/decode-sweep.err" || r2=$?
    cat "$RUN/decode-sweep.out"; head -c 4000 "$RUN/decode-sweep.err"
    check_clean decode "$RUN/decode.out" "$RUN/decode.err" "$RUN/decode-sweep.out" "$RUN/decode-sweep.err" || rc=1
    [ "$r1" -eq 0 ] && grep -q '^php_diff: .* 0 differences' "$RUN/decode.out" || { rc=1; n=$((n + 1)); }
    [ "$r2" -eq 0 ] && grep -q '^sweep: .* 0 differences' "$RUN/decode-sweep.out" || { rc=1; n=$((n + 1)); }
    echo "decode: $((2 - n)) passed, $n failed (php_diff, sweep --quick)"
    return "$rc"
}

for s in "$@"; do
    case "$s" in
        root) stage root do_root || break ;;
        build) stage build do_build || break ;;
        core) stage core do_core || true ;;
        escape) stage escape do_escape || true ;;
        escape-sweep) stage escape-sweep "$PHP" -n -d "extension=$SO" "$RJ_REPO/tools/arm64/escape_sweep.php" || true ;;
        phpt-stock) stage phpt-stock do_phpt prepare || true ;;
        phpt) stage phpt do_phpt run || true ;;
        phpt+jit) stage phpt+jit do_phpt run --jit || true ;;
        official) stage official do_official || true ;;
        fuzz) stage fuzz do_fuzz || true ;;
        validate) stage validate do_validate || true ;;
        decode) stage decode do_decode || true ;;
        *) die "unknown stage '$s' (stages: ${ALL[*]})" ;;
    esac
done

p=0 f=0
echo
echo "==== arm64 summary"
for i in "${!names[@]}"; do
    printf '  %-11s %-7s %5ss  %s\n' "${names[$i]}" "${results[$i]}" "${secs[$i]}" "${notes[$i]}"
    if [ "${results[$i]}" = ok ]; then p=$((p + 1)); else f=$((f + 1)); fi
done
echo "arm64: $p passed, $f failed (stages; PHP 8.2 aarch64 under qemu-user; $(( $(now) - T0 ))s)"
[ "$f" -eq 0 ]
