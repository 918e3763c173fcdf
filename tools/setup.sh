#!/usr/bin/env bash
# tools/setup.sh: install and prepare everything rustjson's build and tests need
# on Debian 12 (bookworm). Safe to run again. It is quick when everything is
# already in place, because apt is only used when something is missing.
#
#   - Debian packages: php8.2-cli php8.2-dev libclang-dev clang locales xz-utils
#     (plus gcc/make/ca-certificates when missing)
#   - a de_DE ISO-8859-1 locale (ext/json's bug41403/bug42785 tests need it)
#   - PHP 8.2's source (for run-tests.php and ext/json/tests) from Debian's
#     source package, unpacked OUTSIDE the repository into
#     ${RUSTJSON_CACHE:-/var/cache/rustjson}/php-8.2.X
#
# As root, it installs what is missing. Otherwise it prints what to install and
# exits with status 1.
#
# Usage: tools/setup.sh            set up everything
#        tools/setup.sh --src-dir  print the unpacked PHP source directory (or fail); installs nothing
#
# Environment:
#   RUSTJSON_CACHE    cache directory (default /var/cache/rustjson; for a non-root user who cannot
#                     write there and finds no source in it: ~/.cache/rustjson)
#   RUSTJSON_PHP_SRC  use this already-unpacked php-8.2.x source tree instead of downloading one
#   PHP               php binary to check (default: php)
set -euo pipefail

PHP_SERIES=8.2
PHP=${PHP:-php}
PKGS=(php${PHP_SERIES}-cli php${PHP_SERIES}-dev libclang-dev clang locales xz-utils ca-certificates gcc make)

is_root() { [ "$(id -u)" = 0 ]; }
say() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: ERROR: %s\n' "$*" >&2; exit 1; }

default_cache() {
    if [ -n "${RUSTJSON_CACHE:-}" ]; then
        printf '%s\n' "$RUSTJSON_CACHE"
    elif is_root || [ -w /var/cache/rustjson ] || [ -f "$(ls -d /var/cache/rustjson/php-${PHP_SERIES}.*/.rustjson-unpacked 2>/dev/null | sed -n 1p)" ]; then
        # root, or a user who can write there or can use an existing (read-only) unpacked source
        printf '%s\n' /var/cache/rustjson
    else
        printf '%s\n' "${XDG_CACHE_HOME:-$HOME/.cache}/rustjson"
    fi
}
CACHE=$(default_cache)

# Print the PHP source tree to use (RUSTJSON_PHP_SRC, else the newest php-8.2.* in the cache).
find_src() {
    local d
    if [ -n "${RUSTJSON_PHP_SRC:-}" ]; then
        d=$RUSTJSON_PHP_SRC
    else
        d=$(ls -d "$CACHE"/php-${PHP_SERIES}.* 2>/dev/null | sort -V | tail -n 1 || true)
    fi
    if [ -n "$d" ] && [ -f "$d/run-tests.php" ] && [ -d "$d/ext/json/tests" ] && [ -f "$d/.rustjson-unpacked" -o -n "${RUSTJSON_PHP_SRC:-}" ]; then
        printf '%s\n' "$d"
        return 0
    fi
    return 1
}

if [ "${1:-}" = "--src-dir" ]; then
    find_src || die "no unpacked PHP ${PHP_SERIES} source in $CACHE (run: make setup)"
    exit 0
fi

APT_UPDATED=0
apt_update() {
    if [ "$APT_UPDATED" = 0 ]; then
        say "apt-get update"
        apt-get update -qq
        APT_UPDATED=1
    fi
}

# ---------------------------------------------------------------------------
# 1. Debian packages
missing=()
for p in "${PKGS[@]}"; do
    st=$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null || true)
    case "$st" in ii*) ;; *) missing+=("$p") ;; esac
