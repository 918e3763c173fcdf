--TEST--
rustjson.decode=0 from the ini (--INI--): json_decode() is stock's (json_encode() stays rustjson's), and ini_set() switches it on
--DESCRIPTION--
rustjson-specific (skipped in stock-oracle mode).
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--INI--
rustjson.decode=0
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
function rows(): string {
    ob_start();
    phpinfo(INFO_MODULES);
    $s = ob_get_clean();
    preg_match('/^json_decode => (.*)$/m', $s, $m);
    preg_match('/^json_encode => (.*)$/m', $s, $e);
    return ($m[1] ?? 'missing') . '; json_encode ' . ($e[1] ?? 'missing');
}
var_dump(ini_get('rustjson.decode'));
echo rows(), "\n";
var_dump(json_decode('{"a":[1,2]}', true), json_last_error());
ini_set('rustjson.decode', '1');
echo rows(), "\n";
var_dump(json_decode('{"a":[1,2]}', true), json_last_error());
--EXPECT--
string(1) "0"
stock (rustjson.decode=0); json_encode overridden
array(1) {
  ["a"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
}
int(0)
served by rustjson (rustjson.decode=1); json_encode overridden
array(1) {
  ["a"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
}
int(0)
