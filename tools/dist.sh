#!/usr/bin/env bash
# tools/dist.sh: the release archive, named the way PIE looks for pre-built binaries (make dist).
#
#   dist/php_rustjson-{version}_php{maj.min}-{x86_64|arm64}-linux-{glibc|musl}[-debug][-zts].zip
#
# with rustjson.so at the root of the zip, debug info stripped (strip --strip-debug; the symbol table
# stays). PIE (src/Platform/PrePackagedBinaryAssetName.php) builds the name from the package's
# version exactly as the git tag spells it: tag releases "0.1.0" (the default here, Cargo.toml's
# version), or pass DIST_VERSION=v0.1.0 when the tags carry a "v".
# The PHP minor, ZTS and debug come from the PHP the .so is for (PHP), libc and arch from this machine.
# Then a smoke test: unzip into a temporary directory and load it from there with `php -n`.
#
# Environment: PHP (default php), RUSTJSON_SO (default modules/rustjson.so), DIST_DIR (default dist),
#              DIST_VERSION (default: Cargo.toml [package] version)
# Closing line: "dist: <path> (<size>), loads into PHP <version>".
set -euo pipefail
cd "$(dirname "$0")/.."
PHP=${PHP:-php}
SO=${RUSTJSON_SO:-$PWD/modules/rustjson.so}
DIST_DIR=${DIST_DIR:-dist}
die() { echo "dist: ERROR: $*" >&2; exit 1; }

[ -f "$SO" ] || die "$SO not found (make build)"
for t in zip unzip strip; do
    command -v "$t" > /dev/null || die "$t not found (apt-get install -y zip unzip binutils)"
done

cargo_version=$(awk '
    /^[[:space:]]*\[/ { s = $0; next }
    s ~ /^\[package\]/ && /^[[:space:]]*version[[:space:]]*=/ { v = $0; sub(/^[^"]*"/, "", v); sub(/".*/, "", v); print v; exit }' Cargo.toml)
[ -n "$cargo_version" ] || die "no [package] version in Cargo.toml"
version=${DIST_VERSION:-$cargo_version}

# The .so must load into this PHP before it is named after it.
info=$("$PHP" -n -d "extension=$SO" -r '
    if (!extension_loaded("rustjson")) { exit(1); }
    echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION, " ", PHP_ZTS ? "zts" : "nts", " ", PHP_DEBUG ? "debug" : "release", " ", PHP_VERSION, " ", PHP_OS_FAMILY;' 2>&1) \
    || die "$SO does not load into $PHP: $info"
read -r phpminor ts dbg phpver osfam <<< "$info"
[ "$osfam" = Linux ] || die "only Linux archives are made here (PHP_OS_FAMILY=$osfam)"

case "$(uname -m)" in
    x86_64 | amd64) arch=x86_64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) die "unsupported architecture $(uname -m) (PIE knows x86_64 and arm64)" ;;
esac
# The libc the .so was linked against (musl on Alpine, glibc elsewhere).
if readelf -d "$SO" 2>/dev/null | grep -q 'NEEDED.*musl' || { command -v ldd > /dev/null && ldd --version 2>&1 | grep -qi musl; }; then
    libc=musl
else
    libc=glibc
fi

name="php_rustjson-${version}_php${phpminor}-${arch}-linux-${libc}"
[ "$dbg" = debug ] && name+="-debug"
[ "$ts" = zts ] && name+="-zts"
name=$(printf '%s' "$name" | tr 'A-Z' 'a-z')   # PIE lower-cases the whole name

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rustjson-dist.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/stage" "$tmp/smoke"
cp "$SO" "$tmp/stage/rustjson.so"
strip --strip-debug "$tmp/stage/rustjson.so"
chmod 0755 "$tmp/stage/rustjson.so"
touch -d "@$(git log -1 --format=%ct 2>/dev/null || date +%s)" "$tmp/stage/rustjson.so"

mkdir -p "$DIST_DIR"
out="$DIST_DIR/$name.zip"
rm -f "$out"
(cd "$tmp/stage" && zip -q -X "$tmp/$name.zip" rustjson.so)
mv "$tmp/$name.zip" "$out"
(cd "$DIST_DIR" && sha256sum "$name.zip" > "$name.zip.sha256")

# Smoke test: exactly one file, rustjson.so, at the root; it loads from the unpacked copy.
entries=$(unzip -Z1 "$out")
[ "$entries" = rustjson.so ] || die "$out holds '$entries', expected just rustjson.so"
unzip -q "$out" -d "$tmp/smoke"
res=$("$PHP" -n -d "extension=$tmp/smoke/rustjson.so" -r '
    echo extension_loaded("rustjson") ? "loaded" : "not loaded", " ", phpversion("rustjson"), " ",
         json_encode(["a" => 1, "b" => [true, null, 1.5, "\u{e9}/"]]);' 2>&1) || true
want="loaded $cargo_version {\"a\":1,\"b\":[true,null,1.5,\"\\u00e9\\/\"]}"
[ "$res" = "$want" ] || die "smoke test of $out: got '$res', expected '$want'"

size=$(du -h "$out" | cut -f1)
echo "dist: unpacked rustjson.so $(stat -c %s "$tmp/smoke/rustjson.so") bytes (input $(stat -c %s "$SO") bytes, debug info stripped)"
echo "dist: $out ($size), loads into PHP $phpver ($ts)"
