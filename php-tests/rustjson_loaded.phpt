--TEST--
rustjson: the extension is loaded, registers rustjson.enabled (PHP_INI_ALL, default 1), keeps ext/json's functions, classes and constants
--DESCRIPTION--
rustjson-specific (skipped in stock-oracle mode).
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

var_dump(extension_loaded('rustjson'), extension_loaded('json'));
var_dump(ini_get('rustjson.enabled'));
$ini = ini_get_all('rustjson');
var_dump(array_keys($ini), $ini['rustjson.enabled']['access'] === INI_ALL, $ini['rustjson.enabled']['global_value']);
var_dump(is_string(phpversion('rustjson')) && phpversion('rustjson') !== '');
echo "== json_encode is still ext/json's function entry\n";
$rf = new ReflectionFunction('json_encode');
var_dump($rf->getExtensionName(), $rf->isInternal(), in_array('json_encode', get_extension_funcs('json'), true));
echo "== JsonSerializable / JsonException are ext/json's classes\n";
var_dump((new ReflectionClass('JsonSerializable'))->getExtensionName(), (new ReflectionClass('JsonException'))->getExtensionName());
var_dump(JSON_THROW_ON_ERROR, JSON_ERROR_NON_BACKED_ENUM);
echo "== json_validate exists\n";
var_dump(function_exists('json_validate'));
echo "== json_decode / json_last_error are untouched and share the error state\n";
var_dump(json_decode('[1,{"a":2}]', true), json_last_error());
json_encode(NAN);
var_dump(json_last_error(), json_last_error_msg());
json_decode('{');
var_dump(json_last_error());
json_encode(1);
var_dump(json_last_error());
?>
--EXPECT--
bool(true)
bool(true)
string(1) "1"
array(2) {
  [0]=>
  string(15) "rustjson.decode"
  [1]=>
  string(16) "rustjson.enabled"
}
bool(true)
string(1) "1"
bool(true)
== json_encode is still ext/json's function entry
string(4) "json"
bool(true)
bool(true)
== JsonSerializable / JsonException are ext/json's classes
string(4) "json"
string(4) "json"
int(4194304)
int(11)
== json_validate exists
bool(true)
== json_decode / json_last_error are untouched and share the error state
array(2) {
  [0]=>
  int(1)
  [1]=>
  array(1) {
    ["a"]=>
    int(2)
  }
}
int(0)
int(7)
string(34) "Inf and NaN cannot be JSON encoded"
int(4)
int(0)
