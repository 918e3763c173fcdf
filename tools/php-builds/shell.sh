#!/usr/bin/env bash
# tools/php-builds/shell.sh FLAVOUR [COMMAND...]: run COMMAND (default: an interactive bash) in the
# environment of a leg, to reproduce or debug something by hand:
#   PHP, PHP_CONFIG   that leg's php / php-config (also first on PATH as php, php-config)
#   RUSTJSON_SO       rustjson.so built by the last leg run
# For php84/php85 the command runs in a private mount namespace where the repository (read-only), the
# leg's run/ and out/ directories and the current directory are bind-mounted into the root, so
# "$PHP" -n -d extension="$RUSTJSON_SO" file.php works on files there. Nothing is built here: run
# the leg first (make test-php84 ...).
#   e.g. tools/php-builds/shell.sh php85 sh -c '"$PHP" -n -d extension="$RUSTJSON_SO" /tmp/t.php'
#   (inside the chroot, /tmp is the root's own; use the run/ directory or the current one for files)
set -euo pipefail
. "$(dirname "$0")/lib.sh"
FLAVOUR=${1:-}
case "$FLAVOUR" in debug | zts-debug | php84 | php85 | docker-profile) ;; *) die "usage: $0 debug|zts-debug|php84|php85|docker-profile [COMMAND...]" ;; esac
shift
RJ_TAG=$FLAVOUR
DIR=$RJ_BUILDS/$FLAVOUR
[ -x "$DIR/bin/php" ] || die "$DIR/bin/php does not exist (run the leg first: tools/php-builds/leg.sh $FLAVOUR)"
[ $# -gt 0 ] || set -- bash
export PHP=$DIR/bin/php PHP_CONFIG=$DIR/bin/php-config RUSTJSON_SO=$DIR/out/rustjson.so PATH=$DIR/bin:$PATH
if [ ! -d "$DIR/root" ]; then
    exec "$@"
fi
mkdir -p "$DIR/run" "$DIR/out"
lock "$FLAVOUR"
extra=()
case "$PWD" in "$RJ_REPO" | "$RJ_REPO"/* | "$DIR/run"* | "$DIR/out"* | /) ;; *) extra=("$PWD") ;; esac
exec unshare -m --propagation private bash -c '
    . "$1/lib.sh"; shift
    root=$1 n=$2; shift 2
    root_mounts "$root" "${@:1:$n}"
    shift "$n"
    exec "$@"' _ "$(dirname "$0")" "$DIR/root" $((3 + ${#extra[@]})) "$RJ_REPO" "$DIR/run" "$DIR/out" "${extra[@]}" "$@"
