--TEST--
rustjson.decode: default Off (stock json_decode), switched by ini_set, shown by phpinfo
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
var_dump(ini_get('rustjson.decode'));
function served(): string {
    ob_start();
    phpinfo(INFO_MODULES);
    preg_match('/^json_decode => (.*)$/m', ob_get_clean(), $m);
    return $m[1] ?? 'missing';
}
echo served(), "\n";
var_dump(ini_set('rustjson.decode', '1'));
echo served(), "\n";
var_dump(json_decode('{"a":[1,{"b":null}]}', true));
ini_set('rustjson.enabled', '0');
echo served(), "\n";
var_dump(json_decode('[1]'));
ini_set('rustjson.enabled', '1');
ini_restore('rustjson.decode');
var_dump(ini_get('rustjson.decode'));
echo served(), "\n";
--EXPECT--
string(1) "0"
stock (rustjson.decode=0)
string(1) "0"
served by rustjson (rustjson.decode=1)
array(1) {
  ["a"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    array(1) {
      ["b"]=>
      NULL
    }
  }
}
stock (rustjson.enabled=0)
array(1) {
  [0]=>
  int(1)
}
string(1) "0"
stock (rustjson.decode=0)
