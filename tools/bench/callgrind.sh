#!/usr/bin/env bash
# tools/bench/callgrind.sh: instructions per json_encode() call, stock vs rustjson, under callgrind
# (make bench-callgrind). Arguments go to tools/bench/callgrind.php:
#   [--filter=REGEX | --all] [--jobs=N] [--markdown=FILE] [--svg=FILE] [--readme=FILE] [--corpora=DIR] [--list]
# Without --filter/--all a default subset of inputs runs. Environment: PHP (default php),
# RUSTJSON_SO (default modules/rustjson.so), VALGRIND (default valgrind).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
PHP=${PHP:-php}
SO=${RUSTJSON_SO:-$root/modules/rustjson.so}
VALGRIND=${VALGRIND:-valgrind}
if [ ! -f "$SO" ]; then
    echo "callgrind.sh: $SO not found (run: make build)" >&2
    exit 2
fi
if ! command -v "$VALGRIND" >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "callgrind.sh: valgrind not found, installing it (apt-get install -y valgrind)" >&2
        apt-get install -y valgrind >/dev/null || { apt-get update >/dev/null && apt-get install -y valgrind >/dev/null; }
    else
        echo "callgrind.sh: valgrind not found (apt-get install -y valgrind)" >&2
        exit 2
    fi
fi
export VALGRIND RUSTJSON_SO="$SO"
exec "$PHP" -n -d extension="$SO" "$here/callgrind.php" "$@"
