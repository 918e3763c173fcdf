#!/usr/bin/env bash
# tools/php-builds/docker-bench.sh [bench.php args...]: tools/bench/bench.php on the docker-profile PHP
# (release NTS 8.2 with the official Docker images' build profile, tools/php-builds/docker-php.sh),
# opcache loaded and enabled, rustjson built against that PHP:
#
#   <prefix>/bin/php -n -d zend_extension=<extension dir>/opcache.so -d opcache.enable_cli=1 \
#       -d extension=$RUSTJSON_CACHE/php-builds/docker-profile/out/rustjson.so tools/bench/bench.php ARGS
#
# ARGS default to: --quick --markdown=/tmp/bench-docker-profile.md --svg=none (BENCH_MD overrides the
# markdown path). Prints the group geomeans (and the "ratio > 1" line) from the markdown at the end.
# rustjson is built like leg.sh's build stage (CARGO_TARGET_DIR=$RUSTJSON_CACHE/target-docker-profile),
# so `make test-docker-profile` and this share one build. Environment: RUSTJSON_CACHE, CARGO, BENCH_MD.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
FLAVOUR=docker-profile
RJ_TAG=bench-$FLAVOUR
DIR=$RJ_BUILDS/$FLAVOUR
OUT=$DIR/out
SO=$OUT/rustjson.so
MD=${BENCH_MD:-/tmp/bench-$FLAVOUR.md}
[ $# -gt 0 ] || set -- --quick "--markdown=$MD" --svg=none
for a in "$@"; do case "$a" in --markdown=*) MD=${a#--markdown=} ;; esac; done

bash "$RJ_REPO/tools/php-builds/docker-php.sh"
lock "$FLAVOUR"   # like leg.sh: the PHP and out/rustjson.so stay put while in use
PHP=$DIR/bin/php
EXT_DIR=$("$DIR/bin/php-config" --extension-dir)
mkdir -p "$OUT"
t0=$(now)
say "cargo build --release against $("$PHP" -n -v | head -n 1)"
(cd "$RJ_REPO" && CARGO_TARGET_DIR="$RJ_CACHE/target-$FLAVOUR" PHP="$PHP" PHP_CONFIG="$DIR/bin/php-config" \
    nice "${CARGO:-cargo}" build --release)
cp "$RJ_CACHE/target-$FLAVOUR/release/librustjson.so" "$OUT/.rustjson.so.tmp"
mv -f "$OUT/.rustjson.so.tmp" "$SO"
say "built $SO in $(( $(now) - t0 ))s"

args=(-n -d "zend_extension=$EXT_DIR/opcache.so" -d opcache.enable_cli=1 -d "extension=$SO")
out=$("$PHP" "${args[@]}" -r 'echo extension_loaded("rustjson") && !empty(opcache_get_status()["opcache_enabled"]) ? "yes" : "no";' 2>&1) || true
[ "$out" = yes ] || die "rustjson + opcache do not load cleanly: $out"
echo "+ $PHP ${args[*]} tools/bench/bench.php $*"
rm -f "$MD"
rc=0
(cd "$RJ_REPO" && "$PHP" "${args[@]}" tools/bench/bench.php "$@") || rc=$?
echo
echo "==== $FLAVOUR bench: group geomeans (ratio = rustjson / stock; PHP $("$PHP" -n -r 'echo PHP_VERSION;') -O2 NTS, opcache on)"
if [ -f "$MD" ]; then sed -n '/^Geometric mean per group/,$p' "$MD"; else say "no markdown written ($MD)"; fi
exit "$rc"
