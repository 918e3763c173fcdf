# tools/php-builds/lib.sh: shared helpers for the PHP build matrix (sourced, not run).
#
# Layout (all outside the repository):
#   ${RUSTJSON_CACHE:-/var/cache/rustjson}/
#     php-8.2.32/                  PHP 8.2 source unpacked by tools/setup.sh (never modified here)
#     php-builds/<flavour>/        one directory per flavour (debug, zts-debug, php84, php85, docker-profile)
#        .stamp                    recipe the cached PHP was made with; a different recipe rebuilds it
#        prefix/  src/             debug and docker-profile flavours: installed PHP, and its source copy
#        root/                     php84/php85: the Debian chroot (debootstrap)
#        bin/php, bin/php-config   the PHP of this flavour, as the leg scripts call it
#        out/rustjson.so           rustjson built against it (output of the last leg run)
#        run/                      work directory of the last leg run (logs, test copies)
#     target-<flavour>/            CARGO_TARGET_DIR of rustjson built for that flavour
set -euo pipefail

RJ_REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
RJ_CACHE=${RUSTJSON_CACHE:-/var/cache/rustjson}
RJ_BUILDS=$RJ_CACHE/php-builds
RJ_TAG=${RJ_TAG:-php-builds}

say() { printf '%s: %s\n' "$RJ_TAG" "$*"; }
die() { printf '%s: ERROR: %s\n' "$RJ_TAG" "$*" >&2; exit 1; }
is_root() { [ "$(id -u)" = 0 ]; }

# now: seconds since the epoch (for timings)
now() { date +%s; }

# lock NAME: serialize work on one flavour between concurrent runs (fd 9, released at exit).
lock() {
    mkdir -p "$RJ_BUILDS"
    exec 9>"$RJ_BUILDS/$1.lock"
    if ! flock -n 9; then
        say "waiting for another run holding $RJ_BUILDS/$1.lock"
        flock 9
    fi
}

# host_pkgs PKG...: install the Debian packages (on the host) that are missing.
host_pkgs() {
    local missing=() p st
    for p in "$@"; do
        st=$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null || true)
        case "$st" in ii*) ;; *) missing+=("$p") ;; esac
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    is_root || die "missing Debian packages: ${missing[*]} (run as root: apt-get install -y ${missing[*]})"
    say "apt-get install -y ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# php82_src: the unpacked PHP 8.2 source (tools/setup.sh makes it; run-tests.php + ext/json/tests).
php82_src() {
    local s
    if ! s=$(RUSTJSON_CACHE=$RJ_CACHE "$RJ_REPO/tools/setup.sh" --src-dir 2>/dev/null); then
        say "PHP 8.2 source not unpacked yet: running tools/setup.sh"
        RUSTJSON_CACHE=$RJ_CACHE bash "$RJ_REPO/tools/setup.sh" >&2
        s=$(RUSTJSON_CACHE=$RJ_CACHE "$RJ_REPO/tools/setup.sh" --src-dir)
    fi
    printf '%s\n' "$s"
}

# stamp_ok DIR WANT: is DIR/.stamp exactly WANT?
stamp_ok() { [ -f "$1/.stamp" ] && [ "$(cat "$1/.stamp")" = "$2" ]; }

# php_cached DIR WANT PREFIX: true (and says so) when the PHP built from
# source in DIR by recipe WANT is already installed in PREFIX.
php_cached() {
    stamp_ok "$1" "$2" && [ -x "$3/bin/php" ] && [ -x "$3/bin/php-config" ] || return 1
    say "cached: $3 ($("$3/bin/php" -n -r 'echo PHP_VERSION, PHP_ZTS ? " ZTS" : " NTS", PHP_DEBUG ? " debug" : "";'))"
}

# root_mounts ROOT PATH...: inside a private mount namespace (unshare -m), mount /proc and /dev into
# the Debian root and bind-mount each PATH at the same place in it (the first one, the repository,
# read-only), so that a chrooted PHP sees the same paths as the host. Gone when the namespace ends.
root_mounts() {
    local root=$1 p first=1; shift
    mount -t proc proc "$root/proc"
    mount --rbind /dev "$root/dev"
    for p in "$@"; do
        mkdir -p "$root$p"
        mount --bind "$p" "$root$p"
        if [ "$first" = 1 ]; then mount -o remount,bind,ro "$root$p"; first=0; fi
    done
}
