#!/usr/bin/env bash
# Differential check of json_decode's parser (core/src/decode/parse.rs with
# the Tree builder) against the real PHP's json_decode: value (canonical
# dump, doubles as bits) and json_last_error() for every line.
#
#   tools/decode/parse_check.sh [COUNT] [SEED]
#
# Lines: COUNT random documents (random trees, whitespace, every escape
# form, number spellings, hostile keys, a quarter mutated), COUNT/20 deep
# nestings around the depth limits and bison's cutoff, and every corpus of
# ../shared/corpora whole, 3 mutated copies each, and COUNT/50 mutated
# windows each; random $depth, $associative (true/false/null) and flags
# (BIGINT_AS_STRING, OBJECT_AS_ARRAY, INVALID_UTF8_IGNORE/SUBSTITUTE).
# Environment: PHP (default php), CORPORA (default ../shared/corpora);
# PHP=/var/cache/rustjson/php-builds/php84/bin/php (or php85) for 8.4 / 8.5.
# Last run: 0 differences on 8.2.36 (26,252 lines each for seeds 7 and 11,
# COUNT 20000; 194 and 184 of them error 9), 8.4.27 and 8.5.7 (6,602 lines,
# COUNT 5000 seed 3). COUNT 20000 takes about 6 minutes here.
set -euo pipefail
COUNT=${1:-20000}
SEED=${2:-1}
PHP=${PHP:-php}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
CORPORA=${CORPORA:-$root/../shared/corpora}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cargo build --quiet --release -p rustjson-core --example decode_parse_cli --manifest-path "$root/Cargo.toml"
bin="$root/target/release/examples/decode_parse_cli"

"$bin" gen "$COUNT" "$SEED" "$CORPORA" >"$tmp/in"
"$PHP" -n -d memory_limit=-1 -r "$(tail -n +2 "$here/parse_check.php")" <"$tmp/in" >"$tmp/php"
"$bin" run <"$tmp/in" >"$tmp/rust"

echo "PHP: $("$PHP" -r 'echo PHP_VERSION;')  count=$COUNT seed=$SEED"
total=$(wc -l <"$tmp/in")
paste -d' ' "$tmp/php" | awk '{print $1}' | sort | uniq -c | sort -rn | awk '{printf "  PHP code %s: %d lines\n", $2, $1}'
bad=$(paste "$tmp/in" "$tmp/php" "$tmp/rust" | awk -F'\t' '$2 != $3' | tee "$tmp/bad" | wc -l)
if [ "$bad" -ne 0 ]; then
  echo "first differences (LINE <tab> PHP <tab> RUST), cut to 300 bytes:"
  head -10 "$tmp/bad" | cut -c1-300
  echo "$bad differences in $total lines"
  exit 1
fi
echo "total: $total lines, 0 differences"
