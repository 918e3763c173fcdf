#!/usr/bin/env bash
# tools/arm64/root.sh: make (or reuse) everything the aarch64 leg needs, on an x86-64 Debian 12 host.
#
#   host   Debian packages qemu-user-static (qemu-aarch64-static), gcc-aarch64-linux-gnu +
#          libc6-dev-arm64-cross (linker, the cc shim, the sysroot bindgen's clang reads), debootstrap;
#          rustup's aarch64-unknown-linux-gnu std (`rustup target add`)
#   root   $RUSTJSON_CACHE/arm64/root: Debian bookworm arm64 with php8.2-cli and php8.2-dev (8.2.32, the
#          same version as the unpacked source whose ext/json/tests the official stage runs).
#          `debootstrap --foreign` only downloads and unpacks the base; every downloaded .deb (base,
#          php8.2-* and their libraries) is then unpacked with `dpkg -x`. No maintainer script runs
#          and nothing is emulated or chrooted while the root is made.
#          A de_DE ISO-8859-1 locale (ext/json's bug41403/bug42785) is compiled with the host's
#          localedef into ROOT/usr/lib/locale/de_DE (glibc 2.36 on both sides; the format is the
#          same for both little-endian 64-bit targets).
#   bin    $RUSTJSON_CACHE/arm64/bin/php: `qemu-aarch64-static -L ROOT ROOT/usr/bin/php8.2 "$@"`
#          (qemu looks a path up under ROOT first, then on the host: /usr/lib/php/..., the arm64 libc
#          and libraries come from ROOT; absolute host paths such as the repository, rustjson.so or
#          the test copies work unchanged). binfmt_misc is not needed.
#          $RUSTJSON_CACHE/arm64/bin/php-config: the root's php-config8.2 (a shell script) with ROOT
#          put before its paths, for bindgen and cc.
# The root is reused while arm64/.stamp matches the recipe.
set -euo pipefail
. "$(dirname "$0")/../php-builds/lib.sh"
RJ_TAG=arm64
MIRROR=${RUSTJSON_DEBIAN_MIRROR:-http://deb.debian.org/debian}
PKGS=(php8.2-cli php8.2-dev)
DIR=$RJ_CACHE/arm64
ROOT=$DIR/root
WANT="recipe=1 suite=bookworm arch=arm64 mirror=$MIRROR packages=${PKGS[*]}"

t0=$(now)
host_pkgs qemu-user-static gcc-aarch64-linux-gnu libc6-dev-arm64-cross debootstrap locales
if ! rustup target list --installed 2>/dev/null | grep -qx aarch64-unknown-linux-gnu; then
    say "rustup target add aarch64-unknown-linux-gnu"
    rustup target add aarch64-unknown-linux-gnu
fi

write_wrappers() {
    mkdir -p "$DIR/bin"
    cat > "$DIR/bin/php" <<W
#!/bin/sh
# PHP 8.2 (arm64) of $ROOT under qemu-user (tools/arm64/root.sh).
exec qemu-aarch64-static -L "$ROOT" "$ROOT/usr/bin/php8.2" "\$@"
W
    cat > "$DIR/bin/php-config" <<W
#!/bin/sh
# php-config of the arm64 root $ROOT, with its paths as seen from the host.
out=\$(sh "$ROOT/usr/bin/php-config8.2" "\$@") || exit \$?
case "\$1" in
    --includes) printf '%s\n' "\$out" | sed 's#-I/#-I$ROOT/#g' ;;
    --include-dir|--extension-dir|--prefix|--php-binary|--ini-dir|--ini-path|--man-dir|--lib-dir)
        printf '$ROOT%s\n' "\$out" ;;
    *) printf '%s\n' "\$out" ;;
esac
W
    chmod +x "$DIR/bin/php" "$DIR/bin/php-config"
}

mkdir -p "$DIR"
exec 9>"$DIR.lock"
flock 9
if stamp_ok "$DIR" "$WANT" && [ -f "$ROOT/usr/bin/php8.2" ]; then
    write_wrappers
    say "cached: $ROOT ($("$DIR/bin/php" -n -r 'echo PHP_VERSION, " ", php_uname("m");')) ($(( $(now) - t0 ))s)"
    exit 0
fi

is_root || die "needs root (debootstrap)"
rm -rf "$ROOT" "$DIR/.stamp"
log=$DIR/root.log
say "debootstrap --arch=arm64 --foreign --variant=minbase --include=${PKGS[*]} bookworm (log: $log)"
inc=$(IFS=,; echo "${PKGS[*]}")
debootstrap --arch=arm64 --foreign --variant=minbase --include="$inc" bookworm "$ROOT" "$MIRROR" > "$log" 2>&1 ||
    { tail -n 30 "$log" >&2; die "debootstrap failed"; }
n=0
for deb in "$ROOT"/var/cache/apt/archives/*.deb; do
    dpkg -x "$deb" "$ROOT" || die "dpkg -x $deb failed"
    n=$((n + 1))
done
rm -f "$ROOT"/var/cache/apt/archives/*.deb
say "unpacked $n packages"
mkdir -p "$ROOT/usr/lib/locale"
localedef -i de_DE -f ISO-8859-1 "$ROOT/usr/lib/locale/de_DE" >> "$log" 2>&1 ||
    say "warning: localedef de_DE failed (bug41403/bug42785 of the official suite may skip)"

write_wrappers
ver=$("$DIR/bin/php" -n -r 'echo PHP_VERSION, " ", php_uname("m"), PHP_ZTS ? " ZTS" : " NTS";') ||
    die "the arm64 php does not run under qemu"
case "$ver" in "8.2."*" aarch64 NTS") ;; *) die "the root's php is '$ver', not 8.2 aarch64 NTS" ;; esac
printf '%s' "$WANT" > "$DIR/.stamp"
say "made $ROOT (PHP $ver) in $(( $(now) - t0 ))s"
