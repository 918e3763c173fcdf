#!/usr/bin/env bash
# Differential check of the json_decode leaves (core/src/decode: number,
# string, key) against the real PHP's ext/json.
#
#   tools/decode/leaf_check.sh [COUNT] [SEED]
#
# COUNT (default 20000) scales the random classes (about 70*COUNT lines in
# all, plus ~450k exhaustive ones: every 1- and 2-byte string body under the
# four UTF-8 modes, every \uXXXX, every high surrogate with sampled lows).
# The default runs in well under a minute. Environment: PHP (default php;
# e.g. PHP=/var/cache/rustjson/php-builds/php84/bin/php for PHP 8.4).
# Exit status 0 and "0 differences" when Rust and PHP agree on every line.
set -euo pipefail
COUNT=${1:-20000}
SEED=${2:-1}
PHP=${PHP:-php}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cargo build --quiet --release -p rustjson-core --example decode_leaf --manifest-path "$root/Cargo.toml"
bin="$root/target/release/examples/decode_leaf"

"$bin" gen "$COUNT" "$SEED" >"$tmp/in"
# -n: no php.ini, so stock ext/json (never an extension that overrides it).
# The script goes in as -r code, so a PHP that cannot see this tree (the
# chrooted 8.4/8.5 of tools/php-builds) runs it too.
"$PHP" -n -d memory_limit=-1 -r "$(tail -n +2 "$here/leaf_check.php")" <"$tmp/in" >"$tmp/php"
"$bin" run <"$tmp/in" >"$tmp/rust"

echo "PHP: $("$PHP" -r 'echo PHP_VERSION;')  count=$COUNT seed=$SEED"
for k in n s o k; do
  total=$(grep -c "^$k " "$tmp/in" || true)
  diffs=$(paste "$tmp/in" "$tmp/php" "$tmp/rust" | awk -F'\t' -v k="$k" 'substr($1, 1, 2) == k " " && $2 != $3' | wc -l)
  printf '%s: %9d inputs, %d differences\n' \
    "$(case $k in n) echo numbers;; s) echo strings;; o) echo 'object keys (E9)';; k) echo 'array keys';; esac)" \
    "$total" "$diffs"
done
bad=$(paste "$tmp/in" "$tmp/php" "$tmp/rust" | awk -F'\t' '$2 != $3' | tee "$tmp/bad" | wc -l)
if [ "$bad" -ne 0 ]; then
  echo "first differences (KIND FLAGS HEX <tab> PHP <tab> RUST):"
  head -20 "$tmp/bad"
  echo "$bad differences"
  exit 1
fi
echo "total: $(wc -l <"$tmp/in") inputs, 0 differences"
