--TEST--
rustjson: json_validate() under rustjson.enabled=0 (8.2: still rustjson's; 8.3+: stock's), same answers
--DESCRIPTION--
rustjson-specific (skipped in stock-oracle mode). On PHP 8.3+ rustjson.enabled=0 routes json_validate()
to stock's handler, as it does json_encode(). PHP 8.2's ext/json has no json_validate() to route to, so
the function rustjson registers keeps answering, with PHP 8.3's semantics, whatever the kill switch
says: scripts that call it (feature-detected with function_exists) keep working. Either way the
answers are the same as with the switch on.
--SKIPIF--
<?php
if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)');
?>
--INI--
rustjson.enabled=0
--FILE--
<?php
define('RJ_ALLOW_DISABLED', true);
require __DIR__ . '/rustjson_test.inc';

var_dump(ini_get('rustjson.enabled'));
var_dump(function_exists('json_validate'));
$cases = ['[1, {"a": "b"}]', '[1', "\"\xff\"", '[[1]]', ''];
$off = [];
foreach ($cases as $c) {
    $off[] = [json_validate($c), json_last_error(), json_validate($c, 2), json_last_error(),
              json_validate($c, 512, JSON_INVALID_UTF8_IGNORE), json_last_error()];
}
try {
    json_validate('1', 0);
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
ini_set('rustjson.enabled', '1');
$on = [];
foreach ($cases as $c) {
    $on[] = [json_validate($c), json_last_error(), json_validate($c, 2), json_last_error(),
             json_validate($c, 512, JSON_INVALID_UTF8_IGNORE), json_last_error()];
}
var_dump($on === $off);
echo json_encode($off), "\n";
?>
--EXPECT--
string(1) "0"
bool(true)
json_validate(): Argument #2 ($depth) must be greater than 0
bool(true)
[[true,0,false,1,true,0],[false,4,false,4,false,4],[false,5,false,5,true,0],[true,0,false,1,true,0],[false,4,false,4,false,4]]
