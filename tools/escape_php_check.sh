#!/bin/sh
# Differential check of the string escaper against real PHP: runs every
# implementation and the naive oracle over all 0-2 byte strings x 9 flag
# sets, all 3-byte strings with a C0..FF lead, 4-5 byte strings over
# representative bytes, and 100k random adversarial strings, comparing with
# `php -n` json_encode() (tools/escape_php_dump.php). PHP=/path/to/php to
# choose the binary.
set -eu
cd "$(dirname "$0")/.."
exec cargo test -p rustjson-core --profile test-opt --test escape_php -- --ignored --nocapture --test-threads 1 "$@"
