#!/usr/bin/env bash
# tools/decode/handles.sh: the object-handle differential (tools/decode/handles.php), stock
# (rustjson.decode=0) against rustjson (=1), each side in one process, the two sides at once.
# Usage: PHP=php RUSTJSON_SO=modules/rustjson.so tools/decode/handles.sh [COUNT] [SEED] [JOBS]
# JOBS > 1 runs JOBS seeds (SEED, SEED+1, ...) of COUNT cases each, one after another.
# Prints the first divergent case of each seed (its line on both sides) and exits 1 on any.
set -u
PHP=${PHP:-php}
SO=${RUSTJSON_SO:-modules/rustjson.so}
COUNT=${1:-100000}
SEED=${2:-1}
JOBS=${3:-1}
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
HERE=$(cd "$(dirname "$0")" && pwd)
rc=0
total=0
start=$(date +%s)
for ((j = 0; j < JOBS; j++)); do
    s=$((SEED + j))
    "$PHP" -n -d extension="$SO" "$HERE/handles.php" --side=0 "$COUNT" "$s" > "$DIR/stock" &
    p0=$!
    "$PHP" -n -d extension="$SO" "$HERE/handles.php" --side=1 "$COUNT" "$s" > "$DIR/rust"
    r1=$?
    wait $p0
    r0=$?
    if [ $r0 -ne 0 ] || [ $r1 -ne 0 ]; then
        echo "handles: seed $s: a side failed (stock rc $r0, rustjson rc $r1)"
        rc=1
        continue
    fi
    if ! cmp -s "$DIR/stock" "$DIR/rust"; then
        n=$(cmp "$DIR/stock" "$DIR/rust" | sed -n 's/.* line \([0-9]*\).*/\1/p')
        echo "handles: seed $s: first difference at line $n"
        echo "  stock:    $(sed -n "${n}p" "$DIR/stock")"
        echo "  rustjson: $(sed -n "${n}p" "$DIR/rust")"
        rc=1
    fi
    total=$((total + $(wc -l < "$DIR/stock")))
done
echo "handles: $total cases, $JOBS seed(s) from $SEED, $(( $(date +%s) - start )) s, $([ $rc -eq 0 ] && echo '0 differences' || echo 'DIFFERENCES')"
exit $rc
