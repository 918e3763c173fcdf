--TEST--
rustjson: rustjson.enabled=0 from the ini (--INI--) routes to stock ext/json and can be switched on at runtime
--DESCRIPTION--
rustjson-specific (skipped in stock-oracle mode).
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--INI--
rustjson.enabled=0
--FILE--
<?php
define('RJ_ALLOW_DISABLED', true);
require __DIR__ . '/rustjson_test.inc';

var_dump(ini_get('rustjson.enabled'));
$v = ['a' => [1, 2.5, "é/<>"], 'o' => (object)['x' => null], 'bad' => "\xff"];
$off = [json_encode($v), json_last_error(), json_encode($v, JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRETTY_PRINT), json_last_error()];
var_dump(ini_set('rustjson.enabled', '1'));
$on = [json_encode($v), json_last_error(), json_encode($v, JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRETTY_PRINT), json_last_error()];
var_dump($on === $off);
var_dump($on);
ini_restore('rustjson.enabled');
var_dump(ini_get('rustjson.enabled'));
?>
--EXPECT--
string(1) "0"
string(1) "0"
bool(true)
array(4) {
  [0]=>
  bool(false)
  [1]=>
  int(5)
  [2]=>
  string(118) "{
    "a": [
        1,
        2.5,
        "\u00e9\/<>"
    ],
    "o": {
        "x": null
    },
    "bad": null
}"
  [3]=>
  int(5)
}
string(1) "0"
