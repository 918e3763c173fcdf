#!/usr/bin/env bash
# tools/arm64/insn.sh: aarch64 instructions per call, NEON vs the portable (SWAR/scalar) level, counted
# under qemu-user (`make arm64-insn`). Timing under emulation means nothing; instruction counts do.
#
# How: Debian's qemu-aarch64-static has no TCG plugins (static build: `-plugin` is refused), and
# valgrind does not run aarch64 code here. So qemu runs the driver (tools/arm64/insn: one core
# operation REPS times at a forced level) with `-singlestep -d nochain,exec`: every executed guest
# instruction is its own translation block and logs one "Trace" line. The count for REPS calls minus
# the count for 0 calls, divided by REPS, is the cost of one call (startup and reading the input
# cancel out). Exact, deterministic, and slow (~1-3 M instructions/s): inputs are kept small.
#
# Usage: tools/arm64/insn.sh [REPS]  (default 3). Writes a markdown table to stdout.
# Environment: RUSTJSON_CACHE, CARGO, CORPORA (default ../shared/corpora beside the repository).
set -euo pipefail
. "$(dirname "$0")/../php-builds/lib.sh"
RJ_TAG=arm64-insn
REPS=${1:-3}
ROOT=$RJ_CACHE/arm64/root
TRIPLE=aarch64-unknown-linux-gnu
TD=$RJ_CACHE/target-arm64-insn
CORPORA=${CORPORA:-$RJ_REPO/../shared/corpora}
bash "$RJ_REPO/tools/arm64/root.sh" >&2
(cd "$RJ_REPO/tools/arm64/insn" && CARGO_TARGET_DIR=$TD \
    CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc \
    "${CARGO:-cargo}" build -q --release --target "$TRIPLE") >&2
BIN=$TD/$TRIPLE/release/rustjson-arm64-insn
W=$(mktemp -d "${TMPDIR:-/tmp}/rustjson-insn.XXXXXX")
trap 'rm -rf "$W"' EXIT

# inputs: strings for the escaper, documents for validate (small: every instruction is logged)
php_gen() { php -n -r "$1" > "$W/$2"; }
php_gen 'echo str_repeat("The quick brown fox jumps over the lazy dog. ", 23);' ascii-1k
php_gen 'echo str_repeat("Grüße, 東京 — naïve café. ", 32);' utf8-1k
php_gen 'echo str_repeat("a\"b\\c/d\n\te<f>&", 64);' escapes-1k
php_gen 'echo "hello, world";' ascii-12
php -n -r '$d = json_decode(file_get_contents("'"$CORPORA"'/twitter.json"), true); echo json_encode(array_slice($d["statuses"], 0, 2), JSON_UNESCAPED_UNICODE|JSON_UNESCAPED_SLASHES);' > "$W/twitter-2" 2>/dev/null || echo '{"a":[1,2,3]}' > "$W/twitter-2"
php -n -r '$d = json_decode(file_get_contents("'"$CORPORA"'/canada.json"), true); $d["features"][0]["geometry"]["coordinates"] = array_slice($d["features"][0]["geometry"]["coordinates"][0], 0, 40); echo json_encode($d["features"][0]);' > "$W/canada-40" 2>/dev/null || echo '[1.5,2.5]' > "$W/canada-40"
php -n -r 'echo json_encode(array_map(fn($i) => ["id" => $i, "name" => "item $i", "tags" => ["x", "y"], "ok" => true], range(1, 20)), JSON_PRETTY_PRINT);' > "$W/objects-pretty"

# count WHAT LEVEL FILE N: guest instructions executed
count() {
    qemu-aarch64-static -L "$ROOT" -singlestep -d nochain,exec -D /dev/stdout "$BIN" "$1" "$2" "$3" "$4" 2>/dev/null |
        grep -c '^Trace' || true
}
per_call() {
    local a b
    a=$(count "$1" "$2" "$3" 0)
    b=$(count "$1" "$2" "$3" "$REPS")
    echo $(( (b - a) / REPS ))
}

echo "| operation | input | bytes | neon insns/call | scalar insns/call | neon/scalar | neon insns/byte |"
echo "|---|---|---:|---:|---:|---:|---:|"
row() {
    local what=$1 f=$2 n s bytes
    bytes=$(stat -c %s "$W/$f")
    n=$(per_call "$what" neon "$W/$f")
    s=$(per_call "$what" scalar "$W/$f")
    awk -v w="$what" -v f="$f" -v by="$bytes" -v n="$n" -v s="$s" \
        'BEGIN { printf "| %s | %s | %d | %d | %d | %.3f | %.2f |\n", w, f, by, n, s, (s ? n / s : 0), (by ? n / by : 0) }'
}
for f in ascii-12 ascii-1k utf8-1k escapes-1k; do row escape "$f"; done
row escape-unicode utf8-1k
for f in twitter-2 canada-40 objects-pretty; do row validate "$f"; row stage1 "$f"; done
