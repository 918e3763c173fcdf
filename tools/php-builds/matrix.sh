#!/usr/bin/env bash
# tools/php-builds/matrix.sh [FLAVOUR...]: run the legs one after the other (default: debug zts-debug
# php84 php85; see tools/php-builds/leg.sh), keep going after a failed leg, and close with
#   "matrix: N passed, M failed" (legs); exit 1 if any leg failed.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
[ $# -gt 0 ] || set -- debug zts-debug php84 php85
start=$(date +%s)
lines=() passed=0 failed=0
for leg in "$@"; do
    t0=$(date +%s)
    log=$(mktemp "${TMPDIR:-/tmp}/rustjson-matrix-$leg.XXXXXX")
    bash "$HERE/leg.sh" "$leg" 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    last=$(grep -E "^$leg: [0-9]+ passed" "$log" | tail -n 1)
    rm -f "$log"
    if [ "$rc" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
    lines+=("$(printf '%-10s %-6s %5ss  %s' "$leg" "$([ "$rc" -eq 0 ] && echo ok || echo FAILED)" $(( $(date +%s) - t0 )) "${last:-$leg: no summary line (exit $rc)}")")
done
echo
echo "==== matrix summary"
printf '  %s\n' "${lines[@]}"
echo "matrix: $passed passed, $failed failed (legs; $(( $(date +%s) - start ))s)"
[ "$failed" -eq 0 ]
