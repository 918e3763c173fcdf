#!/usr/bin/env bash
# tools/check_names.sh: the extension has one name everywhere (make check-names).
#
# ext-php-rs names the module after the crate ([package] name), cargo names the file after [lib] name
# (lib<name>.so), and PIE, docker-php-ext-enable and `extension=NAME` all look for NAME.so and then a
# module called NAME. When any of these differ the extension installs but "is not loaded"
# (php/pie#603). Checked here, against the crate name:
#   Cargo.toml [package] name and [lib] name; composer.json name's package part and
#   php-ext.extension-name; config.m4 PHP_ARG_ENABLE and the .so it adds to PHP_MODULES; Makefile.frag
#   (target and the cargo output it copies); Makefile's SO; rustjson.ini's extension=; the Dockerfile;
#   the built files: lib<name>.so in the cargo target dir, and the module that RUSTJSON_SO (modules/
#   rustjson.so) registers when loaded (its only new entry in get_loaded_extensions(), and
#   phpversion(name) == Cargo.toml's version).
# Environment: PHP (default php), RUSTJSON_SO (default modules/rustjson.so),
#              CARGO_TARGET_DIR (default target)
# Closing line: "check-names: N passed, M failed".
set -euo pipefail
cd "$(dirname "$0")/.."
PHP=${PHP:-php}
SO=${RUSTJSON_SO:-$PWD/modules/rustjson.so}
TARGET=${CARGO_TARGET_DIR:-target}

# toml_get FILE SECTION KEY: the string value of KEY in [SECTION] (simple `key = "value"` lines)
toml_get() {
    awk -v sec="$2" -v key="$3" '
        /^[[:space:]]*\[/ { s = $0; gsub(/^[[:space:]]*\[|\][[:space:]]*$/, "", s); next }
        s == sec && $0 ~ "^[[:space:]]*" key "[[:space:]]*=" {
            v = $0; sub(/^[^=]*=[[:space:]]*"/, "", v); sub(/".*$/, "", v); print v; exit
        }' "$1"
}

crate=$(toml_get Cargo.toml package name)
version=$(toml_get Cargo.toml package version)
[ -n "$crate" ] || { echo "check-names: no [package] name in Cargo.toml" >&2; exit 1; }

pass=0 fail=0
check() {   # check WHAT VALUE [NOTE]
    if [ "$2" = "$crate" ]; then
        printf '  ok    %-58s %s\n' "$1" "$2"; pass=$((pass + 1))
    else
        printf '  FAIL  %-58s %s (expected %s)%s\n' "$1" "${2:-<missing>}" "$crate" "${3:+; $3}"; fail=$((fail + 1))
    fi
}

echo "check-names: crate name '$crate', version $version"
check "Cargo.toml [package] name (= module name)" "$crate"
check "Cargo.toml [lib] name (file lib<name>.so)" "$(toml_get Cargo.toml lib name)"

if [ -f composer.json ]; then
    cj=$("$PHP" -n -r '$j = json_decode(file_get_contents("composer.json"), true, 512, JSON_THROW_ON_ERROR);
        echo substr(strrchr($j["name"] ?? "", "/"), 1), "\n", $j["php-ext"]["extension-name"] ?? "", "\n";')
    check "composer.json name (vendor/<name>)" "$(sed -n 1p <<< "$cj")"
    check "composer.json php-ext.extension-name" "$(sed -n 2p <<< "$cj")"
else
    check "composer.json php-ext.extension-name" "" "composer.json missing"
fi

check "config.m4 PHP_ARG_ENABLE([...])" "$(sed -n 's/^PHP_ARG_ENABLE(\[\([A-Za-z0-9_]*\)\].*/\1/p' config.m4 | head -n1)"
check "config.m4 PHP_MODULES \$(phplibdir)/<name>.so" \
    "$(grep -o 'PHP_MODULES="[^"]*"' config.m4 | grep -o 'phplibdir)/[A-Za-z0-9_]*\.so' | sed 's#.*/##; s#\.so$##' | head -n1)"
check "Makefile.frag rule \$(phplibdir)/<name>.so" \
    "$(sed -n 's#^\$(phplibdir)/\([A-Za-z0-9_]*\)\.so:.*#\1#p' Makefile.frag | head -n1)"
check "Makefile.frag copies release/lib<name>.so" \
    "$(grep -o 'release/lib[A-Za-z0-9_]*\.so' Makefile.frag | sed 's#release/lib##; s#\.so$##' | sort -u | paste -sd, -)"
check "Makefile SO := modules/<name>.so" "$(sed -n 's#^SO[[:space:]]*:=[[:space:]]*modules/\([A-Za-z0-9_]*\)\.so.*#\1#p' Makefile)"
check "rustjson.ini extension=<name>" "$(sed -n 's/^extension[[:space:]]*=[[:space:]]*\([A-Za-z0-9_]*\).*/\1/p' rustjson.ini 2>/dev/null | head -n1)"
check "Dockerfile docker-php-ext-enable <name>" \
    "$(grep -o 'docker-php-ext-enable [A-Za-z0-9_]*' Dockerfile 2>/dev/null | awk '{print $2}' | sort -u | paste -sd, -)"

# The built files.
lib="$TARGET/release/lib$(toml_get Cargo.toml lib name).so"
if [ -f "$lib" ]; then check "built: $lib" "$crate"; else check "built: cargo output $lib" "" "not built (make build)"; fi
so_base=$(basename "$SO")
check "built: RUSTJSON_SO file name <name>.so" "${so_base%.so}"
if [ -f "$SO" ]; then
    before=$("$PHP" -n -r 'echo implode("\n", get_loaded_extensions()), "\n";' | sort)
    after=$("$PHP" -n -d "extension=$SO" -r 'echo implode("\n", get_loaded_extensions()), "\n";' 2>&1 | sort)
    new=$(comm -13 <(printf '%s\n' "$before") <(printf '%s\n' "$after") | paste -sd, -)
    check "loaded: the module $so_base registers" "$new"
    v=$("$PHP" -n -d "extension=$SO" -r "echo phpversion('$crate');" 2>&1 || true)
    if [ "$v" = "$version" ]; then
        printf '  ok    %-58s %s\n' "loaded: phpversion('$crate') == Cargo.toml version" "$v"; pass=$((pass + 1))
    else
        printf '  FAIL  %-58s %s (Cargo.toml: %s)\n' "loaded: phpversion('$crate')" "$v" "$version"; fail=$((fail + 1))
    fi
else
    check "loaded: the module $so_base registers" "" "$SO not found (make build)"
fi

echo "check-names: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
