--TEST--
json_validate(): valid documents return true and reset json_last_error() (rustjson provides json_validate() on PHP 8.2)
--DESCRIPTION--
Depends on rustjson providing json_validate() with PHP 8.3 semantics on 8.2. In stock-oracle mode on 8.2 a
polyfill built on json_decode()'s error codes (same scanner/parser) stands in (see rustjson_test.inc).
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
if (!function_exists('json_validate')) die("FAIL: json_validate() does not exist\n");

$docs = [
    '1', '-0', '0', '-1.5e+10', '1E-2', '0.0', '"x"', '""', 'true', 'false', 'null', '[]', '{}', '[[]]', '{"a":{}}',
    ' [1, 2] ', "\t\n\r [\r1\r]\n", '{"a":1,"a":2}', '{"":1}', '{"\u0000":1}', '{"\u0000abc":1}', '"\u0000"',
    '["\ud83d\ude00"]', '"\uD83D\uDE00"', '"\u00e9\u00E9"', "\"\u{e9}\u{1F600}\u{10FFFF}\"", "\"\x7f\"",
    '"\"\\\/\b\f\n\r\t"', '12345678901234567890123456789', '-12345678901234567890', '1e999', '-1e-999', '0e0',
    '[1,[2,[3,[4,[5]]]]]', '{"a":[{"b":{"c":[true,false,null]}}]}', str_repeat('[', 100) . str_repeat(']', 100),
    '[' . implode(',', range(1, 1000)) . ']', '"' . str_repeat('a', 10000) . '"',
];
foreach ($docs as $d) {
    json_decode('{');   // leave an error behind; a successful validation must reset it
    $r = json_validate($d);
    echo strlen($d) > 60 ? rj_label(substr($d, 0, 30)) . '...(' . strlen($d) . ')' : rj_label($d), ' => ', var_export($r, true), ' #', json_last_error(), "\n";
}
echo "== IGNORE flag on valid input\n";
var_dump(json_validate('[1]', 512, JSON_INVALID_UTF8_IGNORE), json_last_error());
var_dump(json_validate("\"a\xffb\"", 512, JSON_INVALID_UTF8_IGNORE), json_last_error());
var_dump(json_validate("{\"\xff\":\"\xfe\"}", 512, JSON_INVALID_UTF8_IGNORE), json_last_error());
echo "== named arguments\n";
var_dump(json_validate(json: '[1]'), json_validate(depth: 2, json: '[1]'), json_validate('"\xff"', flags: JSON_INVALID_UTF8_IGNORE));
?>
--EXPECT--
1 => true #0
-0 => true #0
0 => true #0
-1.5e+10 => true #0
1E-2 => true #0
0.0 => true #0
"x" => true #0
"" => true #0
true => true #0
false => true #0
null => true #0
[] => true #0
{} => true #0
[[]] => true #0
{"a":{}} => true #0
x:205b312c20325d20 => true #0
x:090a0d205b0d310d5d0a => true #0
{"a":1,"a":2} => true #0
{"":1} => true #0
{"\u0000":1} => true #0
{"\u0000abc":1} => true #0
"\u0000" => true #0
["\ud83d\ude00"] => true #0
"\uD83D\uDE00" => true #0
"\u00e9\u00E9" => true #0
x:22c3a9f09f9880f48fbfbf22 => true #0
x:227f22 => true #0
"\"\\/\b\f\n\r\t" => true #0
12345678901234567890123456789 => true #0
-12345678901234567890 => true #0
1e999 => true #0
-1e-999 => true #0
0e0 => true #0
[1,[2,[3,[4,[5]]]]] => true #0
{"a":[{"b":{"c":[true,false,null]}}]} => true #0
[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[...(200) => true #0
[1,2,3,4,5,6,7,8,9,10,11,12,13...(3894) => true #0
"aaaaaaaaaaaaaaaaaaaaaaaaaaaaa...(10002) => true #0
== IGNORE flag on valid input
bool(true)
int(0)
bool(true)
int(0)
bool(true)
int(0)
== named arguments
bool(true)
bool(true)
bool(false)
