#!/usr/bin/env bash
# tools/php-builds/debug-php.sh FLAVOUR: make (or reuse) a debug build of PHP 8.2 from the Debian
# source that tools/setup.sh unpacked.
#
#   debug      ./configure --enable-debug --disable-all --disable-cgi --disable-phpdbg --enable-cli
#                          --enable-opcache --enable-zend-test=shared
#   zts-debug  the same plus --enable-zts --enable-embed=shared (libphp.so and the embed SAPI's
#              headers, for the multi-threaded test tools/zts-threads/)
#
# Built in a private copy of the source ($RUSTJSON_CACHE/php-builds/FLAVOUR/src) and installed into
# $RUSTJSON_CACHE/php-builds/FLAVOUR/prefix; bin/php and bin/php-config link to it. Reused as long
# as .stamp matches the recipe below (about 100 s per build on 2 cores; a cached one: instant).
#
# Extensions: --disable-all keeps what is always built in 8.2 (core, date, hash, json, pcre, random,
# reflection, spl, standard); that covers php-tests/, ext/json/tests and tools/fuzz. zend_test is
# built as a shared module and loaded only by the leak-detection self-check (zend_leak_bytes()).
# No bison/re2c needed: the release tarball carries the generated parsers.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

FLAVOUR=${1:-}
case "$FLAVOUR" in
    debug) EXTRA=() ;;
    zts-debug) EXTRA=(--enable-zts --enable-embed=shared) ;;
    *) die "usage: $0 debug|zts-debug" ;;
esac
RJ_TAG=$FLAVOUR

DIR=$RJ_BUILDS/$FLAVOUR
PREFIX=$DIR/prefix
SRC=$(php82_src)
CONFIGURE=(--enable-debug --disable-all --disable-cgi --disable-phpdbg --enable-cli --enable-opcache
           --enable-zend-test=shared "${EXTRA[@]}" "--prefix=$PREFIX")
WANT="recipe=1 source=$(basename "$SRC") configure=${CONFIGURE[*]}"

lock "$FLAVOUR"
if php_cached "$DIR" "$WANT" "$PREFIX"; then
    exit 0
fi

host_pkgs gcc g++ make pkg-config autoconf libc6-dev
t0=$(now)
say "building PHP $(basename "$SRC") ($FLAVOUR) in $DIR (about 100 s)"
rm -rf "$DIR/src" "$PREFIX" "$DIR/.stamp" "$DIR/bin"
mkdir -p "$DIR"
cp -a "$SRC" "$DIR/src"
cd "$DIR/src"
log=$DIR/build.log
{
    echo "+ ./configure ${CONFIGURE[*]}"
    ./configure "${CONFIGURE[@]}"
    echo "+ make -j$(nproc)"
    make -j"$(nproc)"
    echo "+ make install"
    make install
} > "$log" 2>&1 || { tail -n 40 "$log" >&2; die "PHP build failed (full log: $log)"; }
out=$("$PREFIX/bin/php" -n -r 'echo PHP_DEBUG, PHP_ZTS;')
case "$FLAVOUR:$out" in debug:10 | zts-debug:11) ;; *) die "built PHP reports PHP_DEBUG.PHP_ZTS=$out" ;; esac
if [ "$FLAVOUR" = zts-debug ] && { [ ! -f "$PREFIX/lib/libphp.so" ] || [ ! -f "$PREFIX/include/php/sapi/embed/php_embed.h" ]; }; then
    die "--enable-embed=shared did not install $PREFIX/lib/libphp.so and include/php/sapi/embed/php_embed.h"
fi
mkdir -p "$DIR/bin"
ln -sf "$PREFIX/bin/php" "$DIR/bin/php"
ln -sf "$PREFIX/bin/php-config" "$DIR/bin/php-config"
printf '%s' "$WANT" > "$DIR/.stamp"
say "built $("$PREFIX/bin/php" -n -v | head -n 1) in $(( $(now) - t0 ))s"
