--TEST--
rustjson: one name everywhere (module name, phpversion() == Cargo.toml's version, loaded from a file named rustjson.so)
--DESCRIPTION--
rustjson-specific (skipped in stock-oracle mode).
PIE installs rustjson.so, writes extension=rustjson, and then requires a module named exactly
'rustjson' to be loaded. ext-php-rs names the module after the crate, so a rename anywhere breaks
that (php/pie#603). This test asserts every name PHP can observe:
  - extension_loaded(), get_loaded_extensions() (exact case), ReflectionExtension, not a zend_extension;
  - phpversion('rustjson') equals [package] version in ../Cargo.toml. When the tests run from a copy
    (tools/php-builds/phpt.sh copies php-tests/), that file is absent: then only the version's form
    (x.y.z) is checked, and `make check-names` does the exact comparison;
  - the shared object mapped into this process is named rustjson.so (read from /proc/self/maps on
    Linux; where /proc is not mounted, e.g. in a bare chroot, this check is skipped with the same
    output). The extension cannot see its own file name through any PHP API.
Not observable from PHP: the ini file name and the composer.json/config.m4 names; `make check-names`
checks those.
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

echo "== module name\n";
var_dump(extension_loaded('rustjson'));
var_dump(in_array('rustjson', get_loaded_extensions(), true));
var_dump(in_array('rustjson', get_loaded_extensions(true), true));
$re = new ReflectionExtension('rustjson');
var_dump($re->getName());
var_dump(array_keys(ini_get_all('rustjson')));

echo "== version\n";
$v = phpversion('rustjson');
var_dump($v === $re->getVersion());
var_dump(is_string($v) && preg_match('/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/D', $v) === 1);
$toml = __DIR__ . '/../Cargo.toml';
if (is_readable($toml)) {
    $cargo = null;
    $section = '';
    foreach (file($toml, FILE_IGNORE_NEW_LINES) as $line) {
        if (preg_match('/^\s*\[([^\]]+)\]/', $line, $m)) {
            $section = trim($m[1]);
        } elseif ($section === 'package' && preg_match('/^\s*version\s*=\s*"([^"]+)"/', $line, $m)) {
            $cargo = $m[1];
        }
    }
    $same = $cargo !== null && $v === $cargo;
    if (!$same) {
        echo "phpversion('rustjson') = ", var_export($v, true), ", Cargo.toml [package] version = ", var_export($cargo, true), "\n";
    }
} else {
    $same = true; /* running from a copy of php-tests/: see --DESCRIPTION-- */
}
echo "phpversion == Cargo.toml version: ", $same ? 'yes' : 'no', "\n";

echo "== file name\n";
$maps = @file_get_contents('/proc/self/maps');
if (PHP_OS_FAMILY === 'Linux' && is_string($maps) && $maps !== '') {
    $files = [];
    foreach (explode("\n", $maps) as $line) {
        /* address perms offset dev inode path; shared objects only (the checkout's own
           directory name may contain 'rustjson' too) */
        $f = preg_split('/\s+/', trim($line), 6);
        $path = isset($f[5]) ? preg_replace('/ \(deleted\)$/', '', $f[5]) : '';
        $base = basename($path);
        if (preg_match('/\.so(?:\.[0-9.]+)?$/D', $base) && str_contains($base, 'rustjson')) {
            $files[$base] = true;
        }
    }
    $names = array_keys($files);
    $ok = $names === ['rustjson.so'];
    if (!$ok) {
        echo "mapped files with 'rustjson' in the name: ", implode(', ', $names), "\n";
    }
} else {
    $ok = true; /* no /proc: see --DESCRIPTION-- */
}
echo "loaded from a file named rustjson.so: ", $ok ? 'yes' : 'no', "\n";
?>
--EXPECT--
== module name
bool(true)
bool(true)
bool(false)
string(8) "rustjson"
array(2) {
  [0]=>
  string(15) "rustjson.decode"
  [1]=>
  string(16) "rustjson.enabled"
}
== version
bool(true)
bool(true)
phpversion == Cargo.toml version: yes
== file name
loaded from a file named rustjson.so: yes
