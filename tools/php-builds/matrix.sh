#!/usr/bin/env bash
# tools/php-builds/matrix.sh [FLAVOUR...]: run the legs (default: debug zts-debug php84 php85; see
# tools/php-builds/leg.sh), keep going after a failed leg, and close with
#   "matrix: N passed, M failed" (legs); exit 1 if any leg failed.
#
# First every leg's PHP is made (or found in the cache), one after the other: making one installs
# Debian packages, and two apt-get runs cannot share the package database. Then the legs run in
# MATRIX_JOBS lanes at once (default 2 where there are 2 or more CPUs, else 1): each leg's tests
# have their own PHP, build directory, work directory and lock, and much of a leg is one process
# (the differential runs), so two legs side by side use both CPUs. Lane i takes legs i, i+J, ...
# Each leg's output goes to its own log, printed whole when the leg ends (legs never interleave).
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
[ $# -gt 0 ] || set -- debug zts-debug php84 php85
legs=("$@")
cpus=$(nproc 2>/dev/null || echo 1)
jobs=${MATRIX_JOBS:-$([ "$cpus" -ge 2 ] && echo 2 || echo 1)}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
[ "$jobs" -le ${#legs[@]} ] || jobs=${#legs[@]}
start=$(date +%s)
work=$(mktemp -d "${TMPDIR:-/tmp}/rustjson-matrix.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 1. The PHPs, one at a time (a leg whose PHP cannot be made fails here and is not run).
declare -A php_rc php_secs
for leg in "${legs[@]}"; do
    t0=$(date +%s)
    RJ_LEG_PHP_ONLY=1 bash "$HERE/leg.sh" "$leg" 2>&1 | tee "$work/$leg.php.log"
    php_rc[$leg]=${PIPESTATUS[0]}
    php_secs[$leg]=$(( $(date +%s) - t0 ))
done

# 2. The legs, in lanes.
lane() { # lane INDEX: run its legs one after the other; $work/LEG.rc marks a leg's end
    local i=$1 k leg t0 rc
    for ((k = i; k < ${#legs[@]}; k += jobs)); do
        leg=${legs[$k]}
        t0=$(date +%s)
        if [ "${php_rc[$leg]}" -eq 0 ]; then
            bash "$HERE/leg.sh" "$leg" > "$work/$leg.log" 2>&1
            rc=$?
        else
            cp "$work/$leg.php.log" "$work/$leg.log"; rc=${php_rc[$leg]}
        fi
        echo $(( $(date +%s) - t0 )) > "$work/$leg.secs"
        echo "$rc" > "$work/$leg.rc"
    done
}
echo
echo "==== matrix: ${#legs[@]} legs in $jobs lane(s): ${legs[*]}"
pids=()
for ((i = 0; i < jobs; i++)); do
    lane "$i" &
    pids+=($!)
done

# Print each leg's log when it ends, in the order they end.
lines=() passed=0 failed=0 nshown=0
while [ "$nshown" -lt ${#legs[@]} ]; do
    for leg in "${legs[@]}"; do
        [ -f "$work/$leg.shown" ] && continue
        [ -f "$work/$leg.rc" ] || continue
        : > "$work/$leg.shown"; nshown=$((nshown + 1))
        rc=$(cat "$work/$leg.rc")
        echo
        echo "==== matrix: leg $leg ended (exit $rc, $(cat "$work/$leg.secs")s); its output:"
        cat "$work/$leg.log"
        last=$(grep -E "^$leg: [0-9]+ passed" "$work/$leg.log" | tail -n 1)
        if [ "$rc" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
        lines+=("$(printf '%-10s %-6s %5ss  %s' "$leg" "$([ "$rc" -eq 0 ] && echo ok || echo FAILED)" \
            $(( ${php_secs[$leg]} + $(cat "$work/$leg.secs") )) "${last:-$leg: no summary line (exit $rc)}")")
    done
    [ "$nshown" -lt ${#legs[@]} ] && sleep 2
done
wait "${pids[@]}"
echo
echo "==== matrix summary ($jobs lane(s))"
printf '  %s\n' "${lines[@]}"
echo "matrix: $passed passed, $failed failed (legs; $(( $(date +%s) - start ))s)"
[ "$failed" -eq 0 ]
