#!/usr/bin/env bash
# Runs the cargo-fuzz targets of fuzz/ (rustjson-core under AddressSanitizer),
# one libFuzzer process (one core) per target, by default one target at a time
# (FUZZ_PARALLEL), each for SECONDS seconds on the committed corpus
# fuzz/corpus/<target>/ (read-only: new inputs go to WORK/<target>/). A crash, an ASan report, a timeout or an oracle mismatch (a
# panic in the target) fails the run; its reproducer is in fuzz/artifacts/.
# Prints execs, corpus size and findings per target.
#
# usage: tools/fuzz-core/run.sh SECONDS WORK [TARGET...]
#   WORK: where new corpus entries go ("tmp" = a fresh directory, removed after)
#   FUZZ_CPU=1: SECONDS is CPU time of the fuzzing process, not wall time (a
#   watcher interrupts it once its user+system time reaches SECONDS; libFuzzer
#   prints its final stats on the interrupt). For "1 CPU-hour" runs on a busy
#   machine.
#   FUZZ_PARALLEL=N: N targets at a time (one core each; `make test-fuzz` uses one per CPU).
#   FUZZ_CGU=N: codegen units of the fuzz build (default 1, cargo-fuzz's own default; `make test-fuzz`
#   uses 16: the build takes about 160 s instead of 250 s on two cores, the short runs a few % fewer
#   execs).
# Installs what it needs: the nightly toolchain (rustup) and cargo-fuzz.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
secs=${1:?usage: run.sh SECONDS WORK [TARGET...]}
work=${2:?usage: run.sh SECONDS WORK [TARGET...]}
shift 2
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(escape validate number decode)

export PATH="$HOME/.cargo/bin:$PATH"
fail() { echo "fuzz: FAIL: $*" >&2; exit 1; }

# The nightly toolchain (cargo-fuzz needs -Zsanitizer=address).
if ! cargo +nightly --version >/dev/null 2>&1; then
    command -v rustup >/dev/null 2>&1 ||
        fail "no nightly Rust toolchain and no rustup to install one (https://rustup.rs); fuzzing cannot run"
    echo "fuzz: installing the nightly toolchain (rustup toolchain install nightly --profile minimal)"
    rustup toolchain install nightly --profile minimal ||
        fail "the nightly Rust toolchain cannot be installed; fuzzing cannot run"
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz: installing cargo-fuzz (cargo install --locked cargo-fuzz)"
    cargo install --locked cargo-fuzz || fail "cargo-fuzz cannot be installed; fuzzing cannot run"
fi

cd fuzz
t0=$(date +%s)
cgu=${FUZZ_CGU:-1}
cargo +nightly fuzz build --codegen-units "$cgu" >"${TMPDIR:-/tmp}/rustjson-fuzz-build.log" 2>&1 ||
    { tail -40 "${TMPDIR:-/tmp}/rustjson-fuzz-build.log" >&2; fail "building the fuzz targets"; }
echo "fuzz: build $(( $(date +%s) - t0 ))s"

if [ "$work" = tmp ]; then
    workdir=$(mktemp -d)
    trap 'rm -rf "$workdir"' EXIT
else
    workdir=$work
fi
# One target's run: its summary line goes to $workdir/$t.summary; fails on a finding.
run_one() {
    local t=$1 log wall runner cpu stopped rc tick fpid execs cov size
    mkdir -p "$workdir/$t" "corpus/$t" "artifacts/$t"
    log="$workdir/$t.log"
    echo "fuzz: $t for ${secs}s (corpus fuzz/corpus/$t, $(ls "corpus/$t" | wc -l) seeds)"
    set +e
    if [ "${FUZZ_CPU:-0}" = 1 ]; then
        wall=$(( secs * 50 ))
    else
        wall=$secs
    fi
    # -timeout: an input taking over 10 s is a finding (a hang);
    # -rss_limit_mb: libFuzzer's own memory limit.
    cargo +nightly fuzz run --codegen-units "$cgu" "$t" "$workdir/$t" "corpus/$t" -- \
        -max_total_time="$wall" -dict=dict/json.dict -max_len=4096 -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="artifacts/$t/" >"$log" 2>&1 &
    runner=$!
    cpu=0
    stopped=0
    if [ "${FUZZ_CPU:-0}" = 1 ]; then
        tick=$(getconf CLK_TCK)
        while kill -0 $runner 2>/dev/null; do
            sleep 10
            fpid=$(pgrep -f "release/$t .*artifact_prefix" | head -1 || true)
            [ -n "$fpid" ] || continue
            cpu=$(awk -v k="$tick" '{print int(($14+$15)/k)}' /proc/"$fpid"/stat 2>/dev/null || echo 0)
            if [ "$cpu" -ge "$secs" ]; then
                kill -INT "$fpid" 2>/dev/null && stopped=1
                break
            fi
        done
    fi
    wait $runner
    rc=$?
    # An interrupt at the CPU budget is the normal end of a FUZZ_CPU run (libFuzzer
    # exits 72, cargo-fuzz turns that into its own failure).
    if [ $stopped = 1 ] && grep -q 'libFuzzer: run interrupted' "$log" &&
        ! grep -qE 'ERROR: AddressSanitizer|panicked|deadly signal|Test unit written' "$log"; then
        rc=0
        echo "fuzz: $t reached ${cpu}s of CPU time"
    fi
    set -e
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1 || true)
    cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2 || true)
    size=$(( $(ls "$workdir/$t" | wc -l) + $(ls "corpus/$t" | wc -l) ))
    if [ $rc -ne 0 ]; then
        echo "fuzz: FINDING in $t (exit $rc); log $log; tail:" >&2
        grep -E 'panicked|ERROR: AddressSanitizer|SUMMARY|Test unit written|Failing input|deadly signal|timeout' "$log" | head -20 >&2 || true
        tail -40 "$log" >&2
        echo "$t: FINDING (execs ${execs:-?})" > "$workdir/$t.summary"
        [ "$work" = tmp ] && cp "$log" "artifacts/$t/" 2>/dev/null || true
        return 1
    fi
    echo "$t: execs ${execs:-?}, cov ${cov:-?}, corpus $size files, findings 0" > "$workdir/$t.summary"
}

# FUZZ_PARALLEL targets at a time (default 1), each its own libFuzzer process on its own core:
# the same time per target, less wall time.
par=${FUZZ_PARALLEL:-1}
status=0
summary=""
i=0
while [ $i -lt ${#targets[@]} ]; do
    pids=()
    for t in "${targets[@]:$i:$par}"; do
        run_one "$t" &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do
        wait "$pid" || status=1
    done
    i=$(( i + par ))
done
for t in "${targets[@]}"; do
    summary+="$(cat "$workdir/$t.summary" 2>/dev/null || echo "$t: no result")"$'\n'
done
echo "fuzz: summary (${secs}s per target, total $(( $(date +%s) - t0 ))s)"
printf '%s' "$summary"
exit $status