done
if [ ${#missing[@]} -gt 0 ]; then
    if is_root; then
        apt_update
        say "apt-get install -y ${missing[*]}"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        cat >&2 <<EOF
setup: missing Debian packages: ${missing[*]}
setup: run as root:  apt-get update && apt-get install -y ${missing[*]}
EOF
        exit 1
    fi
else
    say "packages: all present (${PKGS[*]})"
fi

command -v "$PHP" >/dev/null || die "'$PHP' not found on PATH after installing php${PHP_SERIES}-cli"
command -v php-config >/dev/null || die "php-config not found on PATH after installing php${PHP_SERIES}-dev"
php_ver=$("$PHP" -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')
if [ "$php_ver" != "$PHP_SERIES" ]; then
    say "WARNING: '$PHP' is PHP $php_ver, not $PHP_SERIES (set PHP=php$PHP_SERIES, or: update-alternatives --set php /usr/bin/php$PHP_SERIES)"
fi
cfg_ver=$(php-config --version)
case "$cfg_ver" in
    "$PHP_SERIES".*) ;;
    *) say "WARNING: php-config reports $cfg_ver, not $PHP_SERIES.x (update-alternatives --set php-config /usr/bin/php-config$PHP_SERIES)" ;;
esac

# ---------------------------------------------------------------------------
# 2. de_DE ISO-8859-1 locale
have_de_locale() {
    local out
    out=$(locale -a 2>/dev/null || true)
    grep -qx 'de_DE' <<<"$out"
}
if have_de_locale; then
    say "locale de_DE: present"
elif is_root; then
    say "localedef -i de_DE -f ISO-8859-1 de_DE"
    localedef -i de_DE -f ISO-8859-1 de_DE
    have_de_locale || die "localedef did not produce a de_DE locale"
else
    cat >&2 <<'EOF'
setup: the de_DE (ISO-8859-1) locale is missing
setup: run as root:  localedef -i de_DE -f ISO-8859-1 de_DE
EOF
    exit 1
fi

# ---------------------------------------------------------------------------
# 3. PHP source (run-tests.php + ext/json/tests)
check_cargo() {
    command -v cargo >/dev/null ||
        die "cargo not found: install a current Rust toolchain with rustup (https://rustup.rs); Debian's cargo is too old"
}

if src=$(find_src); then
    say "php source: $src"
    check_cargo
    exit 0
fi

if ! is_root && ! mkdir -p "$CACHE" 2>/dev/null; then
    die "cannot create cache directory $CACHE (set RUSTJSON_CACHE to a writable directory)"
fi
mkdir -p "$CACHE"

# (no "cmd | grep -q" pipelines here: with pipefail, grep -q exiting early makes them fail)
have_src_pkg() {
    local out
    out=$(apt-cache showsrc "php${PHP_SERIES}" 2>/dev/null || true)
    grep -qx "Package: php${PHP_SERIES}" <<<"$out"
}
SRC_LIST=/etc/apt/sources.list.d/rustjson-php-src.sources
SRC_ENTRY='Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg'
if ! have_src_pkg; then
    if is_root; then
        say "adding deb-src entry $SRC_LIST"
        printf '%s\n' "$SRC_ENTRY" > "$SRC_LIST"
        APT_UPDATED=0
        apt_update
    fi
    if ! have_src_pkg; then
        cat >&2 <<EOF
setup: Debian's source package php${PHP_SERIES} is not available to apt.
setup: as root, add a deb-src entry and update:
  cat > $SRC_LIST <<'X'
$SRC_ENTRY
X
  apt-get update
setup: then run this script again (or set RUSTJSON_PHP_SRC to an unpacked php-${PHP_SERIES}.x tree).
EOF
        exit 1
    fi
fi

dl="$CACHE/download"
rm -rf "$dl"
mkdir -p "$dl"
say "apt-get source --download-only php${PHP_SERIES} (into $dl)"
# apt drops privileges to _apt for downloads when it can; let it write there.
chmod 0777 "$dl" 2>/dev/null || true
(cd "$dl" && apt-get source -qq --download-only "php${PHP_SERIES}") >/dev/null
orig=$(ls "$dl"/php${PHP_SERIES}_*.orig.tar.xz 2>/dev/null | sed -n 1p || true)
[ -n "$orig" ] || die "apt-get source did not produce php${PHP_SERIES}_*.orig.tar.xz in $dl"
# php8.2_8.2.32.orig.tar.xz unpacks to php-8.2.32/
top=$(basename "$orig" .orig.tar.xz)
top="php-${top#*_}"
case "$top" in php-${PHP_SERIES}.*) ;; *) die "unexpected upstream version in $orig" ;; esac
say "unpacking $(basename "$orig") -> $CACHE/$top"
rm -rf "${CACHE:?}/$top"
tar -xJf "$orig" -C "$CACHE"
touch "$CACHE/$top/.rustjson-unpacked"
rm -rf "$dl"
src=$(find_src) || die "unpacked source in $CACHE/$top lacks run-tests.php or ext/json/tests"
say "php source: $src"
check_cargo
