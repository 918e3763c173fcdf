#!/usr/bin/env bash
# tools/abi_check.sh: loading rustjson into a PHP it was not built for must fail with PHP's own
# startup warning and leave PHP running without it: never a crash (make abi-check).
#
# PHPs: the host's (PHP, with RUSTJSON_SO built for it by `make build`), plus every PHP cached by
# tools/php-builds (make test-debug/test-zts/test-php84/test-php85) under $RUSTJSON_CACHE/php-builds:
#   debug (8.2 debug NTS), zts-debug (8.2 debug ZTS), php84 and php85 (Debian chroots; need root).
# The .so for each cached PHP: the flavours in ABI_BUILD (default: php84) are built now with cargo
# against that PHP's php-config (CARGO_TARGET_DIR=$ABI_TARGET_ROOT/target-FLAVOUR, the same directory
# tools/php-builds/leg.sh uses, so usually incremental); the others are the leg's last output
# (php-builds/FLAVOUR/out/rustjson.so), skipped when absent. Nothing is built if no PHP is cached.
#
# Every .so is loaded into every PHP (php -n -d extension=...):
#   built for this PHP's minor + NTS/ZTS + debug-ness -> must load, without any output;
#   anything else -> must NOT load, exit normally (no signal), and print PHP's standard warning:
#     "Unable to initialize module / Module compiled with module API=... / build ID=..." (PHP's own
#     check of the module entry), or "Unable to load dynamic library ... undefined symbol: ..." (the
#     dynamic linker refuses first: Rust links with -z now, so a symbol the other PHP lacks fails the
#     dlopen instead of a later call).
# Environment: PHP, RUSTJSON_SO (default modules/rustjson.so), RUSTJSON_CACHE (default
#              /var/cache/rustjson), ABI_BUILD (flavours to build, default "php84"; "" = none),
#              ABI_TARGET_ROOT (default $RUSTJSON_CACHE), CARGO
# Closing line: "abi-check: N passed, M failed[, K skipped]".
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
PHP=${PHP:-php}
SO=${RUSTJSON_SO:-$REPO/modules/rustjson.so}
CACHE=${RUSTJSON_CACHE:-/var/cache/rustjson}
BUILDS=$CACHE/php-builds
ABI_BUILD=${ABI_BUILD-php84}
ABI_TARGET_ROOT=${ABI_TARGET_ROOT:-$CACHE}
CARGO=${CARGO:-cargo}
die() { echo "abi-check: ERROR: $*" >&2; exit 1; }

[ -f "$SO" ] || die "$SO not found (make build)"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rustjson-abi.XXXXXX")
roots_tmp=()
cleanup() {
    rm -rf "$tmp"
    local d
    for d in "${roots_tmp[@]}"; do rm -rf "$d"; done
}
trap cleanup EXIT

names=() phps=() sos=() roots=() keys=() descs=()
skipped=0

# php_key PHPBIN: what a module must match (minor, NTS/ZTS, debug), and a description
php_key() { "$@" -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION, PHP_ZTS ? ",ZTS" : ",NTS", PHP_DEBUG ? ",debug" : "", " ", PHP_VERSION;' 2>/dev/null; }

add() {   # add NAME SO ROOT PHPBIN
    local name=$1 so=$2 root=$3 bin=$4
    local k
    k=$(php_key "$bin") || { echo "abi-check: $name: PHP does not run, skipped"; skipped=$((skipped + 1)); return 0; }
    names+=("$name") sos+=("$so") roots+=("$root") phps+=("$bin") keys+=("${k%% *}") descs+=("PHP ${k#* } (${k%% *})")
}

add host "$SO" "" "$(command -v "$PHP")"

for f in debug zts-debug php84 php85; do
    dir=$BUILDS/$f
    [ -x "$dir/bin/php" ] || { echo "abi-check: $f: no cached PHP ($dir; make test-$f makes it), skipped"; skipped=$((skipped + 1)); continue; }
    root=""
    case "$f" in php8*)
        root=$dir/root
        if [ "$(id -u)" != 0 ]; then echo "abi-check: $f: chroot needs root, skipped"; skipped=$((skipped + 1)); continue; fi ;;
    esac
    so=""
    if [[ " $ABI_BUILD " == *" $f "* ]]; then
        echo "abi-check: building rustjson against $f ($dir/bin/php-config)"
        t0=$(date +%s)
        if ! (CARGO_TARGET_DIR="$ABI_TARGET_ROOT/target-$f" PHP="$dir/bin/php" PHP_CONFIG="$dir/bin/php-config" \
                "$CARGO" build --release --quiet) > "$tmp/build-$f.log" 2>&1; then
            tail -n 30 "$tmp/build-$f.log" >&2
            die "cargo build against $f failed"
        fi
        mkdir -p "$tmp/$f"
        cp "$ABI_TARGET_ROOT/target-$f/release/librustjson.so" "$tmp/$f/rustjson.so"
        so=$tmp/$f/rustjson.so
        echo "abi-check: built $f in $(( $(date +%s) - t0 ))s"
    elif [ -f "$dir/out/rustjson.so" ]; then
        so=$dir/out/rustjson.so
    fi
    if [ -z "$so" ]; then
        echo "abi-check: $f: no rustjson.so built for it ($dir/out; make test-$f), used as a target PHP only"
    fi
    add "$f" "$so" "$root" "$dir/bin/php"
