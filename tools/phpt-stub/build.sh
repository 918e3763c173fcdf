#!/usr/bin/env bash
# Build the rustjson phpt STUB (see rustjson_stub.c) out of tree and print the path of the .so.
# Needs phpize/php-config (php8.2-dev) and a C compiler. Builds into ${TMPDIR:-/tmp}/rustjson-phpt-stub.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${TMPDIR:-/tmp}/rustjson-phpt-stub
rm -rf "$out"
mkdir -p "$out"
cp "$here/config.m4" "$here/rustjson_stub.c" "$out/"
(cd "$out" && phpize && ./configure --enable-rustjson && make) > "$out/build.log" 2>&1 || {
    echo "phpt-stub: build failed, see $out/build.log" >&2
    tail -n 20 "$out/build.log" >&2
    exit 1
}
printf '%s\n' "$out/modules/rustjson.so"
