#!/usr/bin/env bash
# tools/composer_validate.sh: composer.json is valid for Composer and for PIE (make composer-validate).
#
# 1. `composer validate --strict`. Composer learnt the "php-ext" block in 2.7.0 (composer#11795).
#    An older Composer (Debian 12 ships 2.5.5) reports php-ext as an unknown property, and that
#    counts only as a *publish* error. There, `--no-check-publish` is added, and step 2 checks the
#    block instead.
# 2. The php-ext block against PIE's rules (php/pie resources/composer-json-php-ext-schema.json and
#    src/DependencyResolver/Package.php): known keys only, extension-name matches
#    ^[A-Za-z][a-zA-Z0-9_]+$, priority is an integer 10-99, the support-* values are booleans, the
#    os families are known and only one of os-families/os-families-exclude is given, and the
#    download-url-method values are known. The type is php-ext, and require holds only php/ext-*.
# Closing line: "composer-validate: ok (...)".
set -euo pipefail
cd "$(dirname "$0")/.."
PHP=${PHP:-php}
die() { echo "composer-validate: FAIL: $*" >&2; exit 1; }

command -v composer > /dev/null || die "composer not found (apt-get install -y composer)"
ver=$(composer --version --no-ansi 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -n1)
args=(validate --strict --no-interaction --no-ansi)
how="composer $ver validate --strict"
if [ "$(printf '%s\n2.7.0\n' "$ver" | sort -V | head -n1)" != 2.7.0 ]; then
    args+=(--no-check-publish)
    how="composer $ver validate --strict --no-check-publish (Composer < 2.7 does not know php-ext)"
fi
echo "composer-validate: + composer ${args[*]}"
COMPOSER_ALLOW_SUPERUSER=1 composer "${args[@]}" || die "composer ${args[*]}"

"$PHP" -n -r '
$j = json_decode(file_get_contents("composer.json"), true, 512, JSON_THROW_ON_ERROR);
$err = [];
if (($j["type"] ?? null) !== "php-ext") $err[] = "type must be php-ext (a zend_extension would be php-ext-zend)";
if (!preg_match("#^[a-z0-9]([_.-]?[a-z0-9]+)*/[a-z0-9](([_.]|-{1,2})?[a-z0-9]+)*$#D", $j["name"] ?? "")) $err[] = "name must be vendor/package";
foreach (array_keys($j["require"] ?? []) as $r) {
    if ($r !== "php" && !str_starts_with($r, "ext-")) $err[] = "require may hold only php and ext-*: $r";
}
if (!isset($j["require"]["php"])) $err[] = "require.php (the tested PHP range) is missing";
$x = $j["php-ext"] ?? null;
if (!is_array($x)) {
    $err[] = "php-ext block missing";
} else {
    $known = ["extension-name", "priority", "support-zts", "support-nts", "build-path", "download-url-method",
              "os-families", "os-families-exclude", "configure-options"];
    foreach (array_diff(array_keys($x), $known) as $k) $err[] = "php-ext.$k is not a key PIE knows";
    if (isset($x["extension-name"]) && !preg_match("/^[A-Za-z][a-zA-Z0-9_]+$/D", $x["extension-name"])) $err[] = "php-ext.extension-name must match ^[A-Za-z][a-zA-Z0-9_]+\$";
    if (isset($x["extension-name"]) && str_starts_with($x["extension-name"], "ext-")) $err[] = "php-ext.extension-name must not start with ext-";
    if (isset($x["priority"]) && (!is_int($x["priority"]) || $x["priority"] < 10 || $x["priority"] > 99)) $err[] = "php-ext.priority must be an integer 10-99";
    foreach (["support-zts", "support-nts"] as $k) if (isset($x[$k]) && !is_bool($x[$k])) $err[] = "php-ext.$k must be a boolean";
    if (isset($x["os-families"], $x["os-families-exclude"])) $err[] = "php-ext: os-families and os-families-exclude are exclusive";
    foreach (["os-families", "os-families-exclude"] as $k) {
        if (!isset($x[$k])) continue;
        if (!is_array($x[$k]) || $x[$k] === [] || !array_is_list($x[$k])) { $err[] = "php-ext.$k must be a non-empty list"; continue; }
        foreach ($x[$k] as $v) if (!in_array($v, ["windows", "bsd", "darwin", "solaris", "linux", "unknown"], true)) $err[] = "php-ext.$k: unknown family $v";
    }
    if (isset($x["download-url-method"])) {
        $m = is_array($x["download-url-method"]) ? $x["download-url-method"] : [$x["download-url-method"]];
        foreach ($m as $v) if (!in_array($v, ["composer-default", "pre-packaged-source", "pre-packaged-binary"], true)) $err[] = "php-ext.download-url-method: unknown $v";
    }
    foreach ($x["configure-options"] ?? [] as $o) {
        if (!preg_match("/^[a-zA-Z0-9][a-zA-Z0-9-_]*$/D", $o["name"] ?? "")) $err[] = "php-ext.configure-options: bad name";
    }
}
if ($err) { fwrite(STDERR, "composer-validate: FAIL: " . implode("\ncomposer-validate: FAIL: ", $err) . "\n"); exit(1); }
echo "composer-validate: php-ext block ok (extension-name ", $x["extension-name"] ?? "(derived)", ", priority ", $x["priority"] ?? 80, ")\n";
'
echo "composer-validate: ok ($how; php-ext checked against PIE's rules)"