done

n=${#names[@]}
[ "$n" -ge 2 ] || { echo "abi-check: only one PHP available, nothing to cross-check"; echo "abi-check: 0 passed, 0 failed, $skipped skipped"; exit 0; }

echo
for i in "${!names[@]}"; do printf 'abi-check: %-10s %s%s\n' "${names[$i]}" "${descs[$i]}" "${sos[$i]:+, .so: ${sos[$i]}}"; done
echo

pass=0 fail=0
for i in "${!names[@]}"; do           # the .so built for names[i]
    [ -n "${sos[$i]}" ] || continue
    for j in "${!names[@]}"; do       # loaded into PHP names[j]
        path=${sos[$i]}
        if [ -n "${roots[$j]}" ]; then    # a chroot PHP sees only files inside its root
            d=$(mktemp -d "${roots[$j]}/tmp/rustjson-abi.XXXXXX")
            roots_tmp+=("$d")
            cp "$path" "$d/rustjson.so"
            path=${d#"${roots[$j]}"}/rustjson.so
        fi
        rc=0
        out=$(cd / && timeout 60 "${phps[$j]}" -n -d "extension=$path" -r 'echo extension_loaded("rustjson") ? "LOADED" : "NOT LOADED";' 2>&1) || rc=$?
        status=${out##*$'\n'}
        msg=$(printf '%s\n' "$out" | sed '$d' | grep -v '^[[:space:]]*$' | sed 's/^Warning: //; s/ in Unknown on line 0$//' | paste -sd' ' - | cut -c1-230 || true)
        label="${names[$i]} .so -> ${names[$j]} PHP"
        if [ "${keys[$i]}" = "${keys[$j]}" ]; then
            if [ "$rc" -eq 0 ] && [ "$out" = LOADED ]; then
                printf '  ok    %-31s loads\n' "$label"; pass=$((pass + 1))
            else
                printf '  FAIL  %-31s should load (rc %s): %s\n' "$label" "$rc" "$out"; fail=$((fail + 1))
            fi
            continue
        fi
        if [ "$rc" -ge 124 ]; then
            printf '  FAIL  %-31s rc %s (crash/timeout): %s\n' "$label" "$rc" "$out"; fail=$((fail + 1))
        elif [ "$status" != "NOT LOADED" ]; then
            printf '  FAIL  %-31s loaded or no answer (rc %s): %s\n' "$label" "$rc" "$out"; fail=$((fail + 1))
        elif [[ "$out" == *"Unable to initialize module"* && "$out" == *"These options need to match"* ]]; then
            why=$(printf '%s\n' "$out" | grep -E '^Module compiled with|^PHP +compiled with' | sed 's/ \{2,\}/ /g' | paste -sd';' - || true)
            printf '  ok    %-31s refused by PHP: %s\n' "$label" "$why"; pass=$((pass + 1))
        elif [[ "$out" == *"Unable to load dynamic library"* ]]; then
            why=$(grep -o 'undefined symbol: [A-Za-z0-9_]*' <<< "$out" | head -n1 || true)
            printf '  ok    %-31s refused by dlopen: %s\n' "$label" "${why:-$msg}"; pass=$((pass + 1))
        else
            printf '  FAIL  %-31s not loaded, but no standard message (rc %s): %s\n' "$label" "$rc" "$msg"; fail=$((fail + 1))
        fi
    done
done

if [ "$skipped" -gt 0 ]; then
    echo "abi-check: $pass passed, $fail failed, $skipped skipped"
else
    echo "abi-check: $pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
