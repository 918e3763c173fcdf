#!/usr/bin/env bash
# tools/php-builds/debian-root.sh FLAVOUR: make (or reuse) a Debian root with a newer PHP's binaries.
#
#   php84  debootstrap trixie, php8.4-cli php8.4-dev php8.4-opcache           (PHP 8.4.x NTS)
#   php85  debootstrap sid + experimental, php8.5-cli/-dev/-common/-readline   (PHP 8.5.x NTS)
#          (the mirror's sid/experimental Release files are past Valid-Until, and experimental's
#          php8.5-common wants php-common from unstable: both handled below)
#
# The root is $RUSTJSON_CACHE/php-builds/FLAVOUR/root, reused while .stamp matches the recipe
# (about 40-60 s to make one). Nothing stays mounted: package installation runs in a private mount
# namespace (unshare -m) whose /proc and /dev mounts vanish with it.
#
# Wrappers written here (the same path works outside and inside the root):
#   FLAVOUR/bin/php          host: chroot ROOT, same working directory, run the root's PHP
#   FLAVOUR/bin/php-config   host: the root's php-config with ROOT prefixed to its paths (-I/... -> -IROOT/...)
#   ROOT/<same paths>        inside the root: the root's own php / php-config
# so a rustjson build on the host (bindgen/cc on the root's headers) and run-tests.php started
# inside the root (TEST_PHP_EXECUTABLE=FLAVOUR/bin/php) both work. Paths that PHP must see (the
# repository, the test copies, rustjson.so) are bind-mounted at the same place by leg.sh.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

FLAVOUR=${1:-}
MIRROR=${RUSTJSON_DEBIAN_MIRROR:-http://deb.debian.org/debian}
case "$FLAVOUR" in
    php84) SUITE=trixie; V=8.4
        PKGS=(php8.4-cli php8.4-dev php8.4-opcache locales) ;;
    php85) SUITE=sid; V=8.5
        PKGS=(php8.5-cli/experimental php8.5-dev/experimental php8.5-common/experimental
              php8.5-readline/experimental php-common/unstable locales) ;;
    *) die "usage: $0 php84|php85" ;;
esac
RJ_TAG=$FLAVOUR
is_root || die "needs root (debootstrap, chroot)"

DIR=$RJ_BUILDS/$FLAVOUR
ROOT=$DIR/root
WANT="recipe=1 suite=$SUITE mirror=$MIRROR packages=${PKGS[*]}"

lock "$FLAVOUR"

# mounted_under DIR: is anything mounted at or below DIR?
mounted_under() { awk -v d="$1" '$2 == d || index($2, d "/") == 1 { f = 1 } END { exit !f }' /proc/mounts; }

write_wrappers() {
    mkdir -p "$DIR/bin" "$ROOT$DIR/bin"
    cat > "$DIR/bin/php" <<W
#!/bin/sh
# PHP $V of the Debian root $ROOT (tools/php-builds/debian-root.sh): run it chrooted, in the same
# working directory when that exists in the root (leg.sh bind-mounts the paths tests use).
if [ -d "$ROOT\$PWD" ]; then d=\$PWD; else d=/; fi
exec chroot "$ROOT" /usr/bin/env -C "\$d" /usr/bin/php$V "\$@"
W
    cat > "$DIR/bin/php-config" <<W
#!/bin/sh
# php-config of the Debian root $ROOT, with its paths as seen from the host.
out=\$(chroot "$ROOT" /usr/bin/php-config$V "\$@") || exit \$?
case "\$1" in
    --includes) printf '%s\n' "\$out" | sed 's#-I/#-I$ROOT/#g' ;;
    --include-dir|--extension-dir|--prefix|--php-binary|--ini-dir|--ini-path|--man-dir|--lib-dir)
        printf '$ROOT%s\n' "\$out" ;;
    *) printf '%s\n' "\$out" ;;
esac
W
    # The same paths inside the root: plain PHP.
    printf '#!/bin/sh\nexec /usr/bin/php%s "$@"\n' "$V" > "$ROOT$DIR/bin/php"
    printf '#!/bin/sh\nexec /usr/bin/php-config%s "$@"\n' "$V" > "$ROOT$DIR/bin/php-config"
    chmod +x "$DIR/bin/php" "$DIR/bin/php-config" "$ROOT$DIR/bin/php" "$ROOT$DIR/bin/php-config"
}

if stamp_ok "$DIR" "$WANT" && [ -x "$ROOT/usr/bin/php$V" ]; then
    write_wrappers
    say "cached: $ROOT ($("$DIR/bin/php" -n -r 'echo PHP_VERSION, PHP_ZTS ? " ZTS" : " NTS";'))"
    exit 0
fi

host_pkgs debootstrap
if [ -d "$ROOT" ] && mounted_under "$ROOT"; then
    die "something is mounted under $ROOT; not deleting it (umount it first)"
fi
t0=$(now)
rm -rf "$ROOT" "$DIR/.stamp"
mkdir -p "$DIR"
log=$DIR/root.log
say "debootstrap --variant=minbase $SUITE $ROOT (log: $log)"
debootstrap --variant=minbase "$SUITE" "$ROOT" "$MIRROR" > "$log" 2>&1 ||
    { tail -n 30 "$log" >&2; die "debootstrap failed"; }

APT=(apt-get -o Acquire::Check-Valid-Until=false -o APT::Install-Recommends=false)
if [ "$SUITE" = sid ]; then
    echo "deb $MIRROR experimental main" > "$ROOT/etc/apt/sources.list.d/experimental.list"
fi
say "installing ${PKGS[*]}"
# Private mount namespace: /proc and /dev exist in the root only while this runs.
unshare -m --propagation private bash -euc '
    R=$1; shift
    mount -t proc proc "$R/proc"
    mount --rbind /dev "$R/dev"
    export DEBIAN_FRONTEND=noninteractive LC_ALL=C
    chroot "$R" "$@"
' _ "$ROOT" sh -euc '
    apt="$1"; shift
    $apt -qq update
    $apt install -y -qq "$@"
    apt-get clean
    localedef -i de_DE -f ISO-8859-1 de_DE
' _ "${APT[*]}" "${PKGS[@]}" >> "$log" 2>&1 || { tail -n 30 "$log" >&2; die "package installation in $ROOT failed"; }
mounted_under "$ROOT" && die "mounts left under $ROOT"

write_wrappers
ver=$("$DIR/bin/php" -n -r 'echo PHP_VERSION, PHP_ZTS ? " ZTS" : " NTS";') || die "the root's php does not run"
case "$ver" in "$V".*) ;; *) die "the root's php is $ver, not $V" ;; esac
printf '%s' "$WANT" > "$DIR/.stamp"
say "made $ROOT (PHP $ver) in $(( $(now) - t0 ))s"
