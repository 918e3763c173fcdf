#!/usr/bin/env bash
# (Re)makes the committed seed corpora fuzz/corpus/<target>/: seeds.php's
# inputs (slices of the JSON corpora, php-tests' JSON literals, edge cases),
# the current committed corpus and any EXTRA directories (e.g. fuzz/work after
# a long run: EXTRA=fuzz/work), merged with libFuzzer's -merge=1 so only the
# inputs that add coverage are kept (a few hundred KB in all).
#
# usage: tools/fuzz-core/seeds.sh [CORPORA_DIR]   (default ../shared/corpora)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
corpora=${1:-$root/../shared/corpora}
export PATH="$HOME/.cargo/bin:$PATH"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${PHP:-php} -n tools/fuzz-core/seeds.php "$corpora" php-tests "$tmp/gen"
cd fuzz
cargo +nightly fuzz build >/dev/null
for t in escape validate number decode; do
    mkdir -p "corpus/$t" "$tmp/gen/$t"
    mv "corpus/$t" "$tmp/old-$t"
    mkdir -p "corpus/$t"
    extra=()
    for e in ${EXTRA:-}; do
        [ -d "$root/$e/$t" ] && extra+=("$root/$e/$t")
    done
    # Regression seeds (fuzz/corpus/<t>/regress-*) are always kept.
    cp "$tmp/old-$t"/regress-* "corpus/$t/" 2>/dev/null || true
    cargo +nightly fuzz run "$t" "corpus/$t" "$tmp/old-$t" "$tmp/gen/$t" "${extra[@]}" -- \
        -merge=1 -max_len=4096 -timeout=10 >"$tmp/$t.log" 2>&1 ||
        { tail -30 "$tmp/$t.log"; exit 1; }
    echo "$t: $(ls "corpus/$t" | wc -l) files, $(cat "corpus/$t"/* | wc -c) bytes"
done
