#!/usr/bin/env bash
# tools/php-builds/docker-php.sh: make (or reuse) the `docker-profile` flavour: a release (non-debug)
# NTS PHP 8.2 built from the Debian source that tools/setup.sh unpacked, with the build profile of the
# official Docker `php` images (docker-library/php, 8.2 cli variant):
#
#   CFLAGS=CPPFLAGS  -fstack-protector-strong -fpic -fpie -O2 -D_LARGEFILE_SOURCE -D_FILE_OFFSET_BITS=64
#   LDFLAGS          -Wl,-O1 -pie
#   ./configure      the images' flags, minus those whose -dev package is not on this machine
#                    (see CONFIGURE below; probed with dpkg, so the recipe follows the machine)
#
# opcache is built shared (8.2's default), as in the images: load it with
#   -d zend_extension=opcache.so -d opcache.enable_cli=1   (extension_dir is compiled in).
# Not done here, unlike the images: --with-pear (downloads PEAR at install time), stripping the binaries
# (no effect on speed), and the config-file paths point into the prefix (the legs run with -n anyway).
#
# Built in $RUSTJSON_CACHE/php-builds/docker-profile/src, installed into .../prefix; bin/php and
# bin/php-config link to it. Reused as long as .stamp matches the recipe. Env: JOBS (default: nproc),
# the build runs under nice.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

FLAVOUR=docker-profile
RJ_TAG=$FLAVOUR
DIR=$RJ_BUILDS/$FLAVOUR
PREFIX=$DIR/prefix
SRC=$(php82_src)

PHP_CFLAGS="-fstack-protector-strong -fpic -fpie -O2 -D_LARGEFILE_SOURCE -D_FILE_OFFSET_BITS=64"
PHP_CPPFLAGS=$PHP_CFLAGS
PHP_LDFLAGS="-Wl,-O1 -pie"

have() { case "$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null || true)" in ii*) return 0 ;; esac; return 1; }
arch=$(dpkg-architecture --query DEB_BUILD_GNU_TYPE 2>/dev/null || gcc -dumpmachine)
multiarch=$(dpkg-architecture --query DEB_BUILD_MULTIARCH 2>/dev/null || gcc -print-multiarch)

# docker-library/php 8.2 (bookworm, cli): the flags that need no library, then the ones that do
CONFIGURE=(--build="$arch"
           --with-config-file-path="$PREFIX/etc" --with-config-file-scan-dir="$PREFIX/etc/conf.d"
           --enable-option-checking=fatal --with-mhash --with-pic --enable-ftp --enable-mysqlnd
           --with-iconv --disable-phpdbg --disable-cgi --enable-cli --enable-opcache
           --with-libdir="lib/$multiarch"
           --without-valgrind)   # 8.2 turns valgrind support on when its headers exist; the images have none
SKIPPED=()
opt() { local pkg=$1; shift; if have "$pkg"; then CONFIGURE+=("$@"); else SKIPPED+=("$* ($pkg missing)"); fi; }
opt libonig-dev --enable-mbstring
opt libargon2-dev --with-password-argon2
opt libsodium-dev --with-sodium=shared
opt libsqlite3-dev --with-pdo-sqlite=/usr --with-sqlite3=/usr
opt libcurl4-openssl-dev --with-curl
opt libssl-dev --with-openssl
opt libreadline-dev --with-readline
opt zlib1g-dev --with-zlib
opt libxml2-dev            # the images rely on the default dom/xml/simplexml/xmlreader/xmlwriter
have libxml2-dev || CONFIGURE+=(--disable-dom --disable-xml --disable-simplexml --disable-xmlreader --disable-xmlwriter)
CONFIGURE+=("--prefix=$PREFIX")
WANT="recipe=1 source=$(basename "$SRC") CFLAGS=$PHP_CFLAGS LDFLAGS=$PHP_LDFLAGS configure=${CONFIGURE[*]}"

lock "$FLAVOUR"
if php_cached "$DIR" "$WANT" "$PREFIX"; then
    exit 0
fi

host_pkgs gcc g++ make pkg-config autoconf libc6-dev
t0=$(now)
say "building PHP $(basename "$SRC") ($FLAVOUR: -O2, no debug, NTS) in $DIR (several minutes)"
[ ${#SKIPPED[@]} -eq 0 ] || say "left out (no -dev package): ${SKIPPED[*]}"
rm -rf "$DIR/src" "$PREFIX" "$DIR/.stamp" "$DIR/bin"
mkdir -p "$DIR"
cp -a "$SRC" "$DIR/src"
cd "$DIR/src"
log=$DIR/build.log
jobs=${JOBS:-$(nproc)}
{
    echo "+ CFLAGS='$PHP_CFLAGS' CPPFLAGS='$PHP_CPPFLAGS' LDFLAGS='$PHP_LDFLAGS' ./configure ${CONFIGURE[*]}"
    CFLAGS=$PHP_CFLAGS CPPFLAGS=$PHP_CPPFLAGS LDFLAGS=$PHP_LDFLAGS nice ./configure "${CONFIGURE[@]}"
    echo "+ make -j$jobs"
    nice make -j"$jobs"
    echo "+ make install"
    make install
} > "$log" 2>&1 || { tail -n 40 "$log" >&2; die "PHP build failed (full log: $log)"; }
out=$("$PREFIX/bin/php" -n -r 'echo PHP_DEBUG, PHP_ZTS;')
[ "$out" = 00 ] || die "built PHP reports PHP_DEBUG.PHP_ZTS=$out (want 00)"
ext=$("$PREFIX/bin/php-config" --extension-dir)
[ -f "$ext/opcache.so" ] || die "opcache.so not built as a shared extension (looked in $ext)"
"$PREFIX/bin/php" -n -d zend_extension=opcache.so -d opcache.enable_cli=1 \
    -r 'exit(empty(opcache_get_status()["opcache_enabled"]) ? 1 : 0);' || die "opcache.so does not enable in the CLI"
mkdir -p "$DIR/bin" "$PREFIX/etc/conf.d"
ln -sf "$PREFIX/bin/php" "$DIR/bin/php"
ln -sf "$PREFIX/bin/php-config" "$DIR/bin/php-config"
printf '%s' "$WANT" > "$DIR/.stamp"
say "built $("$PREFIX/bin/php" -n -v | head -n 1) in $(( $(now) - t0 ))s"
