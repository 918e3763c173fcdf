#!/usr/bin/env bash
# tools/pie_test.sh: the PIE/PECL build sequence on a clean copy of the committed tree (make pie-test).
#
#   1. `git archive HEAD` into a temporary directory (only committed files: what PIE downloads as the
#      GitHub zipball; uncommitted work is NOT tested)
#   2. exactly `phpize && ./configure && make && make install`, as PIE runs them
#      (PIE adds -jN to make; the single cargo rule does not care)
#   3. the INSTALLED module loads by name: php -n -d extension=rustjson (what PIE checks next:
#      a module named exactly "rustjson" is loaded), and the file PHP mapped is the installed one
#   4. `make clean` leaves modules/ empty (and removes the cargo target directory)
#
# make install goes to a temporary INSTALL_ROOT (the real extension dir prefixed by it) by default, and
# php is pointed at that directory with -d extension_dir=..., so nothing on the system changes.
# PIE_TEST_INSTALL=real installs into the real `php-config --extension-dir` instead, as PIE does. It
# refuses when a rustjson.so is already there, and removes the installed file afterwards.
#
# Environment: PHPIZE (default phpize), PHP_CONFIG (default php-config, of the same PHP),
#              PIE_TEST_INSTALL (root|real, default root), PIE_TEST_KEEP=1 (keep the temp dir)
# Closing line: "pie-test: N passed, M failed (Ts: phpize Xs, configure Xs, make Xs, install Xs)".
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
PHPIZE=${PHPIZE:-phpize}
PIE_TEST_PHP_CONFIG_SET=${PHP_CONFIG:+1}
PHP_CONFIG=${PHP_CONFIG:-php-config}
MODE=${PIE_TEST_INSTALL:-root}
die() { echo "pie-test: ERROR: $*" >&2; exit 1; }

command -v "$PHPIZE" > /dev/null || die "$PHPIZE not found (apt-get install php8.2-dev)"
PHP_CONFIG=$(command -v "$PHP_CONFIG") || die "php-config not found"
PHP=$("$PHP_CONFIG" --php-binary)
EXT_DIR=$("$PHP_CONFIG" --extension-dir)
git -C "$REPO" rev-parse --verify -q HEAD > /dev/null || die "not a git checkout with a HEAD commit"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rustjson-pie.XXXXXX")
installed=""
cleanup() {
    if [ -n "$installed" ] && [ -f "$installed" ]; then rm -f "$installed"; echo "pie-test: removed $installed"; fi
    if [ "${PIE_TEST_KEEP:-0}" = 1 ]; then echo "pie-test: kept $tmp"; else rm -rf "$tmp"; fi
}
trap cleanup EXIT

case "$MODE" in
    root) INSTALL_ROOT=$tmp/install-root; dest_dir=$INSTALL_ROOT$EXT_DIR ;;
    real) INSTALL_ROOT=""; dest_dir=$EXT_DIR
        [ -e "$EXT_DIR/rustjson.so" ] && die "$EXT_DIR/rustjson.so already exists; not overwriting it (use PIE_TEST_INSTALL=root)"
        [ -w "$EXT_DIR" ] || die "$EXT_DIR is not writable (run as root, or PIE_TEST_INSTALL=root)" ;;
    *) die "PIE_TEST_INSTALL must be root or real" ;;
esac

pass=0 fail=0
ok() { echo "pie-test: ok    $*"; pass=$((pass + 1)); }
bad() { echo "pie-test: FAIL  $*"; fail=$((fail + 1)); }
t_all=$(date +%s)

src=$tmp/rustjson
mkdir -p "$src"
git -C "$REPO" archive --format=tar HEAD | tar -x -C "$src"
echo "pie-test: HEAD $(git -C "$REPO" rev-parse --short HEAD) -> $src ($(find "$src" -type f | wc -l) files)"
[ -z "$(git -C "$REPO" status --porcelain --untracked-files=no)" ] ||
    echo "pie-test: note: the checkout has uncommitted changes; they are not part of this test"

