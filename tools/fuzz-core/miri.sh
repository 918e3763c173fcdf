#!/usr/bin/env bash
# Runs rustjson-core's Miri-sized unit tests under Miri (nightly; Stacked Borrows, the default),
# one cargo-miri process, for the scalar unsafe code Miri can interpret: raw digit writers, sinks,
# key windows, the decoder's leaves, the number formatting. The exhaustive tests (sweeps over
# millions of values) are left out: Miri runs them ~10^4 times slower than native code.
# Installs the nightly toolchain's miri and rust-src components if missing.
#
# usage: tools/fuzz-core/miri.sh [SECONDS]   (time limit of the whole run, default 3600)
# Closing line: "miri: N passed, M failed" (from libtest), or "miri: FAIL: ...".
set -euo pipefail
cd "$(dirname "$0")/../.."
secs=${1:-3600}
export PATH="$HOME/.cargo/bin:$PATH"
fail() { echo "miri: FAIL: $*" >&2; exit 1; }
if ! cargo +nightly miri --version >/dev/null 2>&1; then
    command -v rustup >/dev/null 2>&1 || fail "no rustup to install nightly's miri component"
    rustup toolchain install nightly --profile minimal >/dev/null 2>&1 || true
    rustup component add --toolchain nightly miri rust-src || fail "cannot install miri"
fi
tests=()
# Each line: a test module, then its tests run here.
while read -r mod names; do
    for t in $names; do tests+=("$mod::$t"); done
done <<'LIST'
decode::key::tests spellings
decode::number::tests doubles integers_and_the_19_digit_rule match_lengths
decode::number::wide::tests negative_powers_bracket_the_truth
decode::parse::tests failure_replay_stops_at_php_error_token plain_string_only_when_no_decoding_is_needed rebuild_replays_on_both_routes
decode::string::tests escapes utf8_modes_and_order
escape::tests implementation_names key_at_end_small sse2_level_runs_no_ssse3
escape::utf8::tests grouping_examples
isa::tests available_levels_are_cumulative clamp names_round_trip tokens_follow_levels
number::digits::tests digits8_shapes
number::double::tests decimal_layouts exponents non_finite_writes_zero
number::layout::tests extremes_do_not_panic slow_path_long_digits
number::long::tests appends decimal_lengths int_keys write_at_and_pair_each_length
number::schubfach::tests known_values log_approximations
sink::tests array_buf_holds_the_longest_numbers
scan::tests simple_escapes_exact dispatch_clamps
scan::utf8::tests valid_prefix_offsets
LIST
cd core
log=${TMPDIR:-/tmp}/rustjson-miri.log
echo "miri: ${#tests[@]} tests, limit ${secs}s"
set +e
CARGO_TARGET_DIR=$PWD/../target-miri timeout "$secs" \
    cargo +nightly miri test -p rustjson-core --lib -- --exact "${tests[@]}" >"$log" 2>&1
rc=$?
set -e
grep -E '^test |Undefined Behavior|error:' "$log" | head -80
[ $rc -ne 124 ] || fail "time limit (${secs}s) reached; log: $log"
res=$(grep -E '^test result:' "$log" | tail -1)
[ -n "$res" ] || { tail -30 "$log" >&2; fail "no test result (exit $rc); log: $log"; }
p=$(echo "$res" | sed -n 's/.* \([0-9]*\) passed.*/\1/p'); f=$(echo "$res" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
echo "miri: $p passed, $f failed"
[ $rc -eq 0 ] && [ "$f" = 0 ] || fail "see $log"
