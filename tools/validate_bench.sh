#!/usr/bin/env bash
# Throughput of rustjson_core::validate::validate next to PHP's own
# json_validate() (or json_decode() on PHP < 8.3), interleaved in rounds so
# that both see the same machine load; prints medians and the ratio.
#
#   tools/validate_bench.sh [ROUNDS=3] [FILE...]
#
# PHP_CMD selects the PHP to compare with (default: php -n), e.g. a PHP 8.4
# with json_validate:  PHP_CMD="chroot /srv/php84 php -n" (files are then
# read through the same path, so they must be visible inside).
set -euo pipefail
ROUNDS=${1:-3}
shift || true
root=$(cd "$(dirname "$0")/.." && pwd)
corpora=${CORPORA:-$root/../shared/corpora}
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    files=("$corpora/twitter.json" "$corpora/citm_catalog.json" "$corpora/gsoc-2018.json")
fi
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/tmp/tgt-validate}
"${CARGO:-cargo}" build --quiet --release --manifest-path "$root/Cargo.toml" -p rustjson-core --example validate_bench
bench=$CARGO_TARGET_DIR/release/examples/validate_bench
PHP_CMD=${PHP_CMD:-php -n}
PHP_FILES=${PHP_FILES:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
php_script=${PHP_SCRIPT:-$root/tools/validate_bench.php}
for ((r = 0; r < ROUNDS; r++)); do
    MACHINE=1 "$bench" "${files[@]}" >>"$tmp/rust"
    if [ -n "$PHP_FILES" ]; then
        # shellcheck disable=SC2086
        $PHP_CMD "$php_script" $PHP_FILES >>"$tmp/php"
    else
        $PHP_CMD "$php_script" "${files[@]}" >>"$tmp/php"
    fi
done
php -n -r '
    $med = function (array $v) { sort($v); return $v[intdiv(count($v), 2)]; };
    $rust = []; $php = []; $fn = "";
    foreach (file($argv[1]) as $l) { [$n, , $m] = explode(" ", trim($l)); $rust[$n][] = (float)$m; }
    foreach (file($argv[2]) as $l) { [$n, $fn, $m] = explode(" ", trim($l)); $php[$n][] = (float)$m; }
    printf("%-20s %12s %9s %14s %10s\n", "file", "rust median", "GB/s", "PHP $fn", "ratio");
    foreach ($rust as $n => $v) {
        $r = $med($v); $p = isset($php[$n]) ? $med($php[$n]) : NAN;
        $size = filesize($argv[3] . "/" . $n) ?: 0;
        printf("%-20s %9.1f us %9.2f %11.1f us %9.3fx\n", $n, $r, $size / $r / 1000, $p, $r / $p);
    }
' "$tmp/rust" "$tmp/php" "$(dirname "${files[0]}")"