# step NAME CMD...: run in $src, log to $tmp/NAME.log, record the time
declare -A secs
step() {
    local name=$1; shift
    local t0 rc=0
    t0=$(date +%s)
    echo "pie-test: + $*"
    (cd "$src" && "$@") > "$tmp/$name.log" 2>&1 || rc=$?
    secs[$name]=$(( $(date +%s) - t0 ))
    if [ "$rc" -ne 0 ]; then
        tail -n 40 "$tmp/$name.log" >&2
        bad "$name (exit $rc, ${secs[$name]}s; log above)"
        return 1
    fi
    ok "$name (${secs[$name]}s)"
}

summary() {
    echo "pie-test: $pass passed, $fail failed ($(( $(date +%s) - t_all ))s: phpize ${secs[phpize]:-?}s," \
        "configure ${secs[configure]:-?}s, make ${secs[make]:-?}s, make install ${secs[install]:-?}s," \
        "make clean ${secs[clean]:-?}s)"
    [ "$fail" -eq 0 ]
}

# The four commands, exactly. With PHPIZE/PHP_CONFIG set (another PHP), configure gets
# --with-php-config, as PIE passes it for --with-phpize-path/--with-php-config.
configure=(./configure)
[ -n "${PIE_TEST_PHP_CONFIG_SET:-}" ] && configure+=(--with-php-config="$PHP_CONFIG")
if ! step phpize "$PHPIZE" ||
   ! step configure "${configure[@]}" ||
   ! step make make ||
   ! step install make install ${INSTALL_ROOT:+INSTALL_ROOT="$INSTALL_ROOT"}; then
    summary; exit 1
fi

so=$dest_dir/rustjson.so
if [ -f "$so" ]; then
    [ "$MODE" = real ] && installed=$so
    ok "installed $so ($(stat -c %s "$so") bytes)"
else
    bad "make install did not install $so"; summary; exit 1
fi
[ -f "$src/modules/rustjson.so" ] && ok "modules/rustjson.so built" || bad "modules/rustjson.so missing after make"

# Load the installed module BY NAME from the extension dir, as `extension=rustjson` in an ini does.
args=(-n -d extension=rustjson)
[ "$MODE" = root ] && args=(-n -d "extension_dir=$dest_dir" -d extension=rustjson)
rc=0
out=$("$PHP" "${args[@]}" -r 'exit(extension_loaded("rustjson") ? 0 : 1);' 2>&1) || rc=$?
if [ "$rc" -eq 0 ] && [ -z "$out" ]; then
    ok "php ${args[*]} -r 'exit(extension_loaded(\"rustjson\") ? 0 : 1);' exits 0, no output"
else
    bad "the installed module does not load by name (exit $rc): $out"
fi
# ...and it is that file (not some other rustjson.so).
mapped=$("$PHP" "${args[@]}" -r '
    foreach (file("/proc/self/maps") as $l) { $f = preg_split("/\s+/", trim($l), 6);
        if (isset($f[5]) && basename($f[5]) === "rustjson.so") { echo $f[5]; break; } }' 2>&1 || true)
if [ "$(readlink -f "$mapped" 2>/dev/null)" = "$(readlink -f "$so")" ]; then
    ok "the process maps $mapped"
else
    bad "the process maps '$mapped', expected $so"
fi
v=$("$PHP" "${args[@]}" --ri rustjson 2>&1 | sed -n 's/^Version => //p')
[ -n "$v" ] && ok "php --ri rustjson: Version => $v" || bad "php --ri rustjson shows no Version"

if step clean make clean; then
    left=$(find "$src/modules" -mindepth 1 2>/dev/null | head -n 5)
    if [ -d "$src/modules" ] && [ -z "$left" ]; then ok "make clean: modules/ is empty"
    elif [ ! -d "$src/modules" ]; then ok "make clean: modules/ removed"
    else bad "make clean left in modules/: $left"; fi
    [ ! -e "$src/target" ] && ok "make clean: cargo target/ removed" || bad "make clean left target/"
fi

summary
